// Wordsmith's part of the new-game form.
import { element, plural } from "../../ui.js";

/**
 * How words are claimed (the race, or Word by Word in either reading of the printed rules), the
 * variants as checkboxes with a line each, where the required letters come from (Advanced), how
 * many challenges, and crossed-out discard boxes per player (mixed levels). With two or more
 * people on one device the game is Word by Word: a race does not fit one screen.
 */
export function setupFields(container, { players, people = () => 1, info } = {}) {
  const defaults = Object.fromEntries((info?.options ?? []).map((option) => [option.name, option.default]));
  // At most the white boxes can be crossed out: Python's option says how many.
  const mostCrossed = (info?.options ?? []).find((option) => option.name === "crossed")?.maximum ?? 0;
  const check = (idText, on, label, line) => {
    const input = element("input", { type: "checkbox", id: idText, checked: Boolean(on) });
    return [input, element("label", { class: "check", for: idText }, input,
      element("span", {}, element("strong", {}, label), element("br"), element("span", { class: "muted" }, line)))];
  };
  const challenges = element("select", { id: "ws-challenges" },
    ...[1, 2, 3].map((n) => element("option", { value: n, selected: n === (defaults.challenges ?? 3) }, plural(n, "challenge"))));
  const [secret, secretLabel] = check("ws-secret", defaults.secret, "Secret Wordsmith",
    "Nobody sees the others' words; words are checked only at the end of each challenge, and a bad one scores 0.");
  // The reading of Word by Word (Python's choices). The advanced one keeps the id of the old
  // Word by Word checkbox, so a form remembered from before opens with the game it played.
  const radio = (idText, value, label, line) => {
    const input = element("input", { type: "radio", name: "ws-claiming", id: idText, value, checked: (defaults.word_by_word ?? "off") === value });
    return [input, element("label", { class: "check", for: idText }, input,
      element("span", {}, element("strong", {}, label), element("br"), element("span", { class: "muted" }, line)))];
  };
  const [race, raceLabel] = radio("ws-race", "off", "The race",
    "Everyone at once: claim your words as fast as you find them, rolling your own die for pieces.");
  const [plain, plainLabel] = radio("ws-word-by-word-plain", "plain", "Word by Word",
    "Everyone claims one word, then waits until all have claimed theirs; pieces come from your own die as in the race.");
  const [dice, diceLabel] = radio("ws-word-by-word", "dice", "Word by Word, advanced (3 dice a word)",
    "Before each word three dice are rolled for everyone, stars become circles, no own die; everyone claims one word (or passes).");
  const claiming = element("fieldset", { class: "ws-claiming", id: "ws-claiming" },
    element("legend", {}, "How words are claimed"), raceLabel, plainLabel, diceLabel);
  const oneDevice = element("p", { class: "hint ws-one-device", id: "ws-one-device", hidden: true },
    "Several people share this device, so the game is Word by Word: each of you claims one word in turn, the order changing every word. A race does not fit one screen.");
  const [advanced, advancedLabel] = check("ws-advanced", defaults.advanced, "Advanced",
    "Each of the six rows has a required letter that its word must contain.");
  const fromWord = element("input", { type: "radio", name: "ws-required-from", id: "ws-from-word", value: "word", checked: defaults.required_from !== "random" });
  const fromRandom = element("input", { type: "radio", name: "ws-required-from", id: "ws-from-random", value: "random", checked: defaults.required_from === "random" });
  const requiredFrom = element("div", { class: "ws-suboption", id: "ws-required-from" },
    element("label", { class: "check" }, fromWord, " Required letters spell a six-letter word"),
    element("label", { class: "check" }, fromRandom, " Six random letters (common letters more often)"));
  const [mixed, mixedLabel] = check("ws-mixed", (defaults.crossed ?? []).length > 0, "Mixed levels",
    "Give a stronger player fewer discard boxes: cross out up to six of their white boxes.");
  const crossedList = element("div", { class: "ws-suboption ws-crossed", id: "ws-crossed" });
  let crossedInputs = [];
  const solo = element("p", { class: "hint", id: "ws-solo", hidden: true },
    "Alone, you play to beat yourself: your best score for each variant is kept on this device.");

  const drawCrossed = (count) => {
    const before = crossedInputs.map((input) => input.value);
    crossedInputs = [...Array(count).keys()].map((seat) => element("input", { type: "number", min: 0, max: mostCrossed, value: before[seat] ?? 0,
      id: `ws-crossed-${seat}`, inputmode: "numeric" }));
    crossedList.replaceChildren(...crossedInputs.map((input, seat) => element("label", { for: input.id, class: "ws-crossed-row" },
      `Player ${seat + 1}: white boxes crossed out `, input)));
  };
  const refresh = (count = players?.() ?? 1) => {
    const shared = (people?.() ?? 1) >= 2;
    race.disabled = shared;
    if (shared && race.checked) dice.checked = true;
    oneDevice.hidden = !shared;
    requiredFrom.hidden = !advanced.checked;
    crossedList.hidden = !mixed.checked;
    solo.hidden = count !== 1;
    if (crossedInputs.length !== count) drawCrossed(count);
  };
  advanced.addEventListener("change", () => refresh());
  mixed.addEventListener("change", () => refresh());
  container.replaceChildren(element("fieldset", { class: "ws-setup" }, element("legend", {}, "Game"),
    element("label", { for: "ws-challenges" }, "How long"), challenges,
    claiming, oneDevice, secretLabel, advancedLabel, requiredFrom, mixedLabel, crossedList, solo,
    element("p", { class: "hint" }, element("a", { href: "how-to-play/wordsmith.html", target: "_blank", rel: "noopener" }, "How to play Wordsmith"),
      " · the alphabet of pieces is on every screen of the game.")));
  refresh();
  return {
    playersChanged: (count) => refresh(count),
    read: () => ({
      challenges: Number(challenges.value),
      secret: secret.checked,
      word_by_word: plain.checked ? "plain" : dice.checked || (people?.() ?? 1) >= 2 ? "dice" : "off",
      advanced: advanced.checked,
      required_from: fromRandom.checked ? "random" : "word",
      crossed: mixed.checked ? crossedInputs.map((input) => Math.min(mostCrossed, Math.max(0, Math.round(Number(input.value) || 0)))) : [],
    }),
  };
}
