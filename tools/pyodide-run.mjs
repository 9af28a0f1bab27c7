// Runs a Python script inside Pyodide under Node, for build steps that must be done by
// Pyodide's own Python (bytecode is only valid for the exact interpreter that loads it).
// Usage: [STDLIB=ZIP] [PYTHON_ARGS="-X ..."] node pyodide-run.mjs PYODIDE_DIR HOST_DIR SCRIPT [ARGS...]
// HOST_DIR is mounted at /host and is the working directory; SCRIPT is relative to it.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, hostDir, ...argv] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// STDLIB (a zip path) boots Python with another standard library, say the cut one being checked.
const stdlib = process.env.STDLIB ? { stdLibURL: path.resolve(process.env.STDLIB) } : {};
// PYTHON_ARGS: the interpreter's command-line options, say -X no_debug_ranges for compile_pyc.py.
const args = process.env.PYTHON_ARGS ? process.env.PYTHON_ARGS.split(" ") : [];
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", args, ...stdlib });
pyodide.mountNodeFS("/host", path.resolve(hostDir));
pyodide.globals.set("_argv", pyodide.toPy(argv));
try {
  pyodide.runPython(`
import os, runpy, sys
os.chdir("/host")
sys.argv = list(_argv)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} catch (error) {
  // A Python traceback is the useful part; the wasm stack under it is noise.
  console.error(String(error.message ?? error));
  process.exit(1);
}
