// Online play in the page, the host's side: invitations and connections (a guest's screen is
// online-guest.js, what both share online-link.js). The protocol (who may do what, duplicates,
// resynchronising) is Python's (wordtable.online); this module carries its messages over WebRTC
// links (net.js) and draws the invitations.
import { element, button, copyButton } from "./ui.js";
import { PeerLink, SignalError, stunServersIn, webrtcMissing } from "./net.js";
import { REACH, rememberedReach, rememberReach, hostServers, serverNames } from "./settings.js";
import { qrPicture, qrReader } from "./qr.js";
import { inTurn, PING_MS, ping, pongDelay } from "./online-link.js";

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
