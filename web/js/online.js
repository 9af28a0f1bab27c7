// Online play in the page: the host's invitations and connections, and the guest's screen.
// The protocol (who may do what, duplicates, resynchronising) is Python's (wordtable.online);
// this module carries its messages over WebRTC links (net.js) and draws the invitations. A
// guest's table is drawn by the same TableScreen (table-screen.js) as the host's.
import { element, button, copyButton } from "./ui.js";
import { PeerLink, SignalError, stunServersIn, decodeDescription, webrtcMissing } from "./net.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { REACH, rememberedReach, rememberReach, hostServers, guestServers, serverNames, rememberedName, rememberName } from "./settings.js";
import { qrPicture, qrReader } from "./qr.js";
import { RoundWatch, onlyWaitingChanged } from "./race.js";
import { TableScreen, checkGameButton, lobbyLine } from "./table-screen.js";

/** Runs job once every job queued before it on the same owner (a connection) has finished,
 * whatever became of them; returns the job's own promise. */
const queues = new WeakMap();
function inTurn(owner, job) {
  const next = (queues.get(owner) ?? Promise.resolve()).then(job);
  queues.set(owner, next.catch(() => {}));
  return next;
}

// How often each side measures the connection's round trip (shown next to the player).
const PING_MS = 2000;

/** A name from a link, as shown before the table has said anything: without control or
 * direction-changing characters, cut to the length a name has (the table's names are cleaned by
 * Python, wordtable.online.clean_name). */
function shownName(text) {
  return String(text ?? "").replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, "").trim().slice(0, 24);
}

const ping = () => JSON.stringify({ t: "ping", at: Math.round(performance.now()) });

/** The round trip in ms when text is the answer to one of our pings, else null. */
function pongDelay(text) {
  if (!text.startsWith('{"t":"pong"')) return null;
  try {
    const { at } = JSON.parse(text);
    return Number.isFinite(at) ? Math.max(0, Math.round(performance.now() - at)) : null;
  } catch {
    return null;
  }
}

const STATUS_TEXT = { invited: "invited", connecting: "connecting…", connected: "connected", reconnecting: "reconnecting…",
  dropped: "dropped", unreachable: "could not connect" };

/** The line that says which servers an invitation contacts and what they learn. */
function serversLine(servers, friend) {
  const stun = serverNames(servers.filter((s) => String(s.urls).startsWith("stun")));
  const relay = servers.some((s) => String(s.urls).startsWith("turn"));
  const asks = stun.length ? `This browser asks ${stun.join(" and ")} for its public address: ${stun.length > 1 ? "they learn" : "it learns"} your public IP address, never the game, and the link carries that address to ${friend}.` : "";
  const relays = relay ? " Your relay (TURN) server is offered too; it stays on this device." : "";
  return (asks + relays).trim() || `No server is contacted: only ${friend}'s browser.`;
}

/** The host's side: one WebRTC link per invited seat, messages handed to Python's Host. */
export class HostNet {
  constructor({ python, save, persist, onChange, notice }) {
    Object.assign(this, { python, save, persist, onChange, notice });
    this.links = new Map(); // peer -> PeerLink
    this.status = new Map(); // seat -> "invited" | "connecting" | "connected" | "reconnecting" | "dropped" | "unreachable"
    this.problems = new Map(); // seat -> why its last invitation did not connect, in players' words
    this.delays = new Map(); // seat -> last round trip in ms
    this.count = 0;
    // Shared randomness (wordtable.online.Draws): the game starts once every friend has joined;
    // a draw waits for every friend's part of it; a broken commitment stops the game.
    this.started = true;
    this.waiting = [];
    this.broken = null;
    this.round = false; // a random event is being drawn
    this.showing = false; // the game is over: friends' devices show the secrets they kept
  }

  get remoteSeats() {
    return this.save.players.flatMap((player, seat) => (player.online ? [seat] : []));
  }

  async open() {
    const names = this.save.players.map((p) => p.name);
    // A new table draws its randomness with every player; a table saved before that keeps its seed.
    const result = await this.python.call("online.host", { id: this.save.id, record: this.save.record, names,
      remote: this.remoteSeats, saved: this.save.online ?? null, shared: !this.save.online });
    this.save.online = result.saved;
    this.tableState(result);
    this.pinger = setInterval(() => {
      for (const link of this.links.values()) if (link.opened) link.send(ping());
    }, PING_MS);
  }

  /** The table closes (the host left it): connections end, guests see it dropped. */
  close() {
    clearInterval(this.pinger);
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }

  send(outgoing) {
    for (const [peer, text] of outgoing) this.links.get(peer)?.send(text);
  }

  absorb(result) {
    const waitingChanged = String(result.waiting) !== String(this.waiting);
    const wasDrawing = this.drawing;
    // A friend's secret shown at the end changes the final screen: drawn again.
    const renamed = Array.isArray(result.names) && result.names.some((name, seat) => this.save.players[seat]?.name !== name);
    const changed = renamed || result.record.moves.length !== this.save.record.moves.length
      || result.started !== this.started || Boolean(result.broken) !== Boolean(this.broken)
      || (waitingChanged && (result.showing || this.showing));
    this.remember(result);
    // A random event's parts came in: the screen names whom it still waits for, or, once the
    // event is drawn (a move may not have been needed for it), goes on.
    if (changed || (waitingChanged && (wasDrawing || this.drawing))) this.onChange();
    else if (waitingChanged) this.onChange({ statusOnly: true });
  }

  tableState({ started = true, waiting = [], broken = null, drawing = false, showing = false }) {
    // drawingStart: every friend has committed; the start's own draw waits for their parts.
    Object.assign(this, { started, waiting, broken, round: drawing, showing, drawingStart: !started && drawing });
  }

  /** A move waits for a random event that the friends' devices have not all added to. */
  get drawing() {
    return this.started && !this.broken && this.round && this.waiting.length > 0;
  }

  waitingNames() {
    return this.waiting.map((seat) => this.save.players[seat].name).join(", ");
  }

  /** Whom the table waits for, in words (shared randomness), or "" (secret: what the game's
   * players keep on their own devices, shown at the end). */
  waitingText(secret = "secret") {
    if (!this.waiting.length) return "";
    if (this.showing) return `waiting for ${this.waitingNames()} to show their ${secret}`;
    return this.started ? `drawing at random with ${this.waitingNames()}…` : `waiting for ${this.waitingNames()} to join`;
  }

  /** A move made at this browser; `when` may carry the epoch it was made in (real time). */
  async playLocal(seat, move, when = {}) {
    this.remember(await this.python.call("online.local", { id: this.save.id, seat, move, ...when }));
  }

  /** The host's clock ran out (a real-time game's deadline): the game plays its move. */
  async expire(when = {}) {
    this.remember(await this.python.call("online.expire", { id: this.save.id, ...when }));
  }

  /** The table is saved before anything goes out: a move acknowledged to a guest survives a
   * reload of the host's page, so the guest (which stops resending it) loses nothing. */
  remember(result) {
    this.renamed(result.names);
    this.save.online = result.saved;
    this.save.record = result.record;
    this.tableState(result);
    this.persist();
    this.send(result.outgoing);
  }

  /** A friend chose their name on joining: the save and every screen use it. */
  renamed(names) {
    if (!Array.isArray(names) || names.every((name, seat) => this.save.players[seat]?.name === name)) return;
    names.forEach((name, seat) => {
      if (this.save.players[seat]) this.save.players[seat].name = name;
    });
  }

  seatOf(peer) {
    return Number(peer.slice(1, peer.indexOf("-")));
  }

  async linkState(peer, seat, state) {
    const link = this.links.get(peer);
    const otherOpen = () => [...this.links.entries()].some(([other, l]) => other !== peer && this.seatOf(other) === seat && l.opened);
    if (state === "open" || state === "back") {
      this.status.set(seat, "connected");
      this.problems.delete(seat);
    }
    if (state === "reconnecting") this.status.set(seat, "reconnecting");
    if (state === "connecting" && !otherOpen()) this.status.set(seat, "connecting");
    if (state === "unreachable" && link && !otherOpen()) {
      // It never opened: no game message went either way. Said with the reason, never "dropped".
      this.status.set(seat, "unreachable");
      this.problems.set(seat, link.diagnosis().text);
      if (link.ended) this.links.delete(peer);
    }
    if (state === "closed") {
      if (!this.links.has(peer)) return;
      this.links.delete(peer);
      // An old connection may report closing after the seat came back on a new one.
      const back = otherOpen();
      this.status.set(seat, back ? "connected" : "dropped");
      if (!back) this.delays.delete(seat);
      const result = await this.python.call("online.disconnected", { id: this.save.id, peer }).catch(() => null);
      if (result) this.send(result.outgoing);
    }
    this.showDialogState?.(seat);
    this.onChange({ statusOnly: true });
  }

  /** The name the friend's page shows for whoever invites them (this device's first person). */
  hostName() {
    return this.save.players.find((p) => !p.online && !p.bot)?.name ?? "";
  }

  /** Makes an invitation for a seat: a link (offer + seat token + the STUN servers it uses)
   * and, later, its answer. reach: where the friend is (REACH). */
  async invite(seat, reach) {
    const servers = hostServers(reach);
    const { token, saved } = await this.python.call("online.invite", { id: this.save.id, seat });
    this.save.online = saved;
    const peer = `p${seat}-${++this.count}`;
    const link = new PeerLink({
      iceServers: servers,
      onMessage: (text) => {
        const delay = pongDelay(text);
        if (delay !== null) {
          this.delays.set(seat, delay);
          return this.onChange({ statusOnly: true });
        }
        // In the order they came: the worker answers several requests at once, and one that
        // waits for a dictionary file must not let this friend's next message overtake it.
        return inTurn(link, async () => this.absorb(await this.python.call("online.receive", { id: this.save.id, peer, text })));
      },
      onState: (state) => this.linkState(peer, seat, state),
    });
    this.links.set(peer, link);
    const offer = await link.offer(stunServersIn(servers));
    if (this.status.get(seat) !== "connected") this.status.set(seat, "invited");
    this.problems.delete(seat);
    this.onChange({ statusOnly: true });
    // The game and the host's name let the friend's page say what it is before it connects.
    // Escaped for a fragment, but "/", "," and ":" (frequent in a code) need no escape there.
    const part = (text) => encodeURIComponent(text).replace(/%2F/g, "/").replace(/%2C/g, ",").replace(/%3A/g, ":");
    const query = Object.entries({ join: offer, t: token, g: this.save.game, h: this.hostName() })
      .map(([key, value]) => `${key}=${part(value)}`).join("&");
    const url = `${location.href.split("#")[0]}#${query}`;
    return { url, servers, link, accept: (answer) => link.accept(answer) };
  }

  /** The invitation dialog: where the friend is, then the link (text and QR code) to send and
   * the answer that comes back; its last line follows the seat's connection. */
  showInvitation(seat) {
    const name = this.save.players[seat].name;
    const status = element("output", { id: "invite-status", "aria-live": "polite" });
    const body = element("div", { id: "invite-body" });
    const note = element("p", { class: "hint", id: "reach-note" });
    let invitation = null; // the invitation shown: replaced when the player changes their answer
    const choose = async (reach) => {
      rememberReach(reach);
      if (invitation && !invitation.link.opened) invitation.link.close();
      invitation = null;
      body.replaceChildren(element("p", { class: "muted" }, "Making the invitation…"));
      try {
        invitation = await this.invite(seat, reach);
      } catch (error) {
        body.replaceChildren();
        status.className = "bad";
        status.textContent = error instanceof SignalError ? error.message : `The invitation could not be made: ${error.message}`;
        return;
      }
      note.textContent = serversLine(invitation.servers, name);
      body.replaceChildren(...this.invitationSteps(name, invitation, status));
      status.textContent = "";
    };
    const option = (reach, label) => {
      const input = element("input", { type: "radio", name: "reach", value: reach, id: `reach-${reach}` });
      input.addEventListener("change", () => choose(reach));
      return element("label", { class: "reach-option" }, input, ` ${label}`);
    };
    const here = option(REACH.here, "Here, on this Wi-Fi or network");
    const anywhere = option(REACH.anywhere, "Somewhere else (another home, mobile data)");
    this.showDialogState = (changed) => {
      if (changed !== seat || !dialog.open) return;
      const state = this.status.get(seat);
      status.className = state === "unreachable" || state === "dropped" ? "bad" : state === "connected" ? "good" : "";
      status.dataset.state = state ?? "";
      status.textContent = {
        connecting: "Connecting…",
        connected: `Connected: ${name} is at the table. You can close this.`,
        reconnecting: "Connection interrupted: reconnecting…",
        dropped: `${name}'s connection dropped: make a new invitation.`,
        unreachable: `Could not connect to ${name}. ${this.problems.get(seat) ?? ""}`,
      }[state] ?? "";
      if (state !== "connecting") status.scrollIntoView({ block: "nearest" }); // news the player must see, on a phone too
    };
    const dialog = element("dialog", { class: "dialog", id: "invite-dialog" },
      element("h2", {}, `Invite ${name}`),
      element("fieldset", { class: "reach" }, element("legend", {}, `Where is ${name}?`), here, anywhere),
      note, body, status,
      element("div", { class: "row" }, button("Close", () => dialog.close(), { id: "invite-close" })));
    dialog.addEventListener("close", () => {
      this.showDialogState = null;
      this.stopReader?.();
      this.stopReader = null;
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
    const missing = webrtcMissing();
    if (missing) {
      status.className = "bad";
      status.textContent = missing;
      return;
    }
    const remembered = rememberedReach();
    if (remembered) {
      dialog.querySelector(`#reach-${remembered}`).checked = true;
      choose(remembered);
    } else {
      note.textContent = `On the same network, nothing but ${name}'s browser is contacted. Somewhere else, a public STUN server tells this browser its public address.`;
    }
  }

  /** Steps 1 and 2 of an invitation: send the link, take the answer. */
  invitationSteps(name, { url, accept }, status) {
    const link = element("textarea", { readonly: true, rows: 3, id: "invite-link" });
    link.value = url;
    const answer = element("textarea", { rows: 2, id: "invite-answer", placeholder: "paste the answer code here",
      autocapitalize: "none", spellcheck: "false" });
    const connect = async () => {
      try {
        await accept(answer.value.trim());
      } catch (error) {
        status.className = "bad";
        status.textContent = error instanceof SignalError ? error.message : `That answer did not work: ${error.message}`;
      }
    };
    this.stopReader?.();
    const reader = qrReader((text) => {
      answer.value = text.trim();
      connect();
    }, { what: "answer code" });
    this.stopReader = () => reader.stop();
    return [
      element("p", { class: "hint" }, `1. Send ${name} this link (by chat, mail, anything), or let them scan the QR code. It holds no game data, only how to reach this browser.`),
      element("div", { class: "invite-link" }, qrPicture(url, `QR code of the invitation for ${name}`),
        element("div", {}, link, copyButton("Copy the link", url, link, null, { small: true }))),
      element("p", { class: "hint" }, `2. ${name} opens it and gets an answer code. Paste it here, or scan its QR code:`),
      answer, reader,
      element("div", { class: "row" }, button("Connect", connect, { primary: true, id: "invite-connect" })),
    ];
  }

  statusText(seat) {
    const state = this.status.get(seat);
    if (!state) return "not invited";
    const delay = this.delays.get(seat);
    return state === "connected" && delay !== undefined ? `connected · ${delay} ms` : STATUS_TEXT[state];
  }

  panel() {
    return element("ul", { class: "seats online-seats", id: "online-seats" }, ...this.remoteSeats.map((seat) => {
      const state = this.status.get(seat) ?? "not invited";
      return element("li", { class: `seat online-${state.replace(" ", "-")}`, "data-online": seat },
        element("bdi", { class: "seat-name" }, this.save.players[seat].name),
        element("span", { class: "seat-status", "data-delay": this.delays.get(seat) ?? "" }, this.statusText(seat)),
        ["connected", "reconnecting"].includes(state) ? null : button(["dropped", "unreachable"].includes(state) ? "Invite again" : "Invite", () => this.showInvitation(seat),
          { small: true, "data-invite": seat }),
        state === "unreachable" ? element("span", { class: "seat-problem hint" }, this.problems.get(seat)) : null);
    }));
  }
}

/** The guest's page (#join=OFFER&t=TOKEN): answer the invitation, then play one seat. */
export class GuestScreen {
  constructor({ python, games, root, offer, token, gameId = "", hostName = "" }) {
    Object.assign(this, { python, games, root, offer, token });
    this.invitedTo = games[gameId] ?? null; // the game the link names, said before anything else
    this.hostName = shownName(hostName) || "The host";
    this.id = `guest-${token.slice(0, 16)}`;
    this.key = `wordtable.guest.${token.slice(0, 40)}`;
    this.names = [];
    this.away = [];
    this.moves = new Map(); // move number -> {resolve, reject}: the table's answer to it
    this.questions = new Map(); // question number -> {resolve, reject}
    this.connection = "connecting";
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
    this.nameInput = element("input", { id: "guest-name", maxlength: 24, autocomplete: "nickname", value: rememberedName(), placeholder: "your name",
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
        `This invitation connects through ${stun.join(" and ")}: ${stun.length > 1 ? "they learn" : "it learns"} your public IP address, never the game. Your answer carries that address to the host.`) : null));
    this.showStatus();
    let beat = 0;
    this.pinger = setInterval(() => {
      if (this.connection !== "open") return;
      this.link.send(ping());
      if (++beat % 5 === 0 && this.view) this.check(); // now and then: is my view the table's?
    }, PING_MS);
    // Closing the tab closes the connection at once, so the host sees it dropped without waiting.
    addEventListener("pagehide", () => this.link.close(), { once: true });
  }

  async linkState(state) {
    if (state === "open") {
      this.connection = "open";
      const saved = readJSON(this.key, null, (v) => v && typeof v === "object").value;
      const name = this.nameInput?.value.trim() ?? "";
      if (name) rememberName(name);
      if (this.nameInput) this.nameInput.disabled = true; // said to the table with the join
      const joined = await this.python.call("online.guest", { id: this.id, token: this.token, saved, name: name || null });
      this.keep(joined.saved);
      for (const text of joined.outgoing) this.link.send(text);
    } else if (state === "back") {
      this.connection = "open";
      this.check();
    } else if (state === "reconnecting") {
      this.connection = "reconnecting";
    } else if (state === "unreachable") {
      // Never open: nothing was lost, and the reason comes from the two codes.
      this.connection = this.link.ended ? "failed" : "unreachable";
      this.problem = this.link.diagnosis().text;
    } else if (state === "connecting") {
      this.connection = "connecting";
    } else if (state === "closed") {
      this.connection = "closed";
      clearInterval(this.pinger);
      // Moves and questions in flight will be answered after a new invitation, not now.
      for (const { reject } of [...this.moves.values(), ...this.questions.values()]) reject(new Error("The connection dropped."));
      this.moves.clear();
      this.questions.clear();
    }
    this.showStatus();
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
      connecting: `Waiting for ${host} to paste your answer…`,
      // The host may not have pasted the answer yet: the reason is offered, not asserted.
      unreachable: `Not connected yet. If ${host} has pasted your answer already: ${this.problem}`,
      failed: `Could not connect. ${this.problem} Then ask ${host} for a new invitation.`,
      open: `Connected to the table${this.delay === null ? "" : ` · ${this.delay} ms`}`,
      reconnecting: "Connection interrupted: reconnecting…",
      closed: "The connection dropped. Ask the host for a new invitation: you keep your seat and your moves.",
    }[this.connection];
    const { started, waiting, broken, showing } = this.table;
    const names = waiting.map((seat) => this.names[seat] ?? `seat ${seat + 1}`).join(", ");
    // Once the table is on screen, a stop's reason is said in its main area, not twice.
    const table = broken ? (this.view ? "The game has stopped." : broken.reason)
      : !started ? (names ? ` · waiting for ${names} to join` : "")
        : showing && names ? ` · ${waiting.includes(this.seat) ? "showing your" : `waiting for ${names} to show their`} ${this.game?.ownedSecret ?? "secret"}…`
          : names ? ` · drawing at random with ${names}…` : "";
    this.statusLine.textContent = broken ? table : text + table;
    this.statusLine.className = `connection ${broken ? "bad" : this.connection}`;
    this.statusLine.dataset.connection = this.connection;
  }

  async receive(text) {
    const delay = pongDelay(text);
    if (delay !== null) {
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
      shared: Boolean(result.shared), showing: Boolean(result.showing) };
    if (!this.view && Number.isInteger(result.seat)) this.seat = result.seat; // the lobby marks "(you)"
    if (JSON.stringify(table) !== JSON.stringify(this.table)) {
      const stopped = table.broken && !this.table.broken;
      this.table = table;
      this.showStatus();
      if (!table.started && this.game && !this.view) this.drawLobby();
      if (stopped && this.view) this.drawMain(); // the turn screen goes: nothing can be played now
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
    if (this.connection !== "open") throw new Error("Not connected to the table right now: your move was not sent.");
    const { outgoing, saved, n } = await this.python.call("online.guest_move", { id: this.id, move });
    this.keep(saved);
    const answered = new Promise((resolve, reject) => this.moves.set(n, { resolve, reject }));
    for (const out of outgoing) this.link.send(out);
    return answered;
  }

  async ask(question, args = {}) {
    const { outgoing, q } = await this.python.call("online.guest_ask", { id: this.id, question, args });
    const answered = new Promise((resolve, reject) => this.questions.set(q, { resolve, reject }));
    for (const out of outgoing) this.link.send(out);
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
    const hostSees = this.game.info?.host_sees
      ? element("details", { class: "hint", id: "guest-host-sees" }, element("summary", {}, "The game runs on the host's device: what can it see?"),
        element("p", {}, `The game runs on the host's device, which ${this.game.info.host_sees}`))
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

  /** Joined before everyone else: the players, and who the game still waits for. */
  drawLobby() {
    this.ensureScreen();
    const { waiting } = this.table;
    this.screen.showLobby("Waiting for everyone to join", (seat) => (waiting.includes(seat) ? "not joined yet" : "ready"), null);
    this.screen.setMain(lobbyLine("The game starts when everyone has joined.", "the host", "guest-waiting-to-start"));
  }

  drawSide() {
    this.ensureScreen();
    if (this.hostSeesLine && this.version > 0) this.hostSeesLine.hidden = true; // a move has been made
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
      // (at once when it is in, receive()), its own part of every draw included.
      this.checkButton = this.table.shared ? checkGameButton(() => this.python.call("online.guest_verify", { id: this.id })) : null;
      if (this.recordReady) this.checkButton?.run();
      return screen.showGameOver(view, { ask, seat, actions: [this.checkButton] });
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
    screen.showWaiting(view, `Waiting for ${waiting}…`, "guest-waiting", { own: view });
  }
}
