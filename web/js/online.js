// Online play in the page, the host's side: invitations and connections (a guest's screen is
// online-guest.js, what both share online-link.js). The protocol (who may do what, duplicates,
// resynchronising) is Python's (wordtable.online); this module carries its messages over WebRTC
// links (net.js) and draws the invitations.
import { element, button, copyButton } from "./ui.js";
import { AT_THE_TABLE, HEARTBEAT_MS, PeerLink, SignalError, UsedInvitation, connectionWords, reachOf, stunServersIn, webrtcMissing } from "./net.js";
import { REACH, rememberedReach, rememberReach, hostServers, serverNames } from "./settings.js";
import { qrPicture, qrReader } from "./qr.js";
import { friendName, inTurn, ping, pongDelay } from "./online-link.js";

// A seat's state is the state of the connection it shows (net.js LINK_STATES), "new" said as
// "invited"; "not invited" before any invitation.
const STATUS_TEXT = { new: "invited", connecting: "connecting…", connected: "connected", interrupted: "not answering…",
  reconnecting: "reconnecting…", dropped: "dropped", unreachable: "could not connect" };

/** The line that says which servers an invitation contacts and what they learn. */
/** The warning when "somewhere else" found no public address: said at once, with a way that works. */
function noPublicAddress(friend, servers, byLink) {
  const stun = serverNames(servers.filter((s) => String(s.urls).startsWith("stun")));
  const asked = stun.length ? `${stun.join(" and ")} did not answer` : "no STUN server is set";
  return `This device's public address could not be found (${asked}): ${friend} can join from this network only. `
    + `For a friend elsewhere, check this device's connection and make a new invitation${byLink ? ", or start a new game with “Play by link”, which works anywhere with no server" : ""}.`;
}

function serversLine(servers, friend) {
  const stun = serverNames(servers.filter((s) => String(s.urls).startsWith("stun")));
  const relay = servers.some((s) => String(s.urls).startsWith("turn"));
  const asks = stun.length ? `This browser asks ${stun.join(" and ")} for its public address: ${stun.length > 1 ? "they learn" : "it learns"} your public IP address, never the game, and the link carries that address to ${friend}.` : "";
  const relays = relay ? " Your relay (TURN) server is offered too; it stays on this device." : "";
  return (asks + relays).trim() || `No server is contacted: only ${friend}'s browser.`;
}

/** The host's side: one WebRTC link per invited seat, messages handed to Python's Host. */
export class HostNet {
  /** byLink: whether this game can also be played by link (named as the way that works anywhere);
   * realtime: a race, whose start closes the host's invitation dialog (the board must be seen). */
  constructor({ python, save, persist, onChange, notice, byLink = false, realtime = false, sealed = false }) {
    // sealed: a new table of this game deals every hand with every device (online.sealed_host)
    Object.assign(this, { python, save, persist, onChange, notice, byLink, realtime, sealed });
    this.links = new Map(); // peer -> PeerLink, every connection not closed yet
    this.shown = new Map(); // seat -> the PeerLink whose state the seat shows (see seatState)
    this.problems = new Map(); // seat -> why its last invitation did not connect, in players' words
    this.delays = new Map(); // seat -> last round trip in ms
    // seat -> the invitation its dialog showed last: shown again when the dialog is opened again,
    // while nobody has answered it (the friend may be answering the link sent already).
    this.unanswered = new Map();
    this.count = 0;
    // Shared randomness (wordtable.online.Draws): the game starts once every friend has joined;
    // a draw waits for every friend's part of it; a broken commitment stops the game.
    this.started = true;
    this.waiting = [];
    this.broken = null;
    this.round = false; // a random event is being drawn
    this.showing = false; // the game is over: friends' devices show the secrets they kept
    this.dueSince = new Map(); // seat -> since when it is at the table, asked to show its secret
    this.dueSpent = new Map(); // seat -> ms it spent so before (it left and came back)
  }

  get remoteSeats() {
    return this.save.players.flatMap((player, seat) => (player.online ? [seat] : []));
  }

  async open() {
    const names = this.save.players.map((p) => p.name);
    // A new table draws its randomness with every player; a table saved before that keeps its seed.
    const result = await this.python.call("online.host", { id: this.save.id, record: this.save.record, names,
      remote: this.remoteSeats, saved: this.save.online ?? null, shared: !this.save.online,
      sealed: !this.save.online && this.sealed });
    this.save.online = result.saved;
    this.tableState(result);
    this.startShowClock(result);
    this.pinger = setInterval(() => {
      for (const link of this.links.values()) if (AT_THE_TABLE.has(link.state)) link.send(ping());
    }, HEARTBEAT_MS);
  }

  /** The table closes (the host left it): connections end, guests see it dropped. */
  close() {
    clearInterval(this.pinger);
    clearTimeout(this.showClock);
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
      || (result.sealed && result.version !== this.version) || Boolean(result.audited) !== Boolean(this.audited)
      || result.started !== this.started || Boolean(result.broken) !== Boolean(this.broken)
      || (waitingChanged && (result.showing || this.showing));
    const starting = Boolean(result.started) && !this.started;
    this.remember(result);
    // A race starts as the last friend joins: the host sees the board, not the invitation over it.
    if (starting && this.realtime) this.closeInvitation?.();
    // A random event's parts came in: the screen names whom it still waits for, or, once the
    // event is drawn (a move may not have been needed for it), goes on.
    if (changed || (waitingChanged && (wasDrawing || this.drawing))) this.onChange();
    else if (waitingChanged) this.onChange({ statusOnly: true });
  }

  tableState({ started = true, waiting = [], broken = null, drawing = false, showing = false, sealed = false,
    version = 0, code = null, audited = false }) {
    // drawingStart: every friend has committed; the start's own draw waits for their parts.
    // sealed: every hand dealt by every device together; version counts the table's messages,
    // code is the table's code (the same on every screen), audited says every deal was checked.
    Object.assign(this, { started, waiting, broken, round: drawing, showing, drawingStart: !started && drawing && !sealed,
      sealed, version, code, audited });
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
    if (this.sealed && this.started) return `waiting for ${this.waitingNames()}’s device to deal or open the cards…`;
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
    this.startShowClock(result);
  }

  /** The host's clock for the secrets shown at the end: an honest friend's device shows its own
   * the moment it is asked, so one at the table for show_within_ms in all without showing loses
   * by forfeit (Python decides: online.unshown). Time away does not count, and leaving and coming
   * back does not start the clock again. */
  startShowClock({ show_due: due = [], show_within_ms: within = 0 }) {
    const now = performance.now();
    for (const [seat, since] of this.dueSince) {
      if (due.includes(seat)) continue;
      this.dueSpent.set(seat, (this.dueSpent.get(seat) ?? 0) + now - since);
      this.dueSince.delete(seat);
    }
    for (const seat of due) if (!this.dueSince.has(seat)) this.dueSince.set(seat, now);
    const spent = (seat, at) => (this.dueSpent.get(seat) ?? 0) + at - this.dueSince.get(seat);
    clearTimeout(this.showClock);
    if (!due.length) return;
    const left = Math.min(...due.map((seat) => within - spent(seat, now)));
    this.showClock = setTimeout(async () => {
      const at = performance.now();
      const overdue = due.filter((seat) => this.dueSince.has(seat) && spent(seat, at) >= within);
      // A timer may fire a little early (whole milliseconds): then it is set again for the rest.
      if (!overdue.length) this.startShowClock({ show_due: due, show_within_ms: within });
      else this.absorb(await this.python.call("online.unshown", { id: this.save.id, seats: overdue }));
    }, Math.max(0, left));
  }

  /** A friend chose their name on joining: the save and every screen use it. */
  renamed(names) {
    if (!Array.isArray(names) || names.every((name, seat) => this.save.players[seat]?.name === name)) return;
    names.forEach((name, seat) => {
      if (!this.save.players[seat] || this.save.players[seat].name === name) return;
      this.save.players[seat].name = name;
      this.showDialogState?.(seat); // "Gus is at the table", by the name the friend gave
    });
  }

  /** What a seat's screen says of its connection: the state of the link it shows. */
  seatState(seat) {
    const link = this.shown.get(seat);
    if (!link) return "not invited";
    return link.state === "new" ? "invited" : link.state;
  }

  /** One of a seat's connections changed state. The seat shows one connection: the last to
   * open, or else its latest invitation; a connection that opens replaces the seat's old ones
   * (closed here, their timers with them), so an old one can never speak for the seat again. */
  linkState(peer, seat, state) {
    const link = this.links.get(peer);
    if (!link) return; // closed here already: nothing it says counts
    if (state === "connected" && this.shown.get(seat) !== link) {
      // (An invitation not answered yet stays: it may be on its way to someone.)
      const replaced = [...this.links.entries()].filter(([other, l]) => other !== peer && l.seat === seat && l.opened);
      this.shown.set(seat, link);
      for (const [other, old] of replaced) {
        old.close();
        this.links.delete(other);
        this.forget(other);
      }
    }
    if (state === "dropped" || state === "unreachable") {
      if (link.ended) this.links.delete(peer);
      if (state === "dropped") this.forget(peer);
    }
    if (this.shown.get(seat) !== link) return;
    if (state === "connected") this.problems.delete(seat);
    if (state === "dropped") this.delays.delete(seat);
    // It never opened: no game message went either way. Said with the reason, never "dropped".
    if (state === "unreachable") this.problems.set(seat, link.diagnosis().text);
    this.showDialogState?.(seat);
    this.onChange({ statusOnly: true });
  }

  /** An invitation replaced by another before it was answered. */
  withdraw(link) {
    link.close();
    this.links.delete(link.peer);
  }

  /** Python's table forgets a closed connection (and tells the others who is away now). */
  async forget(peer) {
    const result = await this.python.call("online.disconnected", { id: this.save.id, peer }).catch(() => null);
    if (!result) return;
    this.send(result.outgoing);
    this.startShowClock(result);  // a seat away is not at the table: its time away does not count
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
          link.roundTrip(delay);
          this.delays.set(seat, delay);
          return this.showDelay(seat);
        }
        // In the order they came: the worker answers several requests at once, and one that
        // waits for a dictionary file must not let this friend's next message overtake it.
        return inTurn(link, async () => this.absorb(await this.python.call("online.receive", { id: this.save.id, peer, text })));
      },
      onState: (state) => this.linkState(peer, seat, state),
    });
    Object.assign(link, { seat, peer });
    this.links.set(peer, link);
    const offer = await link.offer(stunServersIn(servers));
    // A seat still at the table keeps showing its connection; a new invitation is a spare.
    if (!AT_THE_TABLE.has(this.seatState(seat))) {
      this.shown.set(seat, link);
      this.problems.delete(seat);
    }
    this.onChange({ statusOnly: true });
    // The game and the host's name let the friend's page say what it is before it connects.
    // Escaped for a fragment, but "/", "," and ":" (frequent in a code) need no escape there.
    const part = (text) => encodeURIComponent(text).replace(/%2F/g, "/").replace(/%2C/g, ",").replace(/%3A/g, ":");
    // The seat's name, where the host gave it one: the friend's page offers it as theirs.
    const seatName = this.save.players[seat].name;
    const named = seatName && seatName !== friendName(seat) ? { n: seatName } : {};
    const query = Object.entries({ join: offer, t: token, g: this.save.game, h: this.hostName(), ...named })
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
    const warning = element("p", { class: "notice bad", id: "reach-warning", role: "alert", hidden: true });
    let invitation = null; // the invitation shown: replaced when the player changes their answer
    let reachChosen = null;
    // A spent invitation (used, dropped, or never connected) is replaced from here, in one tap.
    const again = button("New invitation", () => choose(reachChosen, { fresh: true }), { id: "invite-new" });
    again.hidden = true;
    const choose = async (reach, { fresh = false } = {}) => {
      reachChosen = reach;
      again.hidden = warning.hidden = true;
      rememberReach(reach);
      const previous = invitation ?? this.unanswered.get(seat) ?? null;
      invitation = null;
      const stillOut = previous && previous.reach === reach && !previous.link.opened && !previous.link.ended
        && this.links.has(previous.link.peer);
      if (stillOut && !fresh) {
        invitation = previous; // the link sent already still works: its answer is pasted here
      } else {
        if (previous && !previous.link.opened) this.withdraw(previous.link);
        body.replaceChildren(element("p", { class: "muted" }, "Making the invitation…"));
        try {
          invitation = { ...(await this.invite(seat, reach)), reach };
        } catch (error) {
          body.replaceChildren();
          status.className = "bad";
          status.textContent = error instanceof SignalError ? error.message : `The invitation could not be made: ${error.message}`;
          return;
        }
        this.unanswered.set(seat, invitation);
      }
      note.textContent = serversLine(invitation.servers, name);
      body.replaceChildren(...this.invitationSteps(name, invitation, status, () => { again.hidden = false; }));
      const found = reachOf(invitation.link.localCode);
      // Asked for, not found: the friend elsewhere would fail much later, for no reason given.
      // Said above the link, before it is sent.
      warning.hidden = !(reach === REACH.anywhere && !found.public && !found.relay);
      warning.textContent = warning.hidden ? "" : noPublicAddress(name, invitation.servers, this.byLink);
      status.className = "";
      status.textContent = invitation === previous ? `The invitation you made before: the link you sent ${name} still works.` : "";
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
      const state = this.seatState(seat);
      const name = this.save.players[seat].name;
      title.textContent = `Invite ${name}`; // the name the friend gave, once they said it
      legend.textContent = `Where is ${name}?`;
      status.className = state === "unreachable" || state === "dropped" ? "bad" : state === "connected" ? "good" : "";
      status.dataset.state = state;
      again.hidden = !(state === "unreachable" || state === "dropped");
      status.textContent = {
        connecting: "Connecting…",
        connected: `Connected: ${name} is at the table. You can close this.`,
        interrupted: `${name}'s device has not answered for a few seconds: waiting for it…`,
        reconnecting: "Connection interrupted: reconnecting…",
        dropped: `${name}'s connection dropped: make a new invitation.`,
        unreachable: `Could not connect to ${name}. ${this.problems.get(seat) ?? ""}`,
      }[state] ?? "";
      if (state !== "connecting" && state !== "invited") status.scrollIntoView({ block: "nearest" }); // news the player must see, on a phone too
    };
    const title = element("h2", {}, `Invite ${name}`);
    const legend = element("legend", {}, `Where is ${name}?`);
    const dialog = element("dialog", { class: "dialog", id: "invite-dialog" }, title,
      element("fieldset", { class: "reach" }, legend, here, anywhere),
      note, warning, body, status,
      element("div", { class: "row" }, again, button("Close", () => dialog.close(), { id: "invite-close" })));
    this.closeInvitation = () => dialog.close();
    dialog.addEventListener("close", () => {
      this.showDialogState = null;
      this.closeInvitation = null;
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
      note.textContent = `Choose where ${name} is. Nothing is contacted until you do: on the same network, only ${name}'s browser; somewhere else, a public STUN server too, named here, which tells this browser its public address.`;
    }
  }

  /** Steps 1 and 2 of an invitation: send the link, take the answer. */
  invitationSteps(name, { url, accept }, status, spent) {
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
        if (error instanceof UsedInvitation && error.connected) status.className = "good";
        if (error instanceof UsedInvitation && !error.connected) spent();
        status.scrollIntoView({ block: "nearest" });
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
    const link = this.shown.get(seat);
    if (!link) return "not invited";
    const delay = this.delays.get(seat);
    return link.state === "connected" && delay !== undefined ? `connected · ${connectionWords(delay)}` : STATUS_TEXT[link.state];
  }

  /** A new round trip: the seat's line changes in place. Redrawing the side at every heartbeat
   * would replace its buttons under a player's finger (and costs a slow phone dearly). */
  showDelay(seat) {
    const line = globalThis.document?.querySelector(`#online-seats [data-online='${seat}'] .seat-status`);
    if (line && line.closest("[data-online]").dataset.state === this.seatState(seat)) {
      line.textContent = this.statusText(seat);
      line.dataset.delay = this.delays.get(seat) ?? "";
    }
    this.onChange({ lineOnly: true });
  }

  panel() {
    return element("ul", { class: "seats online-seats", id: "online-seats" }, ...this.remoteSeats.map((seat) => {
      const state = this.seatState(seat);
      return element("li", { class: `seat online-${state.replace(" ", "-")}`, "data-online": seat, "data-state": state },
        element("bdi", { class: "seat-name" }, this.save.players[seat].name),
        element("span", { class: "seat-status", "data-delay": this.delays.get(seat) ?? "" }, this.statusText(seat)),
        AT_THE_TABLE.has(state) ? null : button(["dropped", "unreachable"].includes(state) ? "Invite again" : "Invite", () => this.showInvitation(seat),
          { small: true, "data-invite": seat }),
        state === "unreachable" ? element("span", { class: "seat-problem hint" }, this.problems.get(seat)) : null);
    }));
  }
}
