// "Review this game": every turn of a finished game, what was played and the best its position
// allowed (Python's game.review, from what each seat knew then), with the board at that turn
// (the replay's frame) one click away. Phone first: one column of turns, each a button.
import { element, button, copyButton } from "./ui.js";

/** Asks Python for the review a slice at a time (each call about 20 ms, so a move or a redraw
 * asked meanwhile never waits long), then for the replay's frames the boards come from. */
export async function fetchReview(python, { saved, record, label = "" }) {
  for (let slice = 0; slice < 100_000; slice++) {
    const { done, review } = await python.call("game.review", { record: saved, label });
    if (done) {
      const { frames } = await python.call("game.replay", { record });
      return { review, frames };
    }
  }
  throw new Error("The review did not finish.");
}

/** "Review this game" on a screen (a TableScreen): fetches the review, then shows it, or says
 * why it cannot be had. saved: the save or record Python checks first; record: the record; or
 * load(), which gives both when the button is pressed (a guest's record comes at the end). */
export function reviewButton({ python, screen, saved, record, load, seat, label, players, onBack, isCurrent = () => true }) {
  return button("Review this game", async () => {
    screen.setBusy(true);
    let result;
    try {
      if (load) ({ saved, record } = await load());
      result = await fetchReview(python, { saved, record, label });
    } catch (error) {
      if (!isCurrent()) return;
      screen.setBusy(false);
      screen.main.prepend(element("p", { class: "notice bad", role: "alert", id: "review-refused" },
        `This game cannot be reviewed: ${error.message}`));
      return;
    }
    if (!isCurrent()) return;
    screen.setMain(reviewScreen({ ...result, players: players ?? screen.players, game: screen.game, seat, moves: record.moves,
      shareLabel: label, onBack }));
  }, { id: "review-open" });
}

/** The review screen in root: players' names, the seat whose turns show first, the game's
 * replayBoard to draw a frame, and onBack to leave. */
export function reviewScreen({ review, frames, players, game, seat, moves, shareLabel, onBack }) {
  const name = (s) => players[s]?.name ?? `Player ${s + 1}`;
  let shown = seat ?? review.summary[0]?.seat ?? 0;
  const list = element("ol", { class: "review-turns", id: "review-turns" });
  const draw = () => list.replaceChildren(...review.turns.filter((t) => t.seat === shown).map((t) => turnItem(t)));

  const turnItem = (turn) => {
    const board = element("div", { class: "review-board", hidden: true });
    const played = turn.played.words.length ? words(turn.played.words) : "—";
    const best = turn.best.words.length ? words(turn.best.words) : "—";
    const summary = `${capital(review.turn_name)} ${turn.turn}: ${played} (${number(turn.played.points)}) · best ${best} (${number(turn.best.points)})`;
    const toggle = element("button", { type: "button", class: "review-turn", "aria-expanded": "false",
      "data-turn": `${turn.seat}-${turn.turn}` },
    element("span", { class: "review-line" }, summary),
    element("span", { class: turn.missed ? "review-missed" : "review-best" },
      turn.missed ? `${number(turn.missed)} missed` : "best play"));
    toggle.addEventListener("click", () => {
      const open = board.hidden;
      board.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      if (open && !board.firstChild) {
        const frame = frames[turn.step];
        const [mover, move] = turn.step > 0 ? moves[turn.step - 1] : [null, null];
        board.append(game.replayBoard(frame, players, { move: frame.move ?? move, seat: mover }));
      }
    });
    return element("li", { class: turn.missed ? "missed" : "" }, toggle,
      turn.note ? element("p", { class: "muted review-note" }, turn.note) : null, board);
  };

  const lines = review.summary.map((row) => element("li", { "data-seat": row.seat, class: row.seat === seat ? "own" : "" },
    element("strong", {}, name(row.seat)), ` ${row.line}`));
  const picker = review.summary.length > 1 ? seatPicker(review.summary.map((row) => row.seat), name, shown, (value) => {
    shown = value;
    draw();
  }) : null;
  const own = review.summary.find((row) => row.seat === seat);
  draw();
  // The way back at the top, where a long list of turns cannot push it off the first screen,
  // and again after the last turn.
  return element("div", { class: "review", id: "review" },
    element("div", { class: "row review-head" }, element("h2", {}, "Review of this game"),
      button("Back to the result", onBack, { small: true, id: "review-back", "data-next": true })),
    element("ul", { class: "review-summary", id: "review-summary" }, ...lines),
    element("p", { class: "muted" }, `Counted in ${review.measure}; the best comes from ${review.best_from}. Each player's best uses only what they knew at that ${review.turn_name}.`),
    shareLabel && own?.share ? shareBox(own.share) : null,
    picker, list,
    element("div", { class: "row" }, button("Back to the result", onBack, { small: true, id: "review-back-end" })));
}

function seatPicker(seats, name, chosen, onChange) {
  const select = element("select", { id: "review-seat" },
    ...seats.map((s) => element("option", { value: s, selected: s === chosen }, name(s))));
  select.addEventListener("change", () => onChange(Number(select.value)));
  return element("label", { class: "review-seat" }, "Turns of ", select);
}

function shareBox(text) {
  const area = element("textarea", { id: "review-share-text", rows: 3, readonly: true, "aria-label": "Your review, to share" });
  area.value = text;
  const status = element("output", { id: "review-share-status", "aria-live": "polite" });
  return element("div", { class: "daily-share" }, area,
    element("div", { class: "row" }, copyButton("Copy my review to share", text, area, status, { id: "review-copy" }), status));
}

// A word in capitals, as the games show words; a text a game wrote in mixed case ("FEAR at B1
// going down", a place) as it is.
const words = (list) => list.map((w) => (w === w.toLowerCase() ? w.toUpperCase() : w)).join(", ");
const number = (value) => value.toLocaleString("en");
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
