// Solo play's "beat yourself": the best score of each variant of a game, kept on this device,
// each finished game counted once (by a fingerprint of what made it). Written once for every
// game with a solo mode; a game gives its storage key, what makes a variant and a fingerprint.
import { element, plural } from "./ui.js";
import { readJSON, writeJSON } from "./store.js";

const isBestTable = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const SEEN_KEPT = 200; // fingerprints of games already counted, per variant

/** A short stable hash of a JSON value (two 32-bit FNV-style passes): names a finished game. */
export function fingerprint(value) {
  const text = JSON.stringify(value);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16)}${b.toString(16)}`;
}

/** The best of a variant so far ({key, score, before, when}), or null. */
export function bestFor(storageKey, variant) {
  return readJSON(storageKey, {}, isBestTable).value[variant]?.best ?? null;
}

/**
 * Records a finished solo game once and says how it compares with the best of its variant:
 * an element with id and class `${prefix}-best`, its text in `${prefix}-best-text`, and a hint
 * naming the variant (variantText) and the games played.
 */
export function soloBestElement({ storageKey, variant, variantText, key, score, prefix }) {
  const { value: table, problem } = readJSON(storageKey, {}, isBestTable);
  const entry = isBestTable(table[variant]) ? table[variant] : { games: 0, best: null, seen: [] };
  const seen = Array.isArray(entry.seen) ? entry.seen : [];
  let note = problem;
  if (!seen.includes(key)) {
    const before = entry.best?.score ?? null;
    entry.games = (entry.games ?? 0) + 1;
    entry.seen = [...seen, key].slice(-SEEN_KEPT);
    if (before === null || score > before) entry.best = { key, score, before, when: new Date().toISOString() };
    try {
      writeJSON(storageKey, { ...table, [variant]: entry });
    } catch (error) {
      note = error.message;
    }
  }
  const best = entry.best;
  const points = plural(score, "point");
  let text;
  if (best?.key === key) {
    text = best.before === null ? `Your first solo game in this variant: ${points} is the score to beat.`
      : `A new best! ${points} beats your previous best of ${best.before}.`;
  } else if (best) {
    text = score === best.score ? `${points}: level with your best, ${best.score}.`
      : `${points}. Your best in this variant is ${best.score}: not beaten this time.`;
  } else {
    text = `${points}.`;
  }
  return element("div", { class: `notice ${prefix}-best`, id: `${prefix}-best` },
    element("p", { class: `${prefix}-best-text` }, text),
    element("p", { class: "hint" }, `Variant: ${variantText} · ${plural(entry.games ?? 1, "game")} played${note ? ` · ${note}` : ""}`));
}
