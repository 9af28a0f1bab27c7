// Service worker: makes Wordtable work offline after one visit.
//
// build.py replaces the placeholder below with this deploy's file list and SRI hashes. Each
// deploy gets its own cache, filled and verified file by file before the worker installs; a
// file that fails its hash fails the install and the previous deploy stays. Pages are answered
// only from the cache of the worker that controls them, so a page never mixes files of two
// deploys.
//
// A first visit should not pay for what its first game does not need: files marked "when" are
// not fetched at install but the first time a page asks for them (other dictionaries, the QR
// readers), checked against their hash and kept, so whatever was used once works offline:
// copies a previous deploy kept carry over, and so do those the page fetched before the worker
// installed (from the HTTP cache). Files marked "idle" (what the other games need with their
// default options) are also fetched in the background, one at a time and at low priority, when
// the page says a first game is playable and it is idle: after one visit every game starts
// offline. The page asks which are still missing ("offline-status") to tell the player.

const PRECACHE = self.__PRECACHE__;
const CACHE_PREFIX = "wordtable-";
const CACHE_NAME = CACHE_PREFIX + PRECACHE.build;
const SCOPE = new URL("./", self.location.href);
// The file list of a deploy, stored in its own cache so a later deploy can reuse unchanged files.
const MANIFEST_KEY = new URL("__precache-manifest__.json", SCOPE).href;

async function previousCopies() {
  const copies = new Map(); // integrity -> cached Response
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE_NAME) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(MANIFEST_KEY);
    if (!manifest) continue;
    for (const file of (await manifest.json()).files) {
      const response = await cache.match(new URL(file.url, SCOPE).href);
      if (response && !copies.has(file.integrity)) copies.set(file.integrity, response);
    }
  }
  return copies;
}

// A gzipped file marked "unpack" (the Python memory snapshot) is also stored inflated, so
// visits read it without spending time on decompression; only the small file crosses the network.
async function storeUnpacked(cache, file, response) {
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  await cache.put(new URL(file.unpack, SCOPE).href,
                  new Response(inflated, { headers: { "Content-Type": "application/octet-stream" } }));
}

async function precacheFile(cache, file, copies, priority = "auto") {
  const url = new URL(file.url, SCOPE).href;
  let response = copies.get(file.integrity)?.clone();
  if (!response) {
    // The browser checks the hash; a stale or damaged file rejects here.
    response = await fetch(new Request(url, { integrity: file.integrity, cache: "no-cache", priority }));
    if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
  }
  if (file.unpack && typeof DecompressionStream === "function") {
    await storeUnpacked(cache, file, response.clone());
  }
  await cache.put(url, response);
}

/** On-demand files this browser already has from before the worker installed (a first visit's
 * game fetched its dictionary itself), read from the HTTP cache without the network and kept
 * if their hash is right: they work offline too. */
async function alreadyFetched(copies) {
  for (const file of PRECACHE.files.filter((entry) => entry.when && !copies.has(entry.integrity))) {
    try {
      // The browser checks the hash, as for every precached file.
      const response = await fetch(new Request(new URL(file.url, SCOPE).href,
        { cache: "only-if-cached", mode: "same-origin", integrity: file.integrity }));
      if (response.ok) copies.set(file.integrity, response);
    } catch { /* not in the HTTP cache (or not this deploy's): fetched when first used */ }
  }
}

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const copies = await previousCopies();
  await alreadyFetched(copies);
  // What a first game needs, and the on-demand files this browser already has.
  const installed = PRECACHE.files.filter((file) => !file.when || copies.has(file.integrity));
  await Promise.all(installed.map((file) => precacheFile(cache, file, copies)));
  await cache.put(MANIFEST_KEY, new Response(JSON.stringify({ ...PRECACHE, files: installed })));
}

const LATER = new Map(PRECACHE.files.filter((file) => file.when).map((file) => [new URL(file.url, SCOPE).href, file]));

let manifestWrites = Promise.resolve(); // one read-change-write of the manifest at a time

/** A file of this deploy left out of the install, fetched now (checked against its hash), kept
 * in the cache and listed in the cache's manifest (so the next deploy can carry it over). */
async function cacheLater(cache, file, priority = "auto") {
  await precacheFile(cache, file, new Map(), priority);
  const listed = manifestWrites.then(async () => {
    const manifest = await (await cache.match(MANIFEST_KEY))?.json();
    if (manifest && !manifest.files.some((entry) => entry.url === file.url)) {
      await cache.put(MANIFEST_KEY, new Response(JSON.stringify({ ...manifest, files: [...manifest.files, file] })));
    }
  });
  manifestWrites = listed.catch(() => {});
  await listed;
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE_NAME);
    throw error;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

const IDLE = PRECACHE.files.filter((file) => file.when === "idle");
let filling = null; // the background fetch under way: asked twice, it runs once

/** The "idle" files this worker's cache does not hold yet (none once every game starts offline). */
async function missingIdle() {
  if (!(await caches.has(CACHE_NAME))) return IDLE.map((file) => file.url);
  const cache = await caches.open(CACHE_NAME);
  const held = await Promise.all(IDLE.map((file) => cache.match(new URL(file.url, SCOPE).href)));
  return IDLE.filter((_file, index) => !held[index]).map((file) => file.url);
}

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

/** Fetches the missing "idle" files one by one (a failure, such as the network gone, stops it
 * until the next page asks), telling the pages what is still missing after each. */
async function fillIdle() {
  if (!(await caches.has(CACHE_NAME))) return;
  const cache = await caches.open(CACHE_NAME);
  for (const url of await missingIdle()) {
    try {
      await cacheLater(cache, IDLE.find((file) => file.url === url), "low");
    } catch {
      break;
    }
    await tellPages({ type: "offline-status", missing: await missingIdle() });
  }
}

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  // The page asks for this when the player accepts an update.
  if (type === "activate") self.skipWaiting();
  if (type === "offline-status") {
    event.waitUntil(missingIdle().then((missing) => event.source?.postMessage({ type, missing })));
  }
  if (type === "offline-fill") {
    filling ??= fillIdle().finally(() => { filling = null; });
    event.waitUntil(filling.then(async () => event.source?.postMessage({ type: "offline-status", missing: await missingIdle() })));
  }
});


let openCache = null; // opened once per worker life: every request of a page load needs it

async function respond(request) {
  const url = new URL(request.url);
  if (request.mode === "navigate" && url.pathname.endsWith("/")) url.pathname += "index.html";
  // An old worker whose cache a newer deploy already removed must not recreate it empty.
  openCache ??= caches.has(CACHE_NAME).then((exists) => (exists ? caches.open(CACHE_NAME) : null));
  const cache = await openCache;
  if (!cache) {
    openCache = null;
    return fetch(request);
  }
  // Query strings (a game link's options) do not change which file answers. Dropped here rather
  // than matched with ignoreSearch, which makes Chromium read through the whole cache for each
  // request (the warm home screen came about 100 ms later).
  url.search = "";
  url.hash = "";
  const cached = await cache.match(url.href);
  if (cached) return cached;
  // Asked only from the cache (the Python worker's memory snapshot): not there, say so.
  if (request.headers.get("X-Wordtable-Cached-Only")) return new Response(null, { status: 504, statusText: "Not cached" });
  const later = LATER.get(new URL(url.pathname, url.origin).href);
  if (later) {
    await cacheLater(cache, later);
    return (await cache.match(url.href)) ?? fetch(request);
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(respond(request));
});
