// One Letter Better's board as everyone sees it: each card's face, the words on the table by
// player, the staggered discard pile beside the stack, the words out of play and the round's
// status line. The turn panel draws the same parts with taps on them.
import { element, plural } from "../../ui.js";
import { upper, nameOf, cardName } from "./text.js";

// -- cards ---------------------------------------------------------------------------------

const GLYPHS = { green: "✓", blue: "⇄", red: "↓" };

function cardMeaning(card) {
  if (card.kind === "steal-one") return "take a card from another player's hand";
  if (card.kind === "wild") return "any one letter";
  if (card.kind === "double-wild") return "any two letters in a row";
  if (card.colour === "green") return "protects its word";
  if (card.colour === "blue") return "replaces letters at an end, or swaps with the pile";
  if (card.colour === "red") return "goes anywhere inside a word";
  return null;
}

/** A card's face. letters: what a wild card stands for on the table (or null). */
export function cardFace(card, { letters = null, tag = "span", className = "", attrs = {} } = {}) {
  const wild = card.kind === "wild" || card.kind === "double-wild";
  const shown = card.kind === "steal-one" ? "STL-1" : wild ? (letters ? upper(letters) : card.kind === "wild" ? "★" : "★★") : upper(card.letters);
  const classes = ["olb-card", `olb-${card.colour}`, `olb-${card.kind}`, wild && letters && "olb-wild-played",
    shown.length >= 3 && "olb-long", className].filter(Boolean).join(" ");
  const meaning = cardMeaning(card);
  const label = `${cardName(card)}${wild && letters ? ` as ${upper(letters)}` : ""}, ${plural(card.points, "point")}${meaning ? `: ${meaning}` : ""}`;
  // A span is an image of the card, named by the label; a button carries the label as its text
  // (a screen reader reads it, and its name holds what the button shows).
  const named = tag === "span" ? { role: "img", "aria-label": label } : {};
  return element(tag, { class: classes, "data-uid": card.uid, "data-card": card.id, title: label, ...named, ...attrs },
    tag === "span" ? null : element("span", { class: "visually-hidden" }, label),
    element("span", { class: "olb-letters", "aria-hidden": "true" }, shown),
    element("span", { class: "olb-points", "aria-hidden": "true" }, card.points < 0 ? `−${-card.points}` : String(card.points)),
    GLYPHS[card.colour] ? element("span", { class: "olb-glyph", "aria-hidden": "true" }, GLYPHS[card.colour]) : null,
    wild && letters ? element("span", { class: "olb-glyph", "aria-hidden": "true" }, "★") : null);
}

export function cardRow(cards, { className = "", label = null } = {}) {
  return element("span", { class: `olb-cards ${className}`, role: label ? "img" : null, "aria-label": label },
    ...cards.map((card) => cardFace(card, { letters: card.wild ? card.letters : null })));
}

const stealDots = (steals, most) => element("span", { class: "olb-steals", title: `stolen ${plural(steals, "time")} (out of play at ${most})`,
  "aria-label": `stolen ${plural(steals, "time")}` }, "●".repeat(steals) + "○".repeat(Math.max(0, most - steals)));

// -- the board -------------------------------------------------------------------------------

/** One word on the table: its cards (wilds with their letters), its worth and steal dots. */
function wordElement(word, players, { mostSteals, onTap = null, chosen = false, mine = false }) {
  const tag = onTap ? "button" : "div";
  const node = element(tag, { class: `olb-word${chosen ? " chosen" : ""}${mine ? " mine" : ""}`, "data-word": word.id, "data-owner": word.owner,
    "data-text": word.text, type: onTap ? "button" : null, "aria-pressed": onTap ? String(chosen) : null },
  // Read as one line; the cards and dots are what the eye reads.
  element("span", { class: "visually-hidden" },
    `${upper(word.text)}, ${nameOf(players, word.owner)}'s, worth ${word.worth}${word.steals ? `, stolen ${plural(word.steals, "time")}` : ""}`),
  element("span", { class: "olb-word-face", "aria-hidden": "true" }, cardRow(word.cards),
    element("span", { class: "olb-word-meta" }, element("strong", {}, String(word.worth)), " ", stealDots(word.steals, mostSteals))));
  if (onTap) node.addEventListener("click", onTap);
  return node;
}

/** Everyone's words on the table, by player (the viewer's first), with their scores. */
export function tableElement(view, players, { onTap = null, chosen = null } = {}) {
  const seats = players.map((_p, seat) => seat);
  const me = view.seat;
  if (me !== null && me !== undefined) seats.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  return element("section", { class: "olb-table", id: "olb-table", "aria-label": "Words on the table" },
    ...seats.map((seat) => {
      const words = view.words.filter((word) => word.owner === seat);
      const you = seat === me;
      return element("div", { class: `olb-seat${view.turn === seat && view.phase !== "over" ? " due" : ""}`, "data-seat": seat },
        element("div", { class: "olb-seat-head" },
          element("strong", {}, you ? `${nameOf(players, seat)} (you)` : nameOf(players, seat)),
          element("span", { class: "muted" }, ` ${plural(view.scores[seat], "point")} this round · ${plural(view.hand_sizes[seat], "card")} in hand`)),
        element("div", { class: "olb-words" }, ...(words.length ? words.map((word) => wordElement(word, players,
          { mostSteals: view.max_steals, onTap: onTap ? () => onTap(word) : null, chosen: chosen === word.id, mine: you }))
          : [element("span", { class: "muted olb-none" }, "no word on the table")])));
    }));
}

/** The discard pile, bottom to top, staggered so every card shows; the stack's count. */
export function pileElement(view, { onTap = null, marked = null, markText = "" } = {}) {
  const cards = view.pile.map((card, index) => {
    const isMarked = marked !== null && index >= marked.from && index <= marked.to;
    const face = cardFace(card, { tag: onTap ? "button" : "span",
      className: `olb-pile-card${isMarked ? " marked" : ""}${marked?.bottom === index ? " bottom" : ""}`,
      attrs: { "data-index": index, type: onTap ? "button" : null } });
    if (onTap) face.addEventListener("click", () => onTap(index));
    return face;
  });
  return element("section", { class: "olb-heaps", "aria-label": "The stack and the discard pile" },
    element("div", { class: "olb-stack", id: "olb-stack", title: "The stack (face down)" },
      element("span", { class: "olb-stack-count" }, String(view.stack)), element("span", { class: "olb-stack-label" }, view.stack === 1 ? "card left" : "cards left")),
    element("div", { class: "olb-pile-wrap" },
      element("div", { class: "olb-pile-label muted" }, view.pile.length ? `Discard pile (${view.pile.length}), top card last${markText ? ` · ${markText}` : ""}` : "Discard pile: empty"),
      element("div", { class: "olb-pile", id: "olb-pile" }, ...cards)));
}

export function outElement(view, players) {
  if (!view.out.length) return null;
  return element("details", { class: "olb-out", id: "olb-out" },
    element("summary", {}, `Out of play (${view.out.length})`),
    element("ul", {}, ...view.out.map((word) => element("li", { "data-word": word.id },
      word.cards ? cardRow(word.cards, { className: "small" }) : element("strong", { class: "olb-out-word" }, upper(word.text)),
      ` ${nameOf(players, word.owner)} · ${plural(word.worth, "point")} · ${word.out}`))));
}

export function statusLine(view) {
  const parts = [`Round ${view.round} of ${view.rounds}`];
  const target = view.options.target;
  if (view.options.players > 1) parts.push(target ? `first to ${target} points wins the round` : "played to the end of the deck");
  if (view.options.judge === "players" && view.options.players > 1) parts.push("players decide (challenges)");
  if (view.options.family) parts.push("family scoring");
  return element("p", { class: "olb-status muted", id: "olb-status" }, parts.join(" · "));
}

/** The board as everyone sees it, plus a hand drawn read-only (own, or every hand revealed). */
export function boardElement(view, players, { handTitle = null, hands = null } = {}) {
  const parts = [statusLine(view), tableElement(view, players), pileElement(view), outElement(view, players)];
  if (hands) {
    parts.push(element("section", { class: "olb-hands" }, ...hands.map(([title, cards]) => element("div", { class: "olb-hand-line" },
      element("span", { class: "olb-hand-title" }, title), cards.length ? cardRow(cards, { className: "small" }) : element("span", { class: "muted" }, "no cards")))));
  } else if (handTitle && view.hand) {
    parts.push(element("section", { class: "olb-hand-section" }, element("h3", { class: "olb-h" }, handTitle),
      element("div", { class: "olb-hand read-only" }, ...view.hand.map((card) => cardFace(card)))));
  }
  return element("div", { class: "olb-board", id: "olb-board" }, ...parts);
}
