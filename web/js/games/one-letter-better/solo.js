// One Letter Better alone: beat your own best score for the variant, kept on this device.
import { plural } from "../../ui.js";
import { fingerprint, soloBestElement } from "../../solo-best.js";

const BEST_KEY = "wordtable.one-letter-better.best.v1";

/** The variant a solo score belongs to: what changes how hard the game is (view.bonus: each
 * seat's points per card above three, as Python gives them, the default where none was set). */
export function variantOf(view) {
  const { options } = view;
  return JSON.stringify({ lexicon: options.lexicon, rounds: options.rounds, solo_pile: Boolean(options.solo_pile),
    bonus: view.bonus[0] });
}

export function variantText(view) {
  const { options } = view;
  const parts = [options.solo_pile ? "the discard pile counts against you" : "the discard pile does not count"];
  if (options.rounds > 1) parts.unshift(plural(options.rounds, "round"));
  if (options.bonus?.length) parts.push(`${view.bonus[0]} points per card above three`); // a bonus of its own
  parts.push(`${options.lexicon} dictionary`);
  return parts.join(", ");
}

/** A finished game's fingerprint (its options and every round's scores and hands): each game counts once. */
function gameKey(view) {
  return fingerprint([view.options, view.results.map((r) => [r.scores, r.penalties, r.hands.map((h) => h.map((c) => c.uid))])]);
}

export function soloBest(view) {
  return soloBestElement({ storageKey: BEST_KEY, variant: variantOf(view), variantText: variantText(view),
    key: gameKey(view), score: view.totals[0], prefix: "olb" });
}
