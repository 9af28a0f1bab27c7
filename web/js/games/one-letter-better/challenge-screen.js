// One Letter Better when the players decide: the others accept a play or challenge it.
import { element, button, toPlayer } from "../../ui.js";
import { upper, signed, nameOf } from "./text.js";
import { boardElement } from "./board.js";

/** "Players decide": the others accept a play or challenge it. Nothing secret is shown. */
export function challengeScreen(view, player, act, players) {
  const message = element("output", { id: "olb-message", "aria-live": "polite" });
  const { seat, words, scored, forfeit } = view.challenge;
  const who = nameOf(players, seat);
  const send = async (type) => {
    try {
      await act({ type });
    } catch (error) {
      message.className = "bad";
      message.textContent = error.message;
    }
  };
  const shown = words.map(upper).join(" and ");
  const accepted = view.challenge.accepted.map((s) => nameOf(players, s));
  return element("div", { class: "turn olb-turn olb-challenge", id: "olb-challenge-screen" },
    element("p", { class: "word-banner" }, toPlayer(player.name, `${who} played `, ": "), element("strong", { class: "olb-challenged" }, shown),
      ` for ${signed(scored)}. ${words.length > 1 ? "Are they all words?" : "Is it a word?"}`),
    element("div", { class: "row" },
      button(`Accept ${shown}`, () => send("accept"), { primary: true, id: "olb-accept", "data-next": true }),
      button("Challenge it", () => send("challenge"), { id: "olb-challenge" })),
    element("p", { class: "hint" }, `A challenge looks it up in the game's dictionary. Found: it stands and ${who} scores double (${signed(scored * 2)} in all). Not found: the play is taken back, ${forfeit > 0 ? `you score ${forfeit} (the whole word's worth)` : "you score nothing (the word is worth nothing or less, and a challenger never loses points)"}, and ${who}'s turn ends. Whoever loses a challenge discards down to ${view.turn_hand} cards.`),
    accepted.length ? element("p", { class: "muted" }, `Accepted by ${accepted.join(", ")}.`) : null,
    message,
    boardElement(view, players));
}
