// Makes a memory snapshot of a booted Pyodide interpreter, so the browser can skip Python's
// start-up (about half of the boot) and, with our package, its imports and a first game's
// set-up too. Pyodide's _makeSnapshot/_loadSnapshot options are private API: this only works
// with the exact Pyodide release pinned in build.py, which is why the snapshot is rebuilt with
// it and never cached across versions.
// Usage: node make-snapshot.mjs PYODIDE_DIR STDLIB_ZIP LOCK_FILE OUT_FILE
//          [--package WHEEL INSTALL_PATH KEY SITE_DIR REQUESTS_JSON] MODULE...
// --package puts our site wheel at INSTALL_PATH (where the worker writes it on every visit),
// imports the MODULEs, then answers each bridge request of REQUESTS_JSON as the worker would
// (the files it needs read from SITE_DIR into /site; a warm-up asked again until done), and
// marks the package with KEY (build.py's snapshot key, which our lock names too): the worker
// keeps the snapshot's modules, and what they hold, only when its lock names the same key.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, lockFile, out, ...rest] = process.argv.slice(2);
const ownPackage = rest[0] === "--package" ? rest.splice(0, 6).slice(1) : null;
const modules = rest;
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  stdLibURL: path.resolve(stdlib),
  lockFileURL: path.resolve(lockFile),
  _makeSnapshot: true,
});
// No package may be loaded (loadPackage) before the snapshot: Pyodide forbids it. A wheel put on
// sys.path and imported from is not a loaded package to Pyodide, only files and modules.
if (ownPackage) {
  const [wheel, installPath] = ownPackage;
  pyodide.FS.mkdirTree(path.posix.dirname(installPath));
  pyodide.FS.writeFile(installPath, readFileSync(wheel));
  pyodide.globals.set("_install_path", installPath);
  pyodide.runPython("import sys\nsys.path.insert(0, _install_path)");
}
// Modules every visit needs (the standard library's that our package uses, and with --package
// ours), imported once here so every visit finds them already in memory.
pyodide.globals.set("_modules", pyodide.toPy(modules));
pyodide.runPython("import importlib\nfor name in _modules: importlib.import_module(name)");

function answer(handle, siteDir, request) {
  for (let round = 0; round < 100; round++) {
    const reply = JSON.parse(handle(JSON.stringify(request)));
    if (!reply.ok && reply.error.kind === "need-files") {
      for (const { path: file } of reply.error.files) {
        const target = `/site/${file}`;
        pyodide.FS.mkdirTree(path.posix.dirname(target));
        pyodide.FS.writeFile(target, readFileSync(path.join(siteDir, file)));
      }
      continue;
    }
    if (!reply.ok) throw new Error(`${request.op}: ${reply.error.message}`);
    if (reply.result?.done !== false) return;
  }
  throw new Error(`${request.op} did not finish`);
}

if (ownPackage) {
  const [, , key, siteDir, requests] = ownPackage;
  const bridge = pyodide.pyimport("wordtable.bridge");
  for (const request of JSON.parse(requests)) answer(bridge.handle, siteDir, request);
  bridge.destroy();
  pyodide.globals.set("_key", key);
  pyodide.runPython("import wordtable\nwordtable._snapshot_key = _key");
}
pyodide.runPython("for name in ('_modules', '_install_path', '_key'): globals().pop(name, None)");
writeFileSync(out, pyodide.makeMemorySnapshot());
