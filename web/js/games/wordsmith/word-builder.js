// The word in Wordsmith's panel: typed, or tapped on the letter keys drawn from their pieces;
// what it takes, lacks and leaves over shown at once (the pieces arithmetic mirrors Python's),
// and in Advanced the row it goes in.
import { element, button, plural } from "../../ui.js";
import { KINDS, CHARACTERS, countsOf, countsText, letterSvg, wordSvg } from "./letters.js";
import { upper, dicePerWord } from "./text.js";
import { normalise, planOf } from "./arithmetic.js";
import { iconButton, pieceCounts } from "./drawings.js";
import { discardBoxes } from "./sheet.js";

/** The word: typed, or tapped on the letter keys; what it takes and does, shown at once. */
export function wordBuilder(view, seat, me, { say, sending, keep, message }) {
  const input = element("input", { id: `ws-word-${seat}`, class: "ws-word-input", maxlength: 40, autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", placeholder: "type or tap a word", "aria-label": "Your word", enterkeyhint: "go", "data-next": true });
  const claim = element("button", { type: "submit", class: "button primary ws-claim", id: `ws-claim-${seat}`, "data-next": true }, "Claim");
  const back = button("⌫", () => {
    input.value = input.value.slice(0, -1);
    edited();
  }, { small: true, class: "button small ws-back", "aria-label": "Delete the last letter", id: `ws-back-${seat}` });
  const clear = button("Clear", () => {
    input.value = "";
    edited();
  }, { small: true, class: "button small ws-clear", id: `ws-clear-${seat}` });
  const preview = element("div", { class: "ws-preview", id: `ws-preview-${seat}`, "aria-live": "polite" });
  const rows = view.required ? element("div", { class: "ws-rows", id: `ws-rows-${seat}`, role: "radiogroup", "aria-label": "The row for this word" }) : null;
  const keys = element("div", { class: "ws-keys", id: `ws-keys-${seat}`, "aria-label": "Tap letters to build the word" },
    ...CHARACTERS.map((char) => {
      const key = iconButton([letterSvg(char, { size: 26 }), element("span", { class: "ws-key-char" }, char === "'" ? "’" : char === "-" ? "-" : upper(char))],
        () => {
          input.value = `${input.value}${char}`;
          edited();
        }, { className: "ws-key", "data-key": char, "aria-label": `Add ${char === "'" ? "an apostrophe" : char === "-" ? "a hyphen" : upper(char)}` });
      return key;
    }));
  const form = element("form", { class: "ws-word-form", id: `ws-form-${seat}` },
    element("div", { class: "ws-word-row" }, input, claim),
    message, preview, rows,
    element("div", { class: "ws-keys-wrap" }, keys, element("div", { class: "ws-key-tools" }, back, clear)));

  const update = () => {
    const word = normalise(input.value);
    const plan = planOf(view, me, word, keep.row ?? null);
    drawPreview(preview, view, me, word, plan);
    if (rows) drawRows(rows, view, me, word, plan, (row) => {
      keep.row = row;
      update();
    });
    // Keys a player cannot add now (with the pieces this word leaves) are faded, not locked:
    // rolling may still bring the pieces.
    const left = Object.fromEntries(KINDS.map((kind) => [kind, me.pool[kind] - (plan.cost?.[kind] ?? 0)]));
    const spareCircles = (me.circles ?? 0) - (plan.circlesUsed ?? 0);
    for (const key of keys.children) {
      const cost = countsOf(key.dataset.key);
      const short = KINDS.reduce((n, kind) => n + Math.max(0, cost[kind] - Math.max(0, left[kind])), 0);
      key.classList.toggle("short", short > spareCircles);
    }
    claim.textContent = plan.row !== null && plan.row !== undefined ? `Claim for row ${plan.row + 1}` : "Claim";
    claim.disabled = !word || me.picks > 0;
  };
  // A new word typed or tapped: a refusal of the previous one goes.
  const edited = () => {
    update();
    if (keep.message && !keep.message.good) say(null);
  };
  input.addEventListener("input", edited);
  input.addEventListener("ws-refresh", update);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const word = normalise(input.value);
    if (!word || claim.disabled) return;
    const plan = planOf(view, me, word, keep.row ?? null);
    const move = { type: "claim", word };
    if (view.required) {
      if (plan.row === null) {
        say(`Choose a row whose required letter is in ${upper(word)}.`);
        return;
      }
      move.row = plan.row;
    }
    claim.disabled = true;
    // The word is cleared, and what a claim says is kept, before the move is sent: the screen
    // drawn once it is played must neither carry the word over nor miss the news.
    const news = view.options.secret ? `${upper(word)} is on your sheet (checked at the end).`
      : `${upper(word)} claimed: ${plural(word.length, "point")}${plan.over ? `, ${plural(plan.over, "piece")} to the box` : ""}.`;
    const ok = await sending(move, { before: () => {
      input.value = "";
      keep.message = { text: news, good: true, challenge: view.challenge };
    } });
    if (ok) {
      keep.row = null;
      return;
    }
    const field = document.getElementById(input.id) ?? input;
    if (!field.value) field.value = word;
    field.dispatchEvent(new Event("ws-refresh"));
    if (field === input) claim.disabled = false;
  });
  // What the player was typing comes back after a redraw (race.js keepTyping) before this runs.
  queueMicrotask(update);
  update();
  if (keep.focus !== view.challenge && matchMedia?.("(pointer: fine)")?.matches) {
    keep.focus = view.challenge;
    // A new challenge puts the caret in the word field, unless the player is on another of the
    // page's controls (the rules' "?" they just came back to): that stays theirs.
    setTimeout(() => {
      const active = document.activeElement;
      const free = !active || active === document.body || !active.isConnected || Boolean(input.closest("#table-main")?.contains(active));
      if (input.isConnected && free) input.focus();
    });
  }
  return form;
}

function drawPreview(preview, view, me, word, plan) {
  const first = me.picks ? element("p", { class: "ws-verdict bad", "data-verdict": "pick" }, "Choose the piece your die gave you (above) first, then claim.") : null;
  if (!word) {
    const hints = [];
    if (!me.words) {
      hints.push(!dicePerWord(view)
        ? "Type or tap a word your pieces build (faded letters need pieces you lack), or roll your die for more pieces."
        : "Type or tap a word your pieces build (faded letters need pieces you lack), or pass and wait for the next roll.");
    }
    // The new-letter rule is Python's (has_new_letter_after): said here, judged when claiming.
    if (me.next_word_needs) hints.push(`Your next word needs ${me.next_word_needs}.`);
    if (me.must_use_all) hints.push("Every discard box is ticked: your word must use every piece in your pool.");
    else hints.push(`A word may leave at most ${plural(me.boxes_left, "piece")} over (your discard boxes left).`);
    preview.replaceChildren(...[first, element("p", { class: "muted ws-idle" }, hints.join(" "))].filter(Boolean));
    return;
  }
  if (!plan.cost) {
    preview.replaceChildren(...[first, element("p", { class: "ws-verdict bad" }, plan.problems[0])].filter(Boolean));
    return;
  }
  const missing = Object.fromEntries(KINDS.filter((kind) => plan.short[kind]).map((kind) => [kind, `${plan.short[kind]} short`]));
  const lines = [];
  if (plan.missing > 0) {
    lines.push(element("p", { class: "ws-verdict bad", "data-verdict": "missing" }, `✗ Missing: ${KINDS.filter((k) => plan.short[k]).map((k) => `${plan.short[k]} ${k}`).join(", ")}${plan.circlesUsed ? ` (after your ${plural(plan.circlesUsed, "circle")})` : ""}.`,
      !dicePerWord(view) && view.phase === "race" ? " Roll your die for more, or try another word." : ""));
  } else {
    const bits = ["✓ Your pool builds it"];
    if (plan.circlesUsed) bits.push(`using ${plural(plan.circlesUsed, "circle")}`);
    if (plan.over === 0) bits.push("using every piece (no discard)");
    else {
      const unspent = (me.circles ?? 0) - plan.circlesUsed;
      bits.push(`and leaves ${plural(plan.over, "piece")} over${unspent ? ` (${plural(unspent, "unspent circle")} included)` : ""}, ticking ${plan.over} of your ${me.boxes_left} discard boxes${plan.blueTicked ? ` (${plural(plan.blueTicked, "bonus point")} lost)` : ""}`);
    }
    lines.push(element("p", { class: `ws-verdict ${plan.over > me.boxes_left ? "bad" : "good"}`, "data-verdict": "builds" }, bits.join(", ") + "."));
  }
  for (const problem of plan.problems.filter((text) => !text.startsWith("Your pool"))) {
    lines.push(element("p", { class: "ws-verdict bad" }, `✗ ${problem}`));
  }
  preview.replaceChildren(...[first].filter(Boolean),
    element("div", { class: "ws-preview-word" }, wordSvg(word, { size: 44, pending: plan.missing > 0 })),
    element("div", { class: "ws-takes" }, element("span", { class: "ws-label" }, `${upper(word)} takes`),
      pieceCounts(plan.cost, { size: 22, all: false, marked: missing, label: `${upper(word)} takes ${countsText(plan.cost)}` })),
    ...[plan.missing <= 0 ? discardBoxes(me, { shape: view, pending: Math.min(plan.over, me.boxes_left), small: true }) : null, ...lines].filter(Boolean));
}

function drawRows(rows, view, me, word, plan, choose) {
  rows.replaceChildren(element("span", { class: "ws-label" }, "Row (its letter):"), ...[...Array(view.rows).keys()].map((row) => {
    const letter = upper(view.required[row]);
    const taken = me.filled[row];
    const fits = word.includes(view.required[row]);
    const chosen = plan.row === row;
    return button(taken ? `${row + 1}·${letter} ✓` : `${row + 1}·${letter}`, () => choose(row),
      { small: true, class: `button small ws-row-button${chosen ? " primary" : ""}${fits ? " fits" : ""}`, "data-row": row, disabled: taken,
        role: "radio", "aria-checked": String(chosen), title: taken ? `Row ${row + 1} is filled` : `Row ${row + 1}: the word needs ${letter}` });
  }));
}
