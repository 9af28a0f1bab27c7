// The games this page can draw: one import and one entry each. Each module is joined to what
// Python says of its game (game.info, built into games.json) and checked against the renderer
// contract (contract.js); one that breaks it is left out and its problems are reported (on the
// home screen and in the console) rather than failing mid-game.
import { checkRenderer } from "./contract.js";
import * as fourLetterWords from "./four-letter-words/index.js";
import * as oneLetterBetter from "./one-letter-better/index.js";
import * as shrdlu from "./shrdlu/index.js";
import * as spellWrite from "./spell-write/index.js";
import * as wordsmith from "./wordsmith/index.js";

export const RENDERERS = [fourLetterWords, shrdlu, spellWrite, wordsmith, oneLetterBetter];

/**
 * Joins renderer modules to Python's infos ({id, title, players: {min, max}, realtime, …}).
 * Returns {games: id -> game (the module's exports plus title, realtime, minPlayers, maxPlayers
 * and info), problems: [text] (one per module left out)}. A game Python has and no module
 * draws is simply not offered.
 */
export function register(renderers, infos) {
  const games = Object.create(null); // looked up by names from addresses: "__proto__" is no game
  const problems = [];
  const byId = new Map((Array.isArray(infos) ? infos : []).map((info) => [info?.id, info]));
  for (const [index, module] of renderers.entries()) {
    const info = byId.get(module?.id);
    const name = typeof info?.title === "string" ? info.title : typeof module?.id === "string" ? module.id : `game ${index + 1}`;
    const found = checkRenderer(module, info);
    if (!found.length && Object.hasOwn(games, module.id)) found.push(`its id "${module.id}" is already taken`);
    if (found.length) {
      problems.push(`${name} cannot be played in this version: its screens module (web/js/games/) does not fit: ${found.join("; ")}.`);
      continue;
    }
    // ownedSecret: online, what each friend's device keeps to itself until the end ("grid"), as
    // the game's kind declares it in Python (GameKind.owned_name); null for a game without one.
    games[module.id] = { ...module, info, title: info.title, realtime: info.realtime,
      minPlayers: info.players.min, maxPlayers: info.players.max, ownedSecret: info.owned_part ?? null };
  }
  return { games, problems };
}

/**
 * The games of this deploy: games.json (written by the build, precached for offline play), or
 * Python's game.info when that file cannot be read (askPython() → Promise of game.info's result).
 */
export async function loadGames(askPython) {
  let infos;
  try {
    const response = await fetch("games.json");
    if (!response.ok) throw new Error(`games.json: ${response.status}`);
    infos = (await response.json()).games;
  } catch (error) {
    console.warn("Reading the games from Python instead:", error);
    infos = (await askPython()).games;
  }
  const registered = register(RENDERERS, infos);
  for (const problem of registered.problems) console.error(problem);
  return { ...registered, infos };
}
