// Wordsmith alone: beat your own best score for the variant, kept on this device.
import { plural } from "../../ui.js";
import { fingerprint, soloBestElement } from "../../solo-best.js";

export const BEST_KEY = "wordtable.wordsmith.best.v1";

/** The variant a solo score belongs to: everything that changes how hard the game is. */
export function variantOf(options) {
  // Word by Word was yes/no (yes: three dice a word): best scores kept under those keys stay found.
  const wordByWord = options.word_by_word === "plain" ? "plain" : options.word_by_word === "dice";
  return JSON.stringify({ lexicon: options.lexicon, challenges: options.challenges, secret: options.secret, word_by_word: wordByWord,
    advanced: options.advanced, required_from: options.advanced ? options.required_from : null, crossed: options.crossed?.[0] ?? 0 });
}

export function variantText(options) {
  const parts = [plural(options.challenges, "challenge")];
  if (options.advanced) parts.push(`Advanced (${options.required_from === "random" ? "random letters" : "letters from a word"})`);
  if (options.word_by_word === "plain") parts.push("Word by Word");
  if (options.word_by_word === "dice") parts.push("Word by Word, advanced (3 dice a word)");
  if (options.secret) parts.push("Secret");
  if (options.crossed?.[0]) parts.push(`${plural(options.crossed[0], "box", "boxes")} crossed out`);
  parts.push(`${options.lexicon} dictionary`);
  return parts.join(", ");
}

/** A finished game's fingerprint (its options, its last setup and every sheet): each game counts once. */
function gameKey(view) {
  return fingerprint([view.options, view.setup, view.results.map((r) => [r.required, r.sheets.map((s) => [s.rows.map((row) => row.word), s.discards])])]);
}

export function soloBest(view) {
  return soloBestElement({ storageKey: BEST_KEY, variant: variantOf(view.options), variantText: variantText(view.options),
    key: gameKey(view), score: view.totals[0], prefix: "ws" });
}
