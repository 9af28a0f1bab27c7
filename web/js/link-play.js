// Play by link in the page (wordtable.link through the bridge's link.* operations): each game
// kept in this browser under its own key, the table drawn by the same TableScreen as every game,
// and after each move the link to send: the Web Share API where the browser has it (phones),
// copy and a QR code otherwise. Python decides every rule; this draws and stores.
import { reviewButton } from "./table-review.js";
import { element, button, copyButton, summaryLine } from "./ui.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { qrPicture } from "./qr.js";
import { TableScreen, checkGameButton, waitingLine } from "./table-screen.js";
import { rememberedName, rememberName } from "./settings.js";
import { SaveProblem, MAX_SAVE_CHARS } from "./saves.js";
import { showExport } from "./transfer.js";
import { friendName } from "./online-link.js";

const PREFIX = "wordtable.link.";
const FORMAT = "wordtable-link";

/** The page's address: the links it makes open it (a fragment never reaches the site's host). */
export const siteAddress = () => `${location.origin}${location.pathname}`;

const isEntry = (value) => value !== null && typeof value === "object" && value.format === FORMAT
  && typeof value.table === "string" && typeof value.game === "string" && value.saved !== null && typeof value.saved === "object";

export function readLinkGame(table) {
  const { value } = readJSON(PREFIX + table, null, isEntry);
  return value;
}

/** Every game by link in this browser, the latest first (for the home screen's list). */
export function listLinkGames() {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const { value } = readJSON(key, null, isEntry);
      if (value) found.push(value);
    }
  } catch { /* storage blocked: nothing listed */ }
  return found.sort((a, b) => (b.updated ?? "").localeCompare(a.updated ?? ""));
}

/** What the home screen says of a game by link: "Your move", "Waiting for Ann since …", "Over". */
export function linkGameState(entry, when) {
  const state = entry.state ?? {};
  if (state.displaced) return "Your seat was taken by another device: nothing more comes to this game";
  if (state.over) return state.forfeits?.[0] ?? state.not_final ?? entry.summary ?? "Over";
  if (state.your_turn) return "Your move";
  const who = state.send_to ?? state.waiting_for?.join(", ");
  return who ? `Waiting for ${who} since ${when(entry.changed ?? entry.updated)}` : `Waiting since ${when(entry.changed ?? entry.updated)}`;
}

/** Everyone has joined, and the first draw waits for the others' shares: no device gives one
 * before every player has joined, so nobody can join again and again until the deal suits them. */
function firstDrawLine(owed, toSend) {
  const who = owed.length > 1 ? `${owed.slice(0, -1).join(", ")} and ${owed.at(-1)}` : owed[0] ?? "the others";
  const shares = owed.length > 1 ? `the shares of ${who}` : `${who}'s share`;
  return `Everyone has joined. The first draw also needs ${shares}: ${toSend ? "send the link below, and " : ""}it comes `
    + "in the next link for you. (No one gives a share before everyone has joined, so no one can choose what is drawn.)";
}

export function deleteLinkGame(table) {
  try {
    localStorage.removeItem(PREFIX + table);
  } catch { /* storage blocked: nothing was kept */ }
}

/** The game by link in an exported text, or null when the text is something else. */
export function linkGameIn(text) {
  if (typeof text !== "string" || text.length > MAX_SAVE_CHARS || !text.trimStart().startsWith("{")) return null;
  try {
    const value = JSON.parse(text);
    return value?.format === FORMAT ? value : null;
  } catch {
    return null;
  }
}

/** "Export": the game by link as a file or text, its secrets included (a backup, a new browser). */
export function exportLinkGame(entry) {
  const name = entry.state?.players?.[entry.saved.seat] ?? "you";
  showExport(entry, { text: JSON.stringify(entry, null, 1),
    filename: `wordtable-by-link-${entry.game}-${String(name).replace(/[^\p{L}\p{N}]+/gu, "-")}-${entry.table}.json` });
}

/** Imports an exported game by link once Python has read it whole. Never loses a game this
 * browser holds: another player's copy of it, or a copy behind this one, is refused. */
export async function importLinkGame(entry, python) {
  if (!isEntry(entry)) throw new SaveProblem("That game by link cannot be imported: the copy is damaged.");
  let reply;
  try {
    // Restored: it waits for a friend's link (or its player's word) before it signs a move.
    reply = await python.call("link.show", { saved: entry.saved, restored: true, site: siteAddress() });
  } catch (error) {
    throw new SaveProblem(`That game by link cannot be imported: ${error.message}`);
  }
  if (reply.game !== entry.table || reply.kind !== entry.game) throw new SaveProblem("That game by link cannot be imported: the copy is damaged.");
  const here = readLinkGame(reply.game);
  if (here && here.saved.seat !== reply.seat) {
    throw new SaveProblem(`This browser holds that game as ${here.state?.players?.[here.saved.seat] ?? "another player"}'s; `
      + `the copy is ${reply.players[reply.seat] ?? "another player"}'s. Nothing was changed.`);
  }
  const moves = (saved) => saved?.record?.moves?.length ?? 0;
  if (here && moves(here.saved) > moves(reply.saved)) {
    throw new SaveProblem("This browser holds that game further along than the copy. Nothing was changed.");
  }
  return keepLinkGame(reply, here);
}

export function keepLinkGame(reply, previous = null, summary = previous?.summary ?? null) {
  const now = new Date().toISOString();
  const state = { your_turn: reply.your_turn, over: reply.over, not_final: reply.not_final ?? null, forfeits: reply.forfeits ?? [],
    waiting_for: reply.waiting_for, send_to: reply.send_to, players: reply.players, send: reply.send };
  // Since when the game has stood as it does (whose move, over): "Waiting for Ann since …".
  const same = previous?.state?.your_turn === state.your_turn && previous?.state?.over === state.over;
  const changed = same ? previous.changed : now;
  const entry = { format: FORMAT, table: reply.game, game: reply.kind, saved: reply.saved, state, updated: now, changed, summary };
  try {
    writeJSON(PREFIX + reply.game, entry);
  } catch (error) {
    if (!(error instanceof StoreProblem)) throw error;
  }
  return entry;
}

export class LinkScreen {
  constructor({ python, games, root, notice, address = location.hash }) {
    // address: the page's hash this screen was opened for; a reply drawn while the page is elsewhere
    // would take over a newer screen (its hashchange not handled yet), so it is only kept.
    Object.assign(this, { python, games, root, notice, address });
    this.screen = null;
    this.entry = null;
    this.closed = false;
  }

  /** The player went elsewhere: a reply still on its way is kept but neither drawn nor made the
   * page's address (it rewrote a newer #new=… to #bylink=…, and that screen never opened). */
  close() {
    this.closed = true;
    this.screen?.dispose();
  }

  /** Whether the page has gone on from this screen (closed, or its address changed). */
  gone(address = this.address) {
    return this.closed || ![this.address, address].includes(location.hash);
  }

  /** A game by link kept in this browser (#bylink=TABLE). */
  async openSaved(table) {
    const entry = readLinkGame(table);
    if (!entry) return this.stop("This game by link is not in this browser.");
    this.entry = entry;
    if (entry.state?.displaced) return this.displaced(entry.state.displaced);
    return this.run(() => this.python.call("link.show", { saved: entry.saved, again: true, site: siteAddress() }));
  }

  /** A link opened (#link=…): into its game here, or, for a new game's invitation, a seat. */
  async openLink(link) {
    let peek;
    try {
      peek = await this.python.call("link.peek", { link });
    } catch (error) {
      return this.stop(error.message);
    }
    if (this.gone()) return;
    const entry = readLinkGame(peek.table);
    // An invitation for another seat of a game this device joined: offered, not opened into it.
    const otherSeat = entry && peek.invitation && peek.seat !== entry.saved.seat;
    if (entry && !otherSeat) {
      this.entry = entry;
      return this.run(() => this.python.call("link.open", { link, saved: entry.saved, site: siteAddress() }), { fallback: entry });
    }
    if (!peek.invitation) {
      return this.stop("This link is of a game this browser does not hold. If you play it in another browser (a chat app "
        + "may open links in its own), open the link there. If this browser lost the game, import an export of it "
        + "(on the home screen), then ask your friend to send you the whole game.");
    }
    const game = this.games[peek.game];
    if (!game) return this.stop("This link is of a game this version of Wordtable does not have.");
    const name = element("input", { id: "link-name", maxlength: 24, autocomplete: "nickname", value: rememberedName(), placeholder: "your name" });
    const message = element("output", { id: "link-join-message", "aria-live": "polite" });
    const instead = otherSeat ? this.otherSeatNote(entry, peek) : null;
    const join = button(instead ? `Join at seat ${peek.seat + 1} instead` : "Join the game", () => {
      if (!name.value.trim()) {
        // Everyone sees it on every link: not made up here ("Player 2") without the player knowing.
        message.textContent = "Type your name first: everyone in the game sees it.";
        return name.focus();
      }
      rememberName(name.value);
      this.entry = null;  // joined afresh: the copy at the old seat is replaced
      this.run(() => this.python.call("link.open", { link, name: name.value, site: siteAddress() }), { message });
    }, { primary: true, id: "link-join" });
    this.root.replaceChildren(element("div", { class: "panel", id: "link-invited" },
      element("h2", {}, `${peek.from ?? "A friend"} invites you to play ${game.title} by link`),
      element("p", {}, "Each move is a link you send by any chat app; you play when it is your turn, at your own pace. ",
        element("a", { href: `how-to-play/${peek.game}.html`, target: "_blank", rel: "noopener", id: "link-how-to-play" }, `How to play ${game.title}`)),
      instead, element("label", { for: "link-name" }, "Your name"), name, element("div", { class: "row" }, join), message));
  }

  /** The late friend of an invitation opened twice, offered a seat still free: this device
   * holds the game at the seat the other device took (or so it may be: it cannot tell). */
  otherSeatNote(entry, peek) {
    const held = entry.saved.seat + 1;
    const said = entry.state?.displaced
      ? `Your seat ${held} in this game was taken by a device that joined before yours. This invitation is for seat ${peek.seat + 1}, still free: join it instead.`
      : `This device already plays this game at seat ${held}. This invitation is for seat ${peek.seat + 1}: join it only if someone `
        + `else opened the invitation you used before you and has seat ${held} (ask ${peek.from ?? "whoever sent it"}). Joining replaces your copy at seat ${held}.`;
    return element("p", { class: entry.state?.displaced ? "notice" : "notice bad", id: "link-other-seat" }, said);
  }

  /** This device joined by an invitation used before, and the table (its signed link) gave the
   * seat to the device that joined first: no link will ever come to this copy. Said in place of
   * a table that would promise one, with a way to remove the game. */
  displaced(text, learnt = false) {
    if (learnt) {
      this.entry = { ...this.entry, state: { ...this.entry.state, displaced: text } };
      try {
        writeJSON(PREFIX + this.entry.table, this.entry);
      } catch (error) {
        if (!(error instanceof StoreProblem)) throw error;
      }
    }
    if (this.gone()) return;
    const table = this.entry.table;
    const remove = button("Remove this game", () => {
      deleteLinkGame(table);
      location.hash = "#";
    }, { id: "link-remove" });
    this.root.replaceChildren(element("div", { class: "panel", id: "link-displaced" },
      element("h2", {}, `${this.games[this.entry.game]?.title ?? "A game"} by link`),
      element("p", { class: "notice bad", role: "alert" }, text),
      element("div", { class: "row" }, remove, element("a", { class: "button", href: "#" }, "Home"))));
  }

  stop(text) {
    if (this.gone()) return;
    this.root.replaceChildren(element("div", { class: "panel" },
      element("p", { class: "notice bad", role: "alert", id: "link-refused" }, text), element("a", { class: "button", href: "#" }, "Home")));
  }

  /** Calls Python; its reply is kept and drawn; a refusal is said (nothing changed). */
  async run(call, { message = null, fallback = null } = {}) {
    let reply;
    try {
      reply = await call();
    } catch (error) {
      if (this.gone()) return;
      if (message) message.textContent = error.message;
      else if (fallback && error.kind === "seat-taken") this.displaced(error.message, true);
      else if (fallback) {
        await this.run(() => this.python.call("link.show", { saved: fallback.saved, site: siteAddress() }));
        this.notice?.(error.message);
      } else this.stop(error.message);
      return;
    }
    this.entry = keepLinkGame(reply, this.entry, this.summaryOf(reply));
    const address = `#bylink=${encodeURIComponent(reply.game)}`;
    if (this.gone(address)) return;
    if (location.hash !== address) history.replaceState(null, "", address);
    this.address = address;
    this.draw(reply);
  }

  /** What the devices keep and see (the game's by-link note): said in full until the game
   * starts, then one tap away, so it does not push every turn down the screen. */
  noteLine(reply) {
    if (!reply.note) return null;
    if (!reply.view) return element("p", { class: "hint", id: "link-note" }, reply.note);
    return element("details", { class: "hint link-note" },
      element("summary", {}, "What each device keeps"), element("p", { id: "link-note" }, reply.note));
  }

  /** The game's line in the home list, as every saved game has ("Finished: Ann wins · …"). */
  summaryOf(reply) {
    const game = this.games[reply.kind];
    if (!game || !reply.view) return null;
    return summaryLine(game, reply.view, reply.players.map((name, seat) => ({ name: name ?? `Player ${seat + 1}` })));
  }

  draw(reply) {
    const game = this.games[reply.kind];
    const players = reply.players.map((name, seat) => ({ name: name ?? friendName(seat), bot: null })); // as the new-game form named them
    this.screen?.dispose();
    this.screen = new TableScreen({ root: this.root, game, players, title: `${game.title} by link`,
      controls: [element("a", { class: "button small", href: "#", id: "link-home" }, "Home"),
        button("Export", () => exportLinkGame(this.entry), { small: true, id: "link-export" })],
      lines: [this.noteLine(reply)],
      seatNote: (s) => ({ suffix: s === reply.seat ? " (you)" : "" }) });
    const send = this.sendPanel(reply);
    this.root.querySelector(".table-side")?.append(this.wholeGamePanel(reply));
    const view = reply.view;
    const restored = this.restoredNotice(reply);
    if (!view) {
      const everyone = reply.players.every((name) => name !== null);
      this.screen.showLobby(everyone ? "Waiting for the first draw" : "Waiting for every player to join",
        (seat) => (reply.players[seat] === null ? "not joined yet" : "joined"));
      this.screen.setMain(restored, waitingLine(everyone ? firstDrawLine(reply.waiting_for, Boolean(send))
        : "The game starts once every player has joined by their link.", "link-waiting"), send);
      return;
    }
    this.screen.showSide(view);
    const ask = async (question, args) => (await this.python.call("game.ask",
      { record: reply.saved.record, seat: reply.seat, question, args })).answer;
    const forfeits = () => [...reply.forfeits].reverse()
      .forEach((line) => this.screen.main.prepend(element("p", { class: "notice link-forfeit" }, line)));
    if (reply.over && !view.outcome) {
      // Ended before the rules ended it: a player signed two moves for one turn (the proof is kept).
      const check = checkGameButton(() => this.python.call("game.verify", { record: reply.saved }));
      this.screen.setHeadline("Ended by a forfeit");
      this.screen.showWaiting(view, "This game has ended: nobody can move any more.", "link-ended", { own: view });
      this.screen.main.prepend(element("div", { class: "row game-over-actions" }, check));
      forfeits();
      if (send) this.screen.main.prepend(send);
      return;
    }
    if (reply.over) {
      // The whole saved game, not only its record: it holds the grids shown so far, so a check
      // before every one is in names only the players still to show theirs.
      const check = checkGameButton(() => this.python.call("game.verify", { record: reply.saved }));
      // Reviewed only once the whole game checks (Python refuses it before, saying why).
      const review = reviewButton({ python: this.python, screen: this.screen, saved: reply.saved, record: reply.saved.record,
        seat: reply.seat, onBack: () => this.draw(reply), isCurrent: () => this.screen.main.isConnected });
      this.screen.showGameOver(view, { ask, seat: reply.seat, actions: [check, review] });
      if (reply.not_final) this.screen.main.prepend(element("p", { class: "notice", id: "link-not-final" }, reply.not_final));
      forfeits();  // a player who would not show their secret, or showed one that does not hold, lost
      if (send) this.screen.main.prepend(send);
      return;
    }
    if (reply.your_turn) {
      const act = async (move) => {
        this.screen.setBusy(true);
        try {
          const next = await this.python.call("link.move", { saved: reply.saved, move, site: siteAddress() });
          this.entry = keepLinkGame(next, this.entry, this.summaryOf(next));
          if (!this.gone(`#bylink=${encodeURIComponent(next.game)}`)) this.draw(next);
        } catch (error) {
          this.screen.setBusy(false);
          throw error;
        }
      };
      const suggest = async () => (await this.python.call("link.suggest", { saved: reply.saved })).move;
      this.screen.showTurn(view, players[reply.seat], { act, suggest, ask });
      if (send) this.screen.main.prepend(send);  // the whole game, asked for by a friend
      return;
    }
    const who = reply.send ? reply.send_to ?? "your friend" : reply.waiting_for.join(", ");
    this.screen.showWaiting(view, send ? `The game goes on when ${who} opens the link.`
      : `Waiting for ${who || "the others"}: open their link when it comes.`, "link-waiting", { own: view });
    if (restored) this.screen.main.prepend(restored);
    // A move made but waiting for a draw the others' parts complete: said first, so it is not lost.
    if (reply.pending) this.screen.main.prepend(element("p", { class: "notice good", id: "link-pending" }, reply.pending));
    if (send) this.screen.main.prepend(send);
  }

  /** A copy imported from an export waits to be brought up to date before it moves: what to
   * do, and the player's word that they made no move since. */
  restoredNotice(reply) {
    if (!reply.restored) return null;
    const playOn = button("I made no move since", () => this.run(() => this.python.call("link.show",
      { saved: this.entry.saved, no_move_since: true, site: siteAddress() })), { small: true, id: "link-play-on" });
    return element("div", { class: "notice", id: "link-restored" }, element("p", {}, reply.restored), playOn);
  }

  /** For a friend who lost the game or a link (a cleared browser, an older export restored):
   * the whole game in one link, for each player who has joined. */
  wholeGamePanel(reply) {
    const others = reply.players.map((name, seat) => ({ name, seat })).filter(({ name, seat }) => name && seat !== reply.seat);
    const buttons = others.map(({ name, seat }) => button(`Send ${name} the whole game`, () => {
      this.run(() => this.python.call("link.show", { saved: this.entry.saved, whole_to: seat, site: siteAddress() }));
    }, { small: true, "data-whole-to": seat }));
    return element("details", { class: "link-whole", id: "link-whole" },
      element("summary", {}, "A friend lost the game or a link?"),
      element("p", { class: "hint" }, "Send them the whole game in one link: it brings their copy up to date, "
        + "and a copy they import from an export catches up with every move since."),
      element("div", { class: "row" }, ...buttons));
  }

  /** "Send this link to Bob": share (a phone's share sheet), copy, or a QR code. */
  sendPanel(reply) {
    if (!reply.send) return null;
    const url = reply.send;
    const title = this.games[reply.kind].title;
    const me = reply.players[reply.seat];
    const invitation = reply.send_to === null;  // a seat nobody has joined yet
    const whom = invitation ? "the friend you want to play with" : reply.send_to;
    const text = invitation ? `${me} invites you to play ${title} by link` : `Your move in ${title} with ${me}`;
    const field = element("input", { id: "link-send", readonly: "", value: url, "aria-label": `The link for ${whom}` });
    const status = element("output", { "aria-live": "polite" });
    const share = navigator.share
      ? button("Share…", async () => {
        try {
          await navigator.share({ title: "Wordtable", text, url });
        } catch { /* the player closed the share sheet */ }
      }, { primary: true, id: "link-share" })
      : null;
    return element("div", { class: "panel link-send", id: "link-send-panel" },
      element("p", { id: "link-send-to" }, `Send this ${invitation ? "invitation" : "link"} to ${whom} (by any chat app, mail or message):`),
      element("div", { class: "invite-link" }, qrPicture(url, `QR code of the link for ${whom}`),
        element("div", {}, field, element("div", { class: "row" }, share,
          copyButton("Copy the link", `${text}: ${url}`, field, status, { small: !!share, primary: !share, id: "link-copy" }), status))));
  }
}
