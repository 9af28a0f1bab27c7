// Baselines for bench/startup.py. "bare": the same Pyodide files and boot options as
// Wordtable's worker (precompiled stdlib, memory snapshot, our lock file) but nothing of ours:
// no package, no UI, no service worker. "stock": Pyodide's public options only.
const RUNTIME = new URL("../pyodide/", import.meta.url);
const variant = new URL(import.meta.url).searchParams.get("variant");
const { loadPyodide } = await import(new URL("pyodide.mjs", RUNTIME).href);
// The site sends the standard library gzipped whole (build.py STDLIB_SENT_NAME), as the
// worker inflates it.
const stdlib = await fetch(new URL("python_stdlib-pyc.zip.packed", RUNTIME))
  .then((r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).blob());
const options = {
  indexURL: RUNTIME.href,
  stdLibURL: URL.createObjectURL(stdlib),
  lockFileURL: new URL("wordtable-lock.json", RUNTIME).href,
};
if (variant === "bare") {
  options._loadSnapshot = fetch(new URL("snapshot.bin.gz", RUNTIME))
    .then((r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}
const pyodide = await loadPyodide(options);
self.postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
