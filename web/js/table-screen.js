// The table's screen, one implementation for a game on this device (table.js) and for a
// guest's seat in an online game (online-guest.js): the head (headline and controls), the main area,
// the side panel (players and the game's history), and the screens around the game's own:
// waiting, the real-time race and its round breaks, the end of the game and the step-by-step
// replay. Everything that is the game's own comes from its renderer module (games/contract.js);
// who acts when, and how moves travel, is the caller's.
import { element, button, verdictText, redraw, headlineText } from "./ui.js";
import { roundBreak, keepTyping } from "./race.js";

export class TableScreen {
  /**
   * root: the element the table fills; game: the game's renderer module; players: [{name, bot}];
   * title: the start of the headline; controls: elements beside the headline; lines: elements
   * under it (connection, notices); seatNote(seat) → {suffix, away}: after a player's name
   * (" (medium bot)", " (you)") and whether that player's connection is away.
   */
  constructor({ root, game, players, title = game.title, controls = [], lines = [], seatNote = () => ({}) }) {
    Object.assign(this, { root, game, players, title, seatNote });
    this.headline = element("h2", { class: "table-headline", id: "table-headline" }, title);
    const rules = button("?", () => showRules(game), { small: true, id: "table-rules", title: `How to play ${game.title}`,
      "aria-label": `How to play ${game.title}`, "aria-haspopup": "dialog" });
    this.controls = element("div", { class: "row table-controls" }, ...controls, rules);
    this.seats = element("ul", { class: "seats", id: "seats", "aria-label": "Players" });
    this.history = element("div", { class: "history", id: "history" });
    this.historyHeading = element("h3", {}, game.historyTitle);
    this.main = element("div", { class: "table-main", id: "table-main" });
    this.main.addEventListener("wordtable-headline", () => this.refreshHeadline());
    this.panel = null;
    root.replaceChildren(
      element("div", { class: "table-head" }, this.headline, this.controls), ...lines.filter(Boolean),
      element("div", { class: "table-layout" },
        this.main,
        element("aside", { class: "table-side" },
          element("h3", {}, "Players"), this.seats,
          this.historyHeading, this.history)));
    // Keys typed outside a field go to the race on screen (people sharing a device buzz).
    this.buzz = null;
    this.keyListener = (event) => {
      if (event.target.closest?.("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
      this.buzz?.(event.key.toLowerCase());
    };
    document.addEventListener("keydown", this.keyListener);
  }

  /** The screen is left: it stops listening to the keyboard. */
  dispose() {
    document.removeEventListener("keydown", this.keyListener);
  }

  setHeadline(text) {
    this.headlineText = text;
    this.refreshHeadline();
  }

  /** A screen in the main area may hold the headline for itself while it shows (a round's result
   * shown as the next round is dealt): data-headline; an event "wordtable-headline" asks again. */
  refreshHeadline() {
    const held = this.main.querySelector("[data-headline]")?.dataset.headline;
    const text = held ?? this.headlineText;
    this.headline.textContent = text ? `${this.title} · ${text}` : this.title;
  }

  /** The headline and the side panel for a view; historySeat: whose own history to show;
   * panel: an element shown under the players (the host's online seats). */
  showSide(view, { historySeat = view.seat ?? null, panel = null } = {}) {
    this.setHeadline(headlineText(this.game, view, this.players));
    this.seats.replaceChildren(...this.players.map((player, seat) => {
      const status = this.game.seatStatus(view, seat);
      const { suffix = "", away = false } = this.seatNote(seat);
      const classes = ["seat", status.out && "out", status.acting && "acting", away && "away"].filter(Boolean).join(" ");
      return element("li", { class: classes, "data-seat": seat },
        element("span", { class: "seat-name" }, player.name, element("span", { class: "muted" }, suffix)),
        element("span", { class: "seat-status" }, away ? `${status.text} · away` : status.text));
    }));
    this.history.replaceChildren(this.game.historyList({ ...view, seat: historySeat }, this.players));
    this.historyHeading.hidden = this.history.hidden = false;
    this.placePanel(panel);
  }

  /** Before an online game starts: the players, each with statusOf(seat), and the invitations. */
  showLobby(headline, statusOf, panel) {
    this.setHeadline(headline);
    this.seats.replaceChildren(...this.players.map((player, seat) => {
      const { suffix = "" } = this.seatNote(seat);
      return element("li", { class: "seat", "data-seat": seat },
        element("span", { class: "seat-name" }, player.name, element("span", { class: "muted" }, suffix)),
        element("span", { class: "seat-status" }, statusOf(seat)));
    }));
    this.history.replaceChildren();
    this.historyHeading.hidden = this.history.hidden = true; // nothing played yet: no empty heading
    this.placePanel(panel);
  }

  placePanel(panel) {
    this.panel?.remove();
    this.panel = panel && element("div", { id: "online-panel" }, element("h3", {}, "Online"), panel);
    if (this.panel) this.seats.after(this.panel);
  }

  setMain(...children) {
    this.setBusy(false);
    this.buzz = null;
    // Focus on the screen being replaced (or on nothing) would fall back to the page: it stays on
    // the same control when the new screen has it (someone else moved in a race), else it goes to
    // what to do next. Focus elsewhere (the head's buttons) stays where the player put it.
    redraw(this.main, children.filter(Boolean));
    this.refreshHeadline();
  }

  /** While a move is on its way, the screen takes no second click (no move is sent twice). */
  setBusy(busy) {
    this.main.inert = busy;
    this.main.toggleAttribute("aria-busy", busy);
  }

  get busy() {
    return this.main.inert;
  }

  /** A real-time round's result, before play goes on (onNext: once, when it may). */
  showRoundBreak(view, { online, onNext }) {
    this.setHeadline(this.game.roundHeadline(view));
    this.setMain(roundBreak({ game: this.game, view, players: this.players, online, onNext }));
  }

  /** The race of a real-time game; humans: the seats playing on this screen; views: their own
   * views by seat (what only that person may see); secondsLeft():
   * before view.deadline runs out (by default counted from now). What a player was typing
   * survives the redraw (someone else's move redraws it). */
  showRace(view, { humans, views = {}, send, secondsLeft = null, elapsed = null }) {
    const arrived = performance.now();
    secondsLeft ??= () => (view.deadline ? Math.max(0, view.deadline.after_ms - (performance.now() - arrived)) / 1000 : null);
    // The round's clock: from when this screen first showed the round (views in it keep it).
    const round = this.game.roundsPlayed?.(view) ?? 0;
    if (this.raceClock?.round !== round) this.raceClock = { round, start: arrived };
    const start = this.raceClock.start;
    elapsed ??= () => (performance.now() - start) / 1000;
    const screen = this.game.raceScreen(view, { players: this.players, humans, views, send, secondsLeft, elapsed });
    const carry = keepTyping(this.main);
    this.setMain(screen);
    carry(screen);
    this.buzz = (key) => screen.buzz?.(key);
    return screen;
  }

  /** A person's turn, at a host's table and at a guest's alike: news for everyone above it (the
   * game's announcement), the game's turn screen (ctx: act, suggest, ask), and what the table
   * adds under it (after). */
  showTurn(view, player, ctx, { after = [] } = {}) {
    this.setMain(this.announcement(view), this.game.turnScreen(view, player, { ...ctx, players: this.players }), ...after);
  }

  /** Others are due: the news, who is awaited (text, the line's id), and where the game draws
   * one, this person's own board (own: their view; name: theirs, null for "you"). */
  showWaiting(view, text, id, { own = null, name = null } = {}) {
    this.setMain(this.announcement(view), waitingLine(text, id), own ? this.game.waitingPicture?.(own, name) : null);
  }

  /** News for everyone above the turn (what became of a challenge), if the game has any. */
  announcement(view) {
    const text = this.game.announcement?.(view, this.players);
    return text ? element("p", { class: "notice", id: "announcement", role: "status" }, text) : null;
  }

  /** The end: the verdict, the game's final screen, and actions (buttons) under it. */
  showGameOver(view, { ask, seat = null, shareLink = null, actions = [] } = {}) {
    // The way on sits under the verdict, before the (long) final screen: on a phone too.
    this.setMain(element("div", { class: "game-over", id: "game-over" },
      element("p", { class: "verdict", id: "verdict" }, verdictText(view.outcome, this.players, this.game.resultLine(view, 0))),
      actions.some(Boolean) ? element("div", { class: "row game-over-actions" }, ...actions.filter(Boolean)) : null,
      this.game.finalScreen(view, this.players, { ask, seat, shareLink })));
  }

  /** "Step through the game": frames from game.replay, the record's moves, onBack() to leave. */
  showReplay(frames, moves, { onBack }) {
    const players = this.players;
    let step = frames.length - 1;
    const caption = element("p", { class: "replay-caption", id: "replay-caption", "aria-live": "polite" });
    const board = element("div", { id: "replay-board" });
    const slider = element("input", { type: "range", min: 0, max: frames.length - 1, value: step, id: "replay-step", "aria-label": "Step" });
    const show = (index) => {
      step = Math.min(Math.max(index, 0), frames.length - 1);
      slider.value = step;
      const frame = frames[step];
      // Who moved comes from the record: a frame's own "seat" may be its view's (null).
      const [seat, recorded] = step > 0 ? moves[step - 1] : [null, null];
      const move = frame.move ?? recorded; // a secret move, shown at the end, where the record holds its public form
      const who = seat === null ? "" : `${players[seat].name} `;
      caption.textContent = `Step ${step} of ${frames.length - 1}: ${who}${frame.text}`;
      board.replaceChildren(this.game.replayBoard(frame, players, { move, seat }));
    };
    slider.addEventListener("input", () => show(Number(slider.value)));
    this.setMain(element("div", { class: "replay", id: "replay" },
      element("div", { class: "row replay-controls" },
        button("First", () => show(0), { small: true, "aria-label": "First step" }),
        button("◀", () => show(step - 1), { small: true, "aria-label": "Previous step", id: "replay-prev" }),
        slider,
        button("▶", () => show(step + 1), { small: true, "aria-label": "Next step", id: "replay-next" }),
        button("Last", () => show(frames.length - 1), { small: true, "aria-label": "Last step" })),
      caption, board,
      element("div", { class: "row" }, button("Back to the result", onBack, { small: true, id: "replay-back" }))));
    show(step);
  }
}

/** Before an online game starts, on the host's and each guest's screen: one line (lead: what
 * to do now), and how the draws are fair behind a disclosure. who: who may not choose or
 * foresee them ("you", "the host"). */
export function lobbyLine(lead, who, id) {
  return element("div", { class: "bot-thinking lobby-line", id }, element("p", {}, lead),
    element("details", { class: "fairness" }, element("summary", {}, "How is this fair?"),
      element("p", {}, `Every roll, shuffle and draw is made together by every player's device: each adds a secret part, sealed before anyone sees the others', so nobody, ${who} included, can choose or foresee them. What stays on a player's own device is shown and checked at the end, and “Check this game” proves the whole game afterwards.`)));
}

/** What this page's devices found when they audited every deal (online, sealed cards). */
export function sealedAudit(audited) {
  return element("p", { class: audited ? "notice good" : "notice", id: "sealed-audit", role: "status" }, audited
    ? "Every deal was checked on this device once every player’s device showed its keys: each card was dealt once, and every card played was the one dealt."
    : "The deal is checked on this device once every player’s device has shown its keys…");
}

/** "Check this game": check() replays the record from the start, every random event recomputed
 * from every player's part of it (wordtable.verify), and answers a verdict said under the
 * button. The element's run() does the same as a click. */
export function checkGameButton(check) {
  const verdict = element("output", { id: "check-verdict", "aria-live": "polite" });
  const run = async () => {
    verdict.className = "";
    verdict.textContent = "Checking…";
    try {
      const result = await check();
      // Green only for a whole game that holds: a record that holds so far is said, not praised.
      const whole = result.ok && result.finished !== false;
      verdict.className = whole ? "good" : result.ok || result.checked === false ? "" : "bad";
      verdict.textContent = whole ? `Checked: ${result.message}`
        : result.ok ? `Checked so far, not to the end: ${result.message}`
          : result.checked === false ? result.message : `This record does not hold up: ${result.message}`;
    } catch (error) {
      verdict.className = "bad";
      verdict.textContent = `The check could not run: ${error.message}`;
    }
  };
  const wrapper = element("span", { class: "check-game" }, button("Check this game", run, { id: "check-game" }), verdict);
  wrapper.run = run;
  return wrapper;
}

/** "Waiting for …": a line while others (bots, friends online, a random draw) act. */
export function waitingLine(text, id) {
  return element("p", { class: "bot-thinking", id }, text);
}

/**
 * The game's how-to-play page over the game, in a dialog: reading the rules never leaves the
 * table. The page's own "back to Wordtable" link is hidden there (the dialog's Close is the way
 * back); Escape closes it too, and focus returns to the "?" button.
 */
export function showRules(game) {
  const opener = document.activeElement;
  const frame = element("iframe", { class: "rules-frame", id: "rules-frame", src: `how-to-play/${game.id}.html`,
    title: `How to play ${game.title}` });
  frame.addEventListener("load", () => {
    for (const link of frame.contentDocument?.querySelectorAll('a[href="../"]') ?? []) {
      (link.closest("p") ?? link).hidden = true;
    }
  });
  const close = button("Close", () => dialog.close(), { id: "rules-close" });
  const dialog = element("dialog", { class: "dialog rules-dialog", id: "rules-dialog", "aria-label": `How to play ${game.title}` },
    element("div", { class: "rules-dialog-head" }, element("h2", {}, `How to play ${game.title}`), close), frame);
  dialog.addEventListener("close", () => {
    dialog.remove();
    // The table may have been drawn anew meanwhile (a race's next round, a view Python sent):
    // the "?" button is then another element with the same id.
    const back = opener?.isConnected ? opener : opener?.id && document.getElementById(opener.id);
    back?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
