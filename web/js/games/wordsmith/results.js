// Wordsmith's challenges' results: each challenge's checked sheets, and the scores by challenge.
import { element, plural, does } from "../../ui.js";
import { scoreLine } from "./text.js";
import { resultSheet } from "./sheet.js";

const ENDED = {
  "“Done!” and the last words claimed": "“Done!”, and the last words are in",
};

/** A challenge's result; view: the game's, for the running scores (null: none shown), and
 * shape (the view's by default) for the sheets' numbers. */
export function resultElement(result, players, view, { ids = true, shape = view } = {}) {
  const scores = result.sheets.map((sheet) => sheet.score);
  const best = Math.max(...scores);
  const top = players.filter((_p, seat) => scores[seat] === best).map((p) => p.name);
  const verdict = players.length === 1 ? `Challenge ${result.challenge}: ${plural(best, "point")}.`
    : `Challenge ${result.challenge}: ${top.length > 1 ? `${top.join(" and ")} score` : does(top[0], "scores")} most, ${best} points.`;
  const refused = result.sheets.some((sheet) => sheet.rows.some((row) => row.refusal));
  return element("div", { class: "round-result ws-result", id: ids ? "round-result" : null, "data-challenge": result.challenge },
    element("p", { class: "verdict" }, verdict),
    element("p", { class: "hint" }, `It ended: ${ENDED[result.ended] ?? result.ended}.${refused ? " Words the table would have refused score 0 (Secret Wordsmith)." : ""}`),
    element("div", { class: "ws-sheets" }, ...players.map((player, seat) => resultSheet(result, seat, { shape,
      caption: `${player.name}${result.done_by === seat ? " · Done!" : ""}`, small: true, id: ids ? `ws-result-sheet-${seat}` : null }))),
    view && view.results.length > 1 ? element("p", { class: "ws-running" }, `After ${plural(view.results.length, "challenge")}: ${scoreLine(view, players)}.`) : null);
}

/** Scores by challenge and the game's totals, the winners marked. */
export function scoreTable(view, players) {
  const winners = view.outcome?.winners ?? [];
  return element("table", { class: "scoring ws-scores", id: "ws-scores" },
    element("thead", {}, element("tr", {}, element("th", {}, "Player"),
      ...view.results.map((result) => element("th", { class: "points" }, `Ch. ${result.challenge}`)), element("th", { class: "points" }, "Total"))),
    element("tbody", {}, ...players.map((player, seat) => element("tr", { class: winners.includes(seat) ? "winner" : "", "data-seat": seat },
      element("th", {}, `${winners.includes(seat) ? "★ " : ""}${player.name}`),
      ...view.results.map((result) => element("td", { class: "points" }, String(result.sheets[seat].score))),
      element("td", { class: "points ws-game-total" }, element("strong", {}, String(view.totals[seat])))))));
}
