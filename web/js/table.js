// The table: one game being played on this device, whatever the game. It replays the record
// through Python, lets each human seat act in turn (behind a privacy screen when several people
// share the device), plays the bots with a short visible delay and saves after every move. A
// real-time race runs in table-race.js; the end of the game (every secret revealed, the daily's
// result, a challenge, a step-by-step replay) in table-end.js. It draws
// through TableScreen (table-screen.js), as an online guest's screen does, and knows no game:
// each game's own screens come from its renderer module (games/contract.js).
import { element, button, sleep, summaryLine } from "./ui.js";
import { isOwnList } from "./dictionaries.js";
import { appBase } from "./embed.js";
import { writeSave, writeLastSeen, readLastSeen } from "./saves.js";
import { StoreProblem } from "./store.js";
import { showExport, showLink } from "./transfer.js";
import { HostNet } from "./online.js";

// What a seat's screen asks of the game, at a table of sealed cards (bridge online_sealed).
const SEALED_OPS = { "game.view": "online.sealed_view", "game.bot": "online.sealed_bot", "game.ask": "online.sealed_ask" };
import { onlyWaitingChanged } from "./race.js";
import { TableScreen, waitingLine, lobbyLine } from "./table-screen.js";
import { Race } from "./table-race.js";
import { GameEnd } from "./table-end.js";

/** After a bot's name in the players' list: " (medium bot)". */
const botNote = (players) => (seat) => ({ suffix: players[seat]?.bot ? ` (${players[seat].bot} bot)` : "" });

/**
 * A saved game's last screen, drawn while Python starts from the views kept beside the save
 * (Table.keep): the players and history from the table's view and, where one person plays,
 * their own board (the game's waitingPicture). Nothing can be played on it; Table.open draws
 * over it. Returns the screen (to dispose of), or null when none is kept or it cannot be drawn.
 */
/** The start of the table's headline: the game, and for a daily challenge the day it is, so a
 * player sees while playing that this is the daily (and which). */
function tableTitle(game, save) {
  return save.daily?.date ? `${game.title} · daily challenge of ${save.daily.date}` : game.title;
}

export function drawSavedTable({ root, game, save, waitingText }) {
  const seen = readLastSeen(save.id);
  const isView = (view) => view !== null && typeof view === "object" && !Array.isArray(view);
  if (!game || !isView(seen?.view)) return null;
  let screen = null;
  try {
    screen = new TableScreen({ root, game, players: save.players, seatNote: botNote(save.players), title: tableTitle(game, save),
      controls: [element("a", { class: "button small", href: "#" }, "Home")] });
    const own = isView(seen.own?.view) && Number.isInteger(seen.own.seat) ? seen.own : null;
    screen.showSide(seen.view, { historySeat: own?.seat ?? null });
    const picture = own && game.waitingPicture?.({ ...own.view, seat: own.seat }, save.players[own.seat]?.name ?? null);
    screen.setMain(waitingLine(waitingText, "table-preview"), picture);
    return screen;
  } catch (error) {
    // A picture the renderer cannot draw (an older version's view, a damaged save) is skipped:
    // the game itself is replayed from its record once Python is up.
    console.warn("The saved game's last screen could not be drawn:", error);
    screen?.dispose();
    root.replaceChildren(waitingLine(waitingText, "table-preview"));
    return null;
  }
}

export class Table {
  constructor({ python, games, dictionaries, root, notice }) {
    this.python = python;
    this.games = games;
    this.dictionaries = dictionaries;
    this.root = root;
    this.notice = notice; // (text) => shows a notice above the table
    this.token = 0;
    this.queue = Promise.resolve();
  }

  /** Stops whatever the table was doing (the player left the game). */
  close() {
    this.token++;
    this.stopClocks();
    this.hostNet?.close();
    this.hostNet = null;
    this.screen?.dispose();
    this.save = null;
  }

  stopClocks() {
    this.race?.stop();
  }

  async open(save) {
    const token = ++this.token;
    this.save = save;
    this.lastSeen = null;
    this.game = this.games[save.game];
    this.shownSeat = null;
    this.saveProblem = null;
    this.stopClocks();
    this.race = this.game.realtime ? new Race(this) : null;
    this.end = new GameEnd(this);
    this.draw();
    this.python.warmUp(save.game, save.record.options).catch(() => {});
    this.hostNet?.close();
    this.hostNet = null;
    if (save.players.some((p) => p.online)) {
      this.hostNet = new HostNet({ python: this.python, save, notice: this.notice, persist: () => this.persist(),
        byLink: (this.game.info?.by_link ?? "no") !== "no", realtime: Boolean(this.game.realtime),
        sealed: Boolean(this.game.info?.kind?.sealed_online),
        onChange: (change) => (change?.lineOnly ? this.showOnlineLine() : change?.statusOnly ? this.refreshSide() : this.remoteMove()) });
      await this.hostNet.open();
      // Closing the tab ends the connections at once: guests see the table gone without waiting.
      addEventListener("pagehide", () => this.hostNet?.close(), { once: true });
    }
    this.setMain(element("p", { class: "muted" }, "Setting up the table…"));
    if (isOwnList(save.record.options.lexicon)) await this.dictionaries.start();
    if (token !== this.token) return;
    await this.advance(token);
    window.dispatchEvent(new Event("wordtable:playable")); // a game is on screen (main.js)
  }

  /** The people at this device (not bots, not friends playing online). */
  get humans() {
    return this.save.players.flatMap((player, seat) => (player.bot || player.online ? [] : [seat]));
  }

  /** Moves go to Python one at a time, each on the record the one before left: two moves made
   * at once (a bot's timer and a person's answer in a race) never build on the same old record. */
  enqueue(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Plays a move: through the online table when friends play online, else directly. With an
   * epoch (real-time games), Python refuses it as too late if the table has moved past it. */
  play(seat, move, epoch) {
    const when = epoch === undefined ? {} : { epoch };
    return this.enqueue(async () => {
      if (this.hostNet) return this.hostNet.playLocal(seat, move, when);
      const save = this.save; // the game this move is for, even if the table closes meanwhile
      if (!save) throw new Error("The game was closed: the move was not made.");
      const played = await this.call("game.play", { seat, move, ...when });
      save.record = played.record;
    });
  }

  call(op, args) {
    // At a table of sealed cards no record holds the game: each seat this page plays asks its own device.
    if (this.hostNet?.sealed && SEALED_OPS[op]) return this.python.call(SEALED_OPS[op], { id: this.save.id, ...args });
    return this.python.call(op, { record: this.save.record, ...args });
  }

  // -- layout --------------------------------------------------------------------------------

  draw() {
    const controls = [element("a", { class: "button small", href: "#" }, "Home"),
      button("Export", () => showExport(this.save), { small: true, id: "table-export" })];
    const link = this.game.shareLink?.(this.save, appBase());
    if (link) {
      controls.push(button("Invite a friend", () => showLink(link.title, link.text, link.url), { small: true, id: "table-invite" }));
    }
    // Online: who is connected, always at the top of the screen (the panel is below on phones).
    this.onlineLine = element("p", { class: "connection", id: "online-status", role: "status", hidden: true });
    const players = this.save.players;
    this.screen?.dispose();
    this.screen = new TableScreen({ root: this.root, game: this.game, players, controls, lines: [this.onlineLine],
      seatNote: botNote(players), title: tableTitle(this.game, this.save) });
  }

  setMain(...children) {
    this.screen.setMain(...children);
  }

  setBusy(busy) {
    this.screen.setBusy(busy);
  }

  drawSide(view) {
    if (!this.save) return; // the table was left (a connection may still report closing)
    this.lastView = view;
    const focus = this.shownSeat ?? (this.humans.length === 1 ? this.humans[0] : null);
    this.screen.showSide(view, { historySeat: view.seat ?? focus, panel: this.hostNet?.panel() });
    this.showOnlineLine();
  }

  showOnlineLine() {
    if (!this.hostNet) return;
    // Before the start, the headline says whom the table waits for and the panel under the
    // players each friend's connection: the line at the top would say both a third time.
    this.onlineLine.hidden = !this.hostNet.started || Boolean(this.hostNet.broken);
    if (this.onlineLine.hidden) return;
    const waiting = this.hostNet.waitingText(this.game.ownedSecret);
    this.onlineLine.textContent = `Online: ${this.hostNet.remoteSeats.map((seat) =>
      `${this.save.players[seat].name} ${this.hostNet.statusText(seat)}`).join(", ")}${waiting ? ` · ${waiting}` : ""}`
      + (this.hostNet.code ? ` · table code ${this.hostNet.code} (the same on every screen)` : "");
  }

  /** A connection's state changed: the side again (or the lobby, before the game starts). */
  refreshSide() {
    if (!this.save) return;
    if (this.hostNet && (!this.hostNet.started || this.hostNet.broken)) return this.lobby();
    if (this.lastView) this.drawSide(this.lastView);
  }

  /** An online table before its game starts (every friend adds a part to its randomness, so it
   * waits for all of them), or stopped by a broken commitment. */
  lobby() {
    const { broken, started } = this.hostNet;
    const status = (seat) => (broken || !this.hostNet.waiting.includes(seat) ? "ready"
      : this.hostNet.drawingStart ? "adding their part…" : "not joined yet");
    this.screen.showLobby(broken ? "The game has stopped" : "Waiting for everyone to join", status, this.hostNet.panel());
    this.showOnlineLine();
    if (broken) {
      return this.setMain(element("p", { class: "notice bad", id: "table-broken", role: "alert" },
        `${broken.reason} Nobody can go on with a roll or a card a player could have steered: start a new game.`));
    }
    if (!started) {
      this.setMain(lobbyLine("Invite each friend (“Invite” beside their name) and send them the link: the game starts when everyone has joined.", "you", "waiting-to-start"));
    }
  }

  // -- the turn loop -------------------------------------------------------------------------

  /** A move arrived from a friend online. A person in the middle of their own simultaneous
   * turn keeps their screen (and half-made choice) when only who-is-waiting changed. */
  async remoteMove() {
    const kept = this.turnShown;
    if (kept && !this.game.realtime && !this.hostNet?.broken) {
      const token = this.token;
      const [{ view }, { view: table }] = [await this.call("game.view", { seat: kept.seat }), await this.call("game.view", {})];
      if (token === this.token && this.turnShown === kept && onlyWaitingChanged(kept.view, view)) {
        this.drawSide({ ...table, seat: kept.seat });
        this.keep(table);
        return;
      }
    }
    return this.advance(++this.token);
  }

  async advance(token) {
    this.turnShown = null;
    if (this.hostNet && (!this.hostNet.started || this.hostNet.broken)) return this.lobby();
    let result;
    try {
      result = await this.call("game.view", {});
    } catch (error) {
      if (token !== this.token) return;
      this.setMain(element("div", { class: "notice bad", role: "alert" },
        `This game cannot be opened: ${error.message} The save was left as it is.`));
      return;
    }
    if (token !== this.token) return;
    const { view, actors, epoch } = result;
    this.drawSide(view);
    this.keep(view);
    if (this.hostNet?.drawing) {
      // A move waits for a random event: the friends' devices add their parts, then it goes on.
      const doing = this.hostNet.sealed ? "Dealing or opening the cards" : "Drawing at random";
      return this.setMain(waitingLine(`${doing} with ${this.hostNet.waitingNames()}…`, "table-drawing"));
    }
    if (this.hostNet?.sealed && !actors.length && view.phase !== "over") {
      // Between two messages of the deal (every device adds its part as soon as it can)
      return this.setMain(waitingLine("Dealing the cards with every device…", "table-drawing"));
    }
    if (this.race && (actors.length || this.race.unseen(view))) {
      const views = await this.ownViews(token);
      if (token !== this.token) return;
      return this.race.run(view, actors, epoch, token, views);
    }
    if (!actors.length) return this.end.show(view, token);
    const humans = actors.filter((seat) => this.humans.includes(seat));
    if (humans.length) return this.humanTurn(this.nextHuman(humans, view), token, view);
    const bots = actors.filter((seat) => this.save.players[seat].bot);
    if (bots.length) return this.botTurn(bots[0], view, token);
    const waiting = [`Waiting for ${actors.map((seat) => this.save.players[seat].name).join(", ")} (online)…`, "remote-waiting"];
    // With one person at this device, they keep seeing their own board while friends play.
    const [onlyHuman] = this.humans.length === 1 ? this.humans : [null];
    if (onlyHuman === null || !this.game.waitingPicture) return this.screen.showWaiting(view, ...waiting);
    const own = await this.call("game.view", { seat: onlyHuman });
    if (token !== this.token) return;
    this.rememberOwn(onlyHuman, own.view);
    return this.screen.showWaiting(view, ...waiting, { own: own.view, name: this.save.players[onlyHuman].name });
  }

  /** Each person's own view at this device (a race screen shows a person what only they may
   * see), by seat. */
  async ownViews(token) {
    const views = {};
    const humans = this.humans;
    for (const seat of humans) {
      const { view } = await this.call("game.view", { seat });
      if (token !== this.token) return views; // the table closed meanwhile: nothing is drawn
      views[seat] = view;
    }
    if (humans.length === 1) this.rememberOwn(humans[0], views[humans[0]]);
    return views;
  }

  /** Several people due at once act in seat order, from the seat the game says (default 0). */
  nextHuman(humans, view) {
    const count = this.save.players.length;
    const from = this.game.firstSeat?.(view) ?? 0;
    return [...humans].sort((a, b) => ((a - from + count) % count) - ((b - from + count) % count))[0];
  }

  keep(view) {
    this.save.summary = summaryLine(this.game, view, this.save.players);
    this.save.over = view.phase === "over";
    this.persist();
    this.lastSeen = { view, own: this.lastSeen?.own ?? null };
    writeLastSeen(this.save.id, this.lastSeen); // drawn on a reload before Python is up (drawSavedTable)
  }

  /** With one person at this device, their own view is kept too, so a reload shows their board
   * at once. Nothing new is stored: the save's record already holds the whole game. */
  rememberOwn(seat, view) {
    if (this.humans.length !== 1 || !this.lastSeen) return;
    this.lastSeen = { ...this.lastSeen, own: { seat, view } };
    writeLastSeen(this.save.id, this.lastSeen);
  }

  persist() {
    try {
      writeSave(this.save);
      if (this.saveProblem) this.notice(null);
      this.saveProblem = null;
    } catch (error) {
      if (!(error instanceof StoreProblem)) throw error;
      if (this.saveProblem !== error.message) this.notice(error.message);
      this.saveProblem = error.message;
    }
  }

  async humanTurn(seat, token, publicView) {
    const player = this.save.players[seat];
    const inTheOpen = Boolean(this.game.isPublicTurn?.(publicView));
    if (this.humans.length > 1 && this.shownSeat !== seat && !inTheOpen) {
      this.shownSeat = null;
      return this.privacyScreen(seat, token, publicView);
    }
    // A turn in the open shows nothing secret, so the next private turn is screened again.
    this.shownSeat = inTheOpen ? null : seat;
    const { view, suggests } = await this.call("game.view", { seat });
    if (token !== this.token) return;
    this.rememberOwn(seat, view);
    const act = async (move) => {
      this.setBusy(true);
      let played = false;
      try {
        await this.play(seat, move);
        played = true;
      } finally {
        if (token === this.token && !played) this.setBusy(false);
      }
      if (token !== this.token) return;
      await this.advance(token);
    };
    // Python says when the rules allow no look-up (then no Suggest button at all).
    const suggest = suggests ? async () => (await this.call("game.bot", { seat, level: "medium" })).move : null;
    const ask = async (question, args = {}) => (await this.call("game.ask", { seat, question, args })).answer;
    this.drawSide({ ...view, seat });
    this.turnShown = { seat, view };
    // Taking back comes after the turn: what to do next stays at the top.
    this.screen.showTurn(view, player, { act, suggest, ask }, { after: [this.takeBackButton(seat, token)] });
  }

  announcement(view) {
    return this.screen.announcement(view);
  }

  /** Between two people's turns the device shows nothing of either; the game says why. */
  privacyScreen(seat, token, publicView) {
    const player = this.save.players[seat];
    const [lastSeat] = this.save.record.moves.at(-1) ?? [null];
    const previous = lastSeat !== null && !this.save.players[lastSeat].bot && lastSeat !== seat ? lastSeat : null;
    const show = button(`I am ${player.name}: show my turn`, () => {
      this.setBusy(true);
      this.shownSeat = seat;
      this.humanTurn(seat, token, publicView);
    }, { primary: true, id: "privacy-continue", "data-next": true });
    const screen = element("div", { class: "privacy", id: "privacy" },
      element("p", { class: "privacy-title" }, `Pass the device to ${player.name}`),
      element("p", { class: "hint", id: "privacy-note" }, this.game.privacyNote ?? "Everyone else, look away."),
      element("div", { class: "row" }, show,
        previous !== null && button(`${this.save.players[previous].name}: take back your move`, () => this.takeBack(previous, token), { small: true })));
    this.setMain(this.announcement(publicView), screen);
  }

  takeBackButton(seat, token) {
    if (this.hostNet) return null; // guests already saw the move: no taking back online
    const [lastSeat] = this.save.record.moves.at(-1) ?? [null];
    if (lastSeat !== seat) return null;
    return element("div", { class: "row take-back" },
      button("Take back my last move", () => this.takeBack(seat, token), { small: true, id: "take-back" }));
  }

  async takeBack(seat, token) {
    this.setBusy(true);
    try {
      const undone = await this.call("game.undo", { seat });
      if (token !== this.token) return;
      this.save.record = undone.record;
      this.shownSeat = seat;
      await this.advance(token);
    } catch (error) {
      this.setBusy(false);
      this.notice(error.message);
    }
  }

  async botTurn(seat, view, token) {
    const player = this.save.players[seat];
    const waiting = [this.announcement(view),
      waitingLine(`${player.name} ${this.game.botDoing(view, seat)}…`, "bot-thinking")];
    // With one person at the table, they keep seeing their own board while the bots play.
    const [onlyHuman] = this.humans.length === 1 ? this.humans : [null];
    if (onlyHuman !== null) {
      const own = await this.call("game.view", { seat: onlyHuman });
      if (token !== this.token) return;
      this.rememberOwn(onlyHuman, own.view);
      waiting.push(this.game.waitingPicture?.(own.view, this.save.players[onlyHuman].name));
      const undo = this.takeBackButton(onlyHuman, token);
      if (undo) waiting.unshift(undo);
    }
    this.setMain(...waiting);
    // The pause lets everyone see what the last move did before the bot's replaces it. Before a
    // game's first move there is nothing to see yet: the bot opens at once, and the player can
    // act as soon as the table is up (a daily game against a bot came 0.7 s sooner).
    if (this.save.record.moves.length > 0) await sleep(this.save.settings?.botDelay ?? 700);
    if (token !== this.token) return;
    try {
      const { move } = await this.call("game.bot", { seat, level: player.bot });
      if (token !== this.token) return;
      await this.play(seat, move);
      if (token !== this.token) return;
    } catch (error) {
      // Online, a draw under way holds every move: the table comes back here when it is in.
      if (token !== this.token || this.hostNet?.drawing) return;
      this.setMain(element("p", { class: "notice bad", role: "alert" }, `${player.name} could not move: ${error.message}`));
      return;
    }
    await this.advance(token);
  }

  // -- real-time games ------------------------------------------------------------------------

}
