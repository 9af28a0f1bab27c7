// One Letter Better alone: beat your own best score for the variant, kept on this device.
import { plural } from "../../ui.js";
import { fingerprint, soloBestElement } from "../../solo-best.js";
import { DEFAULT_BONUS } from "./text.js";

const BEST_KEY = "wordtable.one-letter-better.best.v1";

/** The variant a solo score belongs to: what changes how hard the game is. */
export function variantOf(options) {
  return JSON.stringify({ lexicon: options.lexicon, rounds: options.rounds, solo_pile: Boolean(options.solo_pile),
    bonus: options.bonus?.[0] ?? DEFAULT_BONUS });
}

export function variantText(options) {
  const parts = [options.solo_pile ? "the discard pile counts against you" : "the discard pile does not count"];
  if (options.rounds > 1) parts.unshift(plural(options.rounds, "round"));
  const bonus = options.bonus?.[0] ?? DEFAULT_BONUS;
  if (bonus !== DEFAULT_BONUS) parts.push(`${bonus} points per card above three`);
  parts.push(`${options.lexicon} dictionary`);
  return parts.join(", ");
}

/** A finished game's fingerprint (its options and every round's scores and hands): each game counts once. */
function gameKey(view) {
  return fingerprint([view.options, view.results.map((r) => [r.scores, r.penalties, r.hands.map((h) => h.map((c) => c.uid))])]);
}

export function soloBest(view) {
  return soloBestElement({ storageKey: BEST_KEY, variant: variantOf(view.options), variantText: variantText(view.options),
    key: gameKey(view), score: view.totals[0], prefix: "olb" });
}
