// The Web Worker that hosts Python. It boots Pyodide from this site's own files (never a CDN),
// installs our wheel from our own integrity-checked lock file, then answers bridge requests:
// JSON text in, JSON text out (see py/wordtable/bridge/). Booting here keeps the page's main
// thread free, so it paints and stays responsive while Python starts.

const SITE = new URL("../", import.meta.url);
const RUNTIME = new URL("pyodide/", SITE);
const SITE_FOLDER = "/site"; // where Python finds site files it asked for (the bridge session's dictionaries)
const LOCK_FILE = new URL("wordtable-lock.json", RUNTIME);
const RUNTIME_FILES = {
  runtime: ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs"],
  python: ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib-pyc.zip.packed", "pyodide/wordtable-lock.json"],
  package: ["pyodide/wordtable-lock.json", "pyodide/wordtable-*.whl.packed"],
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

let watchWasm = false; // a first visit watches the core's arrival (see pythonsFiles)

// A damaged pyodide.asm.wasm makes Pyodide log a warning and wait forever. Watching the
// compile calls lets the boot fail with a reason instead. Only compile and link errors count:
// a TypeError (say, a wrong MIME type) makes Emscripten retry another way, which may succeed.
const wasmBroken = new Promise((_, reject) => {
  for (const name of ["instantiate", "instantiateStreaming", "compile", "compileStreaming"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function") continue;
    WebAssembly[name] = function (...args) {
      if (name.endsWith("Streaming") && watchWasm) {
        args[0] = Promise.resolve(args[0]).then((response) => watched(response, pythonsFiles.wasm.resolve));
      }
      const result = original.apply(this, args);
      result.catch((error) => {
        if (error instanceof WebAssembly.CompileError || error instanceof WebAssembly.LinkError) {
          reject(new Error(`The Python runtime (pyodide.asm.wasm) is damaged: ${error.message}`));
        }
      });
      return result;
    };
  }
});

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

// The memory snapshot made at build time (tools/make-snapshot.mjs) lets Python skip its start-up.
// A first visit does not download it (its 4.8 MB would come before anything is playable): the
// service worker, which installs once a game is playable, keeps it unpacked, and later visits
// read it from there. Null when it is not there (yet).
async function cachedSnapshot() {
  const cachedOnly = { headers: { "X-Wordtable-Cached-Only": "1" } };
  const unpacked = await fetch(new URL("snapshot.bin", RUNTIME), cachedOnly);
  if (unpacked.ok) return unpacked.arrayBuffer();
  // Kept only as sent (a browser without DecompressionStream in its service worker, or the
  // unpacked copy not readable yet): inflate it here.
  const packed = await fetch(new URL("snapshot.bin.gz", RUNTIME), cachedOnly);
  if (!packed.ok || typeof DecompressionStream !== "function") return null;
  return new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// The standard library as Python reads it: a zip of stored files, which the site sends gzipped
// whole (python_stdlib-pyc.zip.packed, 0.11 MB less than a zip of deflated files). Pyodide
// fetches stdLibURL itself, as soon as it starts, beside its core: the worker answers that one
// request with the inflated stream (fetch is wrapped for that URL alone), so the core's 3.8 MB
// do not wait for the standard library to arrive. A later visit's service worker keeps it
// inflated, and the worker reads that copy.
const STDLIB = new URL("python_stdlib-pyc.zip", RUNTIME);
let stdlibResponse = null; // the answer to Pyodide's request for STDLIB, once asked for
const siteFetch = self.fetch.bind(self);
self.fetch = (input, init) => (stdlibResponse && String(input?.url ?? input) === STDLIB.href
  ? stdlibResponse.then((response) => response.clone())
  : siteFetch(input, init));

async function fetchStdlib({ serviceWorker }) {
  if (serviceWorker) {
    const unpacked = await siteFetch(STDLIB, { headers: { "X-Wordtable-Cached-Only": "1" } });
    if (unpacked.ok) return unpacked;
  }
  const packed = watched(await siteFetch(new URL("python_stdlib-pyc.zip.packed", RUNTIME)), pythonsFiles.stdlib.resolve);
  if (!packed.ok) throw new Error(`python_stdlib-pyc.zip.packed: HTTP ${packed.status}`);
  if (typeof DecompressionStream !== "function") {
    throw new Error("This browser cannot unpack Python's standard library (it lacks DecompressionStream): a newer browser can.");
  }
  return new Response(packed.body.pipeThrough(new DecompressionStream("gzip")));
}

function hexToBase64(hex) {
  return btoa(String.fromCharCode(...hex.match(/../g).map((byte) => parseInt(byte, 16))));
}

// Our wheel, fetched with its sha256 from our lock file as subresource integrity: the browser
// refuses a damaged or stale file. It is inflated but not unpacked: Python imports straight
// from the zip, which is over 100 ms faster than Pyodide's loadPackage.
let ownLock = null; // our lock file, once read

async function fetchOwnWheel() {
  const lock = (ownLock = await fetch(LOCK_FILE).then((response) => {
    if (!response.ok) throw new Error(`wordtable-lock.json: HTTP ${response.status}`);
    return response.json();
  }));
  const entry = lock.packages?.wordtable;
  if (!entry) throw new Error("wordtable-lock.json does not list the wordtable package");
  let response;
  try {
    response = await fetch(new URL(entry.file_name, RUNTIME), { integrity: `sha256-${hexToBase64(entry.sha256)}` });
  } catch (error) {
    throw new Error(`${entry.file_name} failed its integrity check or could not be downloaded (${error.message})`, { cause: error });
  }
  if (!response.ok) throw new Error(`${entry.file_name}: HTTP ${response.status}`);
  // Sent gzipped whole (build.py split_wheel): the wheel's files are stored, the whole deflated.
  const packed = entry.file_name.endsWith(".packed");
  if (packed && typeof DecompressionStream !== "function") {
    throw new Error("This browser cannot unpack the game's rules (it lacks DecompressionStream): a newer browser can.");
  }
  const body = packed ? new Response(response.body.pipeThrough(new DecompressionStream("gzip"))) : response;
  return { name: entry.file_name.replace(/\.packed$/, ""), bytes: new Uint8Array(await body.arrayBuffer()) };
}

// Puts our wheel on sys.path. A memory snapshot may hold our package already imported from the
// same file at the same path, with the first game's dictionaries loaded and its warm-up done
// (build.py memory_snapshot): its modules, and what they hold, are kept only when our lock names
// the snapshot's key, and are dropped otherwise (a snapshot of another deploy) to be imported
// again from this wheel. Says whether the snapshot's were kept.
const ADOPT_WHEEL = `
def adopt_wheel(path, key):
    import sys
    held = sys.modules.get("wordtable")
    if key and getattr(held, "_snapshot_key", None) == key:
        return True
    if held is not None:  # another deploy's: forget its modules and the files it read
        for name in [name for name in sys.modules if name == "wordtable" or name.startswith("wordtable.")]:
            del sys.modules[name]
        sys.path[:] = [entry for entry in sys.path if not entry.startswith("/lib/wordtable/")]
        stale = sys.path_importer_cache.get(path)
        if stale is not None:
            stale.invalidate_caches()  # (not importlib's: that imports the cut importlib.metadata)
    sys.path.insert(0, path)
    return False
adopt_wheel`;

function installOwnWheel({ name, bytes }) {
  const path = `/lib/wordtable/${name}`;
  pyodide.FS.mkdirTree("/lib/wordtable");
  pyodide.FS.writeFile(path, bytes);
  const adopt = pyodide.runPython(ADOPT_WHEEL);
  try {
    return adopt(path, ownLock?.wordtable?.snapshot_key ?? "");
  } finally {
    adopt.destroy();
  }
}

// What Python cannot start without (its core and its standard library) comes first, alone on
// the network: on a first visit our wheel and the first game's dictionaries, fetched beside
// them, only shared the bandwidth and made the core arrive later. They are needed once Python
// is up, and arrive while it starts (a second of work with the network idle). Each of the two
// responses is watched for its last byte; a later visit reads every file from the offline
// cache, and nothing waits.
function deferred() {
  let resolve;
  const promise = new Promise((done) => { resolve = done; });
  return { promise, resolve };
}

const pythonsFiles = { wasm: deferred(), stdlib: deferred() };
const pythonsFilesArrived = Promise.all([pythonsFiles.wasm.promise, pythonsFiles.stdlib.promise]);

// The same response, arrived() called once its last byte has been read.
function watched(response, arrived) {
  if (!response?.ok || !response.body) {
    arrived();
    return response;
  }
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(new TransformStream({ flush: () => arrived() })), { status, statusText, headers });
}

function startPython(loadPyodide, snapshot) {
  const options = {
    indexURL: RUNTIME.href,
    // Precompiled by Pyodide's own Python at build time: about twice as fast to boot.
    stdLibURL: STDLIB.href,
    // Our lock lists only our wheels, with their sha256: loading is integrity-checked.
    lockFileURL: LOCK_FILE.href,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  if (snapshot) options._loadSnapshot = snapshot;
  // Pyodide only logs a standard library it could not have, then waits: fail with the reason.
  const stdlibMissing = stdlibResponse.then(() => new Promise(() => {}));
  return Promise.race([wasmBroken, stdlibMissing, loadPyodide(options)]);
}

async function loadPython({ serviceWorker }, wheel) {
  progress("runtime");
  let snapshotFailed = null;
  // Only a service worker's cache has the snapshot: without one, nothing to ask for.
  const snapshot = serviceWorker
    ? cachedSnapshot().catch((error) => { snapshotFailed = error; return null; })
    : Promise.resolve(null);
  stdlibResponse = fetchStdlib({ serviceWorker });
  stdlibResponse.catch(() => {}); // awaited by Pyodide, and raced in startPython
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", RUNTIME).href);
  progress("python");
  const bytes = await snapshot;
  try {
    pyodide = await startPython(loadPyodide, bytes);
  } catch (error) {
    if (!bytes) throw error;
    snapshotFailed = error;
  } finally {
    // Python's files are in, however they came (a browser that compiles without streaming).
    pythonsFiles.wasm.resolve();
    pythonsFiles.stdlib.resolve();
  }
  if (snapshotFailed) {
    // The snapshot is only a shortcut: without it Python starts the long way.
    console.warn("Starting Python without the memory snapshot:", snapshotFailed.message);
    if (!pyodide) pyodide = await startPython(loadPyodide, null);
  }
  stdlibResponse = null; // Python has its copy: let the inflated bytes go
  const usedSnapshot = Boolean(bytes) && !snapshotFailed;
  // A snapshot restores the random module's state too: draw fresh entropy for this visit.
  pyodide.runPython("import random; random.seed()");
  progress("package");
  const packageInSnapshot = installOwnWheel(await wheel);
  // Play by link, online play and the other games come as parts, each fetched when first
  // imported (the bridge answers need-files, see wordtable/parts.py): not on a first visit's way.
  pyodide.pyimport("wordtable.parts").install(SITE_FOLDER, JSON.stringify(ownLock?.wordtable?.parts ?? []));
  handle = pyodide.pyimport("wordtable.bridge").handle;
  const hello = JSON.parse(handle(JSON.stringify({ op: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  return { ...hello.result, pyodide: version, snapshot: usedSnapshot, packageInSnapshot };
}

let booted = false; // ready or failed has been reported; nothing more is said about the boot

function fail(error) {
  if (booted) return;
  booted = true;
  post({
    type: "failed",
    stage,
    message: error?.message ?? String(error),
    files: RUNTIME_FILES[stage] ?? [],
    console: consoleErrors.slice(),
  });
}

async function boot(options) {
  // The default dictionary is needed by the first game: fetched while Python starts, after our
  // wheel (needed first), not after Python is up (on a first visit that was a second wait of a
  // second or more on a phone network).
  if (options.serviceWorker) {
    pythonsFiles.wasm.resolve();
    pythonsFiles.stdlib.resolve();
  } else {
    watchWasm = true;
  }
  const wheel = pythonsFilesArrived.then(fetchOwnWheel);
  wheel.catch(() => {}); // awaited by loadPython
  const lexicon = wheel.catch(() => {}).then(() => prefetchDefaultLexicon()).catch(() => []);
  let info;
  try {
    info = await loadPython(options, wheel);
  } catch (error) {
    fail(error);
    return;
  }
  // Before "ready", so that a first request finds them.
  for (const { path, bytes } of await lexicon) writeSiteFile(path, bytes);
  booted = true;
  post({ type: "ready", info });
}

// A rejection nobody awaited during boot (inside Pyodide's loaders) would otherwise leave the
// player waiting forever.
self.addEventListener("unhandledrejection", (event) => fail(event.reason));

// What only installing a wheel imports (email, tarfile…: the standard library's on-demand part,
// build.py stdlib_cut), fetched once with its sha256 from our lock and put on sys.path.
let stdlibOnDemand = null;

function addStdlibOnDemand() {
  stdlibOnDemand ??= (async () => {
    const entry = ownLock?.wordtable?.stdlib_on_demand;
    if (!entry) throw new Error("wordtable-lock.json does not name the standard library's on-demand part");
    const bytes = await fetchSiteFile(`pyodide/${entry.file_name}`, entry.sha256);
    const path = `/lib/${entry.file_name}`;
    pyodide.FS.writeFile(path, bytes);
    pyodide.runPython(`import importlib, sys\nsys.path.append(${JSON.stringify(path)})\nimportlib.invalidate_caches()`);
  })();
  stdlibOnDemand.catch(() => { stdlibOnDemand = null; }); // asked again, it is fetched again
  return stdlibOnDemand;
}

// Installs more wheels from our lock file (integrity-checked), for code loaded on demand.
// loadPackage does not throw when a wheel fails its check: it reports through errorCallback.
async function loadPackages(id, names) {
  const errors = [];
  let loaded = [];
  try {
    await addStdlibOnDemand();
    loaded = (await pyodide.loadPackage(names, {
      checkIntegrity: true,
      messageCallback: () => {},
      errorCallback: (message) => errors.push(message),
    })).map((p) => p.name);
  } catch (error) {
    errors.push(error?.message ?? String(error));
  }
  post({ type: "packages", id, loaded, errors });
}

// Python names the site files it needs (say, a dictionary) instead of fetching them itself;
// they are fetched here, checked against their sha256 when Python knows it, and written into
// Python's file system before the request is asked again.
const fetching = new Map(); // path -> its download under way: asked twice, it is fetched once

function fetchSiteFile(path, sha256) {
  if (!fetching.has(path)) {
    fetching.set(path, downloadSiteFile(path, sha256).finally(() => fetching.delete(path)));
  }
  return fetching.get(path);
}

async function downloadSiteFile(path, sha256) {
  if (!/^[a-z0-9][a-z0-9._/-]*$/.test(path) || path.includes("..")) throw new Error(`refusing path ${path}`);
  const options = sha256 ? { integrity: `sha256-${hexToBase64(sha256)}` } : {};
  let response;
  try {
    response = await fetch(new URL(path, SITE), options);
  } catch (error) {
    throw new Error(await unreachableMessage(path), { cause: error });
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Why a file could not be had, in a player's words: for a dictionary, its name, and the
 * dictionaries this device has whole (in the service worker's cache) to choose instead. */
async function unreachableMessage(path) {
  const generic = `${path} could not be loaded (offline, or the file is damaged)`;
  const wanted = /^lexicons\/([a-z0-9-]+)\./.exec(path)?.[1];
  if (!wanted) return generic;
  try {
    const manifest = await (await fetch(new URL("lexicons/manifest.json", SITE))).json();
    const held = async (lexicon) => (await Promise.all(Object.values(lexicon.files).map(
      (entry) => caches.match(new URL(`lexicons/${entry.file}`, SITE).href)))).every(Boolean);
    const lexicon = manifest.lexicons.find((entry) => entry.name === wanted);
    const here = [];
    for (const entry of manifest.lexicons) if (entry !== lexicon && await held(entry)) here.push(`“${entry.title}”`);
    return `The “${lexicon?.title ?? wanted}” dictionary is not on this device yet, and it cannot be fetched now`
      + " (no network?)." + (here.length ? ` On this device: ${here.join(", ")}: choose one of them in the game's options,`
        + " or connect once to fetch it." : " Connect once to fetch it.");
  } catch {
    return generic;
  }
}

function writeSiteFile(path, bytes) {
  const target = `${SITE_FOLDER}/${path}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, bytes);
}

async function fetchSiteFiles(files) {
  await Promise.all(files.map(async ({ path, sha256 }) => writeSiteFile(path, await fetchSiteFile(path, sha256))));
}

// Every visit soon needs the default dictionary, and a first game against a bot the bots'
// everyday words (marked "prefetch" in the manifest): fetched while Python starts and written
// into its file system once it is up, so neither waits for Python to ask. (If this fails,
// Python asks for them later.)
async function prefetchDefaultLexicon() {
  const manifestPath = "lexicons/manifest.json";
  const manifestBytes = await fetchSiteFile(manifestPath, null);
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  const prefetched = manifest.lexicons.filter((lexicon) => lexicon.default || lexicon.prefetch);
  // Each one's trie, and its words' levels where it has them (the bots' `common`).
  const tries = prefetched.flatMap((lexicon) => [lexicon.files.words, lexicon.files.levels].filter(Boolean));
  return [{ path: manifestPath, bytes: manifestBytes },
    ...await Promise.all(tries.map(async ({ file, sha256 }) => ({ path: `lexicons/${file}`, bytes: await fetchSiteFile(`lexicons/${file}`, sha256) })))];
}

async function answer(request) {
  if (!handle) {
    return JSON.stringify({ ok: false, error: { kind: "not-ready", message: "Python is not ready yet." } });
  }
  // A game first played may ask for a dictionary's tries, then the bots' `common` list's, then
  // a part of our package: a few rounds at most.
  for (let attempt = 0; attempt < 8; attempt++) {
    const reply = handle(request);
    if (!reply.includes('"need-files"')) return reply;
    const parsed = JSON.parse(reply);
    if (parsed.ok || parsed.error.kind !== "need-files") return reply;
    // The page says what is being fetched (play by link, a game, a dictionary) while it is.
    post({ type: "fetching", paths: parsed.error.files.map((file) => file.path) });
    try {
      await fetchSiteFiles(parsed.error.files);
    } catch (error) {
      return JSON.stringify({ ok: false, error: { kind: "refused", message: error.message } });
    } finally {
      post({ type: "fetching", paths: [] });
    }
  }
  return JSON.stringify({ ok: false, error: { kind: "internal", message: "Needed files kept going missing." } });
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "boot") {
    boot(event.data.options ?? {});
    return;
  }
  if (event.data?.type === "load-packages" && pyodide) {
    loadPackages(event.data.id, event.data.names);
    return;
  }
  const { id, request } = event.data ?? {};
  if (typeof id !== "number" || typeof request !== "string") return;
  answer(request).then((reply) => post({ type: "reply", id, reply }));
});
