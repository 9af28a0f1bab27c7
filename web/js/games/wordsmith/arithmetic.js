// Wordsmith's pieces arithmetic, a mirror of Python's for the preview only: what a word takes,
// what it lacks and what it leaves over. Python still decides every claim.
import { plural } from "../../ui.js";
import { KINDS, CHARACTERS, countsOf } from "./letters.js";
import { upper } from "./text.js";

/** The pieces a word takes, {red, yellow, blue, green}; null when a character has no pieces. */
export function costOf(word) {
  const total = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  for (const char of word) {
    if (!CHARACTERS.includes(char)) return null;
    const counts = countsOf(char);
    for (const kind of KINDS) total[kind] += counts[kind];
  }
  return total;
}

export const sum = (counts) => KINDS.reduce((n, kind) => n + (counts?.[kind] ?? 0), 0);

/** Lowercase, typographic apostrophes made plain, spaces dropped. */
export function normalise(text) {
  return String(text).toLowerCase().replace(/[\u2019\u2018`]/g, "'").replace(/[\u2010-\u2013]/g, "-").replace(/\s+/g, "");
}

/**
 * What claiming `word` would do for player `me` (a view's player): {cost, short (pieces
 * missing beyond circles), circlesUsed, over (left over, unspent circles included), blueTicked
 * (bonus points lost), problems [text], row (Advanced: the row it would go in)}.
 */
export function planOf(view, me, word, chosenRow = null) {
  const problems = [];
  const cost = costOf(word);
  if (!word) return { cost: null, problems: [] };
  if (!cost) {
    const odd = [...word].find((char) => !CHARACTERS.includes(char));
    return { cost: null, problems: [`“${odd}” cannot be built: letters are A to Z, the hyphen and the apostrophe.`] };
  }
  const pool = me.pool;
  const short = Object.fromEntries(KINDS.map((kind) => [kind, Math.max(0, cost[kind] - pool[kind])]));
  const spare = KINDS.reduce((n, kind) => n + Math.max(0, pool[kind] - cost[kind]), 0);
  const circles = me.circles ?? 0;
  const circlesUsed = Math.min(circles, sum(short));
  const missing = sum(short) - circlesUsed;
  const over = spare + Math.max(0, circles - sum(short));
  const freeLeft = Math.max(0, view.free_boxes - me.crossed - me.discards);
  const blueTicked = Math.max(0, over - freeLeft);
  const plan = { cost, short, circlesUsed, missing, over, blueTicked, problems, row: null };
  if (missing > 0) {
    const lacking = KINDS.filter((kind) => short[kind]).map((kind) => `${short[kind]} ${kind}`).join(", ");
    problems.push(circles ? `Your pool and your ${plural(circles, "circle")} cannot build it: it lacks ${lacking} (${plural(missing, "piece")} more than your circles).`
      : `Your pool cannot build it: it lacks ${lacking}.`);
  } else if (over > me.boxes_left) {
    problems.push(me.boxes_left === 0
      ? `Every discard box is ticked: a word must use every piece in your pool (this leaves ${over} over).`
      : `It would leave ${plural(over, "piece")} over, and you have only ${plural(me.boxes_left, "discard box", "discard boxes")} left.`);
  }
  if (!view.options.secret && (view.claimed ?? []).includes(word)) problems.push(`${upper(word)} was already claimed in this challenge.`);
  if (view.required) {
    const free = [...Array(view.rows).keys()].filter((row) => !me.filled[row]);
    const fits = free.filter((row) => word.includes(view.required[row]));
    if (chosenRow !== null && free.includes(chosenRow)) plan.row = chosenRow;
    else plan.row = fits[0] ?? null;
    if (plan.row === null) {
      problems.push(`It needs the required letter of an empty row: ${free.map((row) => upper(view.required[row])).join(", ")}.`);
    } else if (!word.includes(view.required[plan.row])) {
      problems.push(`Row ${plan.row + 1} needs the letter ${upper(view.required[plan.row])}.`);
    }
  }
  return plan;
}
