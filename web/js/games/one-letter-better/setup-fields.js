// One Letter Better's part of the new-game form.
import { element } from "../../ui.js";

/** Rounds, the target, who checks the words, family scoring, a per-player bonus (handicap),
 * and for one player whether the discard pile counts against them. */
export function setupFields(container, { players, info } = {}) {
  const option = (name) => info?.options?.find((o) => o.name === name) ?? {};
  const usualBonus = option("bonus").each; // what every player gets without a handicap (Python's)
  const defaultFor = (name, count) => option(name).by_players?.[count] ?? option(name).default;
  const rounds = element("input", { type: "number", id: "olb-rounds", min: option("rounds").minimum ?? 1, max: option("rounds").maximum ?? 8,
    value: defaultFor("rounds", players?.() ?? 2), inputmode: "numeric" });
  const target = element("input", { type: "number", id: "olb-target", min: option("target").minimum ?? 0, max: option("target").maximum ?? 500,
    step: 5, value: defaultFor("target", players?.() ?? 2), inputmode: "numeric" });
  const touched = { rounds: false, target: false };
  rounds.addEventListener("input", () => { touched.rounds = true; });
  target.addEventListener("input", () => { touched.target = true; });
  const byApp = element("input", { type: "radio", name: "olb-judge", id: "olb-judge-app", value: "app", checked: option("judge").default !== "players" });
  const byPlayers = element("input", { type: "radio", name: "olb-judge", id: "olb-judge-players", value: "players", checked: option("judge").default === "players" });
  const family = element("input", { type: "checkbox", id: "olb-family", checked: Boolean(option("family").default) });
  const handicap = element("input", { type: "checkbox", id: "olb-handicap" });
  const bonusList = element("div", { class: "olb-bonus-list", id: "olb-bonus-list", hidden: true });
  let bonusInputs = [];
  const soloPile = element("input", { type: "checkbox", id: "olb-solo-pile", checked: Boolean(option("solo_pile").default) });
  const check = (input, label, line) => element("label", { class: "check", for: input.id }, input,
    element("span", {}, label, line ? element("br") : null, line ? element("span", { class: "muted" }, line) : null));
  const many = element("div", { class: "olb-many" },
    element("label", { for: "olb-target" }, "Points that win a round"),
    element("div", { class: "row" }, target, element("span", { class: "muted" }, "0 = no target: each round is played to the end of the deck")),
    element("fieldset", { class: "olb-judge" }, element("legend", {}, "Who checks the words"),
      check(byApp, "The app checks each word", "A word not in the dictionary is refused at once."),
      check(byPlayers, "Players decide, with challenges", "Words are not checked: after each play the others accept it or challenge it, and only a challenge looks it up.")),
    check(family, "Family scoring", "A stolen word's points stay with its owner too."),
    check(handicap, "A different bonus per player (handicap)", `Each card above three in a word earns ${usualBonus} points; give a stronger player fewer.`),
    bonusList);
  const solo = element("div", { class: "olb-solo", id: "olb-solo", hidden: true },
    element("p", { class: "hint" }, "Alone, you play through the whole deck and try to beat your best score for this variant (kept on this device). STL-1 cards are left out and every word is checked."),
    check(soloPile, "Harder: the discard pile counts against you too", "At the end, the pile's points are taken off as well as your hand's."));
  const drawBonus = (count) => {
    const before = bonusInputs.map((input) => input.value);
    bonusInputs = [...Array(count).keys()].map((seat) => element("input", { type: "number", min: option("bonus").minimum,
      max: option("bonus").maximum, value: before[seat] ?? usualBonus, id: `olb-bonus-${seat}`, inputmode: "numeric" }));
    bonusList.replaceChildren(...bonusInputs.map((input, seat) => element("label", { for: input.id, class: "olb-bonus-row" },
      `Player ${seat + 1}: points per card above three `, input)));
  };
  const refresh = (count = players?.() ?? 2) => {
    if (!touched.rounds) rounds.value = defaultFor("rounds", count);
    if (!touched.target) target.value = defaultFor("target", count);
    many.hidden = count === 1;
    solo.hidden = count !== 1;
    bonusList.hidden = !handicap.checked || count === 1;
    if (bonusInputs.length !== count) drawBonus(count);
  };
  handicap.addEventListener("change", () => refresh());
  container.replaceChildren(element("fieldset", { class: "olb-setup" }, element("legend", {}, "Game"),
    element("label", { for: "olb-rounds" }, "Rounds"), rounds, many, solo,
    element("p", { class: "hint" }, element("a", { href: "how-to-play/one-letter-better.html", target: "_blank", rel: "noopener" }, "How to play One Letter Better"))));
  refresh();
  return {
    playersChanged: (count) => refresh(count),
    read: () => {
      const count = players?.() ?? 2;
      return {
        rounds: Math.min(8, Math.max(1, Math.round(Number(rounds.value)) || 1)),
        target: count === 1 ? 0 : Math.min(500, Math.max(0, Math.round(Number(target.value) || 0))),
        judge: count > 1 && byPlayers.checked ? "players" : "app",
        family: count > 1 && family.checked,
        bonus: count > 1 && handicap.checked ? bonusInputs.map((input) => Math.min(option("bonus").maximum, Math.max(option("bonus").minimum, Math.round(Number(input.value) || 0)))) : [],
        solo_pile: count === 1 && soloPile.checked,
      };
    },
  };
}
