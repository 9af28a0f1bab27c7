// Wordsmith's race: the "Done!" banner and its clock, Word by Word's line, whose panel is shown
// (people sharing a device take turns, or tabs), each panel, the other players' progress and
// what is left in the box.
import { element, button, plural, whose } from "../../ui.js";
import { countsText } from "./letters.js";
import { inStep, dicePerWord, seatStatus } from "./text.js";
import { memo, remember } from "./screen-memory.js";
import { pieceCounts, drawnWord, dieFace, howToPlay, alphabetDrawer } from "./drawings.js";
import { discardBoxes } from "./sheet.js";
import { seatPanel } from "./seat-panel.js";

/**
 * The race. ctx: {players, humans, views, send(seat, move), secondsLeft()}. One person: their
 * panel (pool, die, word, sheet). Several people on one device play Word by Word: the one due
 * (the order turns each roll) has their panel; the others wait for their turn.
 */
export function raceScreen(view, ctx) {
  const { players, humans } = ctx;
  remember(view);
  const parts = [];
  const done = view.phase === "last-words";
  const banner = done ? doneBanner(view, ctx) : null;
  if (banner) parts.push(banner);
  const wbw = inStep(view);
  if (wbw) parts.push(dicePerWord(view) ? rollLine(view) : stepLine(view));

  // Whose panel is shown: one person, or the person due.
  let panelSeats = humans;
  let queue = null;
  if (humans.length > 1) {
    const due = dueOrder(view, humans);
    if (wbw) {
      panelSeats = due.length ? [due[0]] : [humans[0]];
      queue = element("p", { class: "ws-queue", id: "ws-queue" }, due.length
        ? [`${whose(players[due[0]].name)} turn to claim a word ${dicePerWord(view) ? "(or pass)" : "(rolling for pieces as you like)"}`,
          due.length > 1 ? `; then ${due.slice(1).map((s) => players[s].name).join(", then ")}` : "",
          `. The order turns every ${dicePerWord(view) ? "roll" : "word"}.`].join("")
        : "Everyone here has claimed or passed: waiting for the others.");
    } else {
      const shown = memo("tabs").seat;
      const current = humans.includes(shown) ? shown : humans[0];
      panelSeats = [current];
      queue = element("div", { class: "row ws-tabs", role: "tablist" }, ...humans.map((seat) =>
        button(players[seat].name, () => {
          memo("tabs").seat = seat;
          screen.replaceWith(raceScreen(view, ctx));
        }, { small: true, primary: seat === current, role: "tab", "aria-selected": String(seat === current), "data-tab": seat })));
    }
  }
  if (queue) parts.push(queue);
  for (const seat of panelSeats) parts.push(seatPanel(view, seat, ctx));
  parts.push(othersElement(view, players, new Set(panelSeats)));
  parts.push(element("p", { class: "hint ws-supply", id: "ws-supply" }, "Left in the box: ",
    pieceCounts(view.supply, { size: 18, label: `Left in the box: ${countsText(view.supply)}` })));
  parts.push(alphabetDrawer(), element("p", { class: "hint" }, howToPlay()));
  const screen = element("div", { class: "race ws-race", id: "ws-race" }, ...parts);
  return screen;
}

/** The people at this device still due for this word, in this word's order: it turns by one
 * person each word (with dice: each roll) and each challenge, so nobody always claims first. */
export function dueOrder(view, humans) {
  const shift = ((view.word_round ?? 1) - 1 + view.challenge - 1) % humans.length;
  const order = [...humans.slice(shift), ...humans.slice(0, shift)];
  return order.filter((seat) => view.waiting_for.includes(seat));
}

/** Word by Word, plain: which word everyone is on, and what claiming it means. */
function stepLine(view) {
  return element("p", { class: "ws-roll-line", id: "ws-step-line" },
    element("strong", {}, `Word by Word: word ${view.word_round}.`),
    element("span", { class: "muted" }, " Claim one word, then wait until everyone has claimed theirs."));
}

export function rollLine(view) {
  return element("div", { class: "ws-roll-line", id: "ws-roll-line" },
    element("span", {}, `Roll ${view.word_round} for everyone:`),
    element("span", { class: "ws-dice" }, ...view.last_roll.map(dieFace)),
    element("span", { class: "muted" }, "Red and yellow come to every pool; a star is a circle, any piece when you claim."));
}

function doneBanner(view, ctx) {
  const caller = ctx.players[view.done_by]?.name ?? "Someone";
  const mine = ctx.humans.includes(view.done_by) && ctx.humans.length === 1;
  // Nobody here may still claim (they have called it, claimed their last word or stopped).
  const watching = !ctx.humans.some((seat) => view.waiting_for.includes(seat));
  const text = element("span", { class: "ws-done-text" });
  const fill = element("span", { class: "ws-done-fill" });
  const banner = element("div", { class: "ws-done", id: "ws-done", role: "timer" }, fill,
    element("strong", { class: "ws-done-word" }, "Done!"), text);
  const total = view.done_clock_s ?? 60;
  const tick = () => {
    const left = ctx.secondsLeft?.();
    const seconds = left === null || left === undefined ? total : left;
    const lead = mine ? "You have six words." : `${caller} has six words.`;
    const rest = mine || watching ? "The others may claim one last word" : "Claim one last word from your pool (no more rolling), or stop";
    text.textContent = ` ${lead} ${rest}: ${Math.ceil(seconds)} s left.`;
    fill.style.width = `${Math.max(0, Math.min(100, (100 * seconds) / total))}%`;
    if (seconds > 0 && banner.isConnected) setTimeout(tick, 250);
  };
  tick();
  setTimeout(tick); // once on screen
  return banner;
}

/** Everyone else: words so far (hidden in Secret Wordsmith), pool, discard boxes. */
function othersElement(view, players, shown) {
  const others = players.map((player, seat) => [player, seat]).filter(([, seat]) => !shown.has(seat));
  if (!others.length) return null;
  return element("section", { class: "ws-others", id: "ws-others", "aria-label": "The other players" },
    ...others.map(([player, seat]) => {
      const p = view.players[seat];
      const words = p.rows.filter(Boolean);
      const status = seatStatus(view, seat).text;
      return element("div", { class: "ws-other", "data-seat": seat },
        element("div", { class: "ws-other-head" }, element("strong", {}, player.name), element("span", { class: "muted" }, ` ${status}`)),
        element("div", { class: "ws-other-words" }, ...(words.length ? words.map((word) => drawnWord(word, { size: 16 }))
          : [element("span", { class: "muted" }, p.words ? `${plural(p.words, "word")}, secret until the end of the challenge` : "no word yet")])),
        element("div", { class: "ws-other-pool" }, pieceCounts(p.pool, { size: 16, label: `${player.name}'s pieces: ${countsText(p.pool)}` }),
          discardBoxes(p, { shape: view, small: true })));
    }));
}
