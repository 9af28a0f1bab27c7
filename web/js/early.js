// Starts the Python worker as soon as the page is parsed, before the rest of the page's modules
// have loaded (about 35 of them): the runtime's download is the longest wait of a first visit,
// and the line should not sit idle meanwhile. main.js takes the started worker over.
import { PythonWorker } from "./python.js";

const canRun = typeof WebAssembly === "object" && typeof Worker === "function";
if (canRun) {
  const seen = [];
  let follow = null;
  const python = new PythonWorker();
  const started = python.start((stage) => (follow ? follow(stage) : seen.push(stage)));
  started.catch(() => {}); // main.js reports a failure
  window.wordtableEarlyPython = {
    python,
    /** The boot's promise, with the progress so far replayed to onProgress and then followed. */
    take(onProgress) {
      for (const stage of seen.splice(0)) onProgress(stage);
      follow = onProgress;
      return started;
    },
  };
}
