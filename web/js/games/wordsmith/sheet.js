// Wordsmith's paper score sheet: six rows (the required letter first in Advanced), their
// points, the twelve discard boxes and the challenge's score; live, or of a finished challenge.
import { element } from "../../ui.js";
import { upper } from "./text.js";
import { drawnWord } from "./drawings.js";

/** The discard boxes (shape: a view, which gives boxes and free_boxes: twelve, six of them
 * white): the white ones first (the first `crossed` crossed out), then the blue ones, worth a
 * point while unticked; `discards` ticked in order; `pending` more shown as about to be ticked. */
export function discardBoxes({ discards, crossed }, { shape, pending = 0, small = false }) {
  const { boxes: count, free_boxes: free } = shape;
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const blue = i >= free;
    const isCrossed = i < crossed;
    const ticked = !isCrossed && i < crossed + discards;
    const soon = !isCrossed && !ticked && i < crossed + discards + pending;
    const classes = ["ws-box", blue ? "blue" : "white", isCrossed && "crossed", ticked && "ticked", soon && "soon"].filter(Boolean).join(" ");
    boxes.push(element("span", { class: classes, "aria-hidden": "true" }, isCrossed ? "✕" : ticked ? "✓" : soon ? "✓" : blue ? "+1" : ""));
  }
  const left = count - crossed - discards;
  const bonus = free - Math.max(0, discards - (free - crossed));
  return element("div", { class: `ws-boxes${small ? " small" : ""}`, role: "img",
    "aria-label": `Discard boxes: ${discards} ticked${crossed ? `, ${crossed} crossed out` : ""}, ${left} left; bonus ${bonus}` }, ...boxes);
}

/** The paper sheet: six rows (the required letter first in Advanced), points, the discard
 * boxes and the challenge's score. rows: [{word, points?, refusal?} | null]; hidden rows (Secret
 * Wordsmith, someone else's) are filled but unknown. */
function sheetElement({ rows, shape, required = null, discards, crossed, bonus, score = null, caption = null, pending = 0,
  highlightRow = null, small = false, id = null, unchecked = false }) {
  const body = rows.map((row, index) => {
    const word = row?.word ?? null;
    const hidden = row?.hidden;
    const refused = row?.refusal;
    const cells = [element("th", { scope: "row", class: "ws-row-number" }, String(index + 1))];
    if (required) cells.push(element("td", { class: "ws-required" }, upper(required[index])));
    cells.push(element("td", { class: "ws-row-word" },
      word ? drawnWord(word, { size: small ? 18 : 24, className: refused ? "refused" : "" })
        : hidden ? element("span", { class: "muted" }, "a word (secret until the end)") : "",
      refused ? element("span", { class: "ws-refusal" }, refused) : null));
    cells.push(element("td", { class: "ws-points" }, word ? String(row.points ?? word.length) : hidden ? "?" : ""));
    const classes = ["ws-row", index === highlightRow && "chosen", refused && "refused"].filter(Boolean).join(" ");
    return element("tr", { class: classes, "data-row": index }, ...cells);
  });
  const words = rows.reduce((n, row) => n + (row?.word ? (row.points ?? row.word.length) : 0), 0);
  const anyHidden = rows.some((row) => row?.hidden);
  const total = score ?? (anyHidden ? null : words + bonus);
  const columns = required ? 4 : 3;
  return element("table", { class: `ws-sheet${small ? " small" : ""}`, id },
    caption ? element("caption", {}, caption) : null,
    element("tbody", {}, ...body),
    element("tfoot", {},
      element("tr", {}, element("td", { colspan: columns }, discardBoxes({ discards, crossed }, { shape, pending, small }))),
      element("tr", {}, element("td", { colspan: columns, class: "ws-sheet-score" },
        anyHidden ? `Bonus ${bonus} · words checked at the end of the challenge`
          : `Words ${words} + bonus ${bonus} = `, anyHidden ? null : element("strong", { class: "ws-score" }, String(total)),
        unchecked && !anyHidden && words ? element("span", { class: "muted" }, " if every word stands") : null))));
}

/** A player's sheet in the current challenge, from a view's player. */
export function liveSheet(view, player, options = {}) {
  const rows = player.rows.map((word, index) => (word ? { word } : player.filled[index] ? { hidden: true } : null));
  return sheetElement({ rows, shape: view, required: view.required, discards: player.discards, crossed: player.crossed, bonus: player.bonus,
    score: player.score ?? null, unchecked: Boolean(view.options.secret) && view.phase !== "over", ...options });
}

/** A sheet of a finished challenge (checked: Secret Wordsmith's refusals and zeros shown);
 * options.shape: a view of the game (the sheet's numbers). */
export function resultSheet(result, seat, options = {}) {
  const sheet = result.sheets[seat];
  return sheetElement({ rows: sheet.rows.map((row) => (row.word ? row : null)), required: result.required,
    discards: sheet.discards, crossed: sheet.crossed, bonus: sheet.bonus, score: sheet.score, ...options });
}
