// Ghost, the toy sixth game, in the browser: the fragment so far and a letter to add. It sits in
// the tests' folder and is copied to web/js/games/ghost/ by the tests that load it, so its
// imports are written from there. Python decides every rule; this module draws and sends moves.
import { element, button, toPlayer } from "../../ui.js";

export const id = "ghost";
export const historyTitle = "Letters";
export const botLevels = {
  easy: "says any letter that begins a word, and may complete one.",
  medium: "never completes a word while another letter goes on.",
  hard: "plays as the medium bot.",
};
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const shown = (fragment) => (fragment ? fragment.toUpperCase() : "…");

export function setupFields(container) {
  container.replaceChildren();
  return { playersChanged: () => {}, read: () => ({}) };
}

export const resultLine = (view, seat) => (view.loser === seat ? "lost" : "won");

export function summary(view, players) {
  return `${shown(view.fragment)} · ${players[view.turn].name} to say a letter`;
}

export function headline(view, players) {
  return toPlayer(players[view.turn].name, "say a letter", " to ");
}

export function seatStatus(view, seat) {
  const acting = view.waiting_for.includes(seat);
  return { text: view.loser === seat ? "lost" : acting ? "saying a letter" : "", acting, out: view.loser === seat };
}

export function historyList(view) {
  return element("p", { class: "ghost-fragment" }, shown(view.fragment));
}

export const botDoing = () => "is thinking of a letter";

export function turnScreen(view, player, { act }) {
  const note = element("p", { class: "notice", role: "status", id: "ghost-refusal", hidden: true });
  const say = async (move) => {
    try {
      await act(move);
    } catch (error) {
      note.textContent = error.message;
      note.hidden = false;
    }
  };
  const letters = [...LETTERS].map((letter, index) =>
    button(letter.toUpperCase(), () => say({ type: "say", letter }), { small: true, "data-letter": letter, "data-next": index === 0 }));
  return element("section", { class: "ghost-turn" },
    element("p", { class: "word-banner", id: "ghost-fragment" }, shown(view.fragment)),
    element("div", { class: "ghost-letters", role: "group", "aria-label": "Letters" }, ...letters),
    note,
    button("Give up", () => say({ type: "give_up" }), { id: "ghost-give-up" }));
}

export function finalScreen(view, players) {
  return element("p", { class: "word-banner", id: "ghost-final" }, `${shown(view.fragment)} · ${players[view.loser].name} lost`);
}

export function replayBoard(frame) {
  return element("p", { class: "word-banner" }, shown(frame.fragment));
}
