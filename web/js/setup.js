// The new-game screen: who plays (people on this device, bots and their level), the game's own
// options, the dictionary, and how fast bots play. Python checks the options when the game starts.
// The form opens with what the player chose last time for this game (kept in this browser), or
// with the game's choices for a first game.
import { element, button } from "./ui.js";
import { SAVE_FORMAT, SAVE_VERSION, newSaveId } from "./saves.js";
import { readJSON, writeJSON } from "./store.js";
import { showRules } from "./table-screen.js";
import { shippedChoices } from "./dictionaries.js";
import { keepLinkGame, siteAddress } from "./link-play.js";
import { friendName } from "./online-link.js";

const KINDS = [["human", "Person on this device"], ["easy", "Bot, easy"], ["medium", "Bot, medium"], ["hard", "Bot, hard"],
  ["online", "Friend online (live)"], ["link", "Friend by link (own pace)"]];
const BOT_NAMES = ["Ada", "Basil", "Clover", "Dot", "Ezra", "Fig", "Gus", "Hazel"];
// [botDelay, name, what it means in a turn-based game, in a race]. Turn-based: the pause before
// a bot's move; races: the bots' thinking time scaled by botDelay / 700 (table.js).
const BOT_SPEEDS = [
  ["2100", "Gentle", "a bot waits 2 seconds before each move, so everyone sees what it did",
    "bots take three times as long as at Normal: time to read everything in a first game"],
  ["1200", "Relaxed", "a bot waits a little over a second before each move",
    "bots take almost twice as long as at Normal"],
  ["700", "Normal", "a bot waits under a second before each move",
    "bots take about as long as a practised player"],
  ["250", "Quick", "a bot moves after a quarter of a second", "bots take a third of Normal's time"],
  ["0", "Instant", "bots move at once", "bots answer almost at once"],
];
const USUAL = { bot: "medium", speed: "700" };
const remembered = (gameId) => `wordtable.setup.v1.${gameId}`;
const isRemembered = (value) => value !== null && typeof value === "object" && Array.isArray(value.seats);

// "bot": the level the game suggests for a first game (medium unless it says otherwise).
export const PRESETS = {
  alone: ["human"],
  "one-bot": ["human", "bot"],
  "two-bots": ["human", "bot", "bot"],
  "two-people": ["human", "human"],
  online: ["human", "online"],
  link: ["human", "link"],
};

export class Setup {
  /** wordtable: the page's {ready, python, dictionaries} (the form works before Python is up:
   * the dictionaries come from the build's manifest, and Start waits for Python). */
  constructor({ wordtable, root }) {
    this.wordtable = wordtable;
    this.root = root;
  }

  get python() {
    return this.wordtable.python;
  }

  /** Draws the form; resolves nothing: onStart(save) is called when the game begins. */
  async open(game, onStart, { preset = null } = {}) {
    this.game = game;
    this.onStart = onStart;
    this.seats = [];
    this.seatList = element("ol", { class: "seat-editor", id: "seat-editor" });
    this.hostSees = element("p", { class: "hint", id: "setup-host-sees", hidden: true },
      `Online, the game runs on your device (you host it), which ${game.info.host_sees} Each friend's device signs their own moves, so nobody, you included, can make or change a move for them; the host can stop the game at any time. Your friends are told so when they join.`);
    // By link, every device replays the game: where its secrets are, said before it starts.
    // A game only some of whose options can go by link says which, before Start refuses the others.
    const linkNote = (strict) => `By link, each move is a link you send by any chat app; your friends play on their own devices, at their own pace. ${game.info?.by_link_hint ?? ""} ${(strict ? game.info?.by_link_note_strict : game.info?.by_link_note) ?? ""}`.replace(/ {2,}/g, " ");
    this.linkNote = element("p", { class: "hint", id: "setup-link-note", hidden: true }, linkNote(false));
    // Where the game gives each link's parts of the next draws ahead, the players may want
    // draws nobody can know beforehand, at the price of more links (Game.parts_ahead_by_link).
    this.strictDraws = element("input", { type: "checkbox", id: "setup-strict-draws" });
    this.strictDraws.addEventListener("change", () => { this.linkNote.textContent = linkNote(this.strictDraws.checked); });
    this.strictChoice = element("label", { class: "check", id: "setup-strict-choice", hidden: true }, this.strictDraws,
      " Strict draws: each card drawn waits for the next player's link, so nobody can know it beforehand (a turn can take several links)");
    // What the bots in play do, in the game's own words (botLevels).
    this.botLevels = element("ul", { class: "hint bot-levels", id: "setup-bot-levels", hidden: true });
    this.addButton = button("Add a player", () => { this.addSeat("human"); this.markPreset(null); }, { small: true, id: "add-seat" });
    this.message = element("output", { id: "setup-message", "aria-live": "polite" });
    this.lexicon = element("select", { id: "setup-lexicon", "aria-label": "Dictionary" }, element("option", {}, "Loading…"));
    this.firstGame = { ...USUAL, ...(game.firstGame ?? {}) };
    this.speed = element("select", { id: "setup-speed", "aria-describedby": "setup-speed-means" },
      ...BOT_SPEEDS.map(([value, label]) => element("option", { value, selected: value === this.firstGame.speed }, label)));
    this.speedMeans = element("p", { class: "hint", id: "setup-speed-means" });
    this.speed.addEventListener("change", () => this.explainSpeed());
    // Only for a table with a bot: a game by link or online with friends has none to pace.
    this.botFields = element("fieldset", { id: "setup-bots" }, element("legend", {}, "Bots"),
      element("label", { for: "setup-speed" }, "How fast bots play"), this.speed, this.speedMeans);
    const gameFields = element("div", { class: "game-fields" });
    const presets = element("div", { class: "row presets" },
      game.minPlayers === 1 && button("Just me", () => this.preset("alone"), { small: true, "data-preset": "alone" }),
      button("Me against a bot", () => this.preset("one-bot"), { small: true, "data-preset": "one-bot" }),
      button("Me against two bots", () => this.preset("two-bots"), { small: true, "data-preset": "two-bots" }),
      button("Two people, one device", () => this.preset("two-people"), { small: true, "data-preset": "two-people" }),
      button("Me and a friend online", () => this.preset("online"), { small: true, "data-preset": "online" }),
      this.byLink() && button("Play by link", () => this.preset("link"), { small: true, "data-preset": "link" }));
    const form = element("form", { class: "setup panel", id: "setup" },
      element("div", { class: "setup-head" }, element("h2", {}, `New game of ${game.title}`),
        button("?", () => showRules(game), { small: true, id: "setup-rules", title: `How to play ${game.title}`,
          "aria-label": `How to play ${game.title}`, "aria-haspopup": "dialog" })),
      element("fieldset", {}, element("legend", {}, "Players"), presets, this.seatList, this.addButton, this.botLevels, this.hostSees, this.linkNote, this.strictChoice),
      gameFields,
      element("fieldset", {}, element("legend", {}, "Dictionary"),
        element("label", { for: "setup-lexicon" }, "Words are checked against"), this.lexicon,
        element("p", { class: "hint" }, "Your own lists (added under Dictionaries on the home screen) are offered here too.")),
      this.botFields,
      // Kept at the bottom of the screen while the form scrolls: starting is always one tap away,
      // and a refusal shows right above the button that was pressed.
      element("div", { class: "row setup-actions" }, this.message,
        element("button", { type: "submit", class: "button primary", id: "setup-start", "data-next": true }, "Start the game"),
        element("a", { class: "button", href: "#" }, "Cancel")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.start();
    });
    this.root.replaceChildren(form);
    // people(): the seats played by people on this device (a game may play differently when
    // several share one screen).
    this.fieldsRoot = gameFields;
    this.fields = game.setupFields(gameFields, { players: () => this.seats.length, people: () => this.people(), info: game.info });
    this.presetButtons = [...presets.querySelectorAll("[data-preset]")];
    const last = readJSON(remembered(game.id), null, isRemembered).value;
    // A preset in the address (an embedded game) comes first, then what the player chose last time.
    const fits = typeof preset === "string" && Object.hasOwn(PRESETS, preset)
      && PRESETS[preset].length >= game.minPlayers && PRESETS[preset].length <= game.maxPlayers;
    if (fits) this.preset(preset);
    else if (!last || !this.recall(last)) this.preset("one-bot");
    this.explainSpeed();
    const start = form.querySelector("#setup-start");
    start.disabled = true; // until the dictionaries are listed
    this.lexicon.addEventListener("change", () => { this.lexiconChosen = true; }, { once: true });
    await this.fillLexicons(last?.lexicon);
    start.disabled = false;
    // A keyboard player starts at once, or tabs back up; one already filling the form keeps their place.
    if (!form.contains(document.activeElement)) start.focus({ preventScroll: true });
    await this.wordtable.ready;
    if (this.game !== game) return; // another form opened meanwhile
    // The player's own lists, once Python has checked them; a choice already made stays.
    if (!this.lexiconsFromPython) await this.fillLexicons(this.lexiconChosen ? this.lexicon.value : last?.lexicon);
    // While the form is filled in, Python builds what the game needs (Shrdlu: word indexes).
    this.python.warmUp(game.id, {}).catch(() => {});
  }

  explainSpeed() {
    const [, , turns, races] = BOT_SPEEDS.find(([value]) => value === this.speed.value) ?? BOT_SPEEDS[2];
    const text = this.game.realtime ? races : turns;
    this.speedMeans.textContent = `${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  /** The form as the player left it last time: players, speed and the game's own fields (by
   * id). False when it no longer fits this game (then the usual preset is used). */
  recall(last) {
    const kinds = last.seats.map((seat) => seat?.kind);
    if (kinds.length < this.game.minPlayers || kinds.length > this.game.maxPlayers
        || !kinds.every((kind) => KINDS.some(([value]) => value === kind))) return false;
    this.seats = [];
    this.seatList.replaceChildren();
    for (const [index, { kind, name }] of last.seats.entries()) {
      this.addSeat(kind);
      if (typeof name === "string" && name.trim()) {
        this.seats[index].name.value = name.slice(0, 24);
        this.seats[index].auto = false;
      }
    }
    const match = Object.entries(PRESETS).find(([, preset]) => preset.length === kinds.length
      && preset.every((kind, i) => kind === kinds[i] || (kind === "bot" && kinds[i] === this.firstGame.bot)));
    this.markPreset(match?.[0] ?? null);
    if (BOT_SPEEDS.some(([value]) => value === last.speed)) this.speed.value = last.speed;
    for (const [id, value] of Object.entries(last.fields ?? {})) {
      const field = this.fieldsRoot.querySelector(`#${CSS.escape(id)}`);
      if (!field || field.disabled) continue;
      if (field.type === "checkbox" || field.type === "radio") field.checked = value === true;
      else if (typeof value === "string") field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
    return true;
  }

  /** What to recall next time (never blocks starting: storage may be off). */
  remember() {
    const fields = {};
    for (const field of this.fieldsRoot.querySelectorAll("input[id], select[id]")) {
      fields[field.id] = field.type === "checkbox" || field.type === "radio" ? field.checked : field.value;
    }
    const seats = this.seats.map((seat) => ({ kind: seat.type.value, ...(seat.auto ? {} : { name: seat.name.value.trim() }) }));
    try {
      writeJSON(remembered(this.game.id), { seats, speed: this.speed.value, lexicon: this.lexicon.value, fields });
    } catch { /* storage off or full: the form opens with the usual choices next time */ }
  }

  /** The dictionary choice: Python's list (the player's own lists too) once Python is up, the
   * shipped ones before. */
  async fillLexicons(recalled = null) {
    try {
      const dictionaries = this.wordtable.dictionaries;
      this.lexiconsFromPython = Boolean(dictionaries);
      const { lexicons, default: usual } = await (dictionaries ? dictionaries.choices() : shippedChoices());
      // The game's own default dictionary when it has one (a game may need other characters).
      const own = this.game.info?.options?.find((option) => option.name === "lexicon")?.default;
      const chosen = [recalled, own].find((name) => lexicons.some((info) => info.name === name)) ?? usual;
      this.lexicon.replaceChildren(...lexicons.map((info) =>
        element("option", { value: info.name, selected: info.name === chosen }, info.custom ? `${info.title} (your list)` : info.title)));
    } catch (error) {
      this.say(`The dictionaries could not be listed: ${error.message}`);
    }
  }

  preset(name) {
    this.seats = [];
    this.seatList.replaceChildren();
    for (const kind of PRESETS[name]) this.addSeat(kind === "bot" ? this.firstGame.bot : kind);
    this.markPreset(name);
  }

  /** The preset the players match shows pressed; none once they are changed by hand. */
  markPreset(name) {
    for (const presetButton of this.presetButtons ?? []) {
      presetButton.setAttribute("aria-pressed", String(presetButton.dataset.preset === name));
    }
  }

  /** Whether this game can be played by link, a move at a time (a race cannot). */
  byLink() {
    return (this.game.info?.by_link ?? "no") !== "no" && this.game.maxPlayers >= 2;
  }

  defaultName(kind, index) {
    if (kind === "online" || kind === "link") return friendName(index);
    return kind === "human" ? `Player ${index + 1}` : `${BOT_NAMES[index % BOT_NAMES.length]}`;
  }

  addSeat(kind) {
    if (this.seats.length >= this.game.maxPlayers) return this.say(`${this.game.title} is for at most ${this.game.maxPlayers} players.`);
    const index = this.seats.length;
    const name = element("input", { maxlength: 24, value: this.defaultName(kind, index), "aria-label": `Name of player ${index + 1}`, class: "seat-name-input" });
    const type = element("select", { "aria-label": `Player ${index + 1} is`, class: "seat-kind" },
      ...KINDS.filter(([value]) => value !== "link" || this.byLink())
        .map(([value, label]) => element("option", { value, selected: value === kind }, label)));
    const seat = { name, type, auto: true };
    name.addEventListener("input", () => { seat.auto = false; });
    type.addEventListener("change", () => {
      if (seat.auto) name.value = this.defaultName(type.value, this.seats.indexOf(seat));
      this.markPreset(null);
      this.seatsChanged(); // a person became a bot, or the other way round
    });
    const remove = button("Remove", () => { this.removeSeat(seat); this.markPreset(null); },
      { small: true, "aria-label": `Remove player ${index + 1}` });
    seat.number = element("span", { class: "seat-number" }, `Player ${index + 1}`);
    seat.removeButton = remove;
    seat.row = element("li", { class: "seat-row" }, seat.number, name, type, remove);
    this.seats.push(seat);
    this.seatList.append(seat.row);
    this.seatsChanged();
  }

  removeSeat(seat) {
    if (this.seats.length <= this.game.minPlayers) return this.say(`${this.game.title} needs at least ${this.game.minPlayers} players.`);
    this.seats.splice(this.seats.indexOf(seat), 1);
    seat.row.remove();
    this.seatsChanged();
  }

  seatsChanged() {
    this.addButton.disabled = this.seats.length >= this.game.maxPlayers;
    // Online, the game runs on this device: say plainly what it can see, before anyone joins.
    this.hostSees.hidden = !this.seats.some((seat) => seat.type.value === "online");
    this.linkNote.hidden = !this.seats.some((seat) => seat.type.value === "link");
    this.strictChoice.hidden = this.linkNote.hidden || !this.game.info?.by_link_note_strict;
    const levels = ["easy", "medium", "hard"].filter((level) => this.seats.some((seat) => seat.type.value === level));
    this.botLevels.hidden = !levels.length;
    this.botFields.hidden = !levels.length;
    this.botLevels.replaceChildren(...levels.map((level) => element("li", {},
      element("strong", {}, `${level[0].toUpperCase()}${level.slice(1)} bot`), `: ${this.game.botLevels?.[level] ?? ""}`)));
    // Each row says which player it is, renumbered when one is removed.
    for (const [index, seat] of this.seats.entries()) {
      seat.number.textContent = `Player ${index + 1}`;
      seat.name.setAttribute("aria-label", `Name of player ${index + 1}`);
      seat.type.setAttribute("aria-label", `Player ${index + 1} is`);
      seat.removeButton.setAttribute("aria-label", `Remove player ${index + 1}`);
    }
    this.fields?.playersChanged(this.seats.length);
    this.say("");
  }

  say(text, { bad = true } = {}) {
    this.message.className = text && bad ? "bad" : "";
    this.message.textContent = text;
  }

  /** How many seats are people on this device. */
  people() {
    return this.seats.filter((seat) => seat.type.value === "human").length;
  }

  players() {
    return this.seats.map((seat, index) => ({
      name: seat.name.value.trim().slice(0, 24) || this.defaultName(seat.type.value, index),
      bot: ["human", "online", "link"].includes(seat.type.value) ? null : seat.type.value,
      ...(seat.type.value === "online" ? { online: true } : {}),
      ...(seat.type.value === "link" ? { link: true } : {}),
    }));
  }

  /** A game by link: player 1 is this device's, every other a friend on their own device. */
  async startByLink(players) {
    if (players[0].bot || players[0].online || players[0].link || !players.slice(1).every((player) => player.link)) {
      return this.say("By link, each player plays on their own device: make player 1 you, and every other player a friend by link.");
    }
    const own = this.seats[0].name;
    if ([this.defaultName("human", 0).toLowerCase(), ""].includes(own.value.trim().toLowerCase())) {
      // The friend's invitation says who invites them: asked for, not "Player 1 invites you".
      own.focus();
      return this.say("Type your name as player 1's first: your friends see it on every link.");
    }
    if (document.body.dataset.boot !== "ready") await this.wordtable.ready;
    const options = { lexicon: this.lexicon.value, ...this.fields.read() };
    try {
      const reply = await this.python.call("link.new", { game: this.game.id, players: players.length, options,
        name: players[0].name, strict_draws: this.strictDraws.checked, site: siteAddress() });
      this.remember();
      keepLinkGame(reply);
      location.hash = `#bylink=${encodeURIComponent(reply.game)}`;
    } catch (error) {
      this.say(error.message);
    }
  }

  async start() {
    const players = this.players();
    if (players.some((player) => player.link)) return this.startByLink(players);
    if (!players.some((player) => !player.bot && !player.online)) return this.say("Add at least one person: bots-only games are for the simulate command.");
    const names = players.map((p) => p.name.toLowerCase());
    if (new Set(names).size !== names.length) return this.say("Give every player a different name.");
    const options = { players: players.length, lexicon: this.lexicon.value, ...this.fields.read() };
    if (this.game.ownedSecret && players.some((player) => player.online) && options.lexicon.startsWith("custom:")) {
      return this.say(`Online, each friend's device checks their own ${this.game.ownedSecret} against the dictionary, so choose one `
        + "that comes with Wordtable: your own word lists stay in this browser.");
    }
    if (document.body.dataset.boot === "failed") return this.say("Python could not start (see above): no game can begin.");
    if (document.body.dataset.boot !== "ready") {
      this.say("Python is still starting: the game begins as soon as it is ready.", { bad: false });
      this.root.querySelector("#setup-start").disabled = true;
      await this.wordtable.ready;
      this.root.querySelector("#setup-start").disabled = false;
      this.say("");
    }
    try {
      const { record } = await this.python.call("game.new", { game: this.game.id, options });
      this.remember();
      const now = new Date().toISOString();
      this.onStart({
        format: SAVE_FORMAT, version: SAVE_VERSION, id: newSaveId(), game: this.game.id,
        players, settings: { botDelay: Number(this.speed.value) }, record, created: now, updated: now,
      });
    } catch (error) {
      this.say(error.message);
    }
  }
}

/** A new game with the same players and options (after one ends). */
export async function rematch(python, save) {
  const { record } = await python.call("game.new", { game: save.game, options: save.record.options });
  const now = new Date().toISOString();
  // A rematch of a daily challenge is an ordinary game: its own deal, no streak.
  // Online: a new table (new invitations, and new secrets for its randomness), not the old one.
  return { ...save, id: newSaveId(), record, created: now, updated: now, summary: undefined, over: false, daily: undefined,
    online: undefined };
}
