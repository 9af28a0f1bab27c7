// The Web Worker that hosts Python. It boots Pyodide from this site's own files (never a CDN),
// installs our wheel from our own integrity-checked lock file, then answers bridge requests:
// JSON text in, JSON text out (see py/wordtable/bridge.py). Booting here keeps the page's main
// thread free, so it paints and stays responsive while Python starts.

const RUNTIME = new URL("../pyodide/", import.meta.url);
const RUNTIME_FILES = {
  runtime: ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs"],
  python: ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib-pyc.zip", "pyodide/wordtable-lock.json"],
  package: ["pyodide/wordtable-*.whl", "pyodide/micropip-*.whl"],
};

// Pyodide reports some failures (a failed integrity check, a wasm compile error) only on the
// console; keep the last few so the player's error screen can say what actually went wrong.
const consoleErrors = [];
for (const level of ["error", "warn"]) {
  const original = console[level].bind(console);
  console[level] = (...parts) => {
    consoleErrors.push(parts.map(String).join(" "));
    if (consoleErrors.length > 8) consoleErrors.shift();
    original(...parts);
  };
}

let pyodide = null;
let handle = null;
let stage = "runtime"; // the boot stage in progress, named in the error screen if it fails

function post(message) {
  self.postMessage(message);
}

function progress(next) {
  stage = next;
  post({ type: "progress", stage, at: performance.timeOrigin + performance.now() });
}

async function loadPython() {
  progress("runtime");
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", RUNTIME).href);
  progress("python");
  pyodide = await loadPyodide({
    indexURL: RUNTIME.href,
    // Precompiled by Pyodide's own Python at build time: about twice as fast to boot.
    stdLibURL: new URL("python_stdlib-pyc.zip", RUNTIME).href,
    // Our lock lists only our wheels, with their sha256: loading is integrity-checked.
    lockFileURL: new URL("wordtable-lock.json", RUNTIME).href,
    // Fetching the wheel while the interpreter boots saves a round trip.
    packages: ["wordtable"],
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  });
  progress("package");
  if (!pyodide.loadedPackages.wordtable) {
    // loadPackage does not throw when a wheel fails its integrity check: it logs and skips it.
    throw new Error("The Wordtable package did not install (missing file or failed integrity check).");
  }
  handle = pyodide.pyimport("wordtable.bridge").handle;
  const hello = JSON.parse(handle(JSON.stringify({ op: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  return { ...hello.result, pyodide: version };
}

async function boot() {
  try {
    post({ type: "ready", info: await loadPython() });
  } catch (error) {
    post({
      type: "failed",
      stage,
      message: error?.message ?? String(error),
      files: RUNTIME_FILES[stage] ?? [],
      console: consoleErrors.slice(),
    });
  }
}

self.addEventListener("message", (event) => {
  const { id, request } = event.data ?? {};
  if (typeof id !== "number" || typeof request !== "string") return;
  const reply = handle
    ? handle(request)
    : JSON.stringify({ ok: false, error: { kind: "not-ready", message: "Python is not ready yet." } });
  post({ type: "reply", id, reply });
});

boot();
