// One Letter Better in the browser: the table of everyone's words, the staggered discard pile,
// the stack, the hand as cards to tap; a play is made by choosing cards, then (to change a word)
// a word on the table and where the cards go, and the screen asks Python what that play would
// make and score ("preview") before it is sent. Also: accepting or challenging a play when the
// players judge, discarding down to eight, each round's result, the end with every hand shown,
// solo best scores, and the replay. Python decides every rule (games/one_letter_better/rules.py):
// nothing here decides whether a play is allowed.
import { element, button, redraw, plural, scoreAgainst, does, whose, isYou, toPlayer, finishedLine } from "../../ui.js";
import { fingerprint, soloBestElement } from "../../solo-best.js";

export const id = "one-letter-better";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "plays one short word a turn and never steals: a gentle opponent.",
  medium: "plays its best-scoring words and simple steals, and takes a good card from the pile. It beats the easy bot nearly every game.",
  hard: "uses every kind of play, weighs what a play takes from a rival and how likely the cards it cannot see are to steal its word back, and discards its hardest cards. It beats the medium bot about 9 games in 10.",
};
export const historyTitle = "Scores";
export const privacyNote = "Everyone else, look away: hands are secret.";

const TURN_HAND = 8;
const MAX_DISCARD = 4;
const MAX_STEALS = 3;
const DEFAULT_BONUS = 5;
const BEST_KEY = "wordtable.one-letter-better.best.v1";
const upper = (text) => String(text).toUpperCase();
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const nameOf = (players, seat) => players?.[seat]?.name ?? `Player ${seat + 1}`;
const GLYPHS = { green: "✓", blue: "⇄", red: "↓" };

// -- cards ---------------------------------------------------------------------------------

/** What a card is called in sentences: "T", "green E", "red R", "wild card", "STL-1". */
export function cardName(card) {
  if (card.kind === "steal-one") return "STL-1";
  if (card.kind === "wild") return "wild card";
  if (card.kind === "double-wild") return "double wild card";
  return `${card.colour === "plain" ? "" : `${card.colour} `}${upper(card.letters)}`;
}

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
function cardFace(card, { letters = null, tag = "span", className = "", attrs = {} } = {}) {
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

function cardRow(cards, { className = "", label = null } = {}) {
  return element("span", { class: `olb-cards ${className}`, role: label ? "img" : null, "aria-label": label },
    ...cards.map((card) => cardFace(card, { letters: card.wild ? card.letters : null })));
}

const stealDots = (steals) => element("span", { class: "olb-steals", title: `stolen ${plural(steals, "time")} (out of play at ${MAX_STEALS})`,
  "aria-label": `stolen ${plural(steals, "time")}` }, "●".repeat(steals) + "○".repeat(Math.max(0, MAX_STEALS - steals)));

// -- the board -------------------------------------------------------------------------------

/** One word on the table: its cards (wilds with their letters), its worth and steal dots. */
function wordElement(word, players, { onTap = null, chosen = false, mine = false } = {}) {
  const tag = onTap ? "button" : "div";
  const node = element(tag, { class: `olb-word${chosen ? " chosen" : ""}${mine ? " mine" : ""}`, "data-word": word.id, "data-owner": word.owner,
    "data-text": word.text, type: onTap ? "button" : null, "aria-pressed": onTap ? String(chosen) : null },
  // Read as one line; the cards and dots are what the eye reads.
  element("span", { class: "visually-hidden" },
    `${upper(word.text)}, ${nameOf(players, word.owner)}'s, worth ${word.worth}${word.steals ? `, stolen ${plural(word.steals, "time")}` : ""}`),
  element("span", { class: "olb-word-face", "aria-hidden": "true" }, cardRow(word.cards),
    element("span", { class: "olb-word-meta" }, element("strong", {}, String(word.worth)), " ", stealDots(word.steals))));
  if (onTap) node.addEventListener("click", onTap);
  return node;
}

/** Everyone's words on the table, by player (the viewer's first), with their scores. */
function tableElement(view, players, { onTap = null, chosen = null } = {}) {
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
          { onTap: onTap ? () => onTap(word) : null, chosen: chosen === word.id, mine: you }))
          : [element("span", { class: "muted olb-none" }, "no word on the table")])));
    }));
}

/** The discard pile, bottom to top, staggered so every card shows; the stack's count. */
function pileElement(view, { onTap = null, marked = null, markText = "" } = {}) {
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

function outElement(view, players) {
  if (!view.out.length) return null;
  return element("details", { class: "olb-out", id: "olb-out" },
    element("summary", {}, `Out of play (${view.out.length})`),
    element("ul", {}, ...view.out.map((word) => element("li", { "data-word": word.id },
      word.cards ? cardRow(word.cards, { className: "small" }) : element("strong", { class: "olb-out-word" }, upper(word.text)),
      ` ${nameOf(players, word.owner)} · ${plural(word.worth, "point")} · ${word.out}`))));
}

function statusLine(view) {
  const parts = [`Round ${view.round} of ${view.rounds}`];
  const target = view.options.target;
  if (view.options.players > 1) parts.push(target ? `first to ${target} points wins the round` : "played to the end of the deck");
  if (view.options.judge === "players" && view.options.players > 1) parts.push("players decide (challenges)");
  if (view.options.family) parts.push("family scoring");
  return element("p", { class: "olb-status muted", id: "olb-status" }, parts.join(" · "));
}

/** The board as everyone sees it, plus a hand drawn read-only (own, or every hand revealed). */
function boardElement(view, players, { handTitle = null, hands = null } = {}) {
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

// -- rounds' results -------------------------------------------------------------------------

function roundHow(result, view, players) {
  if (result.how === "target") return `${nameOf(players, result.winner)} reached ${view.options.target} points.`;
  if (view.options.players === 1) return "The deck is played through.";
  return "The stack ran out and nobody could play: the top scorer keeps their hand's points.";
}

/** A finished round: scores, what each hand cost, the round's result; every hand shown. */
function roundResultElement(result, number, view, players, { ids = true, hands = true } = {}) {
  const soloPile = view.options.players === 1 && view.options.solo_pile;
  return element("div", { class: "olb-round-result", id: ids ? "olb-round-result" : null, "data-round": number },
    element("p", { class: "olb-round-title" }, element("strong", {}, `Round ${number}: `), roundHow(result, view, players)),
    element("table", { class: "scoring olb-result-table" },
      element("thead", {}, element("tr", {}, element("th", {}, "Player"), element("th", { class: "points" }, "Words"),
        element("th", { class: "points" }, soloPile ? "Hand + pile" : "Hand"), element("th", { class: "points" }, "Round"))),
      element("tbody", {}, ...players.map((_player, seat) => element("tr", { "data-seat": seat },
        element("th", {}, `${result.winner === seat ? "★ " : ""}${nameOf(players, seat)}`),
        element("td", { class: "points" }, String(result.scores[seat])),
        element("td", { class: "points olb-penalty" }, result.penalties[seat] ? `−${result.penalties[seat]}`
          : (result.kept ?? []).includes(seat) ? element("span", { class: "olb-kept" }, "0 (not counted)") : "0"),
        element("td", { class: "points olb-final" }, element("strong", {}, String(result.final[seat]))))))),
    hands ? element("div", { class: "olb-hands" }, ...players.map((_p, seat) => element("div", { class: "olb-hand-line" },
      element("span", { class: "olb-hand-title" }, `${nameOf(players, seat)}'s hand`),
      result.hands[seat].length ? cardRow(result.hands[seat], { className: "small" }) : element("span", { class: "muted" }, "empty")))) : null);
}

/** Scores by round and the game's totals (the round being played as "now"). */
function scoreTable(view, players, { id = null, now = true } = {}) {
  const winners = view.outcome?.winners ?? [];
  const playing = now && view.phase !== "over";
  return element("table", { class: "scoring olb-scores", id },
    element("thead", {}, element("tr", {}, element("th", {}, ""), ...players.map((_p, seat) =>
      element("th", { class: "points" }, `${winners.includes(seat) ? "★ " : ""}${nameOf(players, seat)}`)))),
    element("tbody", {},
      ...view.results.map((result, index) => element("tr", {}, element("th", {}, `Round ${index + 1}`),
        ...result.final.map((points) => element("td", { class: "points" }, String(points))))),
      playing ? element("tr", { class: "olb-now" }, element("th", {}, `Round ${view.round} (now)`),
        ...view.scores.map((points) => element("td", { class: "points" }, String(points)))) : null),
    element("tfoot", {}, element("tr", {}, element("th", {}, "Total"), ...view.totals.map((total, seat) =>
      element("td", { class: "points olb-total", "data-seat": seat }, element("strong", {}, String(total + (playing ? view.scores[seat] : 0))))))));
}

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
  if (view.phase === "over") {
    return finishedLine(view, players, resultLine(view, 0), scoreLine(view, players));
  }
  return `Round ${view.round} of ${view.rounds} · ${scoreLine(view, players)}`;
}

export function headline(view, players) {
  if (view.phase === "over") return "Game over";
  const round = `Round ${view.round} of ${view.rounds}`;
  if (view.phase === "challenge") return `${round} · ${nameOf(players, view.challenge.seat)} played ${view.challenge.words.map(upper).join(" + ")}: accept or challenge?`;
  if (view.phase === "trim") return `${round} · ${does(nameOf(players, view.trimming), "discards")} down to ${TURN_HAND}`;
  if (view.phase === "draw") return `${round} · ${whose(nameOf(players, view.turn))} turn: draw or take`;
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
  if (view.phase === "trim") return `is discarding down to ${TURN_HAND} cards`;
  if (view.phase === "draw") return "is starting a turn";
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

// -- setup -----------------------------------------------------------------------------------

/** Rounds, the target, who checks the words, family scoring, a per-player bonus (handicap),
 * and for one player whether the discard pile counts against them. */
export function setupFields(container, { players, info } = {}) {
  const option = (name) => info?.options?.find((o) => o.name === name) ?? {};
  const defaultFor = (name, count) => option(name).by_players?.[count] ?? option(name).default;
  const rounds = element("input", { type: "number", id: "olb-rounds", min: option("rounds").minimum ?? 1, max: option("rounds").maximum ?? 8,
    value: defaultFor("rounds", players?.() ?? 2), inputmode: "numeric" });
  const target = element("input", { type: "number", id: "olb-target", min: option("target").minimum ?? 0, max: option("target").maximum ?? 500,
    step: 5, value: defaultFor("target", players?.() ?? 2), inputmode: "numeric" });
  const touched = { rounds: false, target: false };
  rounds.addEventListener("input", () => { touched.rounds = true; });
  target.addEventListener("input", () => { touched.target = true; });
  const byApp = element("input", { type: "radio", name: "olb-judge", id: "olb-judge-app", value: "app", checked: option("judge").default !== "players" });
  const byPlayers = element("input", { type: "radio", name: "olb-judge", id: "olb-judge-players", value: "players", checked: option("judge").default === "players" });
  const family = element("input", { type: "checkbox", id: "olb-family", checked: Boolean(option("family").default) });
  const handicap = element("input", { type: "checkbox", id: "olb-handicap" });
  const bonusList = element("div", { class: "olb-bonus-list", id: "olb-bonus-list", hidden: true });
  let bonusInputs = [];
  const soloPile = element("input", { type: "checkbox", id: "olb-solo-pile", checked: Boolean(option("solo_pile").default) });
  const check = (input, label, line) => element("label", { class: "check", for: input.id }, input,
    element("span", {}, label, line ? element("br") : null, line ? element("span", { class: "muted" }, line) : null));
  const many = element("div", { class: "olb-many" },
    element("label", { for: "olb-target" }, "Points that win a round"),
    element("div", { class: "row" }, target, element("span", { class: "muted" }, "0 = no target: each round is played to the end of the deck")),
    element("fieldset", { class: "olb-judge" }, element("legend", {}, "Who checks the words"),
      check(byApp, "The app checks each word", "A word not in the dictionary is refused at once."),
      check(byPlayers, "Players decide, with challenges", "Words are not checked: after each play the others accept it or challenge it, and only a challenge looks it up.")),
    check(family, "Family scoring", "A stolen word's points stay with its owner too."),
    check(handicap, "A different bonus per player (handicap)", `Each card above three in a word earns ${DEFAULT_BONUS} points; give a stronger player fewer.`),
    bonusList);
  const solo = element("div", { class: "olb-solo", id: "olb-solo", hidden: true },
    element("p", { class: "hint" }, "Alone, you play through the whole deck and try to beat your best score for this variant (kept on this device). STL-1 cards are left out and every word is checked."),
    check(soloPile, "Harder: the discard pile counts against you too", "At the end, the pile's points are taken off as well as your hand's."));
  const drawBonus = (count) => {
    const before = bonusInputs.map((input) => input.value);
    bonusInputs = [...Array(count).keys()].map((seat) => element("input", { type: "number", min: option("bonus").minimum ?? 0,
      max: option("bonus").maximum ?? 10, value: before[seat] ?? DEFAULT_BONUS, id: `olb-bonus-${seat}`, inputmode: "numeric" }));
    bonusList.replaceChildren(...bonusInputs.map((input, seat) => element("label", { for: input.id, class: "olb-bonus-row" },
      `Player ${seat + 1}: points per card above three `, input)));
  };
  const refresh = (count = players?.() ?? 2) => {
    if (!touched.rounds) rounds.value = defaultFor("rounds", count);
    if (!touched.target) target.value = defaultFor("target", count);
    many.hidden = count === 1;
    solo.hidden = count !== 1;
    bonusList.hidden = !handicap.checked || count === 1;
    if (bonusInputs.length !== count) drawBonus(count);
  };
  handicap.addEventListener("change", () => refresh());
  container.replaceChildren(element("fieldset", { class: "olb-setup" }, element("legend", {}, "Game"),
    element("label", { for: "olb-rounds" }, "Rounds"), rounds, many, solo,
    element("p", { class: "hint" }, element("a", { href: "how-to-play/one-letter-better.html", target: "_blank", rel: "noopener" }, "How to play One Letter Better"))));
  refresh();
  return {
    playersChanged: (count) => refresh(count),
    read: () => {
      const count = players?.() ?? 2;
      return {
        rounds: Math.min(8, Math.max(1, Math.round(Number(rounds.value)) || 1)),
        target: count === 1 ? 0 : Math.min(500, Math.max(0, Math.round(Number(target.value) || 0))),
        judge: count > 1 && byPlayers.checked ? "players" : "app",
        family: count > 1 && family.checked,
        bonus: count > 1 && handicap.checked ? bonusInputs.map((input) => Math.min(10, Math.max(0, Math.round(Number(input.value) || 0)))) : [],
        solo_pile: count === 1 && soloPile.checked,
      };
    },
  };
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

/** "Players decide": the others accept a play or challenge it. Nothing secret is shown. */
function challengeScreen(view, player, act, players) {
  const message = element("output", { id: "olb-message", "aria-live": "polite" });
  const { seat, words, scored, forfeit } = view.challenge;
  const who = nameOf(players, seat);
  const send = async (type) => {
    try {
      await act({ type });
    } catch (error) {
      message.className = "bad";
      message.textContent = error.message;
    }
  };
  const shown = words.map(upper).join(" and ");
  const accepted = view.challenge.accepted.map((s) => nameOf(players, s));
  return element("div", { class: "turn olb-turn olb-challenge", id: "olb-challenge-screen" },
    element("p", { class: "word-banner" }, toPlayer(player.name, `${who} played `, ": "), element("strong", { class: "olb-challenged" }, shown),
      ` for ${signed(scored)}. ${words.length > 1 ? "Are they all words?" : "Is it a word?"}`),
    element("div", { class: "row" },
      button(`Accept ${shown}`, () => send("accept"), { primary: true, id: "olb-accept", "data-next": true }),
      button("Challenge it", () => send("challenge"), { id: "olb-challenge" })),
    element("p", { class: "hint" }, `A challenge looks it up in the game's dictionary. Found: it stands and ${who} scores double (${signed(scored * 2)} in all). Not found: the play is taken back, you score ${forfeit} (the whole word's worth), and ${who}'s turn ends. Whoever loses a challenge discards down to ${TURN_HAND} cards.`),
    accepted.length ? element("p", { class: "muted" }, `Accepted by ${accepted.join(", ")}.`) : null,
    message,
    boardElement(view, players));
}

/** The turn of the seat due: draw or take; plays, discards, the end; discarding down to 8. */
class TurnPanel {
  constructor(view, player, { act, suggest, ask, players }) {
    Object.assign(this, { view, player, act, suggest, ask, players });
    this.me = view.seat;
    this.hand = view.hand ?? [];
    this.byUid = new Map(this.hand.map((card) => [card.uid, card]));
    this.sel = [];            // hand cards chosen, in spelling order
    this.wild = {};           // uid -> the letters a wild card stands for
    this.target = null;       // a word on the table (id)
    this.placeKey = null;     // how the cards go into it
    this.pileFrom = view.phase === "draw" && view.pile.length ? view.pile.length - 1 : null; // take from here to the top
    this.pileSwap = null;     // a pile card a blue card would swap with
    this.suggested = null;    // the id of the button a suggestion points at
    this.previewSeq = 0;
    this.element = element("div", { class: "turn olb-turn", id: "olb-turn" });
    this.message = element("output", { id: "olb-message", "aria-live": "polite" });
    this.draw();
  }

  get phase() {
    return this.view.phase;
  }

  say(text, bad = false) {
    this.message.className = bad ? "bad" : text ? "good" : "";
    this.message.textContent = text;
  }

  async send(move) {
    this.say("");
    try {
      await this.act(move);
    } catch (error) {
      this.say(error.message, true);
    }
  }

  // -- what is chosen -------------------------------------------------------------------------

  cards() {
    return this.sel.map((uid) => this.byUid.get(uid));
  }

  entries(uids = this.sel) {
    return uids.map((uid) => {
      const card = this.byUid.get(uid);
      const letters = (this.wild[uid] ?? "").toLowerCase();
      if ((card.kind === "wild" || card.kind === "double-wild") && letters) return [uid, letters];
      return uid;
    });
  }

  lettersOf(card) {
    if (card.kind === "wild") return this.wild[card.uid] || "?";
    if (card.kind === "double-wild") return this.wild[card.uid] || "??";
    return card.letters;
  }

  targetWord() {
    return this.view.words.find((word) => word.id === this.target) ?? null;
  }

  tapCard(uid) {
    const at = this.sel.indexOf(uid);
    if (at >= 0) this.sel.splice(at, 1);
    else this.sel.push(uid);
    this.pileSwap = null;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  tapWord(word) {
    this.target = this.target === word.id ? null : word.id;
    this.placeKey = null;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  clear() {
    this.sel = [];
    this.target = null;
    this.placeKey = null;
    this.pileSwap = null;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  /** The ways the chosen cards can go into the chosen word, each with what it would spell:
   * [{key, move, parts: [[text, added?]…], verb}]. */
  placements() {
    const word = this.targetWord();
    if (!word) return [];
    const mine = word.owner === this.me;
    const cards = this.cards();
    const text = word.cards.map((c) => c.letters);
    const places = [];
    if (!cards.length) {
      if (mine) return [];
      for (const own of this.view.words.filter((w) => w.owner === this.me && !w.cards.some((c) => c.wild))) {
        places.push({ key: `join-${own.id}-first`, verb: "join", move: { type: "join", word: word.id, with: own.id, first: true },
          parts: [[upper(own.text), true], [upper(word.text), false]] });
        places.push({ key: `join-${own.id}-last`, verb: "join", move: { type: "join", word: word.id, with: own.id, first: false },
          parts: [[upper(word.text), false], [upper(own.text), true]] });
      }
      return places;
    }
    if (cards.some((card) => card.kind === "steal-one")) return [];
    const added = upper(cards.map((card) => this.lettersOf(card)).join(""));
    places.push({ key: "end", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: [], back: this.entries() },
      parts: [[upper(word.text), false], [added, true]] });
    places.push({ key: "front", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: this.entries(), back: [] },
      parts: [[added, true], [upper(word.text), false]] });
    if (this.split !== undefined && this.split > 0 && this.split < cards.length) {
      const front = this.sel.slice(0, this.split);
      const back = this.sel.slice(this.split);
      const spell = (uids) => upper(uids.map((uid) => this.lettersOf(this.byUid.get(uid))).join(""));
      places.push({ key: "both", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: this.entries(front), back: this.entries(back) },
        parts: [[spell(front), true], [upper(word.text), false], [spell(back), true]] });
    }
    if (cards.length === 1 && cards[0].colour === "red") {
      for (let at = 1; at < text.length; at++) {
        places.push({ key: `insert-${at}`, verb: "insert", move: { type: "insert", word: word.id, at, card: cards[0].uid },
          parts: [[upper(text.slice(0, at).join("")), false], [added, true], [upper(text.slice(at).join("")), false]] });
      }
    }
    if (cards.length === 1 && cards[0].colour === "blue") {
      const size = cards[0].letters.length;
      for (const side of ["front", "end"]) {
        let letters = 0;
        for (let count = 1; count < text.length; count++) {
          letters += (side === "front" ? text[count - 1] : text[text.length - count]).length;
          if (letters > size) break;
          if (letters !== size) continue;
          const kept = side === "front" ? text.slice(count) : text.slice(0, text.length - count);
          const gone = side === "front" ? text.slice(0, count) : text.slice(text.length - count);
          places.push({ key: `replace-${side}-${count}`, verb: "replace", gone: upper(gone.join("")),
            move: { type: "replace", word: word.id, card: cards[0].uid, side, count },
            parts: side === "front" ? [[added, true], [upper(kept.join("")), false]] : [[upper(kept.join("")), false], [added, true]] });
        }
      }
    }
    return places;
  }

  /** The play the screen would send now, with its button's words; null when none. */
  candidate() {
    if (this.phase !== "play") return null;
    const cards = this.cards();
    if (this.target === null) {
      if (cards.length && !cards.some((card) => card.kind === "steal-one")) {
        return { move: { type: "word", cards: this.entries() }, label: `Play ${upper(cards.map((c) => this.lettersOf(c)).join(""))}`, verb: "word" };
      }
      return null;
    }
    const places = this.placements();
    const place = places.find((p) => p.key === this.placeKey) ?? places[0];
    if (!place) return null;
    this.placeKey = place.key;
    const word = this.targetWord();
    const spelled = place.parts.map(([text]) => text).join("");
    const labels = {
      add: `Make ${upper(word.text)} into ${spelled}`, steal: `Steal ${upper(word.text)}: ${spelled}`,
      insert: word.owner === this.me ? `Insert: ${spelled}` : `Steal ${upper(word.text)}: ${spelled}`,
      replace: `${word.owner === this.me ? "Change" : "Steal"} ${upper(word.text)}: ${spelled}`,
      join: `Steal ${upper(word.text)}: ${spelled}`,
    };
    return { move: place.move, label: labels[place.verb], verb: place.verb, place };
  }

  // -- drawing -------------------------------------------------------------------------------

  draw() {
    const view = this.view;
    const parts = [];
    if (this.phase === "trim") parts.push(element("p", { class: "word-banner" },
      toPlayer(this.player.name, `you lost the challenge. Discard ${plural(this.hand.length - TURN_HAND, "card")}, down to ${TURN_HAND}.`, ": ")));
    else if (this.phase === "draw") parts.push(element("p", { class: "word-banner" },
      toPlayer(this.player.name, `begin your turn. Draw from the stack, or take cards from the top of the discard pile.`, ": ")));
    else parts.push(element("p", { class: "word-banner" }, this.playBanner()));
    if (view.must_play !== null && view.must_play !== undefined && this.byUid.has(view.must_play)) {
      parts.push(element("p", { class: "notice olb-must", id: "olb-must" }, `Your next play must use the `,
        element("strong", {}, cardName(this.byUid.get(view.must_play))), " you took from the pile (marked in your hand), or put the cards back."));
    }
    // The table and the pile first, then the hand with what it is making right under it.
    parts.push(statusLine(view),
      tableElement(view, this.players, { onTap: this.phase === "play" ? (word) => this.tapWord(word) : null, chosen: this.target }),
      pileElement(view, this.pileTapper()));
    // On a phone the hand and its buttons stay at the foot of the screen while the table scrolls.
    parts.push(element("div", { class: "olb-play-area", id: "olb-play-area" }, this.handSection(), this.actionsSection(), this.message));
    parts.push(outElement(view, this.players),
      element("p", { class: "hint" }, element("a", { href: "how-to-play/one-letter-better.html", target: "_blank", rel: "noopener" }, "How to play"),
        " · a word is worth its cards' points, plus ", String(view.bonus[this.me]), " for each card above three."));
    redraw(this.element, parts.filter(Boolean)); // a tap redraws the turn: the keyboard keeps its place
    this.refreshPreview();
  }

  playBanner() {
    const { view } = this;
    if (view.played) return toPlayer(this.player.name, `play more, or end your turn.`, ": ");
    if (!view.stack) return toPlayer(this.player.name, `play, or end your turn (the stack is empty: no more discarding).`, ": ");
    return toPlayer(this.player.name, `play a word, change one on the table, or discard one to four cards.`, ": ");
  }

  handSection() {
    const view = this.view;
    const taken = new Set(view.taken ?? []);
    const cards = this.hand.map((card) => {
      const order = this.sel.indexOf(card.uid);
      const must = view.must_play === card.uid;
      const face = cardFace(card, { tag: "button", className: ["olb-hand-card", order >= 0 && "selected", must && "must", taken.has(card.uid) && "taken"].filter(Boolean).join(" "),
        attrs: { type: "button", "aria-pressed": String(order >= 0), "data-next": this.phase !== "draw" } });
      if (order >= 0) face.append(element("span", { class: "olb-order", "aria-hidden": "true" }, String(order + 1)));
      if (must) face.append(element("span", { class: "olb-must-tag", "aria-hidden": "true" }, "must play"));
      face.addEventListener("click", () => this.tapCard(card.uid));
      return face;
    });
    // The instruction is small beside the title: on a phone the hand sits over the table.
    const [title, how] = this.phase === "trim" ? ["Your hand", "tap the cards to discard"]
      : this.phase === "draw" ? [`Your hand (${plural(this.hand.length, "card")})`, null]
        : ["Your hand", `tap cards in spelling order${this.target !== null ? "" : ", or a word on the table to change it"}`];
    return element("section", { class: "olb-hand-section" },
      element("h3", { class: "olb-h" }, title, how ? element("span", { class: "olb-hand-how" }, `: ${how}`) : null),
      element("div", { class: "olb-hand", id: "olb-hand" }, ...(cards.length ? cards : [element("span", { class: "muted" }, "Your hand is empty.")])));
  }

  /** The tray: the chosen cards in order (wild cards ask for their letters), where they go, the
   * preview and the buttons of this phase. */
  actionsSection() {
    const box = element("section", { class: "olb-actions", id: "olb-actions" });
    const buttons = [];
    const mark = (node) => {
      if (node && this.suggested && node.id === this.suggested) node.classList.add("olb-suggested");
      return node;
    };
    if (this.phase === "draw") {
      const wanted = Math.min(this.view.stack, Math.max(TURN_HAND - this.hand.length, this.view.robbed.includes(this.me) ? 2 : 1));
      buttons.push(mark(button(this.view.stack ? `Draw ${plural(wanted, "card")}` : "Draw (the stack is empty)", () => this.send({ type: "draw" }), { primary: true, id: "olb-draw", "data-next": true })));
      if (this.view.pile.length && this.pileFrom !== null) {
        const count = this.view.pile.length - this.pileFrom;
        buttons.push(mark(button(`Take ${count === 1 ? "the top card" : `${count} cards`} from the pile`, () => this.send({ type: "take", count }), { id: "olb-take" })));
      }
      box.append(element("div", { class: "row" }, ...buttons, this.suggestButton()));
      if (this.view.pile.length) {
        const bottom = this.view.pile[this.pileFrom];
        const binding = this.view.pile.length - this.pileFrom >= this.view.binding_take;
        box.append(element("p", { class: "hint", id: "olb-take-hint" }, "Tap a card of the pile to take it and every card above it. ",
          binding ? `The lowest card you take (now ${cardName(bottom)}) must be played this turn.`
            : `Taken alone, the top card is yours like a card drawn; take ${this.view.binding_take} or more and the lowest must be played this turn.`));
      }
      return box;
    }
    if (this.phase === "trim") {
      const excess = this.hand.length - TURN_HAND;
      box.append(element("div", { class: "row" }, mark(button(`Discard ${plural(this.sel.length, "card")}`, () => this.send({ type: "discard", cards: this.sel }),
        { primary: true, id: "olb-discard", disabled: this.sel.length !== excess }))));
      box.append(element("p", { class: "hint" }, `Choose exactly ${plural(excess, "card")}: they go onto the discard pile.`));
      return box;
    }
    // The play phase.
    const cards = this.cards();
    if (cards.length) {
      box.append(element("div", { class: "olb-tray", id: "olb-tray" }, element("span", { class: "olb-label" }, "Chosen:"),
        ...cards.map((card) => this.trayCard(card)),
        button("Clear", () => this.clear(), { small: true, id: "olb-clear" })));
    }
    const places = this.placements();
    const word = this.targetWord();
    if (word) {
      const whose = word.owner === this.me ? "your word" : `${nameOf(this.players, word.owner)}'s word`;
      box.append(element("p", { class: "olb-target-line" }, `Chosen on the table: ${upper(word.text)} (${whose}). `,
        button("Choose none", () => this.tapWord(word), { small: true, id: "olb-untarget" })));
      if (places.length) {
        box.append(element("div", { class: "olb-places", id: "olb-places", role: "radiogroup", "aria-label": "Where the cards go" },
          ...places.map((place) => {
            const chosen = place.key === (this.placeKey ?? places[0].key);
            const chip = element("button", { type: "button", class: `olb-place${chosen ? " chosen" : ""}`, role: "radio", "aria-checked": String(chosen), "data-place": place.key },
              element("span", { class: "olb-place-verb" }, placeVerb(place)),
              element("span", { class: "olb-place-text" }, ...place.parts.map(([text, added]) => (added ? element("b", {}, text) : text))));
            chip.addEventListener("click", () => {
              this.placeKey = place.key;
              this.suggested = null;
              this.draw();
            });
            return chip;
          })));
      } else if (!cards.length) {
        box.append(element("p", { class: "hint" }, word.owner === this.me
          ? "Choose cards from your hand to add to it (at either end; a red card anywhere inside; a blue card in place of letters at an end)."
          : "Choose cards from your hand to steal it (one card, or several that spell a word at one end; no wild card), or join one of your own words to it."));
      } else {
        box.append(element("p", { class: "hint bad" }, "Those cards cannot go into a word."));
      }
    }
    this.preview = element("div", { class: "olb-preview", id: "olb-preview", "aria-live": "polite" });
    box.append(this.preview);
    const candidate = this.candidate();
    this.playButton = null;
    if (candidate) {
      this.playButton = mark(button(candidate.label, () => this.send(candidate.move), { primary: true, id: "olb-play", "data-next": true }));
      buttons.push(this.playButton);
    }
    // STL-1, alone: whose hand to take from.
    if (cards.length === 1 && cards[0].kind === "steal-one" && this.target === null) {
      for (let seat = 0; seat < this.view.options.players; seat++) {
        if (seat === this.me || !this.view.hand_sizes[seat]) continue;
        buttons.push(mark(button(`Take a card from ${nameOf(this.players, seat)}`, () => this.send({ type: "steal-card", card: cards[0].uid, from: seat }),
          { id: `olb-steal-from-${seat}`, class: "button olb-steal-from", "data-seat": seat })));
      }
    }
    // A blue card, alone: swap it with a card of the pile.
    if (cards.length === 1 && cards[0].colour === "blue" && this.target === null && this.view.pile.length) {
      if (this.pileSwap !== null) {
        const pulled = this.view.pile[this.pileSwap];
        buttons.push(mark(button(`Swap your blue ${upper(cards[0].letters)} for the pile's ${cardName(pulled)}`,
          () => this.send({ type: "swap", card: cards[0].uid, pile: this.pileSwap }), { id: "olb-swap" })));
      } else {
        box.append(element("p", { class: "hint" }, "Or tap a card of the discard pile to swap your blue card for it."));
      }
    }
    if (this.view.can_discard && cards.length && this.target === null) {
      const n = cards.length;
      buttons.push(mark(button(n <= MAX_DISCARD ? `Discard ${n} and draw ${n}` : `Discard (at most ${MAX_DISCARD})`,
        () => this.send({ type: "discard", cards: this.sel }), { id: "olb-discard", disabled: n > MAX_DISCARD })));
    }
    if (this.view.can_put_back) {
      const back = this.view.taken.length === 1 ? "Put the card back and draw instead" : "Put the cards back and draw instead";
      buttons.push(mark(button(back, () => this.send({ type: "put-back" }), { small: true, id: "olb-put-back" })));
    }
    if (this.view.can_end) {
      buttons.push(mark(button("End my turn", () => this.send({ type: "end" }), { id: "olb-end", primary: !candidate })));
    }
    box.append(element("div", { class: "row olb-buttons" }, ...buttons, this.suggestButton()));
    if (!cards.length && !word) {
      box.append(element("p", { class: "hint olb-repeated" }, this.view.played ? "Tap cards to play again, or end your turn."
        : this.view.can_discard ? "Tap cards to spell a word, or choose 1 to 4 cards to discard (your turn then ends and you draw as many)."
          : "Tap cards to spell a word."));
    }
    return box;
  }

  trayCard(card) {
    const face = cardFace(card, { letters: (card.kind === "wild" || card.kind === "double-wild") ? this.wild[card.uid] || null : null, className: "small" });
    if (card.kind !== "wild" && card.kind !== "double-wild") return face;
    const size = card.kind === "wild" ? 1 : 2;
    const input = element("input", { class: "olb-wild-input", id: `olb-wild-${card.uid}`, "data-uid": card.uid, maxlength: size, size: 2,
      value: this.wild[card.uid] ?? "", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
      placeholder: size === 1 ? "?" : "??", "aria-label": size === 1 ? "The letter the wild card stands for" : "The two letters the double wild card stands for" });
    input.addEventListener("input", () => {
      input.value = input.value.replace(/[^a-z]/gi, "").toUpperCase().slice(0, size);
      this.wild[card.uid] = input.value.toLowerCase();
      this.suggested = null;
      this.refreshLabels();
    });
    input.addEventListener("change", () => this.draw());
    if (!this.wild[card.uid]) setTimeout(() => input.isConnected && document.activeElement?.tagName !== "INPUT" && input.focus());
    return element("span", { class: "olb-wild-pick" }, face, input);
  }

  /** After a wild card's letter is typed: the play's label and preview, without redrawing the
   * field being typed in. */
  refreshLabels() {
    const candidate = this.candidate();
    if (this.playButton && candidate) {
      this.playButton.textContent = candidate.label;
      const fresh = this.playButton.cloneNode(true);
      fresh.addEventListener("click", () => this.send(this.candidate().move));
      this.playButton.replaceWith(fresh);
      this.playButton = fresh;
    }
    for (const chip of this.element.querySelectorAll(".olb-place")) {
      const place = this.placements().find((p) => p.key === chip.dataset.place);
      if (place) chip.querySelector(".olb-place-text").replaceChildren(...place.parts.map(([text, added]) => (added ? element("b", {}, text) : text)));
    }
    this.refreshPreview();
  }

  pileTapper() {
    const view = this.view;
    if (this.phase === "draw" && view.pile.length) {
      return { onTap: (index) => {
        this.pileFrom = index;
        this.suggested = null;
        this.draw();
      }, marked: { from: this.pileFrom, to: view.pile.length - 1, bottom: this.pileFrom },
      markText: `taking ${plural(view.pile.length - this.pileFrom, "card")}` };
    }
    const cards = this.cards();
    if (this.phase === "play" && cards.length === 1 && cards[0].colour === "blue" && this.target === null && view.pile.length) {
      return { onTap: (index) => {
        this.pileSwap = this.pileSwap === index ? null : index;
        this.draw();
      }, marked: this.pileSwap === null ? null : { from: this.pileSwap, to: this.pileSwap }, markText: "tap a card to swap with" };
    }
    return {};
  }

  suggestButton() {
    if (!this.suggest || this.phase === "trim") return null;
    return button("Suggest", () => this.takeSuggestion(), { small: true, id: "olb-suggest" });
  }

  /** A bot's move, shown as a choice the player still confirms (its button marked). */
  async takeSuggestion() {
    let move;
    try {
      move = await this.suggest();
    } catch (error) {
      this.say(error.message, true);
      return;
    }
    if (!move) return;
    this.sel = [];
    this.wild = {};
    this.target = null;
    this.placeKey = null;
    this.split = undefined;
    this.pileSwap = null;
    const pick = (entries) => {
      for (const entry of entries) {
        const [uid, letters] = Array.isArray(entry) ? entry : [entry, null];
        this.sel.push(uid);
        if (letters) this.wild[uid] = letters;
      }
    };
    let text = "";
    switch (move.type) {
      case "draw": this.suggested = "olb-draw"; text = "draw from the stack"; break;
      case "take": this.pileFrom = this.view.pile.length - move.count; this.suggested = "olb-take"; text = `take ${plural(move.count, "card")} from the pile`; break;
      case "word": pick(move.cards); this.suggested = "olb-play"; text = "play this word"; break;
      case "add":
        pick(move.front); pick(move.back); this.target = move.word;
        if (move.front.length && move.back.length) { this.split = move.front.length; this.placeKey = "both"; } else this.placeKey = move.front.length ? "front" : "end";
        this.suggested = "olb-play"; text = "add these cards to the word"; break;
      case "insert": pick([move.card]); this.target = move.word; this.placeKey = `insert-${move.at}`; this.suggested = "olb-play"; text = "insert the red card"; break;
      case "replace": pick([move.card]); this.target = move.word; this.placeKey = `replace-${move.side}-${move.count}`; this.suggested = "olb-play"; text = "replace letters with the blue card"; break;
      case "join": this.target = move.word; this.placeKey = `join-${move.with}-${move.first ? "first" : "last"}`; this.suggested = "olb-play"; text = "join your word to it"; break;
      case "swap": pick([move.card]); this.pileSwap = move.pile; this.suggested = "olb-swap"; text = "swap your blue card with the pile"; break;
      case "steal-card": pick([move.card]); this.suggested = `olb-steal-from-${move.from}`; text = `take a card from ${nameOf(this.players, move.from)}`; break;
      case "discard": pick(move.cards); this.suggested = "olb-discard"; text = `discard ${plural(move.cards.length, "card")}`; break;
      case "put-back": this.suggested = "olb-put-back"; text = "put the cards back"; break;
      default: this.suggested = "olb-end"; text = "end your turn";
    }
    this.draw();
    this.say(`Suggestion: ${text} (the marked button).`);
    document.getElementById(this.suggested)?.focus();
  }

  /** Asks Python what the play chosen now would make and score, or why it is refused. */
  async refreshPreview() {
    const preview = this.preview;
    if (!preview) return;
    const candidate = this.candidate();
    const seq = ++this.previewSeq;
    if (!candidate) {
      preview.replaceChildren();
      return;
    }
    if (!this.ask) return;
    preview.replaceChildren(element("span", { class: "muted" }, "…"));
    let answer;
    try {
      answer = await this.ask("preview", { move: candidate.move });
    } catch (error) {
      answer = { ok: false, reason: error.message, words: [] };
    }
    if (seq !== this.previewSeq || !preview.isConnected) return;
    // Python's refusal is said once, here: the play it refuses cannot be sent.
    if (this.playButton) this.playButton.disabled = !answer.ok;
    if (answer.ok) {
      const [first, ...rest] = answer.words.map(upper);
      const judged = this.view.options.judge === "players" && this.view.options.players > 1;
      preview.replaceChildren(element("p", { class: "olb-verdict good", "data-verdict": "ok" },
        element("strong", { class: "olb-preview-word" }, first ?? ""), ` · ${signed(answer.scored)}`,
        rest.length ? element("span", { class: "muted" }, ` (${rest.join(", ")} must be a word too)`) : null,
        judged ? element("span", { class: "muted" }, " · the others may challenge it") : null));
    } else {
      preview.replaceChildren(element("p", { class: "olb-verdict bad", "data-verdict": "refused" }, `✗ ${answer.reason}`));
    }
  }
}

function placeVerb(place) {
  if (place.verb === "join") return "join";
  if (place.verb === "insert") return "insert";
  if (place.verb === "replace") return `for ${place.gone}`;
  if (place.key === "front") return "front";
  if (place.key === "end") return "end";
  return "both ends";
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
    parts.push(boardElement(frame, players, { hands: players.map((_p, seat) => [`${nameOf(players, seat)}'s hand`, frame.hands?.[seat] ?? []]) }));
  } else {
    parts.push(scoreTable(frame, players, { now: false }));
  }
  return element("div", { class: "olb-replay" }, ...parts);
}

// -- solo: beat yourself ---------------------------------------------------------------------

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

function soloBest(view) {
  return soloBestElement({ storageKey: BEST_KEY, variant: variantOf(view.options), variantText: variantText(view.options),
    key: gameKey(view), score: view.totals[0], prefix: "olb" });
}
