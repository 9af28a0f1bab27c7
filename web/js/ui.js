// Small DOM helpers shared by every screen.

export const $ = (id) => document.getElementById(id);

/** element("p", {class: "hint"}, "text", child...): attributes set as given, children appended. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

export function button(label, onClick, { primary = false, small = false, ...attributes } = {}) {
  const classes = ["button", primary && "primary", small && "small"].filter(Boolean).join(" ");
  const node = element("button", { type: "button", class: classes, ...attributes }, label);
  node.addEventListener("click", onClick);
  return node;
}

/** A keyboard player starts from the next thing to do: the first shown, enabled control in root
 * marked data-next. With nothing to do (waiting for others), root itself: Tab goes on from the
 * top of the screen and a stray Enter presses nothing (such as "Take back my last move").
 * Without scrolling: layouts keep the next thing in view. */
export function focusNext(root) {
  if (document.querySelector("dialog[open]")) return;
  const usable = (node) => !node.disabled && !node.closest("[hidden], [inert]") && node.getClientRects().length > 0;
  // On a touch screen a focused text field opens the on-screen keyboard over the board: the
  // player taps the field when ready, and focus goes to the next control after it.
  const touch = window.matchMedia?.("(pointer: coarse)").matches;
  const typing = (node) => node.matches("textarea, input:not([type]), input[type=text]");
  const next = [...root.querySelectorAll("[data-next]")].find((node) => usable(node) && !(touch && typing(node)));
  if (next) return next.focus({ preventScroll: true });
  if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
  root.focus({ preventScroll: true });
}

/** Replaces root's children without losing the keyboard's place. When focus was in root (or
 * nowhere): with keepPlace, the same control again (same id, or the same data-* marks); else, or
 * when it is gone, the next thing to do. */
export function redraw(root, children, { keepPlace = true } = {}) {
  const active = document.activeElement;
  // Lost too: focus left on a screen now hidden (the new-game form's Start, once the game opens).
  const hidden = active && active !== document.body && (active.closest("[hidden]") || !active.getClientRects().length);
  const lost = !active || active === document.body || hidden || root.contains(active);
  const place = keepPlace && lost && active && active !== document.body ? sameControl(active) : null;
  root.replaceChildren(...children);
  if (!lost || !root.isConnected) return;
  const again = place && root.querySelector(place);
  if (again && !again.disabled) again.focus({ preventScroll: true });
  else focusNext(root);
}

function sameControl(node) {
  if (node.id) return `#${CSS.escape(node.id)}`;
  const marks = [...node.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-next");
  return marks.length ? `${node.tagName}${marks.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("")}` : null;
}

// 111593 -> "111,593". Not toLocaleString: its first call loads locale data on the main thread.
export const thousands = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Offers text as a file download (export of a save). */
export function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = element("a", { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A button copying text to the clipboard; where copying is not allowed, it selects the text
 * in `area` for the player to copy, and says so in `status` (when given). */
/** text: the text to copy, or a function giving it at the time of the click. */
export function copyButton(label, text, area, status = null, attributes = {}) {
  return button(label, async () => {
    try {
      await navigator.clipboard.writeText(typeof text === "function" ? text() : text);
      if (status) status.textContent = "Copied.";
    } catch {
      area.select();
      if (status) status.textContent = "Select the text and copy it (copying was not allowed here).";
    }
  }, attributes);
}

// A player is named in a sentence by their name, or in the second person when this device
// calls them "You" (a daily game, a challenge, a game link): every sentence naming a player
// goes through these, so "You wins" or "You, your word" cannot be said.
const YOU = "You";

/** Whether the player so named is the person at this device, addressed as "you". */
export const isYou = (name) => name === YOU;

/** The verb after "you": its third-person form less its "s" ("wins" → "win", "passes" →
 * "pass"); irregular ones ("has", "is") are given. */
const secondPerson = (verb) => ({ has: "have", is: "are", does: "do", goes: "go" })[verb]
  ?? (/(ss|sh|ch|x|z)es$/.test(verb) ? verb.slice(0, -2) : verb.replace(/s$/, ""));

/** A player and a present-tense verb in agreement: "Ann wins", "You win", "You choose" (lower:
 * "you choose", inside a sentence). */
export const does = (name, verb, { lower = false } = {}) =>
  (isYou(name) ? `${lower ? "you" : name} ${secondPerson(verb)}` : `${name} ${verb}`);

/** What is a player's: "Ann's", "Your" (lower: "your", inside a sentence). */
export const whose = (name, { lower = false } = {}) => (isYou(name) ? (lower ? "your" : "Your") : `${name}'s`);

/** Words said to a player, who is named when the device is shared: "Ann, your word" or "Your
 * word" (separator ": " for "Ann: your grid"). */
export const toPlayer = (name, text, separator = ", ") =>
  (isYou(name) ? text[0].toUpperCase() + text.slice(1) : `${name}${separator}${text}`);

/** "Ann wins", "You win", "Ann and Bo share the win". */
export function winnersText(names) {
  return names.length === 1 ? does(names[0], "wins") : `${names.join(" and ")} share the win`;
}

/** A solo game has no winner, only a score: "Your score: 7 points". */
export const soloScore = (name, score) => `${whose(name)} score: ${score}`;

/** The verdict on the end screen, the same on every screen: "Ann wins: …", "Ann and Bo share
 * the win: …"; alone, the score (score: the game's result line, "7 points"). */
export function verdictText(outcome, players, score) {
  if (players.length === 1) return `${soloScore(players[0].name, score)}.`;
  return `${winnersText(outcome.winners.map((seat) => players[seat].name))}: ${outcome.reason}.`;
}

/** A finished game's line in the list of saved games: "Finished: You win · You 12, Bo 9";
 * alone, "Finished · Your score: 7 points". */
export function finishedLine(view, players, score, scores = null) {
  if (players.length === 1) return `Finished · ${soloScore(players[0].name, score)}`;
  const verdict = winnersText(view.outcome.winners.map((seat) => players[seat].name));
  return `Finished: ${verdict}${scores ? ` · ${scores}` : ""}`;
}

/** A game's line in the list of saved games: the game's own while it is on, the shell's at the
 * end (the verdict, the first seat's result and, where the game has one, everyone's scores). */
export function summaryLine(game, view, players) {
  if (view.phase !== "over") return game.summary(view, players);
  return finishedLine(view, players, game.resultLine(view, 0), game.scoresLine?.(view, players) ?? null);
}

/** What is happening now, after the title: the game's own words, "Game over" at the end. */
export const headlineText = (game, view, players) => (view.phase === "over" ? "Game over" : game.headline(view, players));

/** A number as a player reads it: "−2" with a true minus sign. */
export const signed = (n) => (n < 0 ? `−${-n}` : String(n));

/** "3 points", "1 point", "−2 points". */
export const plural = (n, one, many = `${one}s`) => `${signed(n)} ${n === 1 ? one : many}`;

/** A seat's score against the best of the others, for shared results: "143 points to 120"
 * ("143 points" alone). */
export function scoreAgainst(scores, seat, unit) {
  const mine = plural(scores[seat], unit);
  const others = scores.filter((_score, index) => index !== seat);
  return others.length ? `${mine} to ${signed(Math.max(...others))}` : mine;
}

const GRID_STEPS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

/** A board (role=grid of rows of gridcells) takes one Tab stop, its first cell marked data-next
 * (else its first button, else its first cell), and the arrow keys move across and down, Home
 * and End along a row: the keyboard pattern screen readers announce for a grid. Call it once
 * the grid's rows are in. */
export function gridKeys(grid) {
  const rows = [...grid.querySelectorAll("[role=row]")].map((row) => [...row.querySelectorAll("[role=gridcell]")]).filter((row) => row.length);
  const cells = rows.flat();
  const entry = cells.find((cell) => cell.hasAttribute("data-next")) ?? cells.find((cell) => cell.tagName === "BUTTON") ?? cells[0];
  for (const cell of cells) cell.tabIndex = cell === entry ? 0 : -1;
  grid.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return; // the browser's own (Alt+← is Back)
    const r = rows.findIndex((row) => row.includes(event.target));
    if (r < 0) return;
    const c = rows[r].indexOf(event.target);
    let to = null;
    if (GRID_STEPS[event.key]) {
      const [dr, dc] = GRID_STEPS[event.key];
      const row = rows[Math.min(Math.max(r + dr, 0), rows.length - 1)];
      to = row[Math.min(Math.max(c + dc, 0), row.length - 1)];
    } else if (event.key === "Home") to = rows[r][0];
    else if (event.key === "End") to = rows[r].at(-1);
    if (!to) return;
    event.preventDefault();
    to.focus();
  });
  // The Tab stop follows focus, however it came (arrows, a tap, a redraw keeping the place).
  grid.addEventListener("focusin", (event) => {
    if (!cells.includes(event.target)) return;
    for (const cell of cells) cell.tabIndex = cell === event.target ? 0 : -1;
  });
  return grid;
}
