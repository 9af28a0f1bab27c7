// Pieces shared by the table and the online guest screen: real-time rounds (Shrdlu) and keeping
// a player's half-made choices when someone else moves.
import { element, button } from "./ui.js";

// Online, the next round starts by itself after this pause, at the same moment on every screen
// (give or take the connection delay): nobody gets a head start by clicking sooner.
export const ONLINE_BREAK_S = 5;

/**
 * The result of the round just played, and the way on: a button on one device, a short
 * countdown online. onNext() is called once.
 */
export function roundBreak({ game, view, players, online, onNext }) {
  const over = view.phase === "over";
  let done = false;
  const next = () => {
    if (done) return;
    done = true;
    onNext();
  };
  const result = game.roundResult(view, players);
  const round = game.roundName ?? "round";
  if (!online) {
    const last = players.length === 1 ? "See your score" : "See who won";
    const go = button(over ? last : `Next ${round}`, next, { primary: true, id: "next-round", "data-next": true });
    return element("div", {}, result, go);
  }
  const line = element("p", { class: "hint", id: "next-round-in", role: "timer" });
  const startedAt = performance.now();
  const tick = () => {
    if (done || !line.isConnected && performance.now() - startedAt > 1000) return;
    const left = ONLINE_BREAK_S - (performance.now() - startedAt) / 1000;
    if (left <= 0) return next();
    line.textContent = over ? `The result in ${Math.ceil(left)} s…` : `Next ${round} in ${Math.ceil(left)} s…`;
    setTimeout(tick, 200);
  };
  tick();
  return element("div", {}, result, line);
}

/** Real-time games: which rounds' results this screen has shown. A result that arrives while
 * the screen is open shows before play goes on; those of a game opened midway do not. */
export class RoundWatch {
  constructor(game) {
    this.game = game;
    this.seen = null;
  }

  /** A round ended since the screen last looked. */
  unseen(view) {
    return Boolean(this.game.realtime) && this.seen !== null && this.game.roundsPlayed(view) > this.seen;
  }

  see(view) {
    if (this.game.realtime) this.seen = this.game.roundsPlayed(view);
  }
}

/** What a player is typing in `before`, to carry into the screen that replaces it (a move by
 * someone else redraws the screen): returns a function that puts it into the new screen. */
export function keepTyping(before) {
  const typed = [...(before?.querySelectorAll?.("input[id]:not([type]), input[id][type=text]") ?? [])]
    .filter((field) => field.value || document.activeElement === field)
    .map((field) => ({ id: field.id, value: field.value, focused: document.activeElement === field,
      selection: [field.selectionStart, field.selectionEnd] }));
  return (after) => {
    for (const { id, value, focused, selection } of typed) {
      const again = after.querySelector(`#${CSS.escape(id)}`);
      if (!again || again.value) continue;
      again.value = value;
      // At once (the new screen is on the page): a key pressed right after the redraw lands in
      // the field, with the caret where it was.
      if (focused && again.isConnected) {
        again.focus();
        again.setSelectionRange?.(...selection);
      } else if (focused) {
        setTimeout(() => again.focus());
      }
    }
  };
}

/** True when two views of one seat differ only in who is still to act: another player's move
 * in a simultaneous turn, which must not wipe the choices this player is making. */
export function onlyWaitingChanged(before, after) {
  if (!before || !after) return false;
  const rest = ({ waiting_for: _who, ...view }) => JSON.stringify(view);
  return rest(before) === rest(after);
}
