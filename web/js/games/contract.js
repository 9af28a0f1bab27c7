// What a game's renderer module (web/js/games/GAME/index.js) gives the shell: the contract, written
// once. The shell (screens.js, setup.js, table.js, table-screen.js, online.js, race.js) knows no
// game: it asks Python for views and hands them to these exports, and it reads only the view
// fields every game has:
//   view.phase     "over" once the game has ended (other values are the game's own),
//   view.outcome   {winners: [seat…], reason} once over, else null,
//   view.seat      whose view it is (null: the public view),
//   view.waiting_for  the seats still to act,
//   view.deadline  real-time games, when a clock runs: {after_ms, seat}; the table (never a
//                  seat) then plays the game's move for it with game.expire / online.expire.
// Everything else in a view (grids, cards, sheets, who chooses…) is the game's, and only its
// renderer reads it.
//
// Every screen a renderer draws marks the control for what to do next with the attribute
// data-next; the shell focuses the first shown one after each draw (ui.focusNext), and a screen
// that redraws itself calls ui.redraw(root, children) to keep the keyboard's place. The layout
// and accessibility browser tests hold every registered game to this (docs/adding-a-game.md).
//
// What Python says about a game (game.info, also built into games.json so the page has it
// before Python is up) is not repeated here: the registry (./index.js) joins each module to its
// info and the shell reads title, realtime, minPlayers and maxPlayers (info.players.min/max)
// and info (blurb, minutes, options with defaults, ranges and defaults by number of players)
// from the joined game.
//
// Arguments used below:
//   view     a view from Python (game.view / game.play / online.guest*): one seat's, or public;
//   players  [{name, bot, online?}] by seat (bot: null or "easy" | "medium" | "hard");
//   player   one of them; seat: an index into players;
//   frame    one step of game.replay: everything revealed at that point, plus its text (who
//            moved comes from the record, as replayBoard's seat);
//   Element  a DOM element the shell puts on screen (drawn only when called: a renderer
//            module must import without a DOM, see tests/test_renderers.py).
//
// Turn-based games (info.realtime false) take turns: the shell shows turnScreen to the person
// due, behind a privacy screen when several people share the device. Real-time games race:
// everyone acts at once on raceScreen, bots act when they planned to, the table's clock plays
// a deadline's move, and each round's result shows before the next.
//
// A game is added by writing its module and one entry in ./index.js, which checks it with
// checkRenderer below: a module breaking the contract is reported on the home screen and in
// the console, and left out, instead of failing in the middle of a game.

// name -> {type, call (for functions), meaning, only ("turn-based" | "real-time") if not all}
export const REQUIRED = {
  id: { type: "string", meaning: "the game's id, as Python names it (\"four-letter-words\"); also its #new= address and how-to-play/ID.html" },
  historyTitle: { type: "string", meaning: "the heading of the side panel's history (\"Words\", \"Rounds\", \"Scoring\")" },
  botLevels: { type: "object", meaning: "{easy, medium, hard}: what each bot level does and roughly how strong it is (bench/bots.py), in a player's words (the new-game form shows those in play)" },
  setupFields: { type: "function", call: "setupFields(container, {players: () => count, people: () => count, info}) → {playersChanged(count), read() → options}",
    meaning: "fills the new-game form's game section (people: the seats played by people on this device; info: the game's info, for ranges and defaults); read() gives the game's options for game.new; playersChanged is called when a seat is added, removed or changes kind" },
  summary: { type: "function", call: "summary(view, players) → string", meaning: "one line for the list of saved games while the game is on (at the end the shell writes the verdict, resultLine and scoresLine)" },
  headline: { type: "function", call: "headline(view, players) → string", meaning: "what is happening now, after the title, while the game is on (the shell says \"Game over\" at the end)" },
  seatStatus: { type: "function", call: "seatStatus(view, seat) → {text, out?, acting?}",
    meaning: "a player's line in the side panel; out greys the player, acting marks who is due" },
  historyList: { type: "function", call: "historyList(view, players) → Element",
    meaning: "the side panel's history (view.seat: whose own part to show, or null)" },
  finalScreen: { type: "function", call: "finalScreen(view, players, {ask, seat, shareLink}) → Element",
    meaning: "the end of the game under the verdict, every secret revealed; ask(question, args) → Promise asks Python about seat (null: no single person), shareLink as shareLink() gave" },
  resultLine: { type: "function", call: "resultLine(view, seat) → string",
    meaning: "a finished game's result for seat in a few words and numbers, never a word of the game (shared results, daily and challenge: \"143 points to 120\")" },
  replayBoard: { type: "function", call: "replayBoard(frame, players, {move, seat}) → Element",
    meaning: "one step of \"Step through the game\": the board after move (null at the start) played by seat (null at the start)" },
  turnScreen: { type: "function", only: "turn-based", call: "turnScreen(view, player, {act, suggest, ask, players}) → Element",
    meaning: "a person's turn: act(move) → Promise sends a move (rejects with the refusal to show), suggest() → Promise of a bot's move (null: no suggestions, as for an online guest), ask(question, args) → Promise of Python's answer" },
  botDoing: { type: "function", only: "turn-based", call: "botDoing(view, seat) → string",
    meaning: "what a bot is doing while it thinks, after its name (\"is choosing a word\")" },
  raceScreen: { type: "function", only: "real-time", call: "raceScreen(view, {players, humans, views, send, secondsLeft}) → Element",
    meaning: "the race: humans are the seats playing on this screen, views their own views by seat (view itself is the table's public one, or the guest's own), send(seat, move) → Promise, secondsLeft() → seconds before view.deadline runs out (null: no clock); the element may have buzz(key) for keys typed outside a field" },
  roundsPlayed: { type: "function", only: "real-time", call: "roundsPlayed(view) → number",
    meaning: "how many rounds have a result: a new one is shown before play goes on" },
  roundResult: { type: "function", only: "real-time", call: "roundResult(view, players) → Element", meaning: "the result of the last round played" },
  roundHeadline: { type: "function", only: "real-time", call: "roundHeadline(view) → string", meaning: "the headline while that result shows (\"Round 3: the result\")" },
};

export const OPTIONAL = {
  scoresLine: { type: "function", call: "scoresLine(view, players) → string", meaning: "everyone's score in a few words (\"Ann 12, Bo 9\"), after the verdict in the list of saved games" },
  privacyNote: { type: "string", meaning: "the pass-the-device screen's line; \"Everyone else, look away.\" when absent" },
  roundName: { type: "string", meaning: "real-time games: what a round is called on the button to the next (\"challenge\"); \"round\" when absent" },
  isPublicTurn: { type: "function", call: "isPublicTurn(view) → boolean", meaning: "a turn taken in the open, without a privacy screen (judging a word aloud)" },
  firstSeat: { type: "function", call: "firstSeat(view) → seat", meaning: "when several people are due at once, they play in seat order from this seat (0 when absent)" },
  announcement: { type: "function", call: "announcement(view, players) → string | null", meaning: "news for everyone above the turn (what became of a challenge)" },
  waitingPicture: { type: "function", call: "waitingPicture(view, name | null) → Element",
    meaning: "a person's own board while others move (name: whose, or null for \"you\" on a guest's screen)" },
  shareLink: { type: "function", call: "shareLink(save, base) → {url, seed, title, text} | null",
    meaning: "a link giving friends the same game (the table offers it with title and text)" },
  firstGame: { type: "object", meaning: "{bot, speed}: the bots' level (\"easy\"…) and speed (a botDelay of the form's speeds) a player meets the first time the form opens; medium at Normal when absent" },
  optionsFromLink: { type: "function", call: "optionsFromLink(URLSearchParams) → {seed, options, key} | null",
    meaning: "reads a shared link (#play=ID&…): the game's seed and options, and a key naming it among saves; null when damaged" },
};

// The new-game form's bot speeds (botDelay in ms, as strings), for firstGame.speed (setup.js).
export const FORM_SPEEDS = ["2100", "1200", "700", "250", "0"];

const TYPES = { string: "a string", number: "a number", boolean: "true or false", function: "a function", object: "an object" };

function describe(name, entry) {
  return `${entry.call ?? name}: ${entry.meaning}`;
}

// What the shell reads of a game's info; checked too, since a module is joined to it.
const INFO = { title: "string", blurb: "string", minutes: "number", realtime: "boolean", options: "object", players: "object" };

/** The problems of a renderer module joined to its game's info (game.info): [] when both keep
 * the contract, else one line each. */
export function checkRenderer(module, info) {
  const problems = [];
  if (!module || typeof module !== "object") return ["it is not a module"];
  if (!info || typeof info !== "object") {
    return [`Python has no game "${String(module.id)}" (it is not in game.info)`];
  }
  for (const [name, type] of Object.entries(INFO)) {
    if (typeof info[name] !== type) problems.push(`its info's ${name} must be ${TYPES[type] ?? `an ${type}`}, not ${typeof info[name]}`);
  }
  const { min: least, max: most } = info.players ?? {};
  if (!(Number.isInteger(least) && Number.isInteger(most) && least >= 1 && least <= most)) {
    problems.push(`its info's players must be whole numbers with 1 ≤ min ≤ max (they are ${least} and ${most})`);
  }
  const realtime = info.realtime === true;
  for (const [name, entry] of Object.entries(REQUIRED)) {
    if (entry.only === "turn-based" && realtime) continue;
    if (entry.only === "real-time" && !realtime) continue;
    const value = module[name];
    const scope = entry.only ? ` (${entry.only} games)` : "";
    if (value === undefined) problems.push(`missing required export ${name}${scope}, ${describe(name, entry)}`);
    else if (typeof value !== entry.type) problems.push(`${name} must be ${TYPES[entry.type]}, not ${typeof value}`);
  }
  for (const [name, entry] of Object.entries(OPTIONAL)) {
    const value = module[name];
    if (value !== undefined && typeof value !== entry.type) problems.push(`${name} must be ${TYPES[entry.type]}, not ${typeof value}`);
  }
  if (module.firstGame !== undefined && typeof module.firstGame === "object") {
    const { bot, speed } = module.firstGame ?? {};
    if (bot !== undefined && !["easy", "medium", "hard"].includes(bot)) problems.push(`firstGame.bot must be "easy", "medium" or "hard", not ${JSON.stringify(bot)}`);
    if (speed !== undefined && !FORM_SPEEDS.includes(speed)) problems.push(`firstGame.speed must be one of the form's speeds (${FORM_SPEEDS.join(", ")}), not ${JSON.stringify(speed)}`);
  }
  if (typeof module.id === "string" && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(module.id)) {
    problems.push(`id "${module.id}" must be lowercase letters and digits joined by single hyphens`);
  }
  for (const name of ["title", "realtime", "minPlayers", "maxPlayers", "info"]) {
    if (module[name] !== undefined) problems.push(`${name} comes from Python's game.info: the module must not export it`);
  }
  return problems;
}
