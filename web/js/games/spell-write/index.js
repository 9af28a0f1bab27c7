// Spell Write in the browser: the dice on the letter grid, the play grid with its black,
// highlighted and bonus squares and the links of scored words, claims, the scoring table,
// and the shared game link. Python decides every rule; this module draws and sends moves.
import { element, button, copyButton, redraw, scoreAgainst, gridKeys, toPlayer, plural, whose } from "../../ui.js";

export const id = "spell-write";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "takes a letter at random, writes it anywhere, and misses a word now and then: a gentle opponent.",
  medium: "takes the letter and square that score the most points this turn. It beats the easy bot nearly every game.",
  hard: "also weighs what each square can still become, and whether re-rolling doubles is worth it. It beats the medium bot about 3 games in 4.",
};
export const historyTitle = "Scoring";
export const privacyNote = "Everyone else, look away: this round's letter stays secret until everyone has written.";
const SIZE = 4;
const upper = (text) => text.toUpperCase();
const cellName = (r, c) => `${String.fromCharCode(65 + c)}${r + 1}`;
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

export function setupFields(container) {
  const competitive = element("input", { type: "radio", name: "sw-mode", id: "sw-competitive", value: "competitive", checked: true });
  const friendly = element("input", { type: "radio", name: "sw-mode", id: "sw-friendly", value: "friendly" });
  const shared = element("input", { type: "checkbox", id: "sw-shared", checked: true });
  container.replaceChildren(element("fieldset", {}, element("legend", {}, "Game"),
    element("label", { class: "check" }, competitive, " Competitive: only words through the letter you just wrote score"),
    element("label", { class: "check" }, friendly, " Friendly: words you missed may be scored in a later round"),
    element("label", { class: "check" }, shared, " Everyone plays on the same sheet (black, highlighted and bonus squares)")));
  return {
    playersChanged: () => {},
    read: () => ({ mode: friendly.checked ? "friendly" : "competitive", shared_sheet: shared.checked }),
  };
}

/** The result to share: points against the best of the others. */
export const resultLine = (view, seat) => scoreAgainst(view.sheets.map((sheet) => sheet.score), seat, "point");

export function summary(view, players) {
  return `Round ${view.round} of ${view.rounds} · ${scoresLine(view, players)}`;
}

export const scoresLine = (view, players) => players.map((p, seat) => `${p.name} ${view.sheets[seat].score}`).join(", ");

export function seatStatus(view, seat) {
  const waiting = view.waiting_for.includes(seat);
  return { text: `${plural(view.sheets[seat].score, "point")}${waiting && view.phase !== "over" ? " · choosing" : ""}`, out: false, acting: waiting };
}

export function headline(view) {
  return `Round ${view.round} of ${view.rounds}`;
}

export function historyList(view, players) {
  const seat = view.seat ?? 0;
  return scoringTable(view.sheets[seat], players.length > 1 ? `${players[seat].name}'s scoring` : null);
}

/** What a player sees of their own game while others choose. */
export function waitingPicture(view, name) {
  // Online, a re-roller's die is rolled once every player has chosen (nobody holds it before).
  const rerollWaits = view.reroll_waits
    ? element("p", { class: "hint", id: "sw-reroll-waits" }, toPlayer(name ?? "You", "you re-roll: the die is rolled once every player has chosen to take the letter or re-roll."))
    : null;
  // By link, a letter written while the next roll waits for a friend's part shows at once (made_move).
  return element("figure", { class: "sw-waiting" }, rerollWaits, playGrid(view.sheets[view.seat], { small: true, made: view.made_move }),
    element("figcaption", {}, name ? toPlayer(name, "your grid", ": ") : "Your grid"));
}

export function botDoing() {
  return "is choosing a letter";
}

// -- drawing --------------------------------------------------------------------------------

function scoringTable(sheet, caption, { id = "scoring" } = {}) {
  const rows = sheet.table.map((entry) => element("tr", {}, element("td", {}, String(entry.round)),
    element("td", {}, entry.text), element("td", { class: "points" }, entry.points > 0 ? `+${entry.points}` : String(entry.points))));
  return element("table", { class: "scoring", id },
    caption ? element("caption", {}, caption) : null,
    element("thead", {}, element("tr", {}, element("th", {}, "Rnd"), element("th", {}, "Scored"), element("th", {}, "Pts"))),
    element("tbody", {}, ...rows),
    element("tfoot", {}, element("tr", {}, element("td", {}), element("th", {}, "Total"), element("th", { class: "points", id: id && "score-total" }, String(sheet.score)))));
}

/** The play grid. Options: onPick(r, c) makes empty squares buttons; preview = {at, letter};
 * made = {at, letter}: a letter written whose turn waits for the next roll (by link).
 * A grid of rows of cells for screen readers (the rows are display: contents), each square
 * named with its state: its letter or empty or black, bonus, highlighted, in a scored word. */
export function playGrid(sheet, { onPick = null, preview = null, made = null, small = false, marked = [], next = false } = {}) {
  const { layout } = sheet;
  const links = new Set(sheet.used.map(([a, b]) => (a[0] === b[0] ? `r${a[0]},${Math.min(a[1], b[1])}` : `d${Math.min(a[0], b[0])},${a[1]}`)));
  const scored = new Set(sheet.used.flat().map(([r, c]) => `${r},${c}`));
  const grid = element("div", { class: `play-grid${small ? " small" : ""}`, role: "grid", id: small ? null : "sw-play",
    "aria-label": "Play grid", "aria-readonly": onPick ? null : "true" });
  for (let r = 0; r < SIZE; r++) {
    const row = element("div", { role: "row", class: "grid-row" });
    for (let c = 0; c < SIZE; c++) {
      let letter = sheet.grid[r][c];
      const isPreview = preview && same(preview.at, [r, c]);
      if (isPreview) letter = preview.letter;
      const isMade = made && same(made.at, [r, c]) && letter === ".";
      if (isMade) letter = made.letter;
      const black = letter === "#";
      const highlighted = layout.highlighted.some((h) => same(h, [r, c]));
      const bonus = (r === layout.bonus_row || c === layout.bonus_col) && !black;
      const classes = ["sq", black && "black", letter === "." && "empty", highlighted && "highlighted", bonus && "bonus",
        links.has(`r${r},${c}`) && "link-right", links.has(`d${r},${c}`) && "link-down",
        (isPreview || isMade) && "preview", marked.some((m) => same(m, [r, c])) && "marked"].filter(Boolean).join(" ");
      const text = black || letter === "." ? "" : upper(letter);
      const state = [black ? "black" : letter === "." ? "empty" : upper(letter), isPreview && "(your letter, not written yet)",
        isMade && "(written, waiting for the next roll)",
        bonus && "bonus", highlighted && "highlighted", scored.has(`${r},${c}`) && "in a scored word"].filter(Boolean).join(", ");
      const label = `${cellName(r, c)}: ${state}`;
      const square = onPick && letter === "." && !black
        ? button(text, () => onPick(r, c), { class: classes, role: "gridcell", "data-sq": cellName(r, c), "aria-label": label, "data-next": next })
        : element("span", { class: classes, role: "gridcell", "data-sq": cellName(r, c), "aria-label": label }, text);
      if (onPick) square.className = classes;
      row.append(square);
    }
    grid.append(row);
  }
  return onPick ? gridKeys(grid) : grid;
}

/** The letter grid with the dice: onPick(r, c) for the letters the roll allows. Rows and columns
 * carry their numbers as headers; a letter says whether it may be taken, is crossed off, or is
 * in the highlighted block. */
function letterGrid(view, sheet, { pickable = [], chosen = null, onPick = null, blockMode = false, dice = [], next = false } = {}) {
  const grid = element("div", { class: "letter-grid-6", id: "sw-letters", role: "grid", "aria-label": "Letter grid", "aria-readonly": onPick ? null : "true" });
  const head = element("div", { role: "row", class: "grid-row" }, element("span", { class: "corner", role: "columnheader", "aria-label": "Row" }));
  for (let c = 0; c < 6; c++) {
    head.append(element("span", { class: `head${dice.includes(c + 1) ? " die" : ""}`, role: "columnheader",
      "aria-label": `Column ${c + 1}${dice.includes(c + 1) ? " (rolled)" : ""}` }, String(c + 1)));
  }
  grid.append(head);
  const inBlock = (r, c) => sheet.blocks.some(([br, bc]) => r >= br && r <= br + 1 && c >= bc && c <= bc + 1);
  for (let r = 0; r < 6; r++) {
    const row = element("div", { role: "row", class: "grid-row" },
      element("span", { class: `head${dice.includes(r + 1) ? " die" : ""}`, role: "rowheader",
        "aria-label": `Row ${r + 1}${dice.includes(r + 1) ? " (rolled)" : ""}` }, String(r + 1)));
    for (let c = 0; c < 6; c++) {
      const crossed = sheet.crossed.some((x) => same(x, [r, c]));
      const can = blockMode ? r <= 4 && c <= 4 : pickable.some((x) => same(x, [r, c]));
      const classes = ["lt", crossed && "crossed", can && "can", inBlock(r, c) && "in-block", same(chosen, [r, c]) && "chosen"].filter(Boolean).join(" ");
      const letter = upper(view.letters[r][c]);
      const state = [crossed && "crossed off", inBlock(r, c) && "in your highlighted block", same(chosen, [r, c]) && "chosen",
        can && onPick && !same(chosen, [r, c]) && (blockMode ? "a block may start here" : "you may take it")].filter(Boolean);
      const label = `row ${r + 1}, column ${c + 1}: ${letter}${state.length ? `, ${state.join(", ")}` : ""}`;
      row.append(can && onPick
        ? button(letter, () => onPick(r, c), { class: classes, role: "gridcell", "data-lt": `${r + 1}${c + 1}`, "aria-label": label, "data-next": next })
        : element("span", { class: classes, role: "gridcell", "data-lt": `${r + 1}${c + 1}`, "aria-label": label }, letter));
    }
    grid.append(row);
  }
  return onPick ? gridKeys(grid) : grid;
}

/** What the markings on the boards mean (colour is never the only sign: shapes and words too). */
function legend() {
  const key = (className, text) => element("span", { class: "sw-key" }, element("span", { class: `sw-swatch ${className}`, "aria-hidden": "true" }), text);
  return element("p", { class: "sw-legend hint", id: "sw-legend" },
    key("black", "black: no letter"), key("highlighted", "thick border: highlighted (widens your letter choice)"),
    key("bonus", "yellow: the bonus row and column"), key("can", "outlined letter: one you may take"),
    key("in-block", "dashed frame: your highlighted 2×2 block"));
}

function diceElement(dice, rerolled) {
  const faces = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  return element("p", { class: "dice", id: "sw-dice" }, "Dice: ",
    ...dice.map((d) => element("span", { class: "die-face", "aria-label": String(d) }, `${faces[d]} ${d}`)),
    rerolled ? element("span", {}, ` · re-rolled: ${faces[rerolled]} ${rerolled}`) : "");
}

// -- a human's turn -------------------------------------------------------------------------

export function turnScreen(view, player, ctx) {
  const sheet = view.sheets[view.seat];
  if (view.doubles_choice) return doublesScreen(view, sheet, ctx);
  return new Turn(view, sheet, player, ctx).element;
}

function doublesScreen(view, sheet, { act }) {
  const [d] = view.dice;
  const letter = upper(view.letters[d - 1][d - 1]);
  const message = element("output", { id: "sw-message" });
  const send = (choice) => act({ type: "doubles", choice }).catch((error) => { message.className = "bad"; message.textContent = error.message; });
  return element("div", { class: "turn sw" }, diceElement(view.dice),
    element("p", { class: "word-banner" }, `Doubles! Take the ${letter}, or re-roll one die (the other stays ${d}).`),
    element("div", { class: "row" },
      button(`Take the ${letter}`, () => send("take"), { primary: true, id: "sw-take", "data-next": true }),
      button("Re-roll one die", () => send("reroll"), { id: "sw-reroll" })),
    // Both boards, as on every turn: whether to take the letter depends on the play grid.
    element("div", { class: "sw-boards" }, letterGrid(view, sheet, { dice: view.dice }), playGrid(sheet)), message, legend());
}

class Turn {
  constructor(view, sheet, player, { act, ask }) {
    Object.assign(this, { view, sheet, player, act, ask });
    this.pick = view.pickable.length === 1 ? view.pickable[0] : null;
    this.at = null;
    this.block = null;
    this.claims = [];
    this.element = element("div", { class: "turn sw" });
    this.draw();
  }

  get letter() {
    return this.pick ? this.view.letters[this.pick[0]][this.pick[1]] : null;
  }

  get highlighted() {
    return this.at && this.sheet.layout.highlighted.some((h) => same(h, this.at));
  }

  async choosePick(r, c) {
    if (this.choosingBlock) {
      this.block = [r, c];
      this.choosingBlock = false;
      return this.draw();
    }
    this.pick = [r, c];
    await this.refreshClaims();
  }

  async chooseAt(r, c) {
    this.at = [r, c];
    this.block = null;
    this.choosingBlock = this.highlighted;
    await this.refreshClaims();
  }

  async refreshClaims() {
    this.claims = [];
    this.candidates = this.pick && this.at ? await this.ask("candidates", { pick: this.pick, at: this.at }) : [];
    this.draw();
  }

  draw() {
    const view = this.view;
    const crossed = this.pick && this.sheet.crossed.some((x) => same(x, this.pick));
    const step = !this.pick ? `Choose a letter the dice point at${view.pickable.length > 2 ? " (your highlighted block widens the choice)" : ""}.`
      : !this.at ? `Write ${upper(this.letter)} in an empty square of your play grid.`
        : this.choosingBlock ? "A highlighted square: choose the top-left letter of a 2×2 block to highlight (or skip)."
          : `Tick the words you score, then press “Write ${upper(this.letter)} at ${cellName(...this.at)}”.`;
    const message = element("output", { id: "sw-message", "aria-live": "polite" });
    this.message = message;
    const boards = element("div", { class: `sw-boards${this.pick && !this.choosingBlock ? " picked" : ""}` },
      letterGrid(view, this.sheet, { pickable: view.pickable, chosen: this.pick, dice: view.choices.flat().map((x) => x + 1),
        onPick: (r, c) => this.choosePick(r, c), blockMode: this.choosingBlock, next: !this.pick || this.choosingBlock }),
      playGrid(this.sheet, { onPick: (r, c) => this.chooseAt(r, c), preview: this.at && this.letter ? { at: this.at, letter: this.letter } : null,
        next: Boolean(this.pick) && !this.at }));
    const writing = Boolean(this.pick && this.at) && !this.choosingBlock;
    const write = element("div", { class: "row" },
      button(writing ? `Write ${upper(this.letter)} at ${cellName(...this.at)}${this.claims.length ? " and score" : ""}` : "Write",
        () => this.send(), { primary: true, id: "sw-write", disabled: !writing, "data-next": writing }));
    // What this step asks comes first, the boards after it (on a phone, once a letter is chosen,
    // the play grid before the letter grid): the next action is on the first screen.
    const parts = [diceElement(view.dice, view.rerolled), element("p", { class: "word-banner" }, toPlayer(this.player.name, step, ": "))];
    const lastTurn = lastTurnLine(view);
    if (lastTurn) parts.push(lastTurn);
    if (crossed) parts.push(element("p", { class: "hint" }, `${upper(this.letter)} is already crossed off: taking it again costs a point.`));
    if (this.choosingBlock) parts.push(button("Skip the highlight", () => { this.choosingBlock = false; this.draw(); }, { small: true, id: "sw-skip-block", "data-next": true }));
    if (this.block) parts.push(element("p", { class: "hint" }, `Highlighting the block from row ${this.block[0] + 1}, column ${this.block[1] + 1}.`));
    if (writing) parts.push(this.claimList(), write, message, boards);
    else parts.push(boards, write, message);
    parts.push(legend());
    // Each step redraws the turn: a new step's focus is on its next control; within a step (ticking
    // words) the keyboard keeps its place.
    const stepKey = `${this.pick}|${this.at}|${this.choosingBlock}`;
    redraw(this.element, parts, { keepPlace: stepKey === this.shownStep });
    this.shownStep = stepKey;
  }

  claimList() {
    if (!this.candidates?.length) return element("p", { class: "hint", id: "sw-claims" }, "No line of letters to claim here.");
    const lookupLeft = !this.sheet.lookup_used;
    return element("fieldset", { class: "claims", id: "sw-claims" }, element("legend", {}, "Words to score (a non-word costs a point)"),
      ...this.candidates.map((candidate, index) => {
        const claimed = this.claims.find((c) => c.index === index);
        // Links are used once: a line sharing a link with a ticked word cannot be ticked too, and says so.
        const blocker = claimed ? null : this.claims.find((c) => sharesLink(this.candidates[c.index].cells, candidate.cells));
        const box = element("input", { type: "checkbox", id: `sw-claim-${index}`, "data-claim": candidate.text, checked: Boolean(claimed), disabled: Boolean(blocker) });
        box.addEventListener("change", () => {
          this.claims = box.checked ? [...this.claims, { index, lookup: false }] : this.claims.filter((c) => c.index !== index);
          this.draw();
        });
        const row = element("div", { class: `claim-row${blocker ? " blocked" : ""}` },
          element("label", { class: "check", for: `sw-claim-${index}` }, box, ` ${candidate.text}`));
        if (blocker) {
          row.append(element("span", { class: "claim-why", id: `sw-why-${index}` },
            `shares a link with ${this.candidates[blocker.index].text}, which you ticked`));
          box.setAttribute("aria-describedby", `sw-why-${index}`);
        } else if (lookupLeft) {
          // The one free look-up of the game, beside each word it may be spent on: a word looked
          // up is ticked too, and costs nothing if it is not a word.
          const look = element("input", { type: "checkbox", id: `sw-lookup-${index}`, "data-lookup": candidate.text, checked: Boolean(claimed?.lookup) });
          look.addEventListener("change", () => {
            if (look.checked && !claimed) this.claims = [...this.claims, { index, lookup: false }];
            for (const c of this.claims) c.lookup = c.index === index && look.checked;
            this.draw();
          });
          row.append(element("label", { class: "check lookup", for: `sw-lookup-${index}` }, look, " look it up first (free, once a game)"));
        }
        return row;
      }));
  }

  async send() {
    const move = {
      type: "write", pick: this.pick, at: this.at, block: this.block,
      words: this.claims.map(({ index, lookup }) => ({ cells: this.candidates[index].cells, ...(lookup ? { lookup: true } : {}) })),
    };
    try {
      await this.act(move);
    } catch (error) {
      this.message.className = "bad";
      this.message.textContent = error.message;
    }
  }
}

function linksOf(cells) {
  return cells.slice(1).map((cell, i) => [cells[i], cell].map(String).sort().join("|"));
}

function sharesLink(a, b) {
  const links = new Set(linksOf(a));
  return linksOf(b).some((link) => links.has(link));
}

// -- after the game and around it -----------------------------------------------------------

/** Every player's play grid and score (marked: {seat, cells} to outline); scoring: with each
 * player's scoring rows under their grid, so a bot's score is explained like the player's. */
function sheetsBoard(sheets, players, { marked = null, scoring = false } = {}) {
  return element("div", { class: "revealed-grids" }, ...sheets.map((sheet, s) =>
    element("figure", { class: "grid-figure", "data-seat": s }, playGrid(sheet, { small: true, marked: marked?.seat === s ? marked.cells : [] }),
      element("figcaption", {}, `${players[s].name} · ${plural(sheet.score, "point")}`),
      scoring ? element("details", { class: "sw-sheet-scoring" }, element("summary", {}, `${whose(players[s].name)} scoring`),
        scoringTable(sheet, null, { id: null })) : null)));
}

/** What the player's own last turn did, at the top of their next one: a word looked up or
 * refused is said where they look, not only in the scoring table far below on a phone. */
function lastTurnLine(view) {
  const notes = view.last_turn; // a seat's own view holds its own notes only
  return notes?.length ? element("p", { class: "hint sw-turn-notes", id: "sw-last-turn" }, `Last turn you ${notes.join("; ")}.`) : null;
}

/** What the mover's turn scored, from Python's notes: "Basil wrote R; scored ART: +3; bonus: +1." */
function turnNotes(frame, players, seat) {
  const notes = frame.last_turn?.[seat];
  return notes?.length ? element("p", { class: "hint sw-turn-notes", id: "sw-turn-notes" }, `${players[seat].name} ${notes.join("; ")}.`) : null;
}

/** A replay step: the round and its dice, every sheet, the square just written marked. */
export function replayBoard(frame, players, { move = null, seat = null } = {}) {
  const round = frame.phase === "over" ? "After the last round" : `Round ${frame.round} of ${frame.rounds} · dice ${frame.dice.join(" and ")}`;
  const cells = move?.type === "write" ? [move.at] : [];
  return element("div", { class: "sw-replay" },
    element("p", { class: "replay-round" }, round),
    move?.type === "write" ? turnNotes(frame, players, seat) : null,
    sheetsBoard(frame.sheets, players, { marked: { seat, cells } }));
}

export function finalScreen(view, players, { ask, seat, shareLink } = {}) {
  // Alone, the side panel's scoring is the only one: not shown twice.
  const boards = sheetsBoard(view.sheets, players, { scoring: players.length > 1 });
  const extra = element("div", { class: "sw-after", id: "sw-after" });
  if (ask && seat !== null && seat !== undefined) {
    Promise.all([ask("hard-bot"), ask("missed")]).then(([botScore, missed]) => {
      const mine = view.sheets[seat].score;
      extra.append(
        element("p", { id: "sw-hard-bot" }, `A hard bot scored ${botScore} with the same rolls (you: ${mine}).`),
        element("p", { id: "sw-missed" }, missed.length ? `Words left in your grid: ${missed.join(", ")}.` : "No word was left unscored in your grid."));
      if (shareLink) extra.append(shareBox(view, mine, shareLink));
    }).catch(() => {});
  }
  return element("div", {}, boards, extra);
}

/** The text to compare results: the game and the score, no letters given away. */
export function shareText(view, score, link) {
  return `Spell Write, game ${link.seed} (${view.options.mode}): I scored ${score} points. Same sheet, same rolls: ${link.url}`;
}

function shareBox(view, score, link) {
  const text = shareText(view, score, link);
  const area = element("textarea", { readonly: true, rows: 3, id: "sw-share-text" });
  area.value = text;
  return element("div", { class: "panel" }, element("p", {}, "Compare with friends: send them this."), area,
    copyButton("Copy", text, area, null, { small: true }));
}

/** A link to this same game (seed and options) for friends, for one-player games. */
export function shareLink(save, base) {
  const options = save.record.options;
  if (options.players !== 1) return null;
  const query = new URLSearchParams({ play: id, seed: String(save.record.seed), mode: options.mode ?? "competitive",
    lexicon: options.lexicon ?? "standard" });
  return { seed: save.record.seed, url: `${base}#${query}`, title: "The same game for a friend",
    text: "Whoever opens this link plays the same sheet with the same rolls, on their own time. Compare scores at the end." };
}

/** The options a shared link carries, checked, and the key naming its save; null when the
 * link is not a Spell Write game. */
export function optionsFromLink(params) {
  const seed = Number(params.get("seed"));
  const mode = params.get("mode") ?? "competitive";
  const lexicon = params.get("lexicon") ?? "standard";
  if (!Number.isSafeInteger(seed) || seed < 0 || !["competitive", "friendly"].includes(mode) || !/^[a-z0-9:_-]{1,60}$/.test(lexicon)) return null;
  return { seed, options: { players: 1, mode, lexicon, shared_sheet: true }, key: `${seed}-${mode}` };
}
