// Online play in the page: the host's invitations and connections, and the guest's screen.
// The protocol (who may do what, duplicates, resynchronising) is Python's (wordtable.online);
// this module carries its messages over WebRTC links (net.js) and draws.
import { element, button, copyButton } from "./ui.js";
import { PeerLink, SignalError } from "./net.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { SETTINGS_KEY } from "./settings.js";

/** ICE servers the player configured (none by default: nothing is contacted). */
export function iceServers() {
  const { value } = readJSON(SETTINGS_KEY, {}, (v) => v && typeof v === "object");
  return Array.isArray(value.iceServers) ? value.iceServers.filter((s) => typeof s?.urls === "string" && /^(stun|stuns|turn|turns):/.test(s.urls)) : [];
}

/** The host's side: one WebRTC link per invited seat, messages handed to Python's Host. */
export class HostNet {
  constructor({ python, save, onChange, notice }) {
    Object.assign(this, { python, save, onChange, notice });
    this.links = new Map(); // peer -> PeerLink
    this.status = new Map(); // seat -> "invited" | "connected" | "dropped"
    this.count = 0;
  }

  async open() {
    const names = this.save.players.map((p) => p.name);
    const { saved } = await this.python.call("online.host", { id: this.save.id, record: this.save.record, names, saved: this.save.online ?? null });
    this.save.online = saved;
  }

  async send(outgoing) {
    for (const [peer, text] of outgoing) this.links.get(peer)?.send(text);
  }

  async absorb(result) {
    this.save.online = result.saved;
    const changed = result.record.moves.length !== this.save.record.moves.length;
    this.save.record = result.record;
    await this.send(result.outgoing);
    if (changed) this.onChange();
  }

  async playLocal(seat, move) {
    const result = await this.python.call("online.local", { id: this.save.id, seat, move });
    this.save.online = result.saved;
    this.save.record = result.record;
    await this.send(result.outgoing);
  }

  /** Makes an invitation for a seat: a link (offer + seat token) and, later, its answer. */
  async invite(seat) {
    const { token, saved } = await this.python.call("online.invite", { id: this.save.id, seat });
    this.save.online = saved;
    const peer = `p${seat}-${++this.count}`;
    const link = new PeerLink({
      iceServers: iceServers(),
      onMessage: async (text) => this.absorb(await this.python.call("online.receive", { id: this.save.id, peer, text })),
      onState: async (state) => {
        if (state === "open") this.status.set(seat, "connected");
        if (state === "closed") {
          this.links.delete(peer);
          // An old connection may report closing after the seat came back on a new one.
          const back = [...this.links.entries()].some(([other, l]) => other.startsWith(`p${seat}-`) && l.opened);
          this.status.set(seat, back ? "connected" : "dropped");
          await this.python.call("online.disconnected", { id: this.save.id, peer }).catch(() => {});
        }
        this.onChange({ statusOnly: true });
      },
    });
    this.links.set(peer, link);
    const offer = await link.offer();
    this.status.set(seat, "invited");
    const url = `${location.href.split("#")[0]}#join=${encodeURIComponent(offer)}&t=${encodeURIComponent(token)}`;
    return { url, accept: (answer) => link.accept(answer) };
  }

  /** The invitation dialog: the link or code to send, a box for the answer that comes back. */
  async showInvitation(seat) {
    const name = this.save.players[seat].name;
    const { url, accept } = await this.invite(seat);
    const link = element("textarea", { readonly: true, rows: 3, id: "invite-link" });
    link.value = url;
    const answer = element("textarea", { rows: 2, id: "invite-answer", placeholder: "paste the answer code here",
      autocapitalize: "none", spellcheck: "false" });
    const status = element("output", { id: "invite-status", "aria-live": "polite" });
    const dialog = element("dialog", { class: "dialog", id: "invite-dialog" },
      element("h2", {}, `Invite ${name}`),
      element("p", { class: "hint" }, `1. Send ${name} this link (by chat, mail, anything). It holds no game data, only how to reach this browser.`),
      link,
      element("p", { class: "hint" }, `2. ${name} opens it and gets an answer code. Paste it here:`),
      answer,
      element("div", { class: "row" },
        button("Connect", async () => {
          try {
            await accept(answer.value.trim());
            status.className = "";
            status.textContent = "Connecting…";
          } catch (error) {
            status.className = "bad";
            status.textContent = error instanceof SignalError ? error.message : `That answer did not work: ${error.message}`;
          }
        }, { primary: true, id: "invite-connect" }),
        button("Close", () => dialog.close(), { id: "invite-close" })),
      status,
      element("p", { class: "hint" }, "Works on one machine and most home networks. Across different networks or mobile data you may need a STUN/TURN server (settings)."));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  panel(remoteSeats) {
    return element("ul", { class: "seats online-seats", id: "online-seats" }, ...remoteSeats.map((seat) => {
      const state = this.status.get(seat) ?? "not invited";
      return element("li", { class: "seat", "data-online": seat },
        element("span", { class: "seat-name" }, this.save.players[seat].name),
        element("span", { class: "seat-status" }, state),
        state === "connected" ? null : button(state === "dropped" ? "Invite again" : "Invite", () => this.showInvitation(seat),
          { small: true, "data-invite": seat }));
    }));
  }
}

/** The guest's page (#join=OFFER&t=TOKEN): answer the invitation, then play one seat. */
export class GuestScreen {
  constructor({ python, games, root, offer, token }) {
    Object.assign(this, { python, games, root, offer, token });
    this.id = `guest-${token.slice(0, 16)}`;
    this.key = `wordtable.guest.${token.slice(0, 40)}`;
    this.names = [];
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
    this.root.replaceChildren(element("p", { class: "muted" }, "Preparing your answer…"));
    this.link = new PeerLink({
      iceServers: iceServers(),
      onMessage: (text) => this.receive(text),
      onState: (state) => this.state(state),
    });
    let answer;
    try {
      answer = await this.link.answer(this.offer);
    } catch (error) {
      this.root.replaceChildren(element("p", { class: "notice bad", role: "alert" },
        error instanceof SignalError ? error.message : `This invitation cannot be used: ${error.message}`),
      element("a", { class: "button", href: "#" }, "Home"));
      return;
    }
    const code = element("textarea", { readonly: true, rows: 3, id: "answer-code" });
    code.value = answer;
    this.status = element("p", { class: "hint", id: "guest-status" }, "Waiting for the host to paste it…");
    this.root.replaceChildren(element("div", { class: "panel", id: "guest-answer" },
      element("h2", {}, "Joining a game"),
      element("p", {}, "Send this answer code back to the person who invited you:"), code,
      copyButton("Copy", answer, code, null, { small: true }),
      this.status));
  }

  async state(state) {
    if (state === "open") {
      const saved = readJSON(this.key, null, (v) => v && typeof v === "object").value;
      const { outgoing } = await this.python.call("online.guest", { id: this.id, token: this.token, saved });
      for (const text of outgoing) this.link.send(text);
    } else if (state === "closed" && this.view) {
      this.notice("The connection dropped. Ask the host for a new invitation: you keep your seat.");
    }
  }

  async receive(text) {
    const result = await this.python.call("online.guest_receive", { id: this.id, text });
    for (const out of result.outgoing) this.link.send(out);
    this.keep(result.saved);
    try {
      const message = JSON.parse(text);
      if (message.t === "welcome") {
        this.game = this.games[message.game];
        this.names = message.players;
      }
    } catch { /* Python already answered a damaged message */ }
    const refused = result.refusals.length !== (this.refusalCount ?? 0);
    if (result.view && this.game && (result.version !== this.version || refused)) {
      this.version = result.version;
      this.view = result.view;
      this.draw(result); // a refusal redraws too, so the player can try again
    }
    if (refused) {
      this.refusalCount = result.refusals.length;
      this.notice(`The table said: ${result.refusals.at(-1)}`);
    }
  }

  notice(text) {
    if (this.noticeLine) this.noticeLine.textContent = text;
  }

  draw({ view, actors, seat }) {
    const players = this.names.map((name) => ({ name, bot: null }));
    const header = element("h2", { class: "table-headline", id: "table-headline" },
      `${this.game.title} online · ${view.phase === "over" ? "Game over" : this.game.headline(view, players)}`);
    this.noticeLine = element("p", { class: "notice", id: "guest-notice", role: "status" });
    let main;
    if (view.phase === "over") {
      const winners = view.outcome.winners.map((s) => players[s].name).join(" and ");
      main = element("div", { id: "game-over" }, element("p", { class: "verdict", id: "verdict" }, `${winners} won: ${view.outcome.reason}.`),
        this.game.revealedGrids ? this.game.revealedGrids({ grids: view.grids, strikes: view.strikes, out: view.out }, players) : "");
    } else if (actors.includes(seat)) {
      const act = async (move) => {
        const { outgoing, saved } = await this.python.call("online.guest_move", { id: this.id, move });
        this.keep(saved);
        for (const out of outgoing) this.link.send(out);
        main.inert = true; // until the table's answer arrives
      };
      const suggest = async () => { throw new Error("No suggestions in online games."); };
      main = this.game.turnScreen(view, players[seat], { act, suggest, players });
    } else {
      const waiting = actors.map((s) => players[s]?.name).join(", ");
      main = element("div", {}, element("p", { class: "bot-thinking", id: "guest-waiting" }, `Waiting for ${waiting}…`),
        view.grid ? this.game.gridPicture(view.grid, { caption: "Your grid" }) : "");
    }
    const side = element("aside", { class: "table-side" }, element("h3", {}, "Players"),
      element("ul", { class: "seats" }, ...players.map((player, s) => element("li", { class: "seat", "data-seat": s },
        element("span", { class: "seat-name" }, player.name, s === seat ? element("span", { class: "muted" }, " (you)") : ""),
        element("span", { class: "seat-status" }, this.game.seatStatus(view, s).text)))),
      element("h3", {}, this.game.historyTitle ?? "Words"), this.game.historyList(view, players));
    this.root.replaceChildren(element("div", { class: "table-head" }, header), this.noticeLine,
      element("div", { class: "table-layout" }, element("div", { class: "table-main", id: "table-main" }, main), side));
  }
}
