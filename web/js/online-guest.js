// Online play in the page, a guest's side: joining from an invitation, and the table as the host
// sends it, drawn by the same TableScreen (table-screen.js) as the host's.
import { element, button, copyButton } from "./ui.js";
import { AT_THE_TABLE, HEARTBEAT_MS, PeerLink, SignalError, connectionWords, decodeDescription, webrtcMissing } from "./net.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { guestServers, serverNames, rememberedName, rememberName } from "./settings.js";
import { qrPicture } from "./qr.js";
import { RoundWatch, onlyWaitingChanged } from "./race.js";
import { TableScreen, checkGameButton, lobbyLine, sealedAudit } from "./table-screen.js";
import { reviewButton } from "./table-review.js";
import { inTurn, ping, pongDelay, shownName } from "./online-link.js";

/** The guest's page (#join=OFFER&t=TOKEN): answer the invitation, then play one seat. */
export class GuestScreen {
  constructor({ python, games, root, offer, token, gameId = "", hostName = "", seatName = "", pythonReady = Promise.resolve() }) {
    Object.assign(this, { python, games, root, offer, token });
    this.seatName = shownName(seatName); // what the host named this seat, offered as the friend's name
    this.pythonStarted = false;
    pythonReady.then(() => {
      this.pythonStarted = true;
      this.showStatus?.();
    });
    this.invitedTo = games[gameId] ?? null; // the game the link names, said before anything else
    this.hostName = shownName(hostName) || "The host";
    this.id = `guest-${token.slice(0, 16)}`;
    this.key = `wordtable.guest.${token.slice(0, 40)}`;
    this.names = [];
    this.away = [];
    this.moves = new Map(); // move number -> {resolve, reject}: the table's answer to it
    this.questions = new Map(); // question number -> {resolve, reject}
    this.connection = "new"; // the link's state (net.js LINK_STATES)
    this.delay = null;
    this.screen = null;
    this.table = { started: true, waiting: [], broken: null, shared: false }; // shared randomness (wordtable.online)
  }

  close() {
    clearInterval(this.pinger);
    this.screen?.dispose();
    this.link?.close();
  }

  /** The moves not yet answered survive a reload of this page (the seat is the token's). */
  keep(saved) {
    try {
      writeJSON(this.key, saved);
    } catch (error) {
      if (!(error instanceof StoreProblem)) throw error;
    }
  }

  async open() {
    const heading = element("h2", { id: "guest-invited" }, element("bdi", {}, this.hostName),
      this.invitedTo ? ` invites you to play ${this.invitedTo.title}` : " invites you to a game");
    const stop = (text) => this.root.replaceChildren(element("div", { class: "panel", id: "guest-answer" }, heading,
      element("p", { class: "notice bad", role: "alert", id: "guest-cannot" }, text), element("a", { class: "button", href: "#" }, "Home")));
    let stunServers;
    try {
      ({ stunServers } = decodeDescription(this.offer, "offer"));
    } catch (error) {
      return stop(error instanceof SignalError ? error.message : `This invitation cannot be used: ${error.message}`);
    }
    const missing = webrtcMissing();
    if (missing) return stop(missing);
    const servers = guestServers(stunServers);
    this.nameInput = element("input", { id: "guest-name", maxlength: 24, autocomplete: "nickname",
      value: this.seatName || rememberedName(), placeholder: "your name",
      "aria-describedby": "guest-name-hint" });
    this.root.replaceChildren(element("div", { class: "panel", id: "guest-answer" }, heading,
      element("label", { for: "guest-name" }, "Your name at the table"), this.nameInput,
      element("p", { class: "hint", id: "guest-name-hint" }, "Everyone at the table sees it. Change it before the host connects you."),
      element("p", { class: "muted" }, "Preparing your answer…")));
    this.link = new PeerLink({
      iceServers: servers,
      onMessage: (text) => inTurn(this, () => this.receive(text)), // in order, as the host's
      onState: (state) => this.linkState(state),
    });
    let answer;
    try {
      answer = await this.link.answer(this.offer);
    } catch (error) {
      return stop(error instanceof SignalError ? error.message : `This invitation cannot be used: ${error.message}`);
    }
    const code = element("textarea", { readonly: true, rows: 3, id: "answer-code" });
    code.value = answer;
    this.statusLine = element("p", { class: "hint", id: "guest-status", role: "status" });
    // Back on an invitation already used (a reload, or the link opened again): an answer to it
    // cannot connect any more, but the seat and its moves are kept for a new invitation.
    const returning = readJSON(this.key, null, (v) => v && typeof v === "object").value;
    const stun = serverNames(servers.filter((server) => String(server.urls).startsWith("stun")));
    this.root.replaceChildren(element("div", { class: "panel", id: "guest-answer" },
      heading,
      returning ? element("p", { class: "notice", id: "guest-returning" },
        "You have played at this table before. If this invitation was already used, ask the host for a new one (“Invite again”) and open that: your seat and your moves are kept.") : null,
      element("label", { for: "guest-name" }, "Your name at the table"), this.nameInput,
      element("p", { class: "hint", id: "guest-name-hint" }, "Everyone at the table sees it. Change it before the host connects you."),
      element("p", {}, "Send this answer code back to ", element("bdi", {}, this.hostName), " (or let them scan it):"),
      element("div", { class: "invite-link" }, qrPicture(answer, "QR code of your answer"),
        element("div", {}, code, copyButton("Copy", answer, code, null, { small: true }))),
      this.statusLine,
      stun.length ? element("p", { class: "hint", id: "guest-servers" },
        `This invitation connects through ${stun.join(" and ")}: ${stun.length > 1 ? "they learn" : "it learns"} your public IP address, never the game. Your answer carries that address to the host.`) : null,
      element("div", { class: "row" }, element("a", { class: "button small", href: "#", id: "guest-home" }, "Home"))));
    this.showStatus();
    let beat = 0;
    this.pinger = setInterval(() => {
      if (!AT_THE_TABLE.has(this.connection)) return;
      this.link.send(ping());
      if (++beat % 5 === 0 && this.view) this.check(); // now and then: is my view the table's?
    }, HEARTBEAT_MS);
    // Closing the tab closes the connection at once, so the host sees it dropped without waiting.
    addEventListener("pagehide", () => this.link.close(), { once: true });
  }

  /** The link's state changed: the first time it is connected this page joins the table; when
   * it is connected again after an interruption, it checks its view against the table's. */
  async linkState(state) {
    this.connection = state;
    if (state === "unreachable") this.problem = this.link.diagnosis().text; // never open: nothing was lost
    if (state === "dropped") {
      clearInterval(this.pinger);
      // Moves and questions in flight will be answered after a new invitation, not now.
      for (const { reject } of [...this.moves.values(), ...this.questions.values()]) reject(new Error("The connection dropped."));
      this.moves.clear();
      this.questions.clear();
    }
    this.showStatus();
    if (state !== "connected") return;
    if (this.joined) return this.check();
    this.joined = true;
    const saved = readJSON(this.key, null, (v) => v && typeof v === "object").value;
    const name = this.nameInput?.value.trim() ?? "";
    if (name) rememberName(name);
    if (this.nameInput) this.nameInput.disabled = true; // said to the table with the join
    const joined = await this.python.call("online.guest", { id: this.id, token: this.token, saved, name: name || null });
    this.keep(joined.saved);
    for (const text of joined.outgoing) this.link.send(text);
  }

  /** Sends the checksum of this guest's view; the table answers with its view only when they differ. */
  async check() {
    const { outgoing } = await this.python.call("online.guest_check", { id: this.id }).catch(() => ({ outgoing: [] }));
    for (const text of outgoing) this.link.send(text);
  }

  /** Always on screen: the connection, its delay, and who is away. */
  showStatus() {
    if (!this.statusLine) return;
    const host = this.hostName;
    const text = {
      new: "",
      connecting: `Waiting for ${host} to paste your answer…`,
      // The host may not have pasted the answer yet: the reason is offered, not asserted. Once
      // the browser gave up (the link ended), it could not connect.
      // The diagnosis speaks to the host, who invites: the friend passes it on.
      unreachable: this.link?.ended ? `Could not connect. Tell ${host}: “${this.problem}” Then open the new invitation ${host} sends.`
        : `Not connected yet. If ${host} has pasted your answer already, tell ${host}: “${this.problem}”`,
      connected: `Connected to the table${this.delay === null ? "" : ` · ${connectionWords(this.delay)}`}`,
      interrupted: `${host}'s device has not answered for a few seconds: waiting for it…`,
      reconnecting: "Connection interrupted: reconnecting…",
      dropped: "The connection dropped. Ask the host for a new invitation: you keep your seat and your moves.",
    }[this.connection];
    const { started, waiting, broken, showing } = this.table;
    const names = waiting.map((seat) => this.names[seat] ?? `seat ${seat + 1}`).join(", ");
    // Once the table is on screen, a stop's reason is said in its main area, not twice.
    const table = broken ? (this.view ? "The game has stopped." : broken.reason)
      : !started ? (names ? ` · waiting for ${names} to join` : "")
        : showing && names ? ` · ${waiting.includes(this.seat) ? "showing your" : `waiting for ${names} to show their`} ${this.game?.ownedSecret ?? "secret"}…`
          : names ? ` · ${this.table.sealed ? "dealing or opening the cards" : "drawing at random"} with ${names}…` : "";
    // A table of sealed cards: its code, to compare with the others' screens (a host that passed
    // someone a key of its own, to read the cards sealed to them, cannot make the codes match).
    const code = this.table.code ? ` · table code ${this.table.code}` : "";
    // A first visit: the game itself (Python) may still be loading while the answer goes back.
    const loading = this.pythonStarted ? "" : `${text ? " · " : ""}Loading the game on this device (the first visit takes a few seconds)…`;
    this.statusLine.textContent = broken ? table : text + table + code + loading;
    this.statusLine.className = `connection ${broken ? "bad" : this.connection}`;
    this.statusLine.dataset.connection = this.connection;
  }

  async receive(text) {
    const delay = pongDelay(text);
    if (delay !== null) {
      this.link.roundTrip(delay);
      this.delay = delay;
      return this.showStatus();
    }
    const result = await this.python.call("online.guest_receive", { id: this.id, text });
    for (const out of result.outgoing) this.link.send(out);
    this.keep(result.saved);
    try {
      const message = JSON.parse(text);
      if (message.t === "welcome") {
        this.welcome(message);
      }
    } catch { /* Python already answered a damaged message */ }
    this.settle(result);
    this.rename(result.players);
    // Refused before the game is on this screen (this browser does not hold the seat's secret):
    // the table's reason is the status.
    // Or the table speaks another version: said even over a game on screen (nothing goes on).
    const refused = (!this.view || result.other_version) && result.error ? { reason: result.error } : null;
    const table = { started: result.started !== false, waiting: result.waiting ?? [], broken: result.broken ?? refused,
      shared: Boolean(result.shared), showing: Boolean(result.showing),
      sealed: typeof result.audited === "boolean", code: result.code ?? null, audited: Boolean(result.audited) };
    if (!this.view && Number.isInteger(result.seat)) this.seat = result.seat; // the lobby marks "(you)"
    if (JSON.stringify(table) !== JSON.stringify(this.table)) {
      const stopped = table.broken && !this.table.broken;
      this.table = table;
      this.showStatus();
      if (!table.started && this.game && !this.view) this.drawLobby();
      if (stopped && this.view) this.drawMain(); // the turn screen goes: nothing can be played now
      else if (table.audited && this.view?.phase === "over") this.drawMain(); // the deal's audit is in
    }
    // Checked as soon as it is in, and again when a later copy holds the secrets shown since.
    if (result.record_ready && result.record_copy !== this.recordCopy) {
      this.recordReady = true;
      this.recordCopy = result.record_copy;
      if (this.view?.phase === "over") this.checkButton?.run();
    }
    const awayChanged = String(result.away) !== String(this.away);
    this.away = result.away;
    // A view of the same version changes at the end, once every player's kept secret is shown.
    const shownAtTheEnd = result.view?.phase === "over" && JSON.stringify(result.view) !== JSON.stringify(this.view);
    if (result.view && this.game && (result.version !== this.version || shownAtTheEnd)) {
      const stillMyTurn = this.actors?.includes(this.seat) && result.actors.includes(result.seat);
      const keepScreen = !this.game.realtime && stillMyTurn && !this.screen?.busy && onlyWaitingChanged(this.view, result.view);
      this.version = result.version;
      this.view = result.view;
      this.actors = result.actors;
      this.seat = result.seat;
      this.drawSide();
      if (!keepScreen) this.drawMain(); // else someone else moved: this player's half-made choice stays
    } else if (awayChanged && this.view) {
      this.drawSide();
    }
  }

  /** The table's names changed (a friend chose theirs on joining): the screen is drawn again. */
  rename(players) {
    if (!Array.isArray(players) || !players.length || String(players) === String(this.names)) return;
    this.names = players;
    if (!this.screen) return;
    this.screen.dispose();
    this.screen = null;
    this.version = null;
    if (this.view) {
      this.drawSide();
      this.drawMain();
    } else if (!this.table.started && this.game) {
      this.drawLobby();
    }
  }

  /** Hands the table's answers to the moves and questions waiting for them. */
  settle({ outcomes, answers }) {
    for (const outcome of outcomes) {
      const waiting = this.moves.get(outcome.n);
      this.moves.delete(outcome.n);
      if (outcome.ok) waiting?.resolve();
      else waiting?.reject(new Error(outcome.message));
      if (!outcome.ok && !waiting) this.notice(`The table said: ${outcome.message}`);
    }
    for (const answer of answers) {
      const waiting = this.questions.get(answer.q);
      this.questions.delete(answer.q);
      if ("error" in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.answer);
    }
  }

  /** Sends a move; resolves when the table took it, rejects with the table's reason. */
  async act(move) {
    if (!AT_THE_TABLE.has(this.connection)) throw new Error("Not connected to the table right now: your move was not sent.");
    const { outgoing, saved, n } = await this.python.call("online.guest_move", { id: this.id, move });
    this.acted = true;
    this.keep(saved);
    const answered = new Promise((resolve, reject) => this.moves.set(n, { resolve, reject }));
    for (const out of outgoing) this.link.send(out);
    return answered;
  }

  async ask(question, args = {}) {
    const result = await this.python.call("online.guest_ask", { id: this.id, question, args });
    const answered = new Promise((resolve, reject) => this.questions.set(result.q, { resolve, reject }));
    for (const out of result.outgoing) this.link.send(out);
    this.settle(result); // answered at once by this device's own game (a table of sealed cards)
    return answered;
  }

  notice(text) {
    if (this.noticeLine) this.noticeLine.textContent = text;
  }

  get players() {
    return this.names.map((name) => ({ name, bot: null }));
  }

  /** The table's welcome names the game and the players: the table's screen is drawn. A
   * welcome again (after a new invitation) draws it afresh. */
  welcome(message) {
    const game = this.games[message.game];
    const same = game === this.game && String(message.players) === String(this.names);
    this.game = game;
    this.names = message.players;
    if (this.screen && !same) {
      this.screen.dispose();
      this.screen = null;
      this.version = null; // the view that comes with the welcome is drawn afresh
    }
    if (!game) {
      this.root.replaceChildren(element("p", { class: "notice bad", role: "alert" },
        "This table plays a game this version of Wordtable does not have: update the page, or ask the host which version they use."),
      element("a", { class: "button", href: "#" }, "Home"));
    }
  }

  /** The table's screen, made when the first view arrives (the status line moves onto it). */
  ensureScreen() {
    if (this.screen) return;
    this.noticeLine = element("p", { class: "notice", id: "guest-notice", role: "status" });
    this.statusLine ??= element("p", { id: "guest-status", role: "status" });
    this.rounds = new RoundWatch(this.game);
    // Said before play: the host's device runs the game, and what it could see. It
    // goes once the game is under way (drawSide), so the board keeps its room on a phone.
    const hostSees = this.table.sealed
      ? element("details", { class: "hint", id: "guest-host-sees" }, element("summary", {}, "Your cards are on your device: what can the host see?"),
        element("p", {}, `The game runs on every player's device. The host's device ${this.game.info.host_sees} Your device signs `
          + "everything it sends, so the host cannot make or change a move for you, and it checks every deal at the end. "
          + "The host can stop the game at any time. The table code is the same on every screen: compare it with "
          + "your friends' (say it aloud) to be sure the host passed nobody a key of its own."))
      : this.game.info?.host_sees
      ? element("details", { class: "hint", id: "guest-host-sees" }, element("summary", {}, "The game runs on the host's device: what can it see?"),
        element("p", {}, `The game runs on the host's device, which ${this.game.info.host_sees} Your device signs each of `
          + "your moves, so the host cannot make or change a move for you (Check this game proves it at the end); "
          + "the host can stop the game at any time."))
      : null;
    this.hostSeesLine = hostSees;
    this.screen = new TableScreen({
      root: this.root, game: this.game, players: this.players, title: `${this.game.title} online`,
      controls: [element("a", { class: "button small", href: "#", id: "guest-leave" }, "Leave")],
      lines: [this.statusLine, this.noticeLine, hostSees],
      seatNote: (s) => ({ suffix: s === this.seat ? " (you)" : "", away: this.away.includes(s) }),
    });
    this.showStatus();
  }

  /** "Review this game" on the end screen, from the record the table sends at the end. */
  reviewAction() {
    const load = async () => {
      const { record } = await this.python.call("online.guest_record", { id: this.id });
      if (!record) throw new Error("the table has not sent the whole record yet. Try again in a moment.");
      return { saved: record, record };
    };
    const view = this.view;
    return reviewButton({ python: this.python, screen: this.screen, load, seat: this.seat, players: this.players,
      onBack: () => this.drawMain(), isCurrent: () => this.view === view });
  }

  /** Dealt sealed: "Step through the game" from the entries this page took, every card shown. */
  stepAction() {
    const view = this.view;
    return button("Step through the game", async () => {
      this.screen.setBusy(true);
      try {
        const { record } = await this.python.call("online.guest_record", { id: this.id });
        const { frames, moves } = await this.python.call("game.replay", { record });
        if (this.view === view) this.screen.showReplay(frames, moves, { onBack: () => this.drawMain() });
      } catch (error) {
        this.screen.setBusy(false);
        this.notice(`The game cannot be stepped through: ${error.message}`);
      }
    }, { id: "replay-open" });
  }

  /** Joined before everyone else: the players, and who the game still waits for. */
  drawLobby() {
    this.ensureScreen();
    const { waiting } = this.table;
    this.screen.showLobby("Waiting for everyone to join", (seat) => (waiting.includes(seat) ? "not joined yet" : "ready"), null);
    this.screen.setMain(lobbyLine("The game starts when everyone has joined.", "the host", "guest-waiting-to-start"));
  }

  drawSide() {
    this.ensureScreen();
    // Hidden once a move has been made (at a table of sealed cards, where the deal's messages
    // count too, once this player made one)
    if (this.hostSeesLine && (this.table.sealed ? this.acted : this.version > 0)) this.hostSeesLine.hidden = true;
    this.screen.showSide(this.view, { historySeat: this.seat });
  }

  /** The main area for the latest view: a round's result not yet shown, the end, the race, this
   * seat's turn, or waiting for the others. */
  drawMain() {
    this.ensureScreen();
    const { view, game, seat, actors, screen } = this;
    const players = this.players;
    if (this.rounds.unseen(view)) {
      screen.showRoundBreak(view, { online: true, onNext: () => {
        this.rounds.see(view);
        if (this.view === view) {
          this.drawSide();
          this.drawMain();
        }
      } });
      return;
    }
    this.rounds.see(view);
    const ask = (question, args) => this.ask(question, args);
    if (view.phase === "over") {
      // With shared randomness the table sends its record at the end: this guest checks it
      // (at once when it is in, receive()), its own part of every draw included. Dealt sealed,
      // the record is every entry this page took, whole once every device has shown its keys.
      const checks = this.table.shared || this.table.sealed;
      this.checkButton = checks ? checkGameButton(() => this.python.call("online.guest_verify", { id: this.id })) : null;
      if (this.recordReady) this.checkButton?.run();
      const actions = this.table.sealed ? [sealedAudit(this.table.audited), this.checkButton, this.table.audited ? this.stepAction() : null]
        : [this.checkButton, this.reviewAction()];
      return screen.showGameOver(view, { ask, seat, actions });
    }
    if (this.table.broken) {
      return screen.setMain(element("p", { class: "notice bad", id: "guest-broken", role: "alert" }, this.table.broken.reason));
    }
    if (game.realtime) return screen.showRace(view, { humans: [seat], views: { [seat]: view }, send: (_seat, move) => this.act(move) });
    if (actors.includes(seat)) {
      const act = async (move) => {
        // Busy until the table's answer and the view that follows it: a played turn must not
        // look playable again in between.
        screen.setBusy(true);
        try {
          await this.act(move);
        } catch (error) {
          screen.setBusy(false);
          throw error;
        }
      };
      return screen.showTurn(view, players[seat], { act, suggest: null, ask }); // no bots to ask online
    }
    const waiting = actors.map((s) => players[s]?.name).join(", ");
    if (!actors.length) return screen.showWaiting(view, "Dealing the cards with every device…", "guest-dealing", { own: view });
    screen.showWaiting(view, `Waiting for ${waiting}…`, "guest-waiting", { own: view });
  }
}
