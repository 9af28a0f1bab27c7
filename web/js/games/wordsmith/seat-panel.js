// One person's panel in Wordsmith's race: their pool (what a roll added marked), the die or a
// star's pick, the word builder, stopping, and their sheet.
import { element, button, plural } from "../../ui.js";
import { bestFor } from "../../solo-best.js";
import { KINDS, countsText, pieceSvg } from "./letters.js";
import { challengeText, dicePerWord } from "./text.js";
import { sum } from "./arithmetic.js";
import { memo } from "./screen-memory.js";
import { COLOUR_NAMES, iconButton, pieceCounts, alphabetButton } from "./drawings.js";
import { liveSheet } from "./sheet.js";
import { BEST_KEY, variantOf } from "./solo.js";
import { wordBuilder } from "./word-builder.js";

/** One person's panel: pool, die and picks, the word builder, their sheet. */
export function seatPanel(view, seat, ctx) {
  const { players } = ctx;
  const own = ctx.views?.[seat] ?? view;
  const me = own.players[seat];
  const keep = memo(seat);
  const dice = dicePerWord(own);
  const name = ctx.humans.length > 1 ? players[seat].name : null;
  const message = element("output", { class: "ws-message", id: `ws-message-${seat}`, "aria-live": "polite" });
  const write = (output, text, good) => {
    output.className = `ws-message ${text ? (good ? "good" : "bad") : ""}`;
    output.textContent = text ?? "";
  };
  // What the player was last told stays through redraws (another player's move redraws all).
  if (keep.message && keep.message.challenge === own.challenge) write(message, keep.message.text, keep.message.good);
  const say = (text, good = false) => {
    keep.message = text ? { text, good, challenge: own.challenge } : null;
    // The screen may have been drawn again meanwhile (someone else moved): say it there.
    write(message.isConnected ? message : document.getElementById(message.id) ?? message, text, good);
  };

  // What the pool last gained (a roll, a star's piece, Word by Word's dice): those chips are
  // marked "+1" until the pool changes again.
  if (keep.pool && KINDS.some((kind) => me.pool[kind] !== keep.pool[kind])) {
    const grew = KINDS.every((kind) => me.pool[kind] >= keep.pool[kind]);
    keep.marked = grew ? Object.fromEntries(KINDS.filter((kind) => me.pool[kind] > keep.pool[kind])
      .map((kind) => [kind, `+${me.pool[kind] - keep.pool[kind]}`])) : {};
  }
  keep.pool = me.pool;
  const marked = keep.marked ?? {};

  const sending = async (move, { before } = {}) => {
    say(null);
    before?.();
    try {
      await ctx.send(seat, move);
      return true;
    } catch (error) {
      say(error.message);
      return false;
    }
  };

  const panel = element("section", { class: "ws-panel", "data-seat": seat, id: `ws-panel-${seat}`, "aria-label": name ? `${name}'s panel` : "Your panel" });
  const head = element("div", { class: "ws-pool-line" },
    element("span", { class: "ws-label" }, name ? `${name}'s pieces` : "Your pieces"),
    pieceCounts(me.pool, { size: 30, marked, label: `${name ?? "Your"} pieces: ${countsText(me.pool)}`, className: "ws-pool" }),
    me.circles ? element("span", { class: "ws-circles", id: `ws-circles-${seat}`, title: "A circle becomes any piece when you claim" },
      "◯".repeat(Math.min(me.circles, 6)), ` ${plural(me.circles, "circle")}`) : null);
  panel.append(head);

  const actions = element("div", { class: "row ws-actions" });
  if (me.finished) {
    panel.append(element("p", { class: "ws-finished", id: `ws-finished-${seat}` }, finishedText(own, seat, me)));
  } else if (me.waiting) {
    panel.append(element("p", { class: "ws-finished", id: `ws-waiting-${seat}` }, dice
      ? "Your word is in: waiting for the others, then the dice roll again."
      : "Your word is in: waiting for the others to claim theirs, then on to the next word."));
  } else if (me.picks) {
    const pick = element("div", { class: "ws-pick", id: `ws-pick-${seat}` },
      element("p", { class: "ws-pick-title" }, element("span", { class: "ws-star" }, "★"), " Your die gives you a free choice: take any piece"),
      element("div", { class: "ws-pick-buttons" }, ...KINDS.map((kind) => iconButton([pieceSvg(kind, { size: 30 }), element("span", {}, COLOUR_NAMES[kind])],
        () => sending({ type: "take", piece: kind }), { className: `ws-take ws-take-${kind}`, id: `ws-take-${seat}-${kind}`, "data-kind": kind, "data-next": true,
          disabled: !own.supply[kind], title: own.supply[kind] ? `${own.supply[kind]} left in the box` : "none left in the box" }))));
    panel.append(pick);
  }
  const playing = !me.finished && !me.waiting;
  if (playing && !dice && own.phase === "race" && !me.picks) {
    const roll = iconButton([element("span", { class: "ws-die-icon", "aria-hidden": "true" }, "⚄"), " Roll my die"], async () => {
      roll.disabled = true;
      await sending({ type: "roll" });
      if (roll.isConnected) roll.disabled = false;
    }, { id: `ws-roll-${seat}`, className: "ws-roll", disabled: !sum(own.supply), title: "Adds one piece to your pool (a star: any piece)", "data-next": true });
    actions.append(roll);
  }
  if (playing && dice) {
    actions.append(button("Pass (wait for the next roll)", () => sending({ type: "pass" }), { small: true, id: `ws-pass-${seat}` }));
  }
  actions.append(alphabetButton());
  const stopRow = element("div", { class: "row ws-stop-row" });
  if (playing) {
    // Stopping is for the rest of the challenge: a second tap confirms (within a few seconds,
    // whatever redraws the screen meanwhile).
    const label = lastWords(own) ? "Stop (no last word)" : "Stop for this challenge";
    const armed = () => keep.stopArmed && Date.now() - keep.stopArmed < 4000;
    const stop = button(armed() ? "Sure? No more words this challenge" : label, () => {
      if (!armed()) {
        keep.stopArmed = Date.now();
        stop.textContent = "Sure? No more words this challenge";
        setTimeout(() => {
          if (stop.isConnected && !armed()) stop.textContent = label;
        }, 4100);
        return;
      }
      keep.stopArmed = null;
      sending({ type: "stop" });
    }, { small: true, id: `ws-stop-${seat}`, class: "button small ws-stop" });
    stopRow.append(stop);
  }
  if (actions.childElementCount) panel.append(actions);
  if (playing) panel.append(wordBuilder(own, seat, me, { say, sending, keep, message }));
  else panel.append(message);
  if (stopRow.childElementCount) panel.append(stopRow);
  // The paper beside the play on a wide screen, under it on a phone.
  const paper = element("div", { class: "ws-paper" },
    liveSheet(own, me, { caption: `${name ? `${name}'s sheet` : "Your sheet"} · ${challengeText(own)}`, id: `ws-sheet-${seat}` }));
  const totalSoFar = own.totals[seat];
  if (own.results.length) paper.append(element("p", { class: "hint ws-total" }, `Total of the challenges played: ${totalSoFar} points.`));
  if (own.options.players === 1) {
    const best = bestFor(BEST_KEY, variantOf(own.options));
    if (best) paper.append(element("p", { class: "hint ws-best-line" }, `Your best in this variant: ${best.score} points.`));
  }
  return element("div", { class: "ws-seat" }, panel, paper);
}

const lastWords = (view) => view.phase === "last-words";

function finishedText(view, seat, me) {
  if (view.done_by === seat) return "Done! You have six words. The others may claim one last word.";
  switch (me.finished) {
    case "six words": return "Six words: your sheet is full for this challenge.";
    case "stopped": return "You stopped: no more words for you this challenge.";
    case "no word possible": return "No word is possible any more with your pieces (and those the box could still give): you are done for this challenge.";
    default: return "Your last word is in: waiting for the others.";
  }
}
