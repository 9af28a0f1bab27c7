// Makes a memory snapshot of a booted Pyodide interpreter, so the browser can skip Python's
// start-up (about half of the boot). Pyodide's _makeSnapshot/_loadSnapshot options are private
// API: this only works with the exact Pyodide release pinned in build.py, which is why the
// snapshot is rebuilt with it and never cached across versions.
// Usage: node make-snapshot.mjs PYODIDE_DIR STDLIB_ZIP LOCK_FILE OUT_FILE MODULE...
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, lockFile, out, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  stdLibURL: path.resolve(stdlib),
  lockFileURL: path.resolve(lockFile),
  _makeSnapshot: true,
});
// Standard-library modules our package uses, imported once here so every visit finds them
// already in memory. No package may be loaded before the snapshot: Pyodide forbids it.
pyodide.globals.set("_modules", pyodide.toPy(modules));
pyodide.runPython("import importlib\nfor name in _modules: importlib.import_module(name)");
writeFileSync(out, pyodide.makeMemorySnapshot());
