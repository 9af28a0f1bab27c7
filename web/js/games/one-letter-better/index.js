// One Letter Better in the browser: the table of everyone's words, the staggered discard pile,
// the stack, the hand as cards to tap; a play is made by choosing cards, then (to change a word)
// a word on the table and where the cards go, and the screen asks Python what that play would
// make and score ("preview") before it is sent. Also: accepting or challenging a play when the
// players judge, discarding down to eight, each round's result, the end with every hand shown,
// solo best scores, and the replay. Python decides every rule (games/one_letter_better/rules.py):
// nothing here decides whether a play is allowed.
//
// This module is what the shell calls (the contract, web/js/games/contract.js); what it draws
// with sits beside it: board.js (cards, the table, the pile), turn-panel.js (a person's turn),
// challenge-screen.js, scores.js, setup-fields.js (the new-game form), solo.js (best scores)
// and text.js (how the screens write things, the rules' numbers they state).
import { element, button, plural, scoreAgainst, does, whose, isYou, toPlayer } from "../../ui.js";
import { upper, nameOf } from "./text.js";
import { boardElement } from "./board.js";
import { roundResultElement, scoreTable } from "./scores.js";
import { challengeScreen } from "./challenge-screen.js";
import { TurnPanel } from "./turn-panel.js";
import { soloBest } from "./solo.js";

export const id = "one-letter-better";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "plays one short word a turn and never steals: a gentle opponent.",
  medium: "plays its best-scoring words and simple steals, and takes a good card from the pile. It beats the easy bot nearly every game.",
  hard: "uses every kind of play, weighs what a play takes from a rival and how likely the cards it cannot see are to steal its word back, and discards its hardest cards. It beats the medium bot about 9 games in 10.",
};
export const historyTitle = "Scores";
export const privacyNote = "Everyone else, look away: hands are secret.";

export { cardName } from "./text.js";
export { setupFields } from "./setup-fields.js";
export { variantOf, variantText } from "./solo.js";

// Which round results a person at this screen has seen, so each is shown once as the next
// round starts (per seat: people sharing a device each see it).
const seenResults = new Set();
let knownPlayers = null;
const resultsKey = (view) => JSON.stringify([view.options, view.seat, view.results.map((r) => [r.final, r.hands.map((h) => h.length)])]);

// -- lines for the shell ---------------------------------------------------------------------

const scoreLine = (view, players) => players.map((_p, seat) => `${nameOf(players, seat)} ${view.totals[seat] + (view.phase === "over" ? 0 : view.scores[seat])}`).join(", ");

/** The result to share: points against the best of the others. */
export const resultLine = (view, seat) => scoreAgainst(view.totals, seat, "point");

export function summary(view, players) {
  return `Round ${view.round} of ${view.rounds} · ${scoreLine(view, players)}`;
}

export const scoresLine = (view, players) => scoreLine(view, players);

export function headline(view, players) {
  const round = `Round ${view.round} of ${view.rounds}`;
  if (view.phase === "challenge") return `${round} · ${nameOf(players, view.challenge.seat)} played ${view.challenge.words.map(upper).join(" + ")}: accept or challenge?`;
  if (view.phase === "trim") return `${round} · ${does(nameOf(players, view.trimming), "discards")} down to ${view.turn_hand}`;
  if (view.phase === "draw") return `${round} · ${whose(nameOf(players, view.turn))} turn: draw or take`;
  // Online with sealed cards: every device shuffles and locks the deck in turn, then at the
  // round's end every hand is shown (with its locks) before it is scored.
  if (view.phase === "deal") return `${round} · dealing the cards`;
  if (view.phase === "showdown") return `${round} · every hand is shown`;
  return `${round} · ${does(nameOf(players, view.turn), "plays")}`;
}

export function seatStatus(view, seat) {
  if (view.phase === "over") return { text: plural(view.totals[seat], "point"), out: false, acting: false };
  const total = view.totals[seat] + view.scores[seat];
  const points = view.results.length ? `${view.scores[seat]} (total ${total})` : plural(view.scores[seat], "pt");
  const parts = [points, plural(view.hand_sizes[seat], "card")];
  if (view.robbed.includes(seat)) parts.push("lost a card");
  return { text: parts.join(" · "), out: false, acting: view.waiting_for.includes(seat) };
}

export function historyList(view, players) {
  knownPlayers = players;
  const parts = [scoreTable(view, players, { id: "olb-history-scores" })];
  const out = view.out ?? [];
  if (out.length) {
    parts.push(element("p", { class: "muted olb-history-out" }, `Out of play this round: ${out.map((w) => `${upper(w.text)} (${nameOf(players, w.owner)}, ${w.out})`).join(", ")}.`));
  }
  const log = view.log ?? [];
  if (log.length) {
    // The latest first: what the others just did is what a player returning to the device wants.
    parts.push(element("ol", { class: "olb-log", id: "olb-log", reversed: "", tabindex: 0, "aria-label": "Moves, the latest first" },
      ...log.slice().reverse().map((entry) => element("li", {}, logLine(entry, players)))));
  }
  return element("div", { class: "olb-history", id: "olb-history" }, ...parts);
}

export function botDoing(view) {
  if (view.phase === "challenge") return `is deciding whether to challenge ${view.challenge.words.map(upper).join(" + ")}`;
  if (view.phase === "trim") return `is discarding down to ${view.turn_hand} cards`;
  if (view.phase === "draw") return "is starting a turn";
  if (view.phase === "showdown") return "is showing their hand";
  return "is playing";
}

/** Accepting or challenging a play needs nothing secret: no privacy screen (and no hand shown). */
export function isPublicTurn(view) {
  return view.phase === "challenge";
}

/** When several people answer a play, they answer from the one after its player. */
export function firstSeat(view) {
  return view.phase === "challenge" ? (view.challenge.seat + 1) % view.options.players : view.turn;
}

/** One line of the public log as a sentence: "Bo stole TIME, making TIMER for 18, from Ann." */
function logLine(entry, players) {
  const who = entry.seat === null || entry.seat === undefined ? "" : `${nameOf(players, entry.seat)} `;
  const whom = entry.whom === null || entry.whom === undefined ? "" : ` ${isYou(nameOf(players, entry.whom)) ? "you" : nameOf(players, entry.whom)}`;
  return `${who}${entry.text}${whom}.`;
}

/** What the last move did, for everyone, from the public log. */
export function announcement(view, players) {
  const last = view.log?.at(-1);
  if (!last || view.phase === "over") return null;
  return logLine(last, players);
}

/** A person's own hand and the table while the others move. */
export function waitingPicture(view, name) {
  const parts = [];
  const fresh = view.results.length > 0 && !view.words.length && view.scores.every((s) => s === 0) && view.phase !== "over";
  if (fresh) parts.push(roundResultElement(view.results.at(-1), view.results.length, view, playersFromView(view), { ids: false }));
  parts.push(boardElement(view, playersFromView(view), { handTitle: name ? toPlayer(name, "your hand", ": ") : "Your hand" }));
  return element("div", { class: "olb-waiting" }, ...parts);
}

// waitingPicture is given no players: the names last seen (the side panel's history is drawn
// with them just before), else "Player 2".
function playersFromView(view) {
  if (knownPlayers && knownPlayers.length === view.options.players) return knownPlayers;
  return Array.from({ length: view.options.players }, (_v, seat) => ({ name: `Player ${seat + 1}` }));
}

// -- a person's turn ---------------------------------------------------------------------------

export function turnScreen(view, player, { act, suggest = null, ask = null, players = [] } = {}) {
  knownPlayers = players;
  const key = resultsKey(view);
  if (view.results.length && !seenResults.has(key)) {
    const next = button(`On to round ${view.round}`, () => {
      seenResults.add(key);
      const turn = turnScreen(view, player, { act, suggest, ask, players });
      holder.replaceWith(turn);
      turn.dispatchEvent(new Event("wordtable-headline", { bubbles: true })); // the new round's again
    }, { primary: true, id: "olb-next-round", "data-next": true });
    // The headline speaks of the round shown, not of the one already dealt behind it.
    const holder = element("div", { class: "olb-round-break", "data-headline": `Round ${view.results.length} of ${view.rounds} · over` },
      roundResultElement(view.results.at(-1), view.results.length, view, players),
      element("p", { class: "olb-running" }, `After ${plural(view.results.length, "round")}: ${players.map((_p, s) => `${nameOf(players, s)} ${String(view.totals[s]).replace("-", "−")}`).join(", ")}.`),
      element("div", { class: "row" }, next));
    return holder;
  }
  if (view.phase === "challenge") return challengeScreen(view, player, act, players);
  return new TurnPanel(view, player, { act, suggest, ask, players }).element;
}

// -- the end -----------------------------------------------------------------------------------

export function finalScreen(view, players) {
  knownPlayers = players;
  const parts = [scoreTable(view, players, { id: "olb-scores", now: false })];
  if (players.length === 1) parts.push(soloBest(view));
  view.results.forEach((result, index) => {
    const last = index === view.results.length - 1;
    parts.push(element("details", { class: "olb-final-round", open: last, "data-round": index + 1 },
      element("summary", {}, `Round ${index + 1}: ${result.final.map((points, seat) => `${nameOf(players, seat)} ${points}`).join(", ")}`),
      roundResultElement(result, index + 1, view, players, { ids: false })));
  });
  parts.push(element("p", { class: "hint" }, element("a", { href: "how-to-play/one-letter-better.html", target: "_blank", rel: "noopener" }, "How to play")));
  return element("div", { class: "scoreboard olb-final", id: "olb-final" }, ...parts);
}

/** A replay step: the round's result when the step ended one, then the table, the pile and
 * every hand as they stood. */
export function replayBoard(frame, players, { move = null } = {}) {
  knownPlayers = players;
  const parts = [];
  const fresh = frame.results.length > 0 && !frame.words.length && frame.scores.every((s) => s === 0);
  if (move && (frame.phase === "over" || fresh)) {
    parts.push(roundResultElement(frame.results.at(-1), frame.results.length, frame, players, { ids: false }));
  }
  if (frame.phase !== "over") {
    // Every hand is shown: no seat is "you" in a replay (a frame's seat is whoever it was seen by).
    parts.push(boardElement({ ...frame, seat: null }, players,
      { hands: players.map((_p, seat) => [`${nameOf(players, seat)}'s hand`, frame.hands?.[seat] ?? []]) }));
  } else {
    parts.push(scoreTable(frame, players, { now: false }));
  }
  return element("div", { class: "olb-replay" }, ...parts);
}
