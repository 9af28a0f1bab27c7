// Ready to play offline: once a first game is playable and the page is idle, the service
// worker fetches in the background what every game needs with its default options (each
// game's default dictionary). The home screen says which games already start offline, and
// once, when all do.

import { $ } from "./ui.js";

const ANNOUNCED_KEY = "wordtable.offline-announced"; // said once: later visits are quiet

function announced() {
  try {
    return localStorage.getItem(ANNOUNCED_KEY) === "yes";
  } catch {
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(ANNOUNCED_KEY, "yes");
  } catch { /* storage refused: it may be said again next time */ }
}

/** Each game's title and the site files its default dictionary needs, from games.json and the
 * dictionaries' manifest (both cached with the site). */
async function gameNeeds() {
  const [games, manifest] = await Promise.all(["games.json", "lexicons/manifest.json"].map(
    (path) => fetch(path).then((response) => response.json())));
  const files = Object.fromEntries(manifest.lexicons.map((lexicon) => [lexicon.name,
    Object.values(lexicon.files).map((entry) => `lexicons/${entry.file}`)]));
  return games.games.map((game) => {
    const lexicon = game.options.find((option) => option.name === "lexicon")?.default;
    return { title: game.title, files: files[lexicon] ?? [] };
  });
}

function show(text) {
  const line = $("offline-status");
  line.textContent = text;
  line.hidden = !text;
}

/** The status line for the files the service worker still misses. */
function describe(needs, missing, announced) {
  const ready = needs.filter((game) => !game.files.some((file) => missing.includes(file)));
  if (ready.length === needs.length) {
    return announced ? "" : "Ready to play offline: every game now starts without a network.";
  }
  const names = ready.map((game) => game.title).join(", ");
  return `Getting every game ready to play offline…${names ? ` Ready now: ${names}.` : ""}`;
}

/** Asks the active service worker to fetch what the games need, and keeps the line up to date. */
export async function watchOffline() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  let needs;
  try {
    needs = await gameNeeds();
  } catch {
    return; // the lists could not be read: say nothing rather than something wrong
  }
  const quiet = announced(); // said on an earlier visit: this one says nothing once all is ready
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "offline-status" || !Array.isArray(event.data.missing)) return;
    show(describe(needs, event.data.missing, quiet));
    document.body.dataset.offline = event.data.missing.length ? "preparing" : "ready";
    if (!event.data.missing.length) remember();
  });
  registration.active.postMessage({ type: "offline-fill" });
}
