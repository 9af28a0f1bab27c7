// The end of a game at a table: the verdict, the daily challenge's streak and result to share,
// "Challenge a friend", "Check this game" (online), stepping through the game, and playing again.
import { element, button, copyButton } from "./ui.js";
import { isDateKey, recordDaily, shareText, dailyLink } from "./daily.js";
import { challengeOf, challengeLink, challengeShareText } from "./challenge.js";
import { appBase } from "./embed.js";
import { writeSave } from "./saves.js";
import { StoreProblem } from "./store.js";
import { showLink } from "./transfer.js";
import { rememberedName } from "./settings.js";
import { checkGameButton, sealedAudit } from "./table-screen.js";
import { reviewButton } from "./table-review.js";

export class GameEnd {
  constructor(table) {
    this.table = table; // token, save, game, screen, humans, python; call, advance, notice…
  }

  /** The end: the verdict with every secret revealed, and what a player may do next. */
  show(view, token) {
    const [onlyHuman] = this.table.humans.length === 1 ? this.table.humans : [null];
    const ask = async (question, args = {}) => (await this.table.call("game.ask", { seat: onlyHuman, question, args })).answer;
    const daily = this.table.save.daily && isDateKey(this.table.save.daily.date) ? this.dailyResult(view, onlyHuman) : null;
    const shareLink = this.table.game.shareLink?.(this.table.save, appBase()) ?? null;
    // A friend gets the same deal: the daily's own link, the game's own shared link, or a challenge.
    const challenge = daily || shareLink ? null : this.challengeButton(view, onlyHuman);
    // At a table of sealed cards no page held the whole game while it was played: no review,
    // but each page's devices audited every deal, and the save (its table's entries beside its
    // record) is checked whole by "Check this game", as an exported copy is anywhere, and
    // stepped through with every card the audit found.
    const sealed = this.table.hostNet?.sealed;
    this.table.screen.showGameOver(view, {
      ask, seat: onlyHuman, shareLink,
      actions: sealed ? [sealedAudit(this.table.hostNet.audited),
        checkGameButton(() => this.table.python.call("game.verify", { record: this.table.save })),
        this.table.hostNet.audited ? button("Step through the game", () => this.replay(token), { id: "replay-open" }) : null,
        playAgain(this.table, daily)]
        : [daily, challenge, this.reviewButton(token, onlyHuman),
        button("Step through the game", () => this.replay(token), { id: "replay-open" }),
        this.table.save.record.shared ? checkGameButton(() => this.table.python.call("game.verify", { record: this.table.save.record })) : null,
        button("Play again, same players", () => this.table.onPlayAgain?.(this.table.save), { primary: !daily, id: "play-again", "data-next": !daily })],
    });
  }

  /** A daily challenge finished: the streak goes on (once: the end shown again, reopened or
   * after a replay, counts nothing more), and the result can be shared (no words). */
  dailyResult(view, seat) {
    const key = this.table.save.daily.date;
    if (!this.table.save.daily.streak) {
      this.table.save.daily = { ...this.table.save.daily, streak: recordDaily(this.table.save.game, key) };
      try {
        writeSave(this.table.save);
      } catch (error) {
        if (!(error instanceof StoreProblem)) throw error;
      }
    }
    const { streak, best } = this.table.save.daily.streak;
    const text = shareText({ title: this.table.game.title, key, won: this.wonBy(view, seat), result: this.table.game.resultLine(view, seat),
      streak, url: dailyLink(appBase(), this.table.save.game, key) });
    const area = element("textarea", { id: "daily-share-text", rows: 4, readonly: true, "aria-label": "Your result, to share" });
    area.value = text;
    const status = element("output", { id: "daily-share-status", "aria-live": "polite" });
    return element("div", { class: "daily-share", id: "daily-share" },
      element("p", { id: "daily-streak" }, `Daily challenge of ${key} done: ${streak}-day streak${best > streak ? ` (best ${best})` : ""}.`),
      area, element("div", { class: "row" }, copyButton("Copy my result to share", text, area, status, { primary: true, id: "daily-copy", "data-next": true }), status));
  }

  /** Did seat win (null: played alone, nobody to beat)? */
  wonBy(view, seat) {
    return this.table.save.players.length === 1 ? null : view.outcome.winners.includes(seat);
  }

  /** "Challenge a friend": the same deal against the same bots, with the result to share; none
   * for a game that is not one person's (see challengeRefusal). */
  challengeButton(view, seat) {
    const challenge = challengeOf(this.table.save);
    if (!challenge || seat === null) return null;
    const won = this.wonBy(view, seat);
    const result = this.table.game.resultLine(view, seat);
    // The friend's first screen names who challenges: the seat's own name, or the one used online.
    const own = this.table.save.players[seat]?.name ?? "";
    const by = own && own.toLowerCase() !== "you" ? own : rememberedName();
    const text = challengeShareText({ title: this.table.game.title, won, result,
      url: challengeLink(appBase(), challenge, { by, won, result }) });
    const against = challenge.seats.length > 1 ? ", against the same bots" : "";
    return button("Challenge a friend to the same game", () => showLink("Challenge a friend",
      `Whoever opens the link plays this same game: the same deal${against}. Your result goes with it, not a word of the game.`,
      text, { copyLabel: "Copy the challenge", rows: 6 }), { id: "challenge-open" });
  }

  /** "Review this game": the turns of the person at this device (of the first, with several). */
  reviewButton(token, seat) {
    const save = this.table.save;
    return reviewButton({ python: this.table.python, screen: this.table.screen, saved: save.record, record: save.record,
      seat: seat ?? this.table.humans[0] ?? null, players: save.players,
      label: save.daily && isDateKey(save.daily.date) ? `daily ${save.daily.date}` : "",
      onBack: () => this.table.advance(token), isCurrent: () => token === this.table.token });
  }

  /** Opens the review at once (the home list's "Review this game"). */
  review() {
    this.table.screen.main.querySelector("#review-open")?.click();
  }

  async replay(token) {
    this.table.setBusy(true);
    let frames, moves;
    try {
      // Dealt sealed, the steps come from the save's table entries (not from its record's moves)
      ({ frames, moves } = this.table.hostNet?.sealed ? await this.table.python.call("game.replay", { record: this.table.save })
        : await this.table.call("game.replay", {}));
    } catch (error) {
      if (token !== this.table.token) return;
      this.table.setBusy(false);
      this.table.notice(`The game cannot be stepped through: ${error.message}`);
      return;
    }
    if (token !== this.table.token) return;
    this.table.screen.showReplay(frames, moves ?? this.table.save.record.moves, { onBack: () => this.table.advance(token) });
  }
}

function playAgain(table, daily) {
  return button("Play again, same players", () => table.onPlayAgain?.(table.save), { primary: !daily, id: "play-again", "data-next": !daily });
}
