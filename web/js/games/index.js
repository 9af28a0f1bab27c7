// The games this page can draw: one import and one entry each. Every module is checked against
// the renderer contract (contract.js); one that breaks it is left out and its problems are
// reported (on the home screen and in the console) rather than failing mid-game.
import { checkRenderer } from "./contract.js";
import * as fourLetterWords from "./four-letter-words.js";
import * as shrdlu from "./shrdlu.js";
import * as spellWrite from "./spell-write.js";

export const RENDERERS = [fourLetterWords, shrdlu, spellWrite];

/** {games: id -> module (the usable ones), problems: [text] (one per module left out)}. */
export function register(modules) {
  const games = {};
  const problems = [];
  for (const [index, module] of modules.entries()) {
    const name = typeof module?.title === "string" ? module.title : typeof module?.id === "string" ? module.id : `game ${index + 1}`;
    const found = checkRenderer(module);
    if (!found.length && Object.hasOwn(games, module.id)) found.push(`its id "${module.id}" is already taken by ${games[module.id].title}`);
    if (found.length) {
      problems.push(`${name} cannot be played in this version: its screens module (web/js/games/) is incomplete: ${found.join("; ")}.`);
    } else {
      games[module.id] = module;
    }
  }
  return { games, problems };
}

const registered = register(RENDERERS);
export const GAMES = registered.games;
export const PROBLEMS = registered.problems;
for (const problem of PROBLEMS) console.error(problem);
