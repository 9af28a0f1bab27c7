// Wordsmith's small drawings: pieces with their counts, a word drawn from its pieces, a die's
// face, the alphabet card (a dialog, and a drawer on the race screen) and buttons whose label
// is an icon and text.
import { element, button } from "../../ui.js";
import { KINDS, countsText, pieceSvg, wordSvg, alphabetCard } from "./letters.js";
import { upper } from "./text.js";

// The colour of each kind of piece, as a button names it.
export const COLOUR_NAMES = { red: "red", yellow: "yellow", blue: "blue", green: "green" };

/** A button whose label is several nodes (an icon and text). */
export function iconButton(children, onClick, { primary = false, small = false, className = "", ...attributes } = {}) {
  const classes = ["button", primary && "primary", small && "small", className].filter(Boolean).join(" ");
  const node = element("button", { type: "button", class: classes, ...attributes }, ...children);
  node.addEventListener("click", onClick);
  return node;
}

/** Piece icons with counts: [icon]×3 for each kind (kinds with none shown faded when `all`). */
export function pieceCounts(counts, { size = 28, all = true, marked = {}, label = null, className = "" } = {}) {
  const chips = KINDS.filter((kind) => all || counts[kind]).map((kind) => element("span",
    { class: `ws-chip ws-chip-${kind}${counts[kind] ? "" : " none"}${marked[kind] ? " marked" : ""}`, "data-kind": kind,
      title: `${counts[kind]} ${COLOUR_NAMES[kind]}` },
    pieceSvg(kind, { size }), element("span", { class: "ws-n" }, `×${counts[kind]}`),
    marked[kind] ? element("span", { class: "ws-mark" }, marked[kind]) : null));
  return element("span", { class: `ws-chips ${className}`, role: "img", "aria-label": label ?? countsText(counts) }, ...chips);
}

/** A word drawn from its pieces, with its letters written under it for reading at a glance. */
export function drawnWord(word, { size = 24, className = "" } = {}) {
  return element("span", { class: `ws-drawn ${className}` }, wordSvg(word, { size }),
    element("span", { class: "ws-word-text" }, upper(word)));
}

export function dieFace(face) {
  const kind = face.replace("-star", "");
  const star = face.endsWith("star");
  return element("span", { class: `ws-die${star ? " star" : ""}`, title: star ? `${kind} star: any piece` : kind },
    star ? element("span", { class: "ws-star", style: `color: var(--ws-${kind})` }, "★") : pieceSvg(kind, { size: 26 }));
}

export const howToPlay = () => element("a", { href: "how-to-play/wordsmith.html", target: "_blank", rel: "noopener", class: "ws-how" }, "How to play");

/** The alphabet card over the screen, from a button always next to the die. */
export function alphabetButton() {
  return button("Alphabet card", () => {
    document.getElementById("ws-alphabet-dialog")?.remove();
    const close = button("Close", () => dialog.close(), { small: true, id: "ws-alphabet-close" });
    const dialog = element("dialog", { class: "dialog ws-alphabet-dialog", id: "ws-alphabet-dialog", "aria-label": "The alphabet card" },
      element("div", { class: "ws-dialog-head" }, element("h2", {}, "The alphabet card"), close), alphabetCard());
    dialog.addEventListener("close", () => dialog.remove());
    dialog.addEventListener("click", (event) => event.target === dialog && dialog.close()); // a tap beside it
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }, { small: true, id: "ws-alphabet-open", "aria-haspopup": "dialog" });
}

// The alphabet card stays open (or closed) through redraws once the player has opened it.
let alphabetOpen = false;

export function alphabetDrawer() {
  const details = element("details", { class: "ws-alphabet-drawer", id: "ws-alphabet", open: alphabetOpen },
    element("summary", {}, "The alphabet card: the pieces of every letter"));
  let drawn = false;
  const fill = () => {
    if (drawn || !details.open) return;
    drawn = true;
    details.append(alphabetCard());
  };
  details.addEventListener("toggle", () => {
    alphabetOpen = details.open;
    fill();
  });
  fill();
  return details;
}
