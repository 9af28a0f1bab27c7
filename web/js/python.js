// The page's side of the Python worker: boot progress, then request/reply calls to the bridge.

export class BridgeError extends Error {
  constructor({ kind, message }) {
    super(message);
    this.kind = kind;
  }
}

export class PythonWorker {
  #worker;
  #pending = new Map();
  #nextId = 1;
  /** Called with the site files the worker fetches for a request (a part of the package, a
   * dictionary), then with [] once they are here. */
  onFetching = () => {};

  /** Starts the worker; resolves with Python's runtime info, rejects with a BootFailure. */
  start(onProgress) {
    this.#worker = new Worker(new URL("py-worker.js", import.meta.url), { type: "module" });
    // Under the service worker, this deploy's cache may hold the Python memory snapshot.
    const serviceWorker = Boolean(navigator.serviceWorker?.controller);
    this.#worker.postMessage({ type: "boot", options: { serviceWorker } });
    return new Promise((resolve, reject) => {
      this.#worker.addEventListener("message", ({ data }) => {
        if (data.type === "progress") onProgress(data.stage);
        else if (data.type === "ready") resolve(data.info);
        else if (data.type === "failed") reject(data);
        else if (data.type === "reply" || data.type === "packages") this.#settle(data);
        else if (data.type === "fetching") this.onFetching(data.paths);
      });
      // The worker script itself failed to load or parse (missing file, or a browser without
      // module workers): no message will ever come.
      this.#worker.addEventListener("error", (event) => {
        event.preventDefault();
        reject({
          stage: "worker",
          message: event.message || "The Python worker script could not be loaded.",
          files: ["js/py-worker.js"],
          console: [],
        });
      });
    });
  }

  /** Calls one bridge operation; rejects with a BridgeError carrying a player-readable message. */
  call(op, args = {}) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, request: JSON.stringify({ op, args }) });
    });
  }

  /** Lets a game build its indexes ahead of play (game.warm_up), a slice per call until it says
   * it is done: a request the page makes meanwhile goes between two slices. */
  async warmUp(game, options) {
    for (let slice = 0; slice < 100_000; slice++) {
      if ((await this.call("game.warm_up", { game, options })).done !== false) return;
    }
  }

  /** Installs wheels listed in our lock file; resolves with {loaded: [names], errors: [messages]}. */
  loadPackages(names) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ type: "load-packages", id, names });
    });
  }

  #settle({ id, reply, loaded, errors }) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (reply === undefined) {
      pending.resolve({ loaded, errors });
      return;
    }
    const answer = JSON.parse(reply);
    if (answer.ok) pending.resolve(answer.result);
    else pending.reject(new BridgeError(answer.error));
  }

  terminate() {
    this.#worker?.terminate();
    for (const { reject } of this.#pending.values()) {
      reject(new BridgeError({ kind: "stopped", message: "Python was stopped." }));
    }
    this.#pending.clear();
  }
}
