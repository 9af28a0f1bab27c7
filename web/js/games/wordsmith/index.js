// Wordsmith in the browser: the pool of pieces, the die and the stars' picks, a word typed or
// tapped together with what it takes shown at once, the paper score sheet (six rows, the
// required letters in Advanced, twelve discard boxes), "Done!" and its clock, other players'
// progress, each challenge's checked sheets, solo best scores, and the replay. Python decides
// every rule (games/wordsmith/rules.py); the preview here only mirrors the pieces arithmetic so
// a player sees at once what a word takes (whether it brings a new letter is judged when it is
// claimed).
//
// This module is what the shell calls (the contract, web/js/games/contract.js); what it draws
// with sits beside it: race-screen.js, seat-panel.js (one person's panel), word-builder.js (the
// word and its preview), arithmetic.js (the pieces arithmetic), sheet.js (the paper sheet),
// drawings.js (pieces, dice, the alphabet card), results.js (each challenge's sheets),
// setup-fields.js (the new-game form), solo.js (best scores), screen-memory.js, text.js (what
// the screens say of a view) and letters.js (letters and words drawn from their pieces).
import { element, plural, scoreAgainst } from "../../ui.js";
import { countsText } from "./letters.js";
import { upper, inStep, dicePerWord, challengeText, scoreLine, seatStatus } from "./text.js";
import { pieceCounts, howToPlay } from "./drawings.js";
import { liveSheet } from "./sheet.js";
import { rollLine } from "./race-screen.js";
import { resultElement, scoreTable } from "./results.js";
import { soloBest } from "./solo.js";

export const id = "wordsmith";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "thinks of about a quarter of the words its pieces build, and is slow: a gentle opponent.",
  medium: "thinks of about half of them, prefers longer words, and is quicker. It beats the easy bot nearly every game.",
  hard: "thinks of them all, weighs a word against the pieces it costs, rolls for a better pool, and is quickest. It beats the medium bot nearly every game.",
};
export const historyTitle = "Words";
export const roundName = "challenge";

export { costOf, normalise, planOf } from "./arithmetic.js";
export { setupFields } from "./setup-fields.js";
export { seatStatus } from "./text.js";
export { raceScreen, dueOrder } from "./race-screen.js";
export { variantOf, variantText } from "./solo.js";

// -- lines for the shell ----------------------------------------------------------------------

/** The result to share: points against the best of the others. */
export const resultLine = (view, seat) => scoreAgainst(view.totals, seat, "point");

export function summary(view, players) {
  return `${challengeText(view)} · ${scoreLine(view, players)}`;
}

export const scoresLine = (view, players) => scoreLine(view, players);

export function headline(view, players) {
  if (view.phase === "last-words") return `${challengeText(view)} · Done! (${players?.[view.done_by]?.name ?? "someone"})`;
  if (inStep(view)) return `${challengeText(view)} · ${dicePerWord(view) ? "roll" : "word"} ${view.word_round}`;
  return challengeText(view);
}

/** Claimed words by challenge: the finished ones with each player's score, then the current. */
export function historyList(view, players) {
  const items = view.results.map((result) => element("li", { class: "ws-history-challenge" },
    element("strong", {}, `Challenge ${result.challenge}`),
    element("ul", {}, ...players.map((player, seat) => {
      const sheet = result.sheets[seat];
      const words = sheet.rows.filter((row) => row.word).map((row) => (row.refusal ? `${upper(row.word)} ✗` : upper(row.word)));
      return element("li", {}, `${player.name} ${sheet.score}: ${words.join(", ") || "no words"}`);
    }))));
  if (view.phase !== "over") {
    items.push(element("li", { class: "ws-history-challenge current" }, element("strong", {}, `Challenge ${view.challenge} (now)`),
      element("ul", {}, ...players.map((player, seat) => {
        const p = view.players[seat];
        const words = p.rows.filter(Boolean).map(upper);
        const text = words.length ? words.join(", ") : p.words ? plural(p.words, "secret word") : "no word yet";
        return element("li", {}, `${player.name}: ${text}`);
      }))));
  }
  return element("ol", { class: "word-history ws-history", id: "ws-history", tabindex: 0, "aria-label": "Challenges" }, ...items);
}

/** A person's own pieces and sheet, drawn still: while others move, and a reload's first
 * screen before Python is up (table.js). */
export function waitingPicture(view, name) {
  const me = view.players[view.seat];
  const whose = name ? `${name}: your` : "Your";
  return element("div", { class: "ws-waiting" },
    element("p", { class: "ws-waiting-title" }, `${whose} pieces`), pieceCounts(me.pool, { size: 24 }),
    liveSheet(view, me, { caption: `${whose} sheet`, small: true }));
}

// -- challenges' results --------------------------------------------------------------------

export function roundsPlayed(view) {
  return view.results.length;
}

export function roundHeadline(view) {
  return `Challenge ${view.results.length}: the sheets`;
}

export function roundResult(view, players) {
  return resultElement(view.results.at(-1), players, view);
}

export function finalScreen(view, players) {
  const parts = [scoreTable(view, players)];
  if (players.length === 1) parts.push(soloBest(view));
  view.results.forEach((result, index) => {
    const last = index === view.results.length - 1;
    parts.push(element("details", { class: "ws-final-challenge", open: last, "data-challenge": result.challenge },
      element("summary", {}, `Challenge ${result.challenge}: the sheets${result.required ? ` (required letters ${upper(result.required)})` : ""}`),
      resultElement(result, players, null, { ids: false, shape: view })));
  });
  parts.push(element("p", { class: "hint" }, howToPlay()));
  return element("div", { class: "scoreboard ws-final", id: "ws-final" }, ...parts);
}

// -- the replay ------------------------------------------------------------------------------

/** A replay step: the challenge's result when the step ended one, then every sheet and pool as
 * they stood (all words revealed), the box, the Word by Word roll and the required letters. */
export function replayBoard(frame, players, { move = null, seat = null } = {}) {
  const parts = [];
  const fresh = frame.players.every((p) => p.words === 0);
  const endedChallenge = move !== null && frame.results.length > 0 && (frame.phase === "over" || (fresh && frame.results.at(-1).challenge === frame.challenge - 1));
  if (endedChallenge) parts.push(resultElement(frame.results.at(-1), players, null, { ids: false, shape: frame }));
  if (frame.phase !== "over") {
    parts.push(element("p", { class: "replay-round" }, `${challengeText(frame)}${frame.phase === "last-words" ? ` · Done! (${players[frame.done_by].name})` : ""}`));
    if (dicePerWord(frame) && frame.last_roll.length) parts.push(rollLine(frame));
    parts.push(element("div", { class: "ws-replay-seats" }, ...players.map((player, s) => {
      const p = frame.players[s];
      return element("div", { class: `ws-replay-seat${s === seat ? " marked" : ""}`, "data-seat": s },
        element("div", { class: "ws-other-head" }, element("strong", {}, player.name), element("span", { class: "muted" }, ` ${seatStatus(frame, s).text}`)),
        pieceCounts(p.pool, { size: 18, label: `${player.name}'s pieces: ${countsText(p.pool)}` }),
        liveSheet(frame, p, { small: true }));
    })));
    parts.push(element("p", { class: "hint" }, "Left in the box: ", pieceCounts(frame.supply, { size: 16 })));
  } else {
    parts.push(scoreTable(frame, players));
  }
  return element("div", { class: "ws-replay" }, ...parts);
}
