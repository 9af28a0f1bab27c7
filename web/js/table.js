// The table: one game being played on this device, whatever the game. It replays the record
// through Python, lets each human seat act in turn (behind a privacy screen when several people
// share the device), plays the bots with a short visible delay, saves after every move, and
// shows the end of the game with every secret revealed and a step-by-step replay. It draws
// through TableScreen (table-screen.js), as an online guest's screen does, and knows no game:
// each game's own screens come from its renderer module (games/contract.js).
import { element, button, sleep, copyButton } from "./ui.js";
import { isDateKey, recordDaily, shareText, dailyLink } from "./daily.js";
import { challengeOf, challengeLink, challengeShareText } from "./challenge.js";
import { isOwnList } from "./dictionaries.js";
import { appBase } from "./embed.js";
import { writeSave, writeLastSeen, readLastSeen } from "./saves.js";
import { StoreProblem } from "./store.js";
import { showExport, showLink } from "./transfer.js";
import { HostNet } from "./online.js";
import { rememberedName } from "./settings.js";
import { RoundWatch, onlyWaitingChanged } from "./race.js";
import { TableScreen, waitingLine, checkGameButton, lobbyLine } from "./table-screen.js";

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
    for (const timer of this.timers ?? []) clearTimeout(timer);
    this.timers = [];
  }

  async open(save) {
    const token = ++this.token;
    this.save = save;
    this.lastSeen = null;
    this.game = this.games[save.game];
    this.shownSeat = null;
    this.saveProblem = null;
    this.rounds = new RoundWatch(this.game);
    this.clock = null;
    this.stopClocks();
    this.draw();
    this.python.warmUp(save.game, save.record.options).catch(() => {});
    this.hostNet?.close();
    this.hostNet = null;
    if (save.players.some((p) => p.online)) {
      this.hostNet = new HostNet({ python: this.python, save, notice: this.notice, persist: () => this.persist(),
        onChange: (change) => (change?.statusOnly ? this.refreshSide() : this.remoteMove()) });
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
    this.onlineLine.hidden = false;
    const waiting = this.hostNet.waitingText(this.game.ownedSecret);
    this.onlineLine.textContent = `Online: ${this.hostNet.remoteSeats.map((seat) =>
      `${this.save.players[seat].name} ${this.hostNet.statusText(seat)}`).join(", ")}${waiting ? ` · ${waiting}` : ""}`;
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
      return this.setMain(waitingLine(`Drawing at random with ${this.hostNet.waitingNames()}…`, "table-drawing"));
    }
    if (this.game.realtime && (actors.length || this.rounds.unseen(view))) {
      const views = await this.ownViews(token);
      if (token !== this.token) return;
      return this.race(view, actors, epoch, token, views);
    }
    if (!actors.length) return this.gameOver(view, token);
    const humans = actors.filter((seat) => this.humans.includes(seat));
    if (humans.length) return this.humanTurn(this.nextHuman(humans, view), token, view);
    const bots = actors.filter((seat) => this.save.players[seat].bot);
    if (bots.length) return this.botTurn(bots[0], view, token);
    const waiting = waitingLine(`Waiting for ${actors.map((seat) => this.save.players[seat].name).join(", ")} (online)…`, "remote-waiting");
    // With one person at this device, they keep seeing their own board while friends play.
    const [onlyHuman] = this.humans.length === 1 ? this.humans : [null];
    if (onlyHuman === null || !this.game.waitingPicture) return this.setMain(waiting);
    const own = await this.call("game.view", { seat: onlyHuman });
    if (token !== this.token) return;
    this.rememberOwn(onlyHuman, own.view);
    return this.setMain(waiting, this.game.waitingPicture(own.view, this.save.players[onlyHuman].name));
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
    this.save.summary = this.game.summary(view, this.save.players);
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
    this.setMain(this.announcement(view),
      this.game.turnScreen(view, player, { act, suggest, ask, players: this.save.players }), this.takeBackButton(seat, token));
  }

  announcement(view) {
    const text = this.game.announcement?.(view, this.save.players);
    return text ? element("p", { class: "notice", id: "announcement", role: "status" }, text) : null;
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
    await sleep(this.save.settings?.botDelay ?? 700);
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

  /** Everyone may act at once: people type, bots act when they planned to, the table's clock
   * plays a deadline's move. Between rounds the result waits for the players to go on (online:
   * a few seconds). */
  race(view, actors, epoch, token, views = {}) {
    this.stopClocks();
    // Bots' plans hold while the epoch (Shrdlu: the round) lasts; a new one starts afresh.
    const epochKey = JSON.stringify(epoch ?? null);
    if (this.clock?.epoch !== epochKey) this.clock = null;
    if (this.rounds.unseen(view)) {
      this.screen.showRoundBreak(view, { online: Boolean(this.hostNet), onNext: () => {
        if (token !== this.token) return;
        this.rounds.see(view);
        this.drawSide(view);
        if (view.phase === "over") this.gameOver(view, token);
        else this.race(view, actors, epoch, token, views);
      } });
      return;
    }
    this.rounds.see(view);
    // Time runs from when an epoch first showed (after its round's break), and a deadline's
    // from when it first showed: other moves in between change neither.
    const now = performance.now();
    this.clock ??= { epoch: epochKey, start: now, plans: new Map(), asked: new Map(), retried: new Map(), deadline: null };
    const clock = this.clock;
    const deadlineKey = view.deadline ? JSON.stringify(view.deadline) : null;
    if (clock.deadline?.key !== deadlineKey) clock.deadline = deadlineKey && { key: deadlineKey, start: now };
    const send = async (seat, move) => {
      if (token !== this.token) return;
      await this.play(seat, move, epoch ?? null);
      if (token !== this.token) return;
      await this.advance(token);
    };
    const secondsLeft = () => (view.deadline
      ? Math.max(0, (clock.deadline.start + view.deadline.after_ms - performance.now()) / 1000) : null);
    const elapsed = () => (performance.now() - clock.start) / 1000;
    this.screen.showRace(view, { humans: this.humans, views, send, secondsLeft, elapsed });
    if (view.deadline) {
      this.later(clock.deadline.start + view.deadline.after_ms - now, token, () => this.expire(token, epoch ?? null));
    }
    for (const [seat, plan] of clock.plans) this.schedule(seat, plan, clock, token, send);
    this.planBots(actors, clock, token, send);
  }

  /** Runs task after ms (at once when the moment has passed) unless the table moved on. */
  later(ms, token, task) {
    this.timers.push(setTimeout(() => token === this.token && task(), Math.max(0, ms)));
  }

  /** Asks each bot due in this epoch what it will do and when; a bot asked already at this
   * point of the game keeps its plan (or keeps waiting) until the next move. */
  async planBots(actors, clock, token, send) {
    const moves = this.save.record.moves.length;
    for (const seat of actors.filter((s) => this.save.players[s].bot)) {
      if (clock.plans.has(seat) || clock.asked.get(seat) === moves) continue;
      clock.asked.set(seat, moves);
      let move;
      try {
        ({ move } = await this.call("game.bot", { seat, level: this.save.players[seat].bot }));
      } catch {
        continue; // no longer due (the round ended meanwhile): asked again when it is
      }
      if (token !== this.token || clock !== this.clock || !move) continue;
      const { after_ms: after = 0, ...act } = move;
      const plan = { after, move: act };
      clock.plans.set(seat, plan);
      this.schedule(seat, plan, clock, token, send);
    }
  }

  /** A bot's plan fires at the epoch's start + its delay, scaled by the speed setting (Normal
   * = as given). Refused (it went stale: someone called first), it is dropped and the bot asked
   * again, once per point of the game. */
  schedule(seat, plan, clock, token, send) {
    // "Instant" keeps a little of each bot's delay: at zero the first bot asked always won the race.
    const pace = Math.max((this.save.settings?.botDelay ?? 700) / 700, 0.02);
    this.later(clock.start + plan.after * pace - performance.now(), token, async () => {
      if (clock !== this.clock || clock.plans.get(seat) !== plan) return;
      clock.plans.delete(seat);
      try {
        await send(seat, plan.move);
      } catch {
        if (clock !== this.clock || token !== this.token) return;
        const moves = this.save.record.moves.length;
        if (clock.retried.get(seat) === moves) return; // refused twice: it waits for the next move
        clock.retried.set(seat, moves);
        clock.asked.delete(seat);
        const { actors } = await this.call("game.view", {});
        if (clock === this.clock && token === this.token) this.planBots(actors, clock, token, send);
      }
    });
  }

  /** The table's clock ran out: the game plays the deadline's move (never a seat). */
  async expire(token, epoch) {
    try {
      await this.enqueue(async () => {
        if (this.hostNet) await this.hostNet.expire({ epoch });
        else this.save.record = (await this.call("game.expire", { epoch })).record;
      });
    } catch {
      // The clock had already stopped (someone found a word just in time), or, online, a random
      // draw holds the table: the next race() sets the clock again.
      return;
    }
    if (token === this.token) await this.advance(token);
  }

  // -- the end ------------------------------------------------------------------------------

  gameOver(view, token) {
    const [onlyHuman] = this.humans.length === 1 ? this.humans : [null];
    const ask = async (question, args = {}) => (await this.call("game.ask", { seat: onlyHuman, question, args })).answer;
    const daily = this.save.daily && isDateKey(this.save.daily.date) ? this.dailyResult(view, onlyHuman) : null;
    const shareLink = this.game.shareLink?.(this.save, appBase()) ?? null;
    // A friend gets the same deal: the daily's own link, the game's own shared link, or a challenge.
    const challenge = daily || shareLink ? null : this.challengeButton(view, onlyHuman);
    this.screen.showGameOver(view, {
      ask, seat: onlyHuman, shareLink,
      actions: [daily, challenge, button("Step through the game", () => this.replay(token), { id: "replay-open" }),
        this.save.record.shared ? checkGameButton(() => this.python.call("game.verify", { record: this.save.record })) : null,
        button("Play again, same players", () => this.onPlayAgain?.(this.save), { primary: !daily, id: "play-again", "data-next": !daily })],
    });
  }

  /** A daily challenge finished: the streak goes on (once: the end shown again, reopened or
   * after a replay, counts nothing more), and the result can be shared (no words). */
  dailyResult(view, seat) {
    const key = this.save.daily.date;
    if (!this.save.daily.streak) {
      this.save.daily = { ...this.save.daily, streak: recordDaily(this.save.game, key) };
      try {
        writeSave(this.save);
      } catch (error) {
        if (!(error instanceof StoreProblem)) throw error;
      }
    }
    const { streak, best } = this.save.daily.streak;
    const text = shareText({ title: this.game.title, key, won: this.wonBy(view, seat), result: this.game.resultLine(view, seat),
      streak, url: dailyLink(appBase(), this.save.game, key) });
    const area = element("textarea", { id: "daily-share-text", rows: 4, readonly: true, "aria-label": "Your result, to share" });
    area.value = text;
    const status = element("output", { id: "daily-share-status", "aria-live": "polite" });
    return element("div", { class: "daily-share", id: "daily-share" },
      element("p", { id: "daily-streak" }, `Daily challenge of ${key} done: ${streak}-day streak${best > streak ? ` (best ${best})` : ""}.`),
      area, element("div", { class: "row" }, copyButton("Copy my result to share", text, area, status, { primary: true, id: "daily-copy", "data-next": true }), status));
  }

  /** Did seat win (null: played alone, nobody to beat)? */
  wonBy(view, seat) {
    return this.save.players.length === 1 ? null : view.outcome.winners.includes(seat);
  }

  /** "Challenge a friend": the same deal against the same bots, with the result to share; none
   * for a game that is not one person's (see challengeRefusal). */
  challengeButton(view, seat) {
    const challenge = challengeOf(this.save);
    if (!challenge || seat === null) return null;
    const won = this.wonBy(view, seat);
    const result = this.game.resultLine(view, seat);
    // The friend's first screen names who challenges: the seat's own name, or the one used online.
    const own = this.save.players[seat]?.name ?? "";
    const by = own && own.toLowerCase() !== "you" ? own : rememberedName();
    const text = challengeShareText({ title: this.game.title, won, result,
      url: challengeLink(appBase(), challenge, { by, won, result }) });
    const against = challenge.seats.length > 1 ? ", against the same bots" : "";
    return button("Challenge a friend to the same game", () => showLink("Challenge a friend",
      `Whoever opens the link plays this same game: the same deal${against}. Your result goes with it, not a word of the game.`,
      text, { copyLabel: "Copy the challenge", rows: 6 }), { id: "challenge-open" });
  }

  async replay(token) {
    this.setBusy(true);
    let frames;
    try {
      ({ frames } = await this.call("game.replay", {}));
    } catch (error) {
      if (token !== this.token) return;
      this.setBusy(false);
      this.notice(`The game cannot be stepped through: ${error.message}`);
      return;
    }
    if (token !== this.token) return;
    this.screen.showReplay(frames, this.save.record.moves, { onBack: () => this.advance(token) });
  }
}
