// Lucky Letters, the toy seventh game, in the browser: your hidden hand of letter tiles, a word
// to spell from it, and the words everyone has played. It sits in the tests' folder and is
// copied to web/js/games/lucky-letters/ by the tests that load it, so its imports are written
// from there. Python decides every rule; this module draws and sends moves.
import { element, button, plural, scoreAgainst, toPlayer, whose } from "../../ui.js";

export const id = "lucky-letters";
export const historyTitle = "Words";
export const privacyNote = "Everyone else, look away: hands are secret.";
export const botLevels = {
  easy: "plays any word it can spell, and passes when it can spell none.",
  medium: "plays one of its longest words, and swaps a hand that spells nothing.",
  hard: "plays its best-scoring word, keeping a good mix of tiles, and swaps a hand that spells only two-letter words.",
};

const upper = (word) => word.toUpperCase();
const scoreLine = (view, players) => players.map((player, seat) => `${player.name} ${view.scores[seat]}`).join(", ");
const bagLine = (view) => `${plural(view.bag, "tile")} left in the bag`;

/** A hand as tiles, read out as one picture: "Your tiles: A, D, E". */
function handElement(tiles, label, attributes = {}) {
  const shown = tiles.length ? tiles.map((letter) => element("span", { class: "tile", "aria-hidden": "true" }, upper(letter)))
    : [element("span", { class: "muted", "aria-hidden": "true" }, "no tiles")];
  const said = tiles.length ? tiles.map(upper).join(", ") : "none";
  return element("p", { class: "lucky-hand", role: "img", "aria-label": `${label}: ${said}`, ...attributes }, ...shown);
}

function logLine(entry, players) {
  const name = players[entry.seat]?.name ?? `Player ${entry.seat + 1}`;
  if (entry.did === "play") return `${name}: ${upper(entry.word)} (${plural(entry.points, "point")})`;
  return `${name}: ${entry.did === "swap" ? "swapped tiles" : "passed"}`;
}

export function setupFields(container) {
  container.replaceChildren();
  return { playersChanged: () => {}, read: () => ({}) };
}

export const resultLine = (view, seat) => scoreAgainst(view.scores, seat, "point");

export const scoresLine = (view, players) => scoreLine(view, players);

export function summary(view, players) {
  return `Round ${view.round} of ${view.rounds} · ${scoreLine(view, players)}`;
}

export function headline(view, players) {
  return `Round ${view.round} of ${view.rounds} · ${toPlayer(players[view.turn].name, "play a word, swap or pass", ": ")}`;
}

export function seatStatus(view, seat) {
  const acting = view.waiting_for.includes(seat);
  return { text: `${plural(view.scores[seat], "point")} · ${plural(view.hand_sizes[seat], "tile")}`, acting, out: false };
}

export function historyList(view, players) {
  const items = view.log.slice().reverse().map((entry) => element("li", {}, logLine(entry, players)));
  return element("div", { class: "lucky-history", id: "lucky-history" },
    element("p", { class: "muted", id: "lucky-bag" }, `${bagLine(view)}.`),
    items.length ? element("ol", { class: "lucky-log", reversed: "", "aria-label": "Moves, the latest first" }, ...items)
      : element("p", { class: "muted" }, "No word played yet."));
}

export const botDoing = () => "is thinking of a word";

export function turnScreen(view, player, { act, suggest = null } = {}) {
  const note = element("p", { class: "notice", role: "status", id: "lucky-refusal", hidden: true });
  const send = async (move) => {
    try {
      await act(move);
    } catch (error) {
      note.textContent = error.message;
      note.hidden = false;
    }
  };
  const input = element("input", { id: "lucky-word", maxlength: view.hand_size, autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", placeholder: `2 to ${view.hand_size} letters`, "data-next": true });
  const form = element("form", { class: "lucky-play", id: "lucky-play" },
    element("label", { for: "lucky-word" }, toPlayer(player.name, "your word")),
    element("div", { class: "row" }, input,
      element("button", { type: "submit", class: "button primary", id: "lucky-submit", "data-next": true }, "Play")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const word = input.value.trim().toLowerCase();
    if (word) send({ type: "play", word });
  });
  input.addEventListener("input", () => { note.hidden = true; });
  const controls = element("div", { class: "row" });
  if (view.bag >= view.hand_size) controls.append(button("Swap all my tiles", () => send({ type: "swap" }), { id: "lucky-swap" }));
  controls.append(button("Pass", () => send({ type: "pass" }), { id: "lucky-pass" }));
  if (suggest) {
    controls.append(button("Suggest", async () => {
      const move = await suggest();
      if (move?.type === "play") input.value = move.word;
      else if (move) {
        note.textContent = move.type === "swap" ? "No word worth playing: a swap is suggested." : "No word: a pass is suggested.";
        note.hidden = false;
      }
    }, { id: "lucky-suggest" }));
  }
  return element("section", { class: "lucky-turn" },
    handElement(view.hand, "Your tiles", { id: "lucky-hand" }),
    form, note, controls,
    element("p", { class: "hint" }, `A word scores a point a letter, five more with all ${view.hand_size} tiles. ${bagLine(view)}.`));
}

/** A person's own hand while the others move (by link, the word just played while its new
 * tiles are drawn). */
export function waitingPicture(view, name) {
  const made = view.made_move ? element("p", { class: "word-banner", id: "lucky-made" },
    `Played ${upper(view.made_move.word)} for ${plural(view.made_move.points, "point")}: new tiles come with the next draw.`) : null;
  return element("div", { class: "lucky-waiting" }, made,
    handElement(view.hand ?? [], name ? `${whose(name)} tiles` : "Your tiles"));
}

export function finalScreen(view, players) {
  const rows = players.map((player, seat) => element("li", { "data-seat": seat },
    `${player.name}: ${plural(view.scores[seat], "point")}`,
    handElement(view.hands?.[seat] ?? [], `${whose(player.name)} tiles left`)));
  return element("div", { class: "scoreboard lucky-final", id: "lucky-final" },
    element("ol", { class: "lucky-scores" }, ...rows),
    element("p", { class: "muted" }, `${bagLine(view)}.`));
}

/** A replay step: every hand as it stood, the scores and the bag. */
export function replayBoard(frame, players) {
  return element("div", { class: "lucky-replay" },
    ...players.map((player, seat) => handElement(frame.hands?.[seat] ?? [], `${whose(player.name)} tiles (${frame.scores[seat]} points)`)),
    element("p", { class: "muted" }, `${bagLine(frame)}.`));
}
