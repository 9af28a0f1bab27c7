// Four Letter Words in the browser: its setup fields, its grid and its turn screens.
// Python decides every rule; this module only draws the view it is given and sends moves.
import { element, button, plural, does, toPlayer, isYou } from "../../ui.js";

export const id = "four-letter-words";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "names any word that fits its grid and writes it anywhere it goes: a gentle opponent.",
  medium: "names the word that fits its own grid in the most places, and writes where the most words will still fit. It beats the easy bot about 7 games in 10.",
  hard: "writes where the most words will still fit, and guesses your grid from the words played: it names words likely to fit nowhere in yours. It beats the medium bot about 4 games in 5, the easy one 9 in 10.",
};
export const historyTitle = "Words";
export const privacyNote = "Everyone else, look away: grids are secret.";
const DIRECTIONS = { right: [0, 1], down: [1, 0], left: [0, -1], up: [-1, 0] };
const ARROWS = { right: "→", down: "↓", left: "←", up: "↑" };
const KEY_STEPS = { ArrowRight: [0, 1], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowUp: [-1, 0] };
const KEY_DIRECTIONS = { ArrowRight: "right", ArrowDown: "down", ArrowLeft: "left", ArrowUp: "up" };
const EMPTY = ".";

const cellName = (row, col) => `${String.fromCharCode(65 + col)}${row + 1}`;
const upper = (word) => word.toUpperCase();

// -- setup ---------------------------------------------------------------------------------

/** The grid size Python recommends for each number of players (game.info's rows and cols
 * defaults by players), and the same as words: "7×7 up to 4, 8×8 for 5–6, …". */
function recommendedGrids(info) {
  const option = (name) => info.options.find((o) => o.name === name);
  const rows = option("rows");
  const cols = option("cols");
  const counts = Object.keys(rows.by_players ?? {}).map(Number).sort((a, b) => a - b);
  const sizeFor = (count) => [rows.by_players?.[count] ?? rows.default, cols.by_players?.[count] ?? cols.default];
  const groups = [];
  for (const count of counts) {
    const [r, c] = sizeFor(count);
    const last = groups.at(-1);
    if (last && last.r === r && last.c === c && last.to === count - 1) last.to = count;
    else groups.push({ r, c, from: count, to: count });
  }
  const words = groups.map(({ r, c, from, to }, i) =>
    `${r}×${c} ${i === 0 && from === info.players.min && to > from ? `up to ${to}` : from === to ? `for ${from}` : `for ${from}–${to}`}`);
  return { rows, cols, sizeFor: (count) => sizeFor(Math.min(Math.max(count, counts[0] ?? count), counts.at(-1) ?? count)), words: words.join(", ") };
}

/** The game's own fields of the new-game form; returns a function that reads them. */
export function setupFields(container, { players, info }) {
  const grids = recommendedGrids(info);
  const [rows0, cols0] = [grids.rows.default, grids.cols.default];
  const size = element("input", { type: "number", id: "flw-rows", min: grids.rows.minimum, max: grids.rows.maximum, value: rows0, "aria-label": "Rows" });
  const cols = element("input", { type: "number", id: "flw-cols", min: grids.cols.minimum, max: grids.cols.maximum, value: cols0, "aria-label": "Columns" });
  const recommended = element("input", { type: "checkbox", id: "flw-recommended", checked: true });
  const vowel = element("input", { type: "checkbox", id: "flw-vowel" });
  const banned = element("input", { id: "flw-banned", maxlength: 25, autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: "e.g. QZ" });
  const xVariant = element("input", { type: "checkbox", id: "flw-x" });
  const byDictionary = element("input", { type: "radio", name: "flw-judge", id: "flw-judge-dictionary", value: "dictionary", checked: true });
  const byPlayers = element("input", { type: "radio", name: "flw-judge", id: "flw-judge-players", value: "players" });
  const penalties = element("input", { type: "checkbox", id: "flw-penalties", disabled: true });
  for (const radio of [byDictionary, byPlayers]) {
    radio.addEventListener("change", () => { penalties.disabled = !byPlayers.checked; });
  }
  const followPlayers = (count) => {
    if (!recommended.checked) return;
    [size.value, cols.value] = grids.sizeFor(count);
  };
  recommended.addEventListener("change", () => followPlayers(players()));
  for (const input of [size, cols]) input.addEventListener("input", () => { recommended.checked = false; });
  container.replaceChildren(
    element("fieldset", {},
      element("legend", {}, "Who judges the words"),
      element("label", { class: "check" }, byDictionary, " The dictionary checks every word as it is chosen"),
      element("label", { class: "check" }, byPlayers, " Players decide: a word stands unless someone challenges it; a challenged word is looked up in the dictionary"),
      element("label", { class: "check" }, penalties, " Competitive penalties: a word not found costs the chooser their turn; a word found costs the challenger their next turn")),
    element("fieldset", {},
      element("legend", {}, "Grid"),
      element("div", { class: "row grid-size" }, size, element("span", {}, "rows ×"), cols, element("span", {}, "columns")),
      element("label", { class: "check" }, recommended, ` the recommended size for the number of players (${grids.words})`)),
    element("fieldset", {},
      element("legend", {}, "Variants"),
      element("label", { class: "check" }, vowel, " Every word must start with a vowel"),
      element("label", { for: "flw-banned" }, "Banned letters"),
      banned,
      element("label", { class: "check" }, xVariant, " The X variant: instead of a strike, write X in three empty cells"),
      element("p", { class: "hint" }, "A themed list (foods, animals…): add it under Dictionaries on the home screen, then choose it as the dictionary. Abbreviations: add them as your own list the same way.")));
  followPlayers(players());
  return {
    playersChanged: followPlayers,
    read: () => ({
      rows: Number(size.value), cols: Number(cols.value), vowel_start: vowel.checked,
      banned_letters: banned.value.replace(/[^a-z]/gi, "").toLowerCase(), x_variant: xVariant.checked,
      judge: byPlayers.checked ? "players" : "dictionary", challenge_penalties: byPlayers.checked && penalties.checked,
    }),
  };
}

// -- what everyone sees --------------------------------------------------------------------

/** The result to share: how long the seat lasted and its strikes, never a word. */
export function resultLine(view, seat) {
  const strikes = view.strikes[seat];
  const marks = strikes ? `${"✗".repeat(strikes)} ${plural(strikes, "strike")}` : "no strikes";
  return `${view.out[seat] ? "out" : "still in"} after ${plural(view.history.length, "word")} · ${marks}`;
}

/** One line for the list of saved games, while the game is on. */
export function summary(view, players) {
  const round = view.history.length + (view.phase === "write" ? 0 : 1);
  const chooser = players[view.chooser].name;
  return view.phase === "choose" ? `Word ${round}: ${chooser} to choose` : `Word ${round}: ${upper(view.word)}`;
}

/** The status of each seat, for the players panel. */
export function seatStatus(view, seat) {
  const parts = [];
  const strikes = view.strikes[seat];
  parts.push(view.out[seat] ? "out" : strikes ? `${"✗".repeat(strikes)} ${strikes} strike${strikes > 1 ? "s" : ""}` : "no strikes");
  const lost = view.lost_turns?.[seat] ?? 0;
  if (lost && !view.out[seat]) parts.push(lost > 1 ? `misses ${lost} turns` : "misses a turn");
  if (view.phase === "choose" && view.chooser === seat) parts.push("choosing");
  else if (view.phase === "write" && view.waiting_for.includes(seat)) parts.push("writing");
  else if (view.phase === "vet" && view.waiting_for.includes(seat)) parts.push("judging");
  else if (view.phase === "defend" && view.chooser === seat) parts.push("challenged");
  return { text: parts.join(" · "), strikes, out: view.out[seat], acting: view.waiting_for.includes(seat) };
}

export function headline(view, players) {
  if (view.phase === "choose") return `${does(players[view.chooser].name, "chooses")} the next word`;
  if (view.phase === "vet") return `Does everyone accept ${upper(view.word)}?`;
  if (view.phase === "defend") return `${does(players[view.challenger].name, "challenges")} ${upper(view.word)}`;
  return `Everyone writes ${upper(view.word)}`;
}

/** When several people write at once, they take turns from the chooser onwards. */
export function firstSeat(view) {
  return view.chooser ?? 0;
}

/** Judging a word is done in the open: no privacy screen is needed for it. */
export function isPublicTurn(view) {
  return view.phase === "vet" || view.phase === "defend";
}

/** What happened to the last challenged word, for everyone to read. */
export function announcement(view, players) {
  const last = view.last_challenge;
  if (!last) return null;
  const word = upper(last.word);
  const chooser = players[last.chooser].name;
  const challenger = players[last.challenger].name;
  if (last.result === "withdrawn") return `${chooser} withdrew ${word} after ${challenger}'s challenge.`;
  const penalties = view.options.challenge_penalties;
  if (last.result === "stood") {
    const misses = `${does(challenger, "misses", { lower: true })} ${isYou(challenger) ? "your" : "their"} next turn`;
    return `${challenger} challenged ${word}: it is in the dictionary, so it stands${penalties ? ` and ${misses}` : ""}.`;
  }
  return `${challenger} challenged ${word}: it is not in the dictionary, so ${penalties ? `${does(chooser, "loses", { lower: true })} this turn` : `${does(chooser, "chooses", { lower: true })} again`}.`;
}

/** What a bot is doing, while it thinks. */
export function botDoing(view, _seat) {
  if (view.phase === "choose") return "is choosing a word";
  if (view.phase === "vet") return `is considering ${upper(view.word)}`;
  if (view.phase === "defend") return `is looking up ${upper(view.word)}`;
  return `is writing ${upper(view.word)}`;
}

/** The public list of words chosen so far. */
export function historyList(view, players) {
  if (!view.history.length) return element("p", { class: "muted" }, "No word yet.");
  return element("ol", { class: "word-history", tabindex: 0, "aria-label": "Words chosen" }, ...view.history.map(([seat, word]) =>
    element("li", {}, element("strong", {}, upper(word)), ` · ${players[seat].name}`)));
}

/** What a player sees of their own grid while others move. */
export function waitingPicture(view, name) {
  return gridPicture(view.grid, { caption: name ? toPlayer(name, "your grid", ": ") : "Your grid" });
}

/** A grid, drawn read-only (revealed grids, the replay, a waiting player's own grid). */
export function gridPicture(rows, { caption = null, small = false, marked = [] } = {}) {
  const grid = element("div", { class: `letter-grid${small ? " small" : ""}`, role: "img",
    style: `--cols: ${rows[0].length}`, "aria-label": `${caption ?? "Grid"}: ${rows.map((r) => r.replaceAll(EMPTY, "·")).join(" / ")}` });
  rows.forEach((line, row) => [...line].forEach((letter, col) => {
    const cell = element("span", { class: `cell${letter === EMPTY ? " empty" : ""}` },
      letter === EMPTY ? "" : upper(letter));
    if (marked.some(([r, c]) => r === row && c === col)) cell.classList.add("just-written");
    grid.append(cell);
  }));
  return caption ? element("figure", { class: "grid-figure" }, grid, element("figcaption", {}, caption)) : grid;
}

// -- a human's turn ------------------------------------------------------------------------

/**
 * Draws what this human seat does now and resolves with the move they confirm. `act(move)`
 * sends a move and rejects with the player-readable refusal, shown here.
 */
export function turnScreen(view, player, { act, suggest, players }) {
  if (view.phase === "choose") return chooseScreen(view, player, act, suggest);
  if (view.phase === "vet" || view.phase === "defend") return judgeScreen(view, player, act, players);
  return new PlacementPicker(view, act).element;
}

/** "Players decide": accept or challenge the word; a challenged chooser defends or withdraws. */
function judgeScreen(view, player, act, players) {
  const message = element("output", { id: "flw-message", "aria-live": "polite" });
  const send = async (type) => {
    try {
      await act({ type });
    } catch (error) {
      message.className = "bad";
      message.textContent = error.message;
    }
  };
  const word = upper(view.word);
  const [question, choices] = view.phase === "vet"
    ? [toPlayer(player.name, `${players[view.chooser].name} chose ${word}. Is it a word?`, ": "), [
      button(`Accept ${word}`, () => send("accept"), { primary: true, id: "flw-accept", "data-next": true }),
      button("Challenge it", () => send("challenge"), { id: "flw-challenge" })]]
    : [toPlayer(player.name, `${does(players[view.challenger].name, "challenges")} ${word}. Look it up, or choose another word?`, ": "), [
      button(`Look ${word} up in the dictionary`, () => send("defend"), { primary: true, id: "flw-defend", "data-next": true }),
      button("Choose another word", () => send("withdraw"), { id: "flw-withdraw" })]];
  const stakes = view.options.challenge_penalties
    ? "Competitive penalties: if the word is not found, its chooser loses this turn; if it is found, the challenger misses their next turn."
    : "If the word is not found, its chooser chooses again.";
  return element("div", { class: "turn judge" },
    element("p", { class: "word-banner" }, question),
    element("div", { class: "row" }, ...choices),
    element("p", { class: "hint" }, `A challenged word is looked up in the game's dictionary. ${stakes}`),
    message);
}

function chooseScreen(view, player, act, suggest) {
  const input = element("input", { id: "flw-word", maxlength: 4, minlength: 4, autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", required: true, placeholder: "word", "aria-label": "Your word", "data-next": true });
  const message = element("output", { id: "flw-message", "aria-live": "polite" });
  const form = element("form", { class: "choose-form" },
    element("label", { for: "flw-word" }, toPlayer(player.name, "choose a four-letter word that fits your grid")),
    element("div", { class: "row" }, input, element("button", { type: "submit", class: "button primary", id: "flw-choose", "data-next": true }, "Choose"),
      suggest && button("Suggest one", async () => {
        const move = await suggest();
        input.value = move.word.toUpperCase();
        input.dispatchEvent(new Event("input")); // a new word: the refusal of the last one goes
        input.focus();
      }, { small: true, id: "flw-suggest" })),
    message);
  // A refusal is about the word that was sent: typing again clears it.
  input.addEventListener("input", () => { message.className = ""; message.textContent = ""; });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.className = "";
    message.textContent = "";
    try {
      await act({ type: "choose", word: input.value.trim().toLowerCase() });
    } catch (error) {
      message.className = "bad";
      message.textContent = error.message;
      input.select();
    }
  });
  const rules = restrictionsLine(view.options);
  return element("div", { class: "turn" }, form, rules && element("p", { class: "hint" }, rules),
    gridPicture(view.grid, { caption: "Your grid" }));
}

function restrictionsLine(options) {
  const parts = [];
  if (options.vowel_start) parts.push("every word starts with a vowel");
  if (options.banned_letters) parts.push(`banned: ${upper(options.banned_letters).split("").join(", ")}`);
  return parts.length ? `In this game ${parts.join("; ")}.` : null;
}

/** Choosing where to write the word: a start cell, then a direction, then confirm. */
class PlacementPicker {
  constructor(view, act) {
    this.view = view;
    this.act = act;
    this.word = view.word;
    this.rows = view.grid.length;
    this.cols = view.grid[0].length;
    this.byStart = new Map();
    for (const [row, col, dir] of view.placements) {
      const key = `${row},${col}`;
      if (!this.byStart.has(key)) this.byStart.set(key, []);
      this.byStart.get(key).push(dir);
    }
    this.start = null;
    this.dir = null;
    this.xs = null; // the cells chosen for Xs, in the X variant
    this.focus = this.firstStart() ?? [0, 0];
    this.build();
  }

  firstStart() {
    const [first] = this.view.placements;
    return first ? [first[0], first[1]] : null;
  }

  build() {
    const view = this.view;
    this.message = element("output", { id: "flw-message", "aria-live": "polite" });
    this.grid = element("div", { class: "letter-grid interactive", role: "grid", id: "flw-grid",
      style: `--cols: ${this.cols}`, "aria-label": `Your grid: choose where ${upper(this.word)} starts` });
    this.cells = [];
    for (let row = 0; row < this.rows; row++) {
      const line = element("div", { role: "row", class: "grid-row" });
      for (let col = 0; col < this.cols; col++) {
        const cell = element("button", { type: "button", role: "gridcell", class: "cell", "data-cell": cellName(row, col), tabindex: -1 });
        cell.addEventListener("click", () => this.pick(row, col));
        cell.addEventListener("keydown", (event) => this.key(event, row, col));
        line.append(cell);
        this.cells.push(cell);
      }
      this.grid.append(line);
    }
    this.arrows = element("div", { class: "arrows", role: "group", "aria-label": "Direction" },
      ...Object.keys(DIRECTIONS).map((dir) => button(ARROWS[dir], () => this.aim(dir),
        { small: true, "data-dir": dir, "aria-label": `Write ${dir === "right" || dir === "left" ? `to the ${dir}` : dir}` })));
    this.confirm = button(`Write ${upper(this.word)}`, () => this.write(), { primary: true, id: "flw-write", "data-next": true });
    const actions = element("div", { class: "row" }, this.confirm);
    if (view.may_skip) actions.append(this.skipButton());
    const fits = view.placements.length > 0;
    const instructions = fits
      ? [`Tap a cell with a dot to start ${upper(this.word)} there, then tap the way it goes (or an arrow).`,
        // Keyboards are on computers: a phone keeps its room for the grid and the Write button.
        element("span", { class: "keys-hint" }, " Keys: arrows and Enter pick the start, then an arrow the way and Enter writes; Esc starts again.")]
      : `${view.no_place} ${view.skip === "xs" ? "Write three Xs instead of a strike" : view.skip === "strike" && view.options.x_variant ? "With fewer than three empty cells left, you are out" : "You must take a strike"}.`;
    this.element = element("div", { class: "turn" },
      element("p", { class: "word-banner" }, "The word is ", element("strong", { class: "word-tiles" }, upper(this.word))),
      element("p", { class: "hint" }, ...[instructions].flat()), this.grid, this.arrows, actions, this.message);
    this.draw();
  }

  skipButton() {
    if (this.view.skip === "xs") {
      return button("Write three Xs instead", () => this.startXs(), { id: "flw-xs" });
    }
    const out = this.view.options.x_variant;
    const label = out ? "Go out (no room for three Xs)" : this.view.placements.length ? "Skip: take a strike" : "Take a strike";
    return button(label, () => this.send({ type: "strike" }), { id: "flw-strike" });
  }

  /** Keys: arrows move between cells and Enter picks the start; from a start, arrows choose the
   * way the word goes and Enter writes it; Escape starts again. */
  key(event, row, col) {
    if (KEY_STEPS[event.key] && this.start && !this.xs) {
      event.preventDefault();
      this.aim(KEY_DIRECTIONS[event.key]);
    } else if (event.key === "Enter" && this.start && this.dir && !this.xs) {
      event.preventDefault(); // not a click: that would turn the word to its next direction
      this.write();
    } else if (KEY_STEPS[event.key]) {
      event.preventDefault();
      const [dr, dc] = KEY_STEPS[event.key];
      this.focus = [Math.min(Math.max(row + dr, 0), this.rows - 1), Math.min(Math.max(col + dc, 0), this.cols - 1)];
      this.draw();
      this.cells[this.focus[0] * this.cols + this.focus[1]].focus();
    } else if (event.key === "Escape") {
      this.start = this.dir = null;
      this.say("");
      this.draw();
    }
  }

  /** A tap or Enter on a cell: a start cell selects it; a cell in line with the start aims. */
  pick(row, col) {
    this.focus = [row, col];
    if (this.xs) return this.toggleX(row, col);
    if (this.start) {
      const dir = this.directionTowards(row, col);
      if (dir) return this.aim(dir);
      if (this.start[0] === row && this.start[1] === col) return this.cycle();
    }
    const dirs = this.byStart.get(`${row},${col}`);
    if (!dirs) {
      this.say(this.view.placements.length
        ? `${upper(this.word)} cannot start at ${cellName(row, col)}. Cells with a dot are where it can start.`
        : this.view.no_place, true);
      this.draw();
      return;
    }
    this.start = [row, col];
    this.dir = dirs.includes(this.dir) ? this.dir : dirs[0];
    this.say("");
    this.draw();
  }

  directionTowards(row, col) {
    const [r0, c0] = this.start;
    const dirs = this.byStart.get(`${r0},${c0}`);
    for (const dir of dirs) {
      const [dr, dc] = DIRECTIONS[dir];
      for (let i = 1; i < 4; i++) if (r0 + dr * i === row && c0 + dc * i === col) return dir;
    }
    return null;
  }

  cycle() {
    const dirs = this.byStart.get(`${this.start[0]},${this.start[1]}`);
    this.dir = dirs[(dirs.indexOf(this.dir) + 1) % dirs.length];
    this.draw();
  }

  aim(dir) {
    if (!this.start) {
      this.say("First choose the cell where the word starts.", true);
      return;
    }
    const dirs = this.byStart.get(`${this.start[0]},${this.start[1]}`);
    if (!dirs.includes(dir)) {
      this.say(`From ${cellName(...this.start)}, ${upper(this.word)} cannot go ${dir}.`, true);
      return;
    }
    this.dir = dir;
    this.say("");
    this.draw();
  }

  previewCells() {
    if (!this.start || !this.dir) return new Map();
    const [dr, dc] = DIRECTIONS[this.dir];
    return new Map([...this.word].map((letter, i) => [`${this.start[0] + dr * i},${this.start[1] + dc * i}`, letter]));
  }

  draw() {
    const preview = this.previewCells();
    const xs = new Set((this.xs ?? []).map(([r, c]) => `${r},${c}`));
    this.cells.forEach((cell, index) => {
      const row = Math.floor(index / this.cols);
      const col = index % this.cols;
      const key = `${row},${col}`;
      const letter = this.view.grid[row][col];
      const previewLetter = preview.get(key);
      cell.textContent = previewLetter ? upper(previewLetter) : xs.has(key) ? "X" : letter === EMPTY ? "" : upper(letter);
      cell.classList.toggle("empty", letter === EMPTY);
      cell.classList.toggle("start", !this.xs && this.byStart.has(key));
      cell.classList.toggle("preview", Boolean(previewLetter));
      cell.classList.toggle("reused", Boolean(previewLetter) && letter !== EMPTY);
      cell.classList.toggle("selected", Boolean(this.start) && this.start[0] === row && this.start[1] === col);
      cell.classList.toggle("x-choice", xs.has(key));
      cell.tabIndex = this.focus[0] === row && this.focus[1] === col ? 0 : -1;
      cell.toggleAttribute("data-next", cell.tabIndex === 0); // the keyboard's way into the grid
      const state = letter === EMPTY ? "empty" : `${upper(letter)}`;
      cell.setAttribute("aria-label", `${cellName(row, col)}, ${previewLetter ? `${upper(previewLetter)} (preview)` : state}${this.byStart.has(key) && !this.xs ? ", a start" : ""}`);
    });
    const dirs = this.start ? this.byStart.get(`${this.start[0]},${this.start[1]}`) : [];
    for (const arrow of this.arrows.querySelectorAll("button")) {
      arrow.disabled = !dirs.includes(arrow.dataset.dir);
      arrow.classList.toggle("primary", arrow.dataset.dir === this.dir && Boolean(this.start));
    }
    this.arrows.hidden = Boolean(this.xs) || !this.view.placements.length;
    if (this.xs) {
      this.confirm.textContent = `Write the Xs (${this.xs.length} of 3)`;
      this.confirm.disabled = this.xs.length !== 3;
      this.confirm.hidden = false;
    } else {
      this.confirm.textContent = this.start ? `Write ${upper(this.word)} from ${cellName(...this.start)} going ${this.dir}` : `Write ${upper(this.word)}`;
      this.confirm.disabled = !this.start;
      this.confirm.hidden = !this.view.placements.length;
    }
  }

  startXs() {
    this.xs = [];
    this.start = this.dir = null;
    this.say("Choose three empty cells for your Xs.");
    this.draw();
  }

  toggleX(row, col) {
    if (this.view.grid[row][col] !== EMPTY) {
      this.say("Xs go in empty cells.", true);
      return;
    }
    const at = this.xs.findIndex(([r, c]) => r === row && c === col);
    if (at >= 0) this.xs.splice(at, 1);
    else if (this.xs.length < 3) this.xs.push([row, col]);
    this.say("");
    this.draw();
  }

  write() {
    if (this.xs) return this.send({ type: "xs", cells: this.xs });
    if (!this.start) return this.say("First choose the cell where the word starts.", true);
    return this.send({ type: "place", row: this.start[0], col: this.start[1], dir: this.dir });
  }

  async send(move) {
    try {
      await this.act(move);
    } catch (error) {
      this.say(error.message, true);
    }
  }

  say(text, bad = false) {
    this.message.className = bad ? "bad" : "";
    this.message.textContent = text;
  }
}

// -- after the game ------------------------------------------------------------------------

/** The end of the game: every grid revealed, with names and strikes. */
export function finalScreen(view, players) {
  return revealedGrids(view, players);
}

/** A replay step: every grid at that point, the cells the step wrote marked. */
export function replayBoard(frame, players, { move = null, seat = null } = {}) {
  return revealedGrids(frame, players, { marked: { seat, cells: cellsOf(move) } });
}

/** Every grid, revealed, with names and strikes (state: a final view or a replay frame). */
function revealedGrids(state, players, { marked = null } = {}) {
  return element("div", { class: "revealed-grids" }, ...state.grids.map((rows, seat) => {
    const caption = `${players[seat].name} · ${state.out[seat] ? "out" : `${state.strikes[seat]} strike${state.strikes[seat] === 1 ? "" : "s"}`}`;
    // Online, a friend's grid stays on their device until they show it at the end.
    if (!rows) {
      const name = players[seat].name;
      return element("figure", { class: "grid-figure grid-unshown" }, element("figcaption", {}, caption),
        element("p", { class: "muted" }, `Not shown yet: ${name}'s device shows it at the end (by link, in ${name}'s last link: ask ${name} to send it).`));
    }
    return gridPicture(rows, { small: true, marked: marked?.seat === seat ? marked.cells : [], caption });
  }));
}

/** The cells a replay step wrote, to mark them. */
function cellsOf(move) {
  if (move?.type === "place") {
    const [dr, dc] = DIRECTIONS[move.dir];
    return [0, 1, 2, 3].map((i) => [move.row + dr * i, move.col + dc * i]);
  }
  if (move?.type === "xs") return move.cells;
  return [];
}
