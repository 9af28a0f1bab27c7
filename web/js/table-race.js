// The real-time race at a table (Shrdlu's rounds, Wordsmith's race): everyone may act at once,
// bots act when they planned to, and the table's clock plays a deadline's move. The turn loop
// (table.js) hands each race view here; this keeps the clock, the timers and the bots' plans.
import { RoundWatch } from "./race.js";

export class Race {
  constructor(table) {
    this.table = table; // token, save, screen, humans, hostNet; play, advance, call, enqueue…
    this.rounds = new RoundWatch(table.game);
    this.clock = null;
    this.timers = [];
  }

  /** Stops every timer (the table closed or moved on). */
  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** A round result not seen yet (a race waits for the players to go on before the next). */
  unseen(view) {
    return this.rounds.unseen(view);
  }

  /** Everyone may act at once: people type, bots act when they planned to, the table's clock
   * plays a deadline's move. Between rounds the result waits for the players to go on (online:
   * a few seconds). */
  run(view, actors, epoch, token, views = {}) {
    this.stop();
    // Bots' plans hold while the epoch (Shrdlu: the round) lasts; a new one starts afresh.
    const epochKey = JSON.stringify(epoch ?? null);
    if (this.clock?.epoch !== epochKey) this.clock = null;
    if (this.rounds.unseen(view)) {
      this.table.screen.showRoundBreak(view, { online: Boolean(this.table.hostNet), onNext: () => {
        if (token !== this.table.token) return;
        this.rounds.see(view);
        this.table.drawSide(view);
        if (view.phase === "over") this.table.end.show(view, token);
        else this.run(view, actors, epoch, token, views);
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
      if (token !== this.table.token) return;
      await this.table.play(seat, move, epoch ?? null);
      if (token !== this.table.token) return;
      await this.table.advance(token);
    };
    const secondsLeft = () => (view.deadline
      ? Math.max(0, (clock.deadline.start + view.deadline.after_ms - performance.now()) / 1000) : null);
    const elapsed = () => (performance.now() - clock.start) / 1000;
    this.table.screen.showRace(view, { humans: this.table.humans, views, send, secondsLeft, elapsed });
    if (view.deadline) {
      this.later(clock.deadline.start + view.deadline.after_ms - now, token, () => this.expire(token, epoch ?? null));
    }
    for (const [seat, plan] of clock.plans) this.schedule(seat, plan, clock, token, send);
    this.planBots(actors, clock, token, send);
  }

  /** Runs task after ms (at once when the moment has passed) unless the table moved on. */
  later(ms, token, task) {
    this.timers.push(setTimeout(() => token === this.table.token && task(), Math.max(0, ms)));
  }

  /** Asks each bot due in this epoch what it will do and when; a bot asked already at this
   * point of the game keeps its plan (or keeps waiting) until the next move. */
  async planBots(actors, clock, token, send) {
    const moves = this.table.save.record.moves.length;
    for (const seat of actors.filter((s) => this.table.save.players[s].bot)) {
      if (clock.plans.has(seat) || clock.asked.get(seat) === moves) continue;
      clock.asked.set(seat, moves);
      let move;
      try {
        ({ move } = await this.table.call("game.bot", { seat, level: this.table.save.players[seat].bot }));
      } catch {
        continue; // no longer due (the round ended meanwhile): asked again when it is
      }
      if (token !== this.table.token || clock !== this.clock || !move) continue;
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
    const pace = Math.max((this.table.save.settings?.botDelay ?? 700) / 700, 0.02);
    this.later(clock.start + plan.after * pace - performance.now(), token, async () => {
      if (clock !== this.clock || clock.plans.get(seat) !== plan) return;
      clock.plans.delete(seat);
      try {
        await send(seat, plan.move);
      } catch {
        if (clock !== this.clock || token !== this.table.token) return;
        const moves = this.table.save.record.moves.length;
        if (clock.retried.get(seat) === moves) return; // refused twice: it waits for the next move
        clock.retried.set(seat, moves);
        clock.asked.delete(seat);
        const { actors } = await this.table.call("game.view", {});
        if (clock === this.clock && token === this.table.token) this.planBots(actors, clock, token, send);
      }
    });
  }

  /** The table's clock ran out: the game plays the deadline's move (never a seat). */
  async expire(token, epoch) {
    try {
      await this.table.enqueue(async () => {
        if (this.table.hostNet) await this.table.hostNet.expire({ epoch });
        else this.table.save.record = (await this.table.call("game.expire", { epoch })).record;
      });
    } catch {
      // The clock had already stopped (someone found a word just in time), or, online, a random
      // draw holds the table: the next race() sets the clock again.
      return;
    }
    if (token === this.table.token) await this.table.advance(token);
  }
}
