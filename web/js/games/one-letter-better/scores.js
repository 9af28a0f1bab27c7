// One Letter Better's scores: a finished round (every hand shown and what it cost) and the
// table of scores by round with the game's totals.
import { element } from "../../ui.js";
import { nameOf } from "./text.js";
import { cardRow } from "./board.js";

function roundHow(result, view, players) {
  if (result.how === "target") return `${nameOf(players, result.winner)} reached ${view.options.target} points.`;
  if (view.options.players === 1) return "The deck is played through.";
  return "The stack ran out and nobody could play: the top scorer keeps their hand's points.";
}

/** A finished round: scores, what each hand cost, the round's result; every hand shown. */
export function roundResultElement(result, number, view, players, { ids = true, hands = true } = {}) {
  const soloPile = view.options.players === 1 && view.options.solo_pile;
  return element("div", { class: "olb-round-result", id: ids ? "olb-round-result" : null, "data-round": number },
    element("p", { class: "olb-round-title" }, element("strong", {}, `Round ${number}: `), roundHow(result, view, players)),
    element("table", { class: "scoring olb-result-table" },
      element("thead", {}, element("tr", {}, element("th", {}, "Player"), element("th", { class: "points" }, "Words"),
        element("th", { class: "points" }, soloPile ? "Hand + pile" : "Hand"), element("th", { class: "points" }, "Round"))),
      element("tbody", {}, ...players.map((_player, seat) => element("tr", { "data-seat": seat },
        element("th", {}, `${result.winner === seat ? "★ " : ""}${nameOf(players, seat)}`),
        element("td", { class: "points" }, String(result.scores[seat])),
        element("td", { class: "points olb-penalty" }, result.penalties[seat] ? `−${result.penalties[seat]}`
          : (result.kept ?? []).includes(seat) ? element("span", { class: "olb-kept" }, "0 (not counted)") : "0"),
        element("td", { class: "points olb-final" }, element("strong", {}, String(result.final[seat]))))))),
    hands ? element("div", { class: "olb-hands" }, ...players.map((_p, seat) => element("div", { class: "olb-hand-line" },
      element("span", { class: "olb-hand-title" }, `${nameOf(players, seat)}'s hand`),
      result.hands[seat].length ? cardRow(result.hands[seat], { className: "small" }) : element("span", { class: "muted" }, "empty")))) : null);
}

/** Scores by round and the game's totals (the round being played as "now"). */
export function scoreTable(view, players, { id = null, now = true } = {}) {
  const winners = view.outcome?.winners ?? [];
  const playing = now && view.phase !== "over";
  return element("table", { class: "scoring olb-scores", id },
    element("thead", {}, element("tr", {}, element("th", {}, ""), ...players.map((_p, seat) =>
      element("th", { class: "points" }, `${winners.includes(seat) ? "★ " : ""}${nameOf(players, seat)}`)))),
    element("tbody", {},
      ...view.results.map((result, index) => element("tr", {}, element("th", {}, `Round ${index + 1}`),
        ...result.final.map((points) => element("td", { class: "points" }, String(points))))),
      playing ? element("tr", { class: "olb-now" }, element("th", {}, `Round ${view.round} (now)`),
        ...view.scores.map((points) => element("td", { class: "points" }, String(points)))) : null),
    element("tfoot", {}, element("tr", {}, element("th", {}, "Total"), ...view.totals.map((total, seat) =>
      element("td", { class: "points olb-total", "data-seat": seat }, element("strong", {}, String(total + (playing ? view.scores[seat] : 0))))))));
}
