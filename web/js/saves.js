// Saved games: one localStorage entry per game, written after every move.
// A save is {format, version, id, game, players, settings, record, summary, created, updated}.
// Beside it, under its own key, the last screen it showed (writeLastSeen): drawn at once on a
// reload while Python starts, never exported, and dropped first when storage is full.
// The record (game, options, seed, moves) is the game; Python replays it. Anything that cannot
// be read is reported and left exactly where it is: nothing a player saved is ever deleted
// except by the player.
import { StoreProblem } from "./store.js";

export const SAVE_FORMAT = "wordtable-save";
export const SAVE_VERSION = 1;
const PREFIX = "wordtable.save.";
const SEEN_PREFIX = "wordtable.seen.";
export const MAX_SAVE_CHARS = 2_000_000;

export class SaveProblem extends Error {}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Checks the shape of a save (not the game in it: Python replays the record for that).
 * Returns null when it is fine, or the reason, fit for a player, why it cannot be used.
 */
export function saveProblem(save, knownGames) {
  if (!isObject(save) || save.format !== SAVE_FORMAT) return "it is not a Wordtable save";
  if (!Number.isInteger(save.version) || save.version < 1) return "its version is not readable";
  if (save.version > SAVE_VERSION) {
    return "it was made by a newer version of Wordtable; update this page (reload it) to open it";
  }
  if (typeof save.id !== "string" || !/^[a-z0-9-]{1,40}$/.test(save.id)) return "its id is damaged";
  if (!knownGames.includes(save.game)) return `it is a game this version does not have (“${String(save.game).slice(0, 40)}”)`;
  const record = save.record;
  if (!isObject(record) || record.game !== save.game || !isObject(record.options) ||
      !Number.isInteger(record.seed) || !Array.isArray(record.moves)) return "its game record is damaged";
  const players = save.players;
  if (!Array.isArray(players) || players.length < 1 || players.length > 8 ||
      !players.every((p) => isObject(p) && typeof p.name === "string" &&
        (p.bot === null || ["easy", "medium", "hard"].includes(p.bot)))) return "its list of players is damaged";
  if (record.options.players !== undefined && record.options.players !== players.length) {
    return "its list of players does not match its game";
  }
  return null;
}

export function newSaveId() {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`.slice(0, 40);
}

/** Every save in this browser, readable or not, newest first. */
export function listSaves(knownGames) {
  const store = storage();
  if (!store) return { saves: [], problems: [], blocked: true };
  const saves = [];
  const problems = [];
  let keys;
  try {
    keys = Object.keys(store).filter((key) => key.startsWith(PREFIX));
  } catch {
    return { saves: [], problems: [], blocked: true };
  }
  for (const key of keys) {
    let save;
    try {
      save = JSON.parse(store.getItem(key));
    } catch {
      problems.push({ key, reason: "it is not readable (damaged data)" });
      continue;
    }
    const reason = saveProblem(save, knownGames) ?? (key === PREFIX + save.id ? null : "its id does not match where it is stored");
    if (reason) problems.push({ key, reason });
    else saves.push(save);
  }
  saves.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
  return { saves, problems, blocked: false };
}

export function loadSave(id, knownGames) {
  const store = storage();
  if (!store) throw new SaveProblem("Saving is off in this browser window, so there are no saved games here.");
  let text;
  try {
    text = store.getItem(PREFIX + id);
  } catch {
    throw new SaveProblem("Saving is off in this browser window, so there are no saved games here.");
  }
  if (text === null) throw new SaveProblem("There is no saved game with that id in this browser (it may have been deleted).");
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    throw new SaveProblem("This saved game is damaged and cannot be opened. It was left as it is.");
  }
  const reason = saveProblem(save, knownGames);
  if (reason) throw new SaveProblem(`This saved game cannot be opened: ${reason}. It was left as it is.`);
  return save;
}

/** Writes a save; throws StoreProblem (the game goes on unsaved) when storage refuses. */
export function writeSave(save) {
  const store = storage();
  if (!store) throw new StoreProblem("Saving is off in this browser window (it may be inside another site's frame, or private): the game goes on, but will not be kept.");
  const text = JSON.stringify({ ...save, updated: new Date().toISOString() });
  try {
    try {
      store.setItem(PREFIX + save.id, text);
    } catch (error) {
      // Storage is full: the games' last screens (pictures, redrawn from the records) make way.
      if (error?.name !== "QuotaExceededError" || !dropLastSeen(store)) throw error;
      store.setItem(PREFIX + save.id, text);
    }
  } catch (error) {
    const full = error?.name === "QuotaExceededError";
    throw new StoreProblem(full
      ? "The browser's storage for this site is full, so this move was not saved: the game goes on. Delete old games to make room."
      : "Saving failed in this browser window: the game goes on, but will not be kept.");
  }
}

export function deleteSave(id) {
  storage()?.removeItem(PREFIX + id);
  storage()?.removeItem(SEEN_PREFIX + id);
}

/** Removes every game's last screen; true if there was one. */
function dropLastSeen(store) {
  const keys = Object.keys(store).filter((key) => key.startsWith(SEEN_PREFIX));
  for (const key of keys) store.removeItem(key);
  return keys.length > 0;
}

/** Keeps the views a game's screen last showed ({view, own}); never fails: it is only a picture,
 * and where storage is short it is dropped so that the save itself keeps room. */
export function writeLastSeen(id, seen) {
  const store = storage();
  try {
    store?.setItem(SEEN_PREFIX + id, JSON.stringify(seen));
  } catch {
    try {
      store?.removeItem(SEEN_PREFIX + id);
    } catch {
      // storage blocked altogether: nothing to keep
    }
  }
}

/** The views a game's screen last showed, or null (none kept, or not readable). */
export function readLastSeen(id) {
  try {
    const text = storage()?.getItem(SEEN_PREFIX + id);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A save from an exported file or pasted text; throws SaveProblem with the reason. */
export function parseExport(text, knownGames) {
  if (typeof text !== "string" || !text.trim()) throw new SaveProblem("There is nothing to import: paste a saved game or choose its file.");
  if (text.length > MAX_SAVE_CHARS) throw new SaveProblem("That is far too long to be a saved game.");
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    throw new SaveProblem("That is not a saved game: it is not readable as one (was it copied completely?).");
  }
  const reason = saveProblem(save, knownGames);
  if (reason) throw new SaveProblem(`That cannot be imported: ${reason}.`);
  return save;
}

export function exportText(save) {
  return JSON.stringify(save, null, 1);
}

export function exportFilename(save) {
  return `wordtable-${save.game}-${String(save.created).slice(0, 10)}-${save.id}.json`;
}

/** True when a save with this id exists and holds something other than this one. */
export function wouldOverwrite(save) {
  const store = storage();
  const existing = store?.getItem(PREFIX + save.id);
  if (existing == null) return false;
  try {
    const old = JSON.parse(existing);
    return JSON.stringify(old.record) !== JSON.stringify(save.record);
  } catch {
    return true; // an unreadable save is never overwritten
  }
}
