// Page entry point: shows boot progress while Python starts in a worker, then the home screen.
import { PythonWorker } from "./python.js";
import { Dictionaries, showShippedDictionaries } from "./dictionaries.js";
import { $ } from "./ui.js";
import { showHome, openFromHash, gameTitle } from "./screens.js";
import { wireSettings } from "./settings.js";
import { startEmbedMode } from "./embed.js";
import { watchOffline } from "./offline.js";

// In a player's words: what is loading is what checks every move (the games' rules run in
// Python, in this browser); the words "Python" and "package" meant nothing to a newcomer.
const STAGES = [
  { id: "runtime", label: "Fetching what checks the rules", percent: 10 },
  { id: "python", label: "Starting the rules checker", percent: 30 },
  { id: "package", label: "Reading the five games' rules", percent: 85 },
  { id: "ready", label: "Ready", percent: 100 },
];

const STAGE_HINTS = {
  worker: "Your browser may be too old to run Python in a background worker.",
  runtime: "A file of the Python runtime could not be loaded: the site may be incompletely uploaded, or you are offline on a first visit.",
  python: "Python itself could not start: a runtime file is missing or damaged, or this browser lacks WebAssembly support.",
  package: "The Wordtable package could not be installed: a file is missing or damaged.",
};

// Exposed for tests, the benchmark and curious players in the console.
let markReady;
const wordtable = (window.wordtable = {
  stages: [], python: null, info: null, ready: new Promise((resolve) => { markReady = resolve; }),
});

function showStage(stageId) {
  const index = STAGES.findIndex((s) => s.id === stageId);
  if (index < 0) return;
  const stage = STAGES[index];
  wordtable.stages.push({ stage: stageId, at: performance.now() });
  $("boot-label").textContent = stage.label + (stageId === "ready" ? "" : "…");
  $("boot-step").textContent = `step ${index + 1} of ${STAGES.length}`;
  $("boot-progress").setAttribute("aria-valuenow", String(stage.percent));
  $("boot-progress-fill").style.width = `${stage.percent}%`;
  for (const [i, item] of [...$("boot-stages").children].entries()) {
    item.className = i < index ? "done" : i === index ? "current" : "";
  }
}

function renderStageList() {
  $("boot-stages").replaceChildren(...STAGES.map((s) => {
    const item = document.createElement("li");
    item.textContent = s.label;
    return item;
  }));
}

function showFailure(failure) {
  document.body.dataset.boot = "failed";
  $("boot").hidden = true;
  $("boot-error").hidden = false;
  const index = STAGES.findIndex((s) => s.id === failure.stage);
  $("boot-error-what").textContent = index >= 0
    ? `Something went wrong at step ${index + 1} of ${STAGES.length}: ${STAGES[index].label}.`
    : "Something went wrong while starting the Python worker.";
  const lines = [failure.message, ...(failure.console ?? [])];
  if (failure.files?.length) lines.push(`Files involved: ${failure.files.join(", ")}`);
  $("boot-error-detail").textContent = lines.join("\n");
  $("boot-error-hint").textContent = STAGE_HINTS[failure.stage] ?? "";
  $("python-line").textContent = "The games' rules could not be started (Python is not running).";
}

function whenIdle(task) {
  if ("requestIdleCallback" in window) requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 200);
}

function missingFeature() {
  if (typeof WebAssembly !== "object") return "WebAssembly";
  if (typeof Worker !== "function") return "Web Workers";
  return null;
}

async function bootPython() {
  document.body.dataset.boot = "loading";
  $("boot").hidden = false;
  $("boot-error").hidden = true;
  wordtable.python?.terminate();
  const missing = missingFeature();
  if (missing) {
    showFailure({ stage: "worker", message: `This browser does not support ${missing}, which Wordtable needs. Please use a browser from 2021 or later.`, files: [] });
    return;
  }
  // Started once the home screen is drawn: started sooner (early.js, tried), its downloads took
  // the line from the page's own modules, and the home screen came 1.6 s later at 10 Mbit/s.
  const python = (wordtable.python = new PythonWorker());
  python.onFetching = showFetching;
  try {
    const info = await python.start(showStage);
    wordtable.info = info;
    performance.mark("wordtable-python-ready");
    showStage("ready");
    $("python-line").textContent = `${info.summary} (Pyodide ${info.pyodide})`;
    document.body.dataset.boot = "ready";
    $("boot").hidden = true;
    // "Interactive" once the home screen has been painted with Python behind it.
    requestAnimationFrame(() => setTimeout(() => performance.mark("wordtable-interactive")));
    // Then, the page idle, what every other game needs with its defaults (offline.js).
    installTime().then(registerServiceWorker).then(() => whenIdle(() => watchOffline().catch(() => {})));
    // The dictionaries section is below the fold: set it up once the first screen is settled.
    wordtable.dictionaries = new Dictionaries(python);
    markReady(wordtable);
    whenIdle(() => wordtable.dictionaries.start().catch((error) => {
      $("dictionary-notice").hidden = false;
      $("dictionary-notice").textContent = `The dictionaries could not be loaded: ${error.message}`;
    }));
  } catch (failure) {
    python.terminate();
    showFailure(failure);
  }
}

// Offline support. Registered after Python is up and a first game is playable (installTime) so
// its precaching does not compete with them. A new deploy installs beside the old one and
// takes over only when the player agrees (or on their next visit), so a page never mixes files
// of two deploys.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register("sw.js");
  } catch (error) {
    console.warn("Offline mode is unavailable:", error);
    return;
  }
  const offerUpdate = () => {
    if (registration.waiting && navigator.serviceWorker.controller) $("update-banner").hidden = false;
  };
  offerUpdate();
  registration.addEventListener("updatefound", () => {
    registration.installing?.addEventListener("statechange", offerUpdate);
  });
  $("update-apply").addEventListener("click", () => registration.waiting?.postMessage({ type: "activate" }));
  // A new deploy took over (here or in another tab): reload so this page runs on its files only.
  // The very first install also takes control, but then there is nothing old to replace.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
}

// The service worker's install fetches the rest of the deploy (the memory snapshot, 4.8 MB, for
// later visits): it waits until a first game is playable, or a few seconds on the home screen,
// so the first visit's own downloads (the game's dictionary) come first.
const INSTALL_AFTER_MS = 5_000;
const gamePlayable = new Promise((resolve) => window.addEventListener("wordtable:playable", resolve, { once: true }));
const installTime = () => Promise.race([gamePlayable, new Promise((resolve) => setTimeout(resolve, INSTALL_AFTER_MS))]);

renderStageList();
$("boot-retry").addEventListener("click", bootPython);
$("boot-reload").addEventListener("click", () => location.reload());
// The home screen (saved games come from localStorage) paints before Python is up.
startEmbedMode();
showHome(wordtable);
showShippedDictionaries(); // the list needs no Python; looking words up waits for it
wireSettings();
window.addEventListener("hashchange", () => openFromHash(wordtable));
openFromHash(wordtable);
bootPython();

/** What a file the worker fetches is, in a player's words: a part of the package (play by link,
 * online play, a game) or a dictionary. */
function fetchedThing(path) {
  if (/-link\.zip$/.test(path)) return "play by link";
  if (/-online\.zip$/.test(path)) return "online play";
  const game = /-game-([a-z-]+)\.zip$/.exec(path)?.[1];
  if (game) return gameTitle(game) ?? "a game";
  return path.startsWith("lexicons/") ? "a dictionary" : "a file the game needs";
}

let fetchingShown = null; // the timer that shows the line: a fetch from the cache is over first

/** "Fetching play by link…" while the worker fetches what a request needs (a first visit's
 * link, say): said after a moment, so a fetch from the offline cache shows nothing. */
function showFetching(paths) {
  const line = $("fetch-status");
  clearTimeout(fetchingShown);
  if (!paths.length) {
    line.hidden = true;
    return;
  }
  const things = [...new Set(paths.map(fetchedThing))];
  fetchingShown = setTimeout(() => {
    line.textContent = `Fetching ${things.join(" and ")}…`;
    line.hidden = false;
  }, 300);
}
