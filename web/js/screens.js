// Which screen shows: home (games, saved games, dictionaries), a new game's setup, or a table.
// The address says which (#new=GAME, #game=ID), so reload and the back button keep the place.
import { $, element, button } from "./ui.js";
import { listSaves, loadSave, writeSave, deleteSave, SaveProblem, SAVE_FORMAT, SAVE_VERSION } from "./saves.js";
import { StoreProblem } from "./store.js";
import { Setup, rematch } from "./setup.js";
import { Table, drawSavedTable } from "./table.js";
import { showExport, importSave, readImportFile } from "./transfer.js";
import { GuestScreen } from "./online-guest.js";
import { LinkScreen, listLinkGames, linkGameState, linkGameIn, importLinkGame, exportLinkGame, deleteLinkGame } from "./link-play.js";
import { loadGames } from "./games/index.js";
import { showEmbedDialog } from "./embed.js";
import { dateKey, isDateKey, dailySeed, dailyEntry } from "./daily.js";
import { readChallenge, challengePlayers, challenger, challengeWords } from "./challenge.js";

// The games that can be played: Python's games (games.json) drawn by a module of games/ (see
// games/index.js). Filled in by loadCatalog() before any screen uses them.
let GAMES = {};
let KNOWN_GAMES = [];
let catalog = null;

/** Reads the games once (games.json, or Python's game.info if that file cannot be read). */
function loadCatalog(wordtable) {
  catalog ??= loadGames(async () => (await wordtable.ready).python.call("game.info", {})).then((found) => {
    GAMES = found.games;
    KNOWN_GAMES = Object.keys(found.games);
    return found;
  });
  return catalog;
}

/** A game's title by its id, once the games are read (null before, or for no such game). */
export const gameTitle = (id) => GAMES[id]?.title ?? null;

// Games started in this window, so they play on even where storage is blocked.
const unsaved = new Map();
let table = null;

function notice(text) {
  $("app-notice").hidden = !text;
  $("app-notice").textContent = text ?? "";
}

function show(screen) {
  for (const id of ["screen-home", "screen-setup", "screen-table"]) $(id).hidden = id !== screen;
  document.body.dataset.screen = screen.replace("screen-", "");
  if (screen !== "screen-table") delete document.body.dataset.game; // which game the table shows (embed.js)
}

/** The local date and time "2026-11-22 09:41" (without locale data on the main thread). */
function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The home screen: it shows at once; the games and the saved games fill in once the games are
 * known (a few milliseconds: games.json is a small file of this deploy). */
export async function showHome(wordtable) {
  show("screen-home");
  const { infos, problems: broken } = await loadCatalog(wordtable);
  drawGames(infos);
  // A game whose screens module breaks the contract (games/contract.js) is left out: say so.
  $("games-problems").replaceChildren(...broken.map((problem) => element("p", { class: "notice bad", role: "status" }, problem)));
  const { saves, problems, blocked } = listSaves(KNOWN_GAMES);
  const byLink = listLinkGames().filter((entry) => GAMES[entry.game]);
  const list = $("saves");
  if (!saves.length && !byLink.length) {
    list.replaceChildren(element("li", { class: "muted" }, blocked
      ? "Saving is off in this browser window (it may be inside another site's frame, or private): games will not be kept."
      : "No games yet: the games you start are kept here."));
  } else {
    list.replaceChildren(...byLink.map((entry) => linkItem(entry, wordtable)), ...saves.map((save) => saveItem(save, wordtable)));
  }
  // A newcomer sees the games first; a player with games under way sees those first.
  const gamesSection = $("games-heading").closest("section");
  if (saves.length || byLink.length || problems.length) gamesSection.before($("saves-section"));
  else gamesSection.after($("saves-section"));
  $("saves-problems").replaceChildren(...problems.map(({ key, reason }) => element("p", { class: "notice bad", role: "status" },
    `A saved game could not be opened: ${reason}. It was left as it is (stored as “${key}”).`)));
  if (!showHome.wired) {
    showHome.wired = true;
    wireImport(wordtable);
  }
}

/** A card for each game that can be played, from its info: what it is, for how many players,
 * how long, its how-to-play page (how-to-play/ID.html) and a new game. They come first; a
 * "coming soon" card of the page for a game now playable gives way to it. */
function drawGames(infos) {
  const list = $("games");
  list.querySelectorAll(".game.playable").forEach((card) => card.remove());
  const cards = infos.filter((info) => GAMES[info.id]).map((info) => {
    list.querySelector(`.game[data-game="${CSS.escape(info.id)}"]`)?.remove();
    const { min, max } = info.players;
    return element("li", { class: "game playable", "data-game": info.id },
      element("h3", {}, info.title),
      element("p", {}, info.blurb),
      element("p", { class: "meta" }, `${min === max ? min : `${min}–${max}`} player${max === 1 ? "" : "s"} · ${info.minutes} min · `,
        element("a", { href: `how-to-play/${info.id}.html` }, "How to play"), " · ",
        button("Embed", () => showEmbedDialog(info, min, max), { class: "link-button embed-game", "data-embed": info.id,
          "aria-label": `Embed ${info.title} in a web page`, "aria-haspopup": "dialog" })),
      element("div", { class: "row game-actions" },
        element("a", { class: "button primary new-game", href: `#new=${info.id}`, "aria-label": `New game of ${info.title}` }, "New game"),
        element("a", { class: "button small daily", href: `#daily=${info.id}`, "data-daily": info.id },
          dailyLabel(dailyEntry(info.id)))));
  });
  list.prepend(...cards);
}

/** "Daily challenge", with the streak kept on this device once there is one. */
function dailyLabel(entry) {
  return entry?.streak ? `Daily challenge · ${entry.streak}-day streak` : "Daily challenge";
}

/** "Delete", and a second tap on "Really delete?" to do it. */
function deleteButton(onDelete) {
  let armed = false;
  const remove = button("Delete", () => {
    if (!armed) {
      armed = true;
      remove.textContent = "Really delete?";
      return;
    }
    onDelete();
  }, { small: true });
  return remove;
}

function saveItem(save, wordtable) {
  const game = GAMES[save.game];
  const names = save.players.map((p) => p.bot ? `${p.name} (bot)` : p.name).join(", ");
  const open = element("a", { class: "button small primary", href: `#game=${save.id}` }, save.over ? "Result" : "Resume");
  // A finished game's turns, each with the best its position allowed (table-review.js).
  // (A game of sealed cards has no record of its hands on any device: nothing to review.)
  const review = save.over && !save.online?.sealed ? element("a", { class: "button small", href: `#review=${save.id}` }, "Review this game") : null;
  const remove = deleteButton(() => {
    deleteSave(save.id);
    unsaved.delete(save.id);
    showHome(wordtable);
  });
  return element("li", { class: `save${save.over ? " over" : ""}`, "data-save": save.id },
    element("div", {},
      element("strong", {}, game.title), element("span", { class: "muted" }, ` · ${when(save.updated)}`),
      element("div", { class: "save-players" }, names),
      element("div", { class: "save-summary" }, save.summary ?? "Not started")),
    element("div", { class: "row" }, open, review, button("Export", () => showExport(save), { small: true }), remove));
}

/** A game by link in the list: whose move it is, and since when one waits. */
function linkItem(entry, wordtable) {
  const names = (entry.state?.players ?? []).map((name, seat) => name ?? `Player ${seat + 1}`).join(", ");
  const state = linkGameState(entry, when);
  return element("li", { class: `save by-link${entry.state?.over ? " over" : ""}`, "data-link": entry.table },
    element("div", {},
      element("strong", {}, `${GAMES[entry.game].title} by link`), element("span", { class: "muted" }, ` · ${when(entry.updated)}`),
      element("div", { class: "save-players" }, names),
      element("div", { class: "save-summary" }, state)),
    element("div", { class: "row" }, element("a", { class: "button small primary", href: `#bylink=${encodeURIComponent(entry.table)}` },
      entry.state?.your_turn ? "Play" : "Open"),
    button("Export", () => exportLinkGame(entry), { small: true }),
    deleteButton(() => {
      deleteLinkGame(entry.table);
      showHome(wordtable);
    })));
}

function wireImport(wordtable) {
  const form = $("import-form");
  const output = $("import-result");
  wordtable.ready.then(() => { form.querySelector("button").disabled = false; });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    output.className = "";
    try {
      const file = $("import-file").files[0];
      const text = file ? await readImportFile(file) : $("import-text").value;
      await wordtable.dictionaries.start(); // a game may use one of the player's own lists
      const byLink = linkGameIn(text);
      if (byLink) {
        const entry = await importLinkGame(byLink, wordtable.python);
        const others = entry.state.players.filter((name, seat) => name && seat !== entry.saved.seat).join(", ");
        output.textContent = `Imported: ${GAMES[entry.game]?.title ?? entry.game} by link, as ${entry.state.players[entry.saved.seat]}. `
          + `If the game went on since this copy, ask ${others || "your friend"} to send you the whole game `
          + "(on their screen: “A friend lost the game or a link?”).";
      } else {
        const save = await importSave(text, { knownGames: KNOWN_GAMES, python: wordtable.python });
        output.textContent = `Imported: ${GAMES[save.game].title} with ${save.players.map((p) => p.name).join(", ")}.`;
      }
      output.className = "good";
      form.reset();
      await showHome(wordtable);
      // A first game moves the list of games above the others: the confirmation stays in view.
      output.scrollIntoView({ block: "center" });
    } catch (error) {
      output.className = "bad";
      output.textContent = error instanceof SaveProblem || error instanceof StoreProblem ? error.message : `That game cannot be imported: ${error.message}`;
    }
  });
  // A file chosen is the player's answer: import it at once (a second tap on Import was needed).
  $("import-file").addEventListener("change", async () => {
    if (!$("import-file").files.length) return;
    await wordtable.ready;
    form.requestSubmit();
  });
}

function waitingFor(screenId, text) {
  $(screenId).replaceChildren(element("p", { class: "muted" }, text));
}

export async function openFromHash(wordtable) {
  const hash = location.hash.slice(1);
  const [route, value] = hash.includes("=") ? hash.split("=", 2) : [hash, ""];
  table?.close();
  wordtable.guest?.close(); // leaving an online game as a guest ends its connection
  wordtable.guest = null;
  wordtable.byLink?.close();
  wordtable.byLink = null;
  notice(null);
  await loadCatalog(wordtable);
  if (location.hash.slice(1) !== hash) return; // the player went on meanwhile
  if (route === "new") {
    // #new=GAME, or #new=GAME&preset=one-bot (an embedded game starts with its players chosen)
    const params = new URLSearchParams(hash);
    if (GAMES[params.get("new")]) return openSetup(wordtable, GAMES[params.get("new")], params.get("preset"));
  }
  if (route === "play") return openSharedLink(wordtable, new URLSearchParams(hash));
  if (route === "daily") return openDaily(wordtable, new URLSearchParams(hash));
  if (route === "challenge") return openChallenge(wordtable, new URLSearchParams(hash));
  if (route === "join") return openInvitation(wordtable, new URLSearchParams(hash));
  if (route === "link" && value) return openByLink(wordtable, (screen) => screen.openLink(hash.slice("link=".length)));
  if (route === "bylink" && value) return openByLink(wordtable, (screen) => screen.openSaved(decodeURIComponent(value)));
  if (route === "game" && value) return openTable(wordtable, decodeURIComponent(value));
  if (route === "review" && value) return openTable(wordtable, decodeURIComponent(value), { review: true });
  showHome(wordtable);
}

async function openSetup(wordtable, game, preset = null) {
  show("screen-setup");
  // The form needs no rules: it works while Python starts, and its Start waits for Python.
  const setup = new Setup({ wordtable, root: $("screen-setup") });
  await setup.open(game, (save) => startGame(save), { preset });
}

/** A shared game link (#play=GAME&seed=…): the same game for whoever opens it. */
async function openSharedLink(wordtable, params) {
  const game = GAMES[params.get("play")];
  const shared = game?.optionsFromLink?.(params);
  if (!shared) {
    showHome(wordtable);
    notice("That game link is damaged or not for a game this version has: nothing was changed.");
    return;
  }
  await openSeededGame(wordtable, game, { id: `link-${game.id}-${shared.key}`.replace(/[^a-z0-9-]/g, "-").slice(0, 40),
    options: shared.options, seed: shared.seed, players: [{ name: "You", bot: null }], what: "That game link" });
}

/** A game's daily challenge (#daily=GAME&date=2026-11-24; today without a date): the same deal
 * for everyone that day, alone or (for games of two or more) against a medium bot. */
async function openDaily(wordtable, params) {
  const game = GAMES[params.get("daily")];
  const key = params.get("date") ?? dateKey();
  if (!game || !isDateKey(key)) {
    showHome(wordtable);
    notice("That daily challenge link is damaged or not for a game this version has: nothing was changed.");
    return;
  }
  const players = [{ name: "You", bot: null }, ...(game.minPlayers > 1 ? [{ name: "Daily bot", bot: "medium" }] : [])];
  const hasPlayers = game.info?.options?.some((option) => option.name === "players");
  await openSeededGame(wordtable, game, { id: `daily-${game.id}-${key}`, options: hasPlayers ? { players: players.length } : {},
    seed: dailySeed(game.id, key), players, extra: { daily: { date: key } }, what: "That daily challenge" });
}

/** A friend's challenge (#challenge=GAME&seed=…&seats=you,medium&speed=700&o=OPTIONS): the deal
 * they played, against the same bots at the same speed. */
async function openChallenge(wordtable, params) {
  const { challenge, key, problem } = readChallenge(params, GAMES);
  if (problem) {
    showHome(wordtable);
    notice(`That challenge link cannot be opened: ${problem}. Nothing was changed.`);
    return;
  }
  const game = GAMES[challenge.game];
  const id = `challenge-${challenge.game}-${key}`;
  if (savedAs(id)) return location.replace(`#game=${id}`); // opened before: the game goes on
  // Made (and its options checked by Python) before the first screen, which only starts it.
  const save = await seededSave(wordtable, game, { id, options: challenge.options,
    seed: challenge.seed, players: challengePlayers(challenge), botDelay: challenge.speed, what: "That challenge link" });
  if (save) showChallengeIntro(game, challenge, challenger(params), () => startGame(save, { replace: true }));
}

function savedAs(id) {
  try {
    loadSave(id, KNOWN_GAMES);
    return true;
  } catch {
    return false;
  }
}

/** A challenge opens on who sent it and their result, with a line on the game, not in round 1. */
function showChallengeIntro(game, challenge, from, play) {
  show("screen-table");
  const { heading, line } = challengeWords(game.title, from);
  const bots = challenge.seats.filter((seat) => seat !== "you");
  const against = bots.length
    ? `You play the same game against ${bots.length === 1 ? `a ${bots[0]} bot` : `${bots.length} bots (${bots.join(", ")})`}, as they did.`
    : "You play the same game alone, as they did.";
  const start = button("Play", () => play(), { primary: true, id: "challenge-play" });
  $("screen-table").replaceChildren(element("section", { class: "panel", id: "challenge-intro", "aria-labelledby": "challenge-heading" },
    element("h2", { id: "challenge-heading" }, heading),
    element("p", { id: "challenge-result" }, line),
    game.info?.blurb ? element("p", { class: "muted" }, `${game.title}: ${game.info.blurb}`) : null,
    element("p", {}, against),
    element("div", { class: "row" }, start,
      element("a", { class: "button", href: `how-to-play/${game.id}.html` }, "How to play"),
      element("a", { class: "button", href: "#" }, "Home"))));
  start.focus({ preventScroll: true });
}

/** A game everyone opening the same address gets (a seed and options from the address), kept as
 * a save of its own id so opening the address again resumes it. */
async function openSeededGame(wordtable, game, deal) {
  if (savedAs(deal.id)) {
    location.replace(`#game=${deal.id}`);
    return;
  }
  const save = await seededSave(wordtable, game, deal);
  if (save) startGame(save, { replace: true });
}

/** A new save of a seeded game, made by Python; null (the player told why, or gone elsewhere). */
async function seededSave(wordtable, game, { id, options, seed, players, botDelay = 700, extra = {}, what }) {
  const hash = location.hash;
  show("screen-table");
  waitingFor("screen-table", "Waiting for Python to start…");
  await wordtable.ready;
  if (location.hash !== hash) return null; // the player went elsewhere meanwhile
  try {
    await wordtable.dictionaries.start();
    const { record } = await wordtable.python.call("game.new", { game: game.id, options, seed });
    if (location.hash !== hash) return null;
    const now = new Date().toISOString();
    return { format: SAVE_FORMAT, version: SAVE_VERSION, id, game: game.id, players, ...extra,
      settings: { botDelay }, record, created: now, updated: now };
  } catch (error) {
    showHome(wordtable);
    notice(`${what} cannot be opened: ${error.message}`);
    return null;
  }
}

/** An invitation to play online (#join=OFFER&t=TOKEN&g=GAME&h=HOST[&n=SEAT NAME]): answer it,
 * then play one seat. Who invites whom to what, the name and the answer code need no Python: a
 * friend's first visit shows them at once, and the table's first call waits for Python. */
async function openInvitation(wordtable, params) {
  show("screen-table");
  const python = { call: async (op, args) => (await wordtable.ready).python.call(op, args) };
  const screen = new GuestScreen({ python, games: GAMES, root: $("screen-table"), offer: params.get("join") ?? "",
    token: params.get("t") ?? "", gameId: params.get("g") ?? "", hostName: params.get("h") ?? "",
    seatName: params.get("n") ?? "", pythonReady: wordtable.ready });
  wordtable.guest = screen; // for tests and the curious: the guest's last view
  await screen.open();
}

/** A game by link: a link opened (#link=…) or one kept in this browser (#bylink=TABLE). */
async function openByLink(wordtable, open) {
  const hash = location.hash;
  show("screen-table");
  waitingFor("screen-table", "Loading the game on this device…");
  await wordtable.ready;
  if (location.hash !== hash) return; // the player went on while Python started
  // Python is up; the link may need play by link fetched first (a first visit): said below it.
  waitingFor("screen-table", "Opening the link…");
  const screen = new LinkScreen({ python: wordtable.python, games: GAMES, root: $("screen-table"), notice, address: hash });
  wordtable.byLink = screen;
  await open(screen);
}

function startGame(save, { replace = false } = {}) {
  unsaved.set(save.id, save);
  try {
    writeSave(save);
  } catch (error) {
    if (!(error instanceof StoreProblem)) throw error;
  }
  if (replace) location.replace(`#game=${save.id}`);
  else location.hash = `#game=${save.id}`;
}

async function openTable(wordtable, id, { review = false } = {}) {
  const address = location.hash;
  show("screen-table");
  waitingFor("screen-table", "Waiting for Python to start…");
  let save;
  try {
    save = loadSave(id, KNOWN_GAMES);
  } catch (error) {
    save = unsaved.get(id); // storage is off: the game lives in this window only
    if (!save) {
      $("screen-table").replaceChildren(element("p", { class: "notice bad", role: "alert" }, error.message),
        element("a", { class: "button", href: "#" }, "Home"));
      return;
    }
  }
  document.body.dataset.game = save.game;
  const preview = wordtable.info ? null
    : drawSavedTable({ root: $("screen-table"), game: GAMES[save.game], save, waitingText: "Waiting for Python to start…" });
  await wordtable.ready;
  preview?.dispose();
  if (location.hash !== address) return;
  table ??= new Table({ python: wordtable.python, games: GAMES, dictionaries: wordtable.dictionaries,
    root: $("screen-table"), notice });
  table.onPlayAgain = async (finished) => {
    try {
      startGame(await rematch(wordtable.python, finished));
    } catch (error) {
      notice(error.message);
    }
  };
  unsaved.set(id, save);
  await table.open(save);
  if (review && location.hash === address) table.end?.review();
}
