// Wordsmith in the browser: the pool of pieces, the die and the stars' picks, a word typed or
// tapped together with what it takes shown at once, the paper score sheet (six rows, the
// required letters in Advanced, twelve discard boxes), "Done!" and its clock, other players'
// progress, each challenge's checked sheets, solo best scores, and the replay. Python decides
// every rule (wordsmith.py); the preview here only mirrors the pieces arithmetic so a player
// sees at once what a word takes (whether it brings a new letter is judged when it is claimed). Letters and words are drawn from their pieces
// (letters.js).
import { element, button, plural, scoreAgainst, does, whose, finishedLine } from "../../ui.js";
import { bestFor, fingerprint, soloBestElement } from "../../solo-best.js";
import { KINDS, CHARACTERS, countsOf, countsText, pieceSvg, letterSvg, wordSvg, alphabetCard } from "./letters.js";

export const id = "wordsmith";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "thinks of about a quarter of the words its pieces build, and is slow: a gentle opponent.",
  medium: "thinks of about half of them, prefers longer words, and is quicker. It beats the easy bot nearly every game.",
  hard: "thinks of them all, weighs a word against the pieces it costs, rolls for a better pool, and is quickest. It beats the medium bot nearly every game.",
};
export const historyTitle = "Words";
export const roundName = "challenge";

const ROWS = 6;
const BOXES = 12;
const FREE_BOXES = 6;
const BEST_KEY = "wordtable.wordsmith.best.v1";
const upper = (text) => String(text).toUpperCase();
// Word by Word (Python's option word_by_word): "plain" claims in step with the own die, "dice"
// rolls three dice for everyone before each word; in either, view.word_round counts the words.
const inStep = (view) => view.word_round !== null && view.word_round !== undefined;
const dicePerWord = (view) => view.options.word_by_word === "dice";
const NAMES = { red: "red", yellow: "yellow", blue: "blue", green: "green" };

/** A button whose label is several nodes (an icon and text). */
function iconButton(children, onClick, { primary = false, small = false, className = "", ...attributes } = {}) {
  const classes = ["button", primary && "primary", small && "small", className].filter(Boolean).join(" ");
  const node = element("button", { type: "button", class: classes, ...attributes }, ...children);
  node.addEventListener("click", onClick);
  return node;
}

// What a screen keeps between redraws (someone else's move redraws the race): per seat, the row
// chosen, the last message, the pool last seen (to show what a roll added), the tab shown. It
// lasts as long as one challenge of one game.
const memory = new Map();
let remembered = null;
const memo = (seat) => {
  if (!memory.has(seat)) memory.set(seat, {});
  return memory.get(seat);
};
function remember(view) {
  const key = JSON.stringify([view.options, view.setup, view.challenge, view.results.length]);
  if (key !== remembered) memory.clear();
  remembered = key;
}

// -- pieces arithmetic (a mirror of Python's, for the preview only) ---------------------------

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

const sum = (counts) => KINDS.reduce((n, kind) => n + (counts?.[kind] ?? 0), 0);

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
  const freeLeft = Math.max(0, FREE_BOXES - me.crossed - me.discards);
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
    const free = [...Array(ROWS).keys()].filter((row) => !me.filled[row]);
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

// -- small drawings ------------------------------------------------------------------------

/** Piece icons with counts: [icon]×3 for each kind (kinds with none shown faded when `all`). */
function pieceCounts(counts, { size = 28, all = true, marked = {}, label = null, className = "" } = {}) {
  const chips = KINDS.filter((kind) => all || counts[kind]).map((kind) => element("span",
    { class: `ws-chip ws-chip-${kind}${counts[kind] ? "" : " none"}${marked[kind] ? " marked" : ""}`, "data-kind": kind,
      title: `${counts[kind]} ${NAMES[kind]}` },
    pieceSvg(kind, { size }), element("span", { class: "ws-n" }, `×${counts[kind]}`),
    marked[kind] ? element("span", { class: "ws-mark" }, marked[kind]) : null));
  return element("span", { class: `ws-chips ${className}`, role: "img", "aria-label": label ?? countsText(counts) }, ...chips);
}

/** A word drawn from its pieces, with its letters written under it for reading at a glance. */
function drawnWord(word, { size = 24, className = "" } = {}) {
  return element("span", { class: `ws-drawn ${className}` }, wordSvg(word, { size }),
    element("span", { class: "ws-word-text" }, upper(word)));
}

/** The twelve discard boxes: six white (the first `crossed` crossed out), six blue worth a point
 * while unticked; `discards` ticked in order; `pending` more shown as about to be ticked. */
function discardBoxes({ discards, crossed }, { pending = 0, small = false } = {}) {
  const boxes = [];
  for (let i = 0; i < BOXES; i++) {
    const blue = i >= FREE_BOXES;
    const isCrossed = i < crossed;
    const ticked = !isCrossed && i < crossed + discards;
    const soon = !isCrossed && !ticked && i < crossed + discards + pending;
    const classes = ["ws-box", blue ? "blue" : "white", isCrossed && "crossed", ticked && "ticked", soon && "soon"].filter(Boolean).join(" ");
    boxes.push(element("span", { class: classes, "aria-hidden": "true" }, isCrossed ? "✕" : ticked ? "✓" : soon ? "✓" : blue ? "+1" : ""));
  }
  const left = BOXES - crossed - discards;
  const bonus = FREE_BOXES - Math.max(0, discards - (FREE_BOXES - crossed));
  return element("div", { class: `ws-boxes${small ? " small" : ""}`, role: "img",
    "aria-label": `Discard boxes: ${discards} ticked${crossed ? `, ${crossed} crossed out` : ""}, ${left} left; bonus ${bonus}` }, ...boxes);
}

/** The paper sheet: six rows (the required letter first in Advanced), points, the discard
 * boxes and the challenge's score. rows: [{word, points?, refusal?} | null]; hidden rows (Secret
 * Wordsmith, someone else's) are filled but unknown. */
function sheetElement({ rows, required = null, discards, crossed, bonus, score = null, caption = null, pending = 0,
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
      element("tr", {}, element("td", { colspan: columns }, discardBoxes({ discards, crossed }, { pending, small }))),
      element("tr", {}, element("td", { colspan: columns, class: "ws-sheet-score" },
        anyHidden ? `Bonus ${bonus} · words checked at the end of the challenge`
          : `Words ${words} + bonus ${bonus} = `, anyHidden ? null : element("strong", { class: "ws-score" }, String(total)),
        unchecked && !anyHidden && words ? element("span", { class: "muted" }, " if every word stands") : null))));
}

/** A player's sheet in the current challenge, from a view's player. */
function liveSheet(view, player, options = {}) {
  const rows = player.rows.map((word, index) => (word ? { word } : player.filled[index] ? { hidden: true } : null));
  return sheetElement({ rows, required: view.required, discards: player.discards, crossed: player.crossed, bonus: player.bonus,
    score: player.score ?? null, unchecked: Boolean(view.options.secret) && view.phase !== "over", ...options });
}

/** A sheet of a finished challenge (checked: Secret Wordsmith's refusals and zeros shown). */
function resultSheet(result, seat, options = {}) {
  const sheet = result.sheets[seat];
  return sheetElement({ rows: sheet.rows.map((row) => (row.word ? row : null)), required: result.required,
    discards: sheet.discards, crossed: sheet.crossed, bonus: sheet.bonus, score: sheet.score, ...options });
}

function dieFace(face) {
  const kind = face.replace("-star", "");
  const star = face.endsWith("star");
  return element("span", { class: `ws-die${star ? " star" : ""}`, title: star ? `${kind} star: any piece` : kind },
    star ? element("span", { class: "ws-star", style: `color: var(--ws-${kind})` }, "★") : pieceSvg(kind, { size: 26 }));
}

const howToPlay = () => element("a", { href: "how-to-play/wordsmith.html", target: "_blank", rel: "noopener", class: "ws-how" }, "How to play");

/** The alphabet card over the screen, from a button always next to the die. */
function alphabetButton() {
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

function alphabetDrawer() {
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

// -- setup ---------------------------------------------------------------------------------

/**
 * How words are claimed (the race, or Word by Word in either reading of the printed rules), the
 * variants as checkboxes with a line each, where the required letters come from (Advanced), how
 * many challenges, and crossed-out discard boxes per player (mixed levels). With two or more
 * people on one device the game is Word by Word: a race does not fit one screen.
 */
export function setupFields(container, { players, people = () => 1, info } = {}) {
  const defaults = Object.fromEntries((info?.options ?? []).map((option) => [option.name, option.default]));
  const check = (idText, on, label, line) => {
    const input = element("input", { type: "checkbox", id: idText, checked: Boolean(on) });
    return [input, element("label", { class: "check", for: idText }, input,
      element("span", {}, element("strong", {}, label), element("br"), element("span", { class: "muted" }, line)))];
  };
  const challenges = element("select", { id: "ws-challenges" },
    ...[1, 2, 3].map((n) => element("option", { value: n, selected: n === (defaults.challenges ?? 3) }, plural(n, "challenge"))));
  const [secret, secretLabel] = check("ws-secret", defaults.secret, "Secret Wordsmith",
    "Nobody sees the others' words; words are checked only at the end of each challenge, and a bad one scores 0.");
  // The reading of Word by Word (Python's choices). The advanced one keeps the id of the old
  // Word by Word checkbox, so a form remembered from before opens with the game it played.
  const radio = (idText, value, label, line) => {
    const input = element("input", { type: "radio", name: "ws-claiming", id: idText, value, checked: (defaults.word_by_word ?? "off") === value });
    return [input, element("label", { class: "check", for: idText }, input,
      element("span", {}, element("strong", {}, label), element("br"), element("span", { class: "muted" }, line)))];
  };
  const [race, raceLabel] = radio("ws-race", "off", "The race",
    "Everyone at once: claim your words as fast as you find them, rolling your own die for pieces.");
  const [plain, plainLabel] = radio("ws-word-by-word-plain", "plain", "Word by Word",
    "Everyone claims one word, then waits until all have claimed theirs; pieces come from your own die as in the race.");
  const [dice, diceLabel] = radio("ws-word-by-word", "dice", "Word by Word, advanced (3 dice a word)",
    "Before each word three dice are rolled for everyone, stars become circles, no own die; everyone claims one word (or passes).");
  const claiming = element("fieldset", { class: "ws-claiming", id: "ws-claiming" },
    element("legend", {}, "How words are claimed"), raceLabel, plainLabel, diceLabel);
  const oneDevice = element("p", { class: "hint ws-one-device", id: "ws-one-device", hidden: true },
    "Several people share this device, so the game is Word by Word: each of you claims one word in turn, the order changing every word. A race does not fit one screen.");
  const [advanced, advancedLabel] = check("ws-advanced", defaults.advanced, "Advanced",
    "Each of the six rows has a required letter that its word must contain.");
  const fromWord = element("input", { type: "radio", name: "ws-required-from", id: "ws-from-word", value: "word", checked: defaults.required_from !== "random" });
  const fromRandom = element("input", { type: "radio", name: "ws-required-from", id: "ws-from-random", value: "random", checked: defaults.required_from === "random" });
  const requiredFrom = element("div", { class: "ws-suboption", id: "ws-required-from" },
    element("label", { class: "check" }, fromWord, " Required letters spell a six-letter word"),
    element("label", { class: "check" }, fromRandom, " Six random letters (common letters more often)"));
  const [mixed, mixedLabel] = check("ws-mixed", (defaults.crossed ?? []).length > 0, "Mixed levels",
    "Give a stronger player fewer discard boxes: cross out up to six of their white boxes.");
  const crossedList = element("div", { class: "ws-suboption ws-crossed", id: "ws-crossed" });
  let crossedInputs = [];
  const solo = element("p", { class: "hint", id: "ws-solo", hidden: true },
    "Alone, you play to beat yourself: your best score for each variant is kept on this device.");

  const drawCrossed = (count) => {
    const before = crossedInputs.map((input) => input.value);
    crossedInputs = [...Array(count).keys()].map((seat) => element("input", { type: "number", min: 0, max: FREE_BOXES, value: before[seat] ?? 0,
      id: `ws-crossed-${seat}`, inputmode: "numeric" }));
    crossedList.replaceChildren(...crossedInputs.map((input, seat) => element("label", { for: input.id, class: "ws-crossed-row" },
      `Player ${seat + 1}: white boxes crossed out `, input)));
  };
  const refresh = (count = players?.() ?? 1) => {
    const shared = (people?.() ?? 1) >= 2;
    race.disabled = shared;
    if (shared && race.checked) dice.checked = true;
    oneDevice.hidden = !shared;
    requiredFrom.hidden = !advanced.checked;
    crossedList.hidden = !mixed.checked;
    solo.hidden = count !== 1;
    if (crossedInputs.length !== count) drawCrossed(count);
  };
  advanced.addEventListener("change", () => refresh());
  mixed.addEventListener("change", () => refresh());
  container.replaceChildren(element("fieldset", { class: "ws-setup" }, element("legend", {}, "Game"),
    element("label", { for: "ws-challenges" }, "How long"), challenges,
    claiming, oneDevice, secretLabel, advancedLabel, requiredFrom, mixedLabel, crossedList, solo,
    element("p", { class: "hint" }, element("a", { href: "how-to-play/wordsmith.html", target: "_blank", rel: "noopener" }, "How to play Wordsmith"),
      " · the alphabet of pieces is on every screen of the game.")));
  refresh();
  return {
    playersChanged: (count) => refresh(count),
    read: () => ({
      challenges: Number(challenges.value),
      secret: secret.checked,
      word_by_word: plain.checked ? "plain" : dice.checked || (people?.() ?? 1) >= 2 ? "dice" : "off",
      advanced: advanced.checked,
      required_from: fromRandom.checked ? "random" : "word",
      crossed: mixed.checked ? crossedInputs.map((input) => Math.min(FREE_BOXES, Math.max(0, Math.round(Number(input.value) || 0)))) : [],
    }),
  };
}

// -- lines for the shell ----------------------------------------------------------------------

const challengeText = (view) => `Challenge ${view.challenge} of ${view.challenges}`;
const scoreLine = (view, players) => players.map((p, seat) => `${p.name} ${view.totals[seat]}`).join(", ");

/** The result to share: points against the best of the others. */
export const resultLine = (view, seat) => scoreAgainst(view.totals, seat, "point");

export function summary(view, players) {
  if (view.phase === "over") {
    return finishedLine(view, players, resultLine(view, 0), scoreLine(view, players));
  }
  return `${challengeText(view)} · ${scoreLine(view, players)}`;
}

export function headline(view, players) {
  if (view.phase === "over") return "Game over";
  if (view.phase === "last-words") return `${challengeText(view)} · Done! (${players?.[view.done_by]?.name ?? "someone"})`;
  if (inStep(view)) return `${challengeText(view)} · ${dicePerWord(view) ? "roll" : "word"} ${view.word_round}`;
  return challengeText(view);
}

const FINISHED = { "six words": "six words", stopped: "stopped", "no word possible": "no word left", "claimed the last word after “Done!”": "last word in" };

export function seatStatus(view, seat) {
  const player = view.players[seat];
  const total = view.totals[seat];
  if (view.phase === "over") return { text: `${total} points`, out: false, acting: false };
  // The points of the sheet on screen (Python's count), and the game's so far after challenge 1.
  const sheet = `${player.score ?? "?"} pts`;
  const earlier = !view.results.length ? "" : player.score === null ? ` (${total} before)` : ` (${total + player.score} in all)`;
  const parts = [`${sheet}${earlier}`, `${player.words}/${ROWS} words`];
  if (view.done_by === seat) parts.push("Done!");
  else if (player.finished) parts.push(FINISHED[player.finished] ?? player.finished);
  else if (player.waiting) parts.push("waiting");
  else if (player.picks) parts.push("choosing a piece");
  return { text: parts.join(" · "), out: false, acting: view.waiting_for.includes(seat) };
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

// -- the race ------------------------------------------------------------------------------

/**
 * The race. ctx: {players, humans, views, send(seat, move), secondsLeft()}. One person: their
 * panel (pool, die, word, sheet). Several people on one device play Word by Word: the one due
 * (the order turns each roll) has their panel; the others wait for their turn.
 */
export function raceScreen(view, ctx) {
  const { players, humans } = ctx;
  remember(view);
  const parts = [];
  const done = view.phase === "last-words";
  const banner = done ? doneBanner(view, ctx) : null;
  if (banner) parts.push(banner);
  const wbw = inStep(view);
  if (wbw) parts.push(dicePerWord(view) ? rollLine(view) : stepLine(view));

  // Whose panel is shown: one person, or the person due.
  let panelSeats = humans;
  let queue = null;
  if (humans.length > 1) {
    const due = dueOrder(view, humans);
    if (wbw) {
      panelSeats = due.length ? [due[0]] : [humans[0]];
      queue = element("p", { class: "ws-queue", id: "ws-queue" }, due.length
        ? [`${whose(players[due[0]].name)} turn to claim a word ${dicePerWord(view) ? "(or pass)" : "(rolling for pieces as you like)"}`,
          due.length > 1 ? `; then ${due.slice(1).map((s) => players[s].name).join(", then ")}` : "",
          `. The order turns every ${dicePerWord(view) ? "roll" : "word"}.`].join("")
        : "Everyone here has claimed or passed: waiting for the others.");
    } else {
      const shown = memo("tabs").seat;
      const current = humans.includes(shown) ? shown : humans[0];
      panelSeats = [current];
      queue = element("div", { class: "row ws-tabs", role: "tablist" }, ...humans.map((seat) =>
        button(players[seat].name, () => {
          memo("tabs").seat = seat;
          screen.replaceWith(raceScreen(view, ctx));
        }, { small: true, primary: seat === current, role: "tab", "aria-selected": String(seat === current), "data-tab": seat })));
    }
  }
  if (queue) parts.push(queue);
  for (const seat of panelSeats) parts.push(seatPanel(view, seat, ctx));
  parts.push(othersElement(view, players, new Set(panelSeats)));
  parts.push(element("p", { class: "hint ws-supply", id: "ws-supply" }, "Left in the box: ",
    pieceCounts(view.supply, { size: 18, label: `Left in the box: ${countsText(view.supply)}` })));
  parts.push(alphabetDrawer(), element("p", { class: "hint" }, howToPlay()));
  const screen = element("div", { class: "race ws-race", id: "ws-race" }, ...parts);
  return screen;
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

/** The people at this device still due for this word, in this word's order: it turns by one
 * person each word (with dice: each roll) and each challenge, so nobody always claims first. */
export function dueOrder(view, humans) {
  const shift = ((view.word_round ?? 1) - 1 + view.challenge - 1) % humans.length;
  const order = [...humans.slice(shift), ...humans.slice(0, shift)];
  return order.filter((seat) => view.waiting_for.includes(seat));
}

/** Word by Word, plain: which word everyone is on, and what claiming it means. */
function stepLine(view) {
  return element("p", { class: "ws-roll-line", id: "ws-step-line" },
    element("strong", {}, `Word by Word: word ${view.word_round}.`),
    element("span", { class: "muted" }, " Claim one word, then wait until everyone has claimed theirs."));
}

function rollLine(view) {
  return element("div", { class: "ws-roll-line", id: "ws-roll-line" },
    element("span", {}, `Roll ${view.word_round} for everyone:`),
    element("span", { class: "ws-dice" }, ...view.last_roll.map(dieFace)),
    element("span", { class: "muted" }, "Red and yellow come to every pool; a star is a circle, any piece when you claim."));
}

function doneBanner(view, ctx) {
  const caller = ctx.players[view.done_by]?.name ?? "Someone";
  const mine = ctx.humans.includes(view.done_by) && ctx.humans.length === 1;
  // Nobody here may still claim (they have called it, claimed their last word or stopped).
  const watching = !ctx.humans.some((seat) => view.waiting_for.includes(seat));
  const text = element("span", { class: "ws-done-text" });
  const fill = element("span", { class: "ws-done-fill" });
  const banner = element("div", { class: "ws-done", id: "ws-done", role: "timer" }, fill,
    element("strong", { class: "ws-done-word" }, "Done!"), text);
  const total = view.done_clock_s ?? 60;
  const tick = () => {
    const left = ctx.secondsLeft?.();
    const seconds = left === null || left === undefined ? total : left;
    const lead = mine ? "You have six words." : `${caller} has six words.`;
    const rest = mine || watching ? "The others may claim one last word" : "Claim one last word from your pool (no more rolling), or stop";
    text.textContent = ` ${lead} ${rest}: ${Math.ceil(seconds)} s left.`;
    fill.style.width = `${Math.max(0, Math.min(100, (100 * seconds) / total))}%`;
    if (seconds > 0 && banner.isConnected) setTimeout(tick, 250);
  };
  tick();
  setTimeout(tick); // once on screen
  return banner;
}

/** One person's panel: pool, die and picks, the word builder, their sheet. */
function seatPanel(view, seat, ctx) {
  const { players } = ctx;
  const own = ctx.views?.[seat] ?? view;
  const me = own.players[seat];
  const keep = memo(seat);
  const dice = dicePerWord(own);
  const name = ctx.humans.length > 1 ? players[seat].name : null;
  const message = element("output", { class: "ws-message", id: `ws-message-${seat}`, "aria-live": "polite" });
  const write = (output, text, good) => {
    output.className = `ws-message ${text ? (good ? "good" : "bad") : ""}`;
    output.textContent = text ?? "";
  };
  // What the player was last told stays through redraws (another player's move redraws all).
  if (keep.message && keep.message.challenge === own.challenge) write(message, keep.message.text, keep.message.good);
  const say = (text, good = false) => {
    keep.message = text ? { text, good, challenge: own.challenge } : null;
    // The screen may have been drawn again meanwhile (someone else moved): say it there.
    write(message.isConnected ? message : document.getElementById(message.id) ?? message, text, good);
  };

  // What the pool last gained (a roll, a star's piece, Word by Word's dice): those chips are
  // marked "+1" until the pool changes again.
  if (keep.pool && KINDS.some((kind) => me.pool[kind] !== keep.pool[kind])) {
    const grew = KINDS.every((kind) => me.pool[kind] >= keep.pool[kind]);
    keep.marked = grew ? Object.fromEntries(KINDS.filter((kind) => me.pool[kind] > keep.pool[kind])
      .map((kind) => [kind, `+${me.pool[kind] - keep.pool[kind]}`])) : {};
  }
  keep.pool = me.pool;
  const marked = keep.marked ?? {};

  const sending = async (move, { before } = {}) => {
    say(null);
    before?.();
    try {
      await ctx.send(seat, move);
      return true;
    } catch (error) {
      say(error.message);
      return false;
    }
  };

  const panel = element("section", { class: "ws-panel", "data-seat": seat, id: `ws-panel-${seat}`, "aria-label": name ? `${name}'s panel` : "Your panel" });
  const head = element("div", { class: "ws-pool-line" },
    element("span", { class: "ws-label" }, name ? `${name}'s pieces` : "Your pieces"),
    pieceCounts(me.pool, { size: 30, marked, label: `${name ?? "Your"} pieces: ${countsText(me.pool)}`, className: "ws-pool" }),
    me.circles ? element("span", { class: "ws-circles", id: `ws-circles-${seat}`, title: "A circle becomes any piece when you claim" },
      "◯".repeat(Math.min(me.circles, 6)), ` ${plural(me.circles, "circle")}`) : null);
  panel.append(head);

  const actions = element("div", { class: "row ws-actions" });
  if (me.finished) {
    panel.append(element("p", { class: "ws-finished", id: `ws-finished-${seat}` }, finishedText(own, seat, me)));
  } else if (me.waiting) {
    panel.append(element("p", { class: "ws-finished", id: `ws-waiting-${seat}` }, dice
      ? "Your word is in: waiting for the others, then the dice roll again."
      : "Your word is in: waiting for the others to claim theirs, then on to the next word."));
  } else if (me.picks) {
    const pick = element("div", { class: "ws-pick", id: `ws-pick-${seat}` },
      element("p", { class: "ws-pick-title" }, element("span", { class: "ws-star" }, "★"), " Your die gives you a free choice: take any piece"),
      element("div", { class: "ws-pick-buttons" }, ...KINDS.map((kind) => iconButton([pieceSvg(kind, { size: 30 }), element("span", {}, NAMES[kind])],
        () => sending({ type: "take", piece: kind }), { className: `ws-take ws-take-${kind}`, id: `ws-take-${seat}-${kind}`, "data-kind": kind, "data-next": true,
          disabled: !own.supply[kind], title: own.supply[kind] ? `${own.supply[kind]} left in the box` : "none left in the box" }))));
    panel.append(pick);
  }
  const playing = !me.finished && !me.waiting;
  if (playing && !dice && own.phase === "race" && !me.picks) {
    const roll = iconButton([element("span", { class: "ws-die-icon", "aria-hidden": "true" }, "⚄"), " Roll my die"], async () => {
      roll.disabled = true;
      await sending({ type: "roll" });
      if (roll.isConnected) roll.disabled = false;
    }, { id: `ws-roll-${seat}`, className: "ws-roll", disabled: !sum(own.supply), title: "Adds one piece to your pool (a star: any piece)", "data-next": true });
    actions.append(roll);
  }
  if (playing && dice) {
    actions.append(button("Pass (wait for the next roll)", () => sending({ type: "pass" }), { small: true, id: `ws-pass-${seat}` }));
  }
  actions.append(alphabetButton());
  const stopRow = element("div", { class: "row ws-stop-row" });
  if (playing) {
    // Stopping is for the rest of the challenge: a second tap confirms (within a few seconds,
    // whatever redraws the screen meanwhile).
    const label = lastWords(own) ? "Stop (no last word)" : "Stop for this challenge";
    const armed = () => keep.stopArmed && Date.now() - keep.stopArmed < 4000;
    const stop = button(armed() ? "Sure? No more words this challenge" : label, () => {
      if (!armed()) {
        keep.stopArmed = Date.now();
        stop.textContent = "Sure? No more words this challenge";
        setTimeout(() => {
          if (stop.isConnected && !armed()) stop.textContent = label;
        }, 4100);
        return;
      }
      keep.stopArmed = null;
      sending({ type: "stop" });
    }, { small: true, id: `ws-stop-${seat}`, class: "button small ws-stop" });
    stopRow.append(stop);
  }
  if (actions.childElementCount) panel.append(actions);
  if (playing) panel.append(wordBuilder(own, seat, me, { say, sending, keep, message }));
  else panel.append(message);
  if (stopRow.childElementCount) panel.append(stopRow);
  // The paper beside the play on a wide screen, under it on a phone.
  const paper = element("div", { class: "ws-paper" },
    liveSheet(own, me, { caption: `${name ? `${name}'s sheet` : "Your sheet"} · ${challengeText(own)}`, id: `ws-sheet-${seat}` }));
  const totalSoFar = own.totals[seat];
  if (own.results.length) paper.append(element("p", { class: "hint ws-total" }, `Total of the challenges played: ${totalSoFar} points.`));
  if (own.options.players === 1) {
    const best = bestFor(BEST_KEY, variantOf(own.options));
    if (best) paper.append(element("p", { class: "hint ws-best-line" }, `Your best in this variant: ${best.score} points.`));
  }
  return element("div", { class: "ws-seat" }, panel, paper);
}

const lastWords = (view) => view.phase === "last-words";

function finishedText(view, seat, me) {
  if (view.done_by === seat) return "Done! You have six words. The others may claim one last word.";
  switch (me.finished) {
    case "six words": return "Six words: your sheet is full for this challenge.";
    case "stopped": return "You stopped: no more words for you this challenge.";
    case "no word possible": return "No word is possible any more with your pieces (and those the box could still give): you are done for this challenge.";
    default: return "Your last word is in: waiting for the others.";
  }
}

/** The word: typed, or tapped on the letter keys; what it takes and does, shown at once. */
function wordBuilder(view, seat, me, { say, sending, keep, message }) {
  const input = element("input", { id: `ws-word-${seat}`, class: "ws-word-input", maxlength: 40, autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", placeholder: "type or tap a word", "aria-label": "Your word", enterkeyhint: "go", "data-next": true });
  const claim = element("button", { type: "submit", class: "button primary ws-claim", id: `ws-claim-${seat}`, "data-next": true }, "Claim");
  const back = button("⌫", () => {
    input.value = input.value.slice(0, -1);
    edited();
  }, { small: true, class: "button small ws-back", "aria-label": "Delete the last letter", id: `ws-back-${seat}` });
  const clear = button("Clear", () => {
    input.value = "";
    edited();
  }, { small: true, class: "button small ws-clear", id: `ws-clear-${seat}` });
  const preview = element("div", { class: "ws-preview", id: `ws-preview-${seat}`, "aria-live": "polite" });
  const rows = view.required ? element("div", { class: "ws-rows", id: `ws-rows-${seat}`, role: "radiogroup", "aria-label": "The row for this word" }) : null;
  const keys = element("div", { class: "ws-keys", id: `ws-keys-${seat}`, "aria-label": "Tap letters to build the word" },
    ...CHARACTERS.map((char) => {
      const key = iconButton([letterSvg(char, { size: 26 }), element("span", { class: "ws-key-char" }, char === "'" ? "’" : char === "-" ? "-" : upper(char))],
        () => {
          input.value = `${input.value}${char}`;
          edited();
        }, { className: "ws-key", "data-key": char, "aria-label": `Add ${char === "'" ? "an apostrophe" : char === "-" ? "a hyphen" : upper(char)}` });
      return key;
    }));
  const form = element("form", { class: "ws-word-form", id: `ws-form-${seat}` },
    element("div", { class: "ws-word-row" }, input, claim),
    message, preview, rows,
    element("div", { class: "ws-keys-wrap" }, keys, element("div", { class: "ws-key-tools" }, back, clear)));

  const update = () => {
    const word = normalise(input.value);
    const plan = planOf(view, me, word, keep.row ?? null);
    drawPreview(preview, view, me, word, plan);
    if (rows) drawRows(rows, view, me, word, plan, (row) => {
      keep.row = row;
      update();
    });
    // Keys a player cannot add now (with the pieces this word leaves) are faded, not locked:
    // rolling may still bring the pieces.
    const left = Object.fromEntries(KINDS.map((kind) => [kind, me.pool[kind] - (plan.cost?.[kind] ?? 0)]));
    const spareCircles = (me.circles ?? 0) - (plan.circlesUsed ?? 0);
    for (const key of keys.children) {
      const cost = countsOf(key.dataset.key);
      const short = KINDS.reduce((n, kind) => n + Math.max(0, cost[kind] - Math.max(0, left[kind])), 0);
      key.classList.toggle("short", short > spareCircles);
    }
    claim.textContent = plan.row !== null && plan.row !== undefined ? `Claim for row ${plan.row + 1}` : "Claim";
    claim.disabled = !word || me.picks > 0;
  };
  // A new word typed or tapped: a refusal of the previous one goes.
  const edited = () => {
    update();
    if (keep.message && !keep.message.good) say(null);
  };
  input.addEventListener("input", edited);
  input.addEventListener("ws-refresh", update);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const word = normalise(input.value);
    if (!word || claim.disabled) return;
    const plan = planOf(view, me, word, keep.row ?? null);
    const move = { type: "claim", word };
    if (view.required) {
      if (plan.row === null) {
        say(`Choose a row whose required letter is in ${upper(word)}.`);
        return;
      }
      move.row = plan.row;
    }
    claim.disabled = true;
    // The word is cleared, and what a claim says is kept, before the move is sent: the screen
    // drawn once it is played must neither carry the word over nor miss the news.
    const news = view.options.secret ? `${upper(word)} is on your sheet (checked at the end).`
      : `${upper(word)} claimed: ${plural(word.length, "point")}${plan.over ? `, ${plural(plan.over, "piece")} to the box` : ""}.`;
    const ok = await sending(move, { before: () => {
      input.value = "";
      keep.message = { text: news, good: true, challenge: view.challenge };
    } });
    if (ok) {
      keep.row = null;
      return;
    }
    const field = document.getElementById(input.id) ?? input;
    if (!field.value) field.value = word;
    field.dispatchEvent(new Event("ws-refresh"));
    if (field === input) claim.disabled = false;
  });
  // What the player was typing comes back after a redraw (race.js keepTyping) before this runs.
  queueMicrotask(update);
  update();
  if (keep.focus !== view.challenge && matchMedia?.("(pointer: fine)")?.matches) {
    keep.focus = view.challenge;
    setTimeout(() => input.isConnected && input.focus());
  }
  return form;
}

function drawPreview(preview, view, me, word, plan) {
  const first = me.picks ? element("p", { class: "ws-verdict bad", "data-verdict": "pick" }, "Choose the piece your die gave you (above) first, then claim.") : null;
  if (!word) {
    const hints = [];
    if (!me.words) {
      hints.push(!dicePerWord(view)
        ? "Type or tap a word your pieces build (faded letters need pieces you lack), or roll your die for more pieces."
        : "Type or tap a word your pieces build (faded letters need pieces you lack), or pass and wait for the next roll.");
    }
    // The new-letter rule is Python's (has_new_letter_after): said here, judged when claiming.
    if (me.next_word_needs) hints.push(`Your next word needs ${me.next_word_needs}.`);
    if (me.must_use_all) hints.push("Every discard box is ticked: your word must use every piece in your pool.");
    else hints.push(`A word may leave at most ${plural(me.boxes_left, "piece")} over (your discard boxes left).`);
    preview.replaceChildren(...[first, element("p", { class: "muted ws-idle" }, hints.join(" "))].filter(Boolean));
    return;
  }
  if (!plan.cost) {
    preview.replaceChildren(...[first, element("p", { class: "ws-verdict bad" }, plan.problems[0])].filter(Boolean));
    return;
  }
  const missing = Object.fromEntries(KINDS.filter((kind) => plan.short[kind]).map((kind) => [kind, `${plan.short[kind]} short`]));
  const lines = [];
  if (plan.missing > 0) {
    lines.push(element("p", { class: "ws-verdict bad", "data-verdict": "missing" }, `✗ Missing: ${KINDS.filter((k) => plan.short[k]).map((k) => `${plan.short[k]} ${k}`).join(", ")}${plan.circlesUsed ? ` (after your ${plural(plan.circlesUsed, "circle")})` : ""}.`,
      !dicePerWord(view) && view.phase === "race" ? " Roll your die for more, or try another word." : ""));
  } else {
    const bits = ["✓ Your pool builds it"];
    if (plan.circlesUsed) bits.push(`using ${plural(plan.circlesUsed, "circle")}`);
    if (plan.over === 0) bits.push("using every piece (no discard)");
    else {
      const unspent = (me.circles ?? 0) - plan.circlesUsed;
      bits.push(`and leaves ${plural(plan.over, "piece")} over${unspent ? ` (${plural(unspent, "unspent circle")} included)` : ""}, ticking ${plan.over} of your ${me.boxes_left} discard boxes${plan.blueTicked ? ` (${plural(plan.blueTicked, "bonus point")} lost)` : ""}`);
    }
    lines.push(element("p", { class: `ws-verdict ${plan.over > me.boxes_left ? "bad" : "good"}`, "data-verdict": "builds" }, bits.join(", ") + "."));
  }
  for (const problem of plan.problems.filter((text) => !text.startsWith("Your pool"))) {
    lines.push(element("p", { class: "ws-verdict bad" }, `✗ ${problem}`));
  }
  preview.replaceChildren(...[first].filter(Boolean),
    element("div", { class: "ws-preview-word" }, wordSvg(word, { size: 44, pending: plan.missing > 0 })),
    element("div", { class: "ws-takes" }, element("span", { class: "ws-label" }, `${upper(word)} takes`),
      pieceCounts(plan.cost, { size: 22, all: false, marked: missing, label: `${upper(word)} takes ${countsText(plan.cost)}` })),
    ...[plan.missing <= 0 ? discardBoxes(me, { pending: Math.min(plan.over, me.boxes_left), small: true }) : null, ...lines].filter(Boolean));
}

function drawRows(rows, view, me, word, plan, choose) {
  rows.replaceChildren(element("span", { class: "ws-label" }, "Row (its letter):"), ...[...Array(ROWS).keys()].map((row) => {
    const letter = upper(view.required[row]);
    const taken = me.filled[row];
    const fits = word.includes(view.required[row]);
    const chosen = plan.row === row;
    return button(taken ? `${row + 1}·${letter} ✓` : `${row + 1}·${letter}`, () => choose(row),
      { small: true, class: `button small ws-row-button${chosen ? " primary" : ""}${fits ? " fits" : ""}`, "data-row": row, disabled: taken,
        role: "radio", "aria-checked": String(chosen), title: taken ? `Row ${row + 1} is filled` : `Row ${row + 1}: the word needs ${letter}` });
  }));
}

/** Everyone else: words so far (hidden in Secret Wordsmith), pool, discard boxes. */
function othersElement(view, players, shown) {
  const others = players.map((player, seat) => [player, seat]).filter(([, seat]) => !shown.has(seat));
  if (!others.length) return null;
  return element("section", { class: "ws-others", id: "ws-others", "aria-label": "The other players" },
    ...others.map(([player, seat]) => {
      const p = view.players[seat];
      const words = p.rows.filter(Boolean);
      const status = seatStatus(view, seat).text;
      return element("div", { class: "ws-other", "data-seat": seat },
        element("div", { class: "ws-other-head" }, element("strong", {}, player.name), element("span", { class: "muted" }, ` ${status}`)),
        element("div", { class: "ws-other-words" }, ...(words.length ? words.map((word) => drawnWord(word, { size: 16 }))
          : [element("span", { class: "muted" }, p.words ? `${plural(p.words, "word")}, secret until the end of the challenge` : "no word yet")])),
        element("div", { class: "ws-other-pool" }, pieceCounts(p.pool, { size: 16, label: `${player.name}'s pieces: ${countsText(p.pool)}` }),
          discardBoxes(p, { small: true })));
    }));
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

const ENDED = {
  "“Done!” and the last words claimed": "“Done!”, and the last words are in",
};

function resultElement(result, players, view, { ids = true } = {}) {
  const scores = result.sheets.map((sheet) => sheet.score);
  const best = Math.max(...scores);
  const top = players.filter((_p, seat) => scores[seat] === best).map((p) => p.name);
  const verdict = players.length === 1 ? `Challenge ${result.challenge}: ${plural(best, "point")}.`
    : `Challenge ${result.challenge}: ${top.length > 1 ? `${top.join(" and ")} score` : does(top[0], "scores")} most, ${best} points.`;
  const refused = result.sheets.some((sheet) => sheet.rows.some((row) => row.refusal));
  return element("div", { class: "round-result ws-result", id: ids ? "round-result" : null, "data-challenge": result.challenge },
    element("p", { class: "verdict" }, verdict),
    element("p", { class: "hint" }, `It ended: ${ENDED[result.ended] ?? result.ended}.${refused ? " Words the table would have refused score 0 (Secret Wordsmith)." : ""}`),
    element("div", { class: "ws-sheets" }, ...players.map((player, seat) => resultSheet(result, seat, {
      caption: `${player.name}${result.done_by === seat ? " · Done!" : ""}`, small: true, id: ids ? `ws-result-sheet-${seat}` : null }))),
    view && view.results.length > 1 ? element("p", { class: "ws-running" }, `After ${plural(view.results.length, "challenge")}: ${scoreLine(view, players)}.`) : null);
}

/** Scores by challenge and the game's totals, the winners marked. */
function scoreTable(view, players) {
  const winners = view.outcome?.winners ?? [];
  return element("table", { class: "scoring ws-scores", id: "ws-scores" },
    element("thead", {}, element("tr", {}, element("th", {}, "Player"),
      ...view.results.map((result) => element("th", { class: "points" }, `Ch. ${result.challenge}`)), element("th", { class: "points" }, "Total"))),
    element("tbody", {}, ...players.map((player, seat) => element("tr", { class: winners.includes(seat) ? "winner" : "", "data-seat": seat },
      element("th", {}, `${winners.includes(seat) ? "★ " : ""}${player.name}`),
      ...view.results.map((result) => element("td", { class: "points" }, String(result.sheets[seat].score))),
      element("td", { class: "points ws-game-total" }, element("strong", {}, String(view.totals[seat])))))));
}

export function finalScreen(view, players) {
  const parts = [scoreTable(view, players)];
  if (players.length === 1) parts.push(soloBest(view));
  view.results.forEach((result, index) => {
    const last = index === view.results.length - 1;
    parts.push(element("details", { class: "ws-final-challenge", open: last, "data-challenge": result.challenge },
      element("summary", {}, `Challenge ${result.challenge}: the sheets${result.required ? ` (required letters ${upper(result.required)})` : ""}`),
      resultElement(result, players, null, { ids: false })));
  });
  parts.push(element("p", { class: "hint" }, howToPlay()));
  return element("div", { class: "scoreboard ws-final", id: "ws-final" }, ...parts);
}

// -- solo: beat yourself ---------------------------------------------------------------------

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

function soloBest(view) {
  return soloBestElement({ storageKey: BEST_KEY, variant: variantOf(view.options), variantText: variantText(view.options),
    key: gameKey(view), score: view.totals[0], prefix: "ws" });
}

// -- the replay ------------------------------------------------------------------------------

/** A replay step: the challenge's result when the step ended one, then every sheet and pool as
 * they stood (all words revealed), the box, the Word by Word roll and the required letters. */
export function replayBoard(frame, players, { move = null, seat = null } = {}) {
  const parts = [];
  const fresh = frame.players.every((p) => p.words === 0);
  const endedChallenge = move !== null && frame.results.length > 0 && (frame.phase === "over" || (fresh && frame.results.at(-1).challenge === frame.challenge - 1));
  if (endedChallenge) parts.push(resultElement(frame.results.at(-1), players, null, { ids: false }));
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
