// Shrdlu in the browser: the spread of cards, typing answers, "shrdlu!" calls, the countdown,
// buzz keys for people sharing one device, and each round's result. Python decides every call.
import { element, button, scoreAgainst, does, isYou, toPlayer } from "../../ui.js";

export const id = "shrdlu";
// The bot levels in a player's words (the new-game form shows those in play).
export const botLevels = {
  easy: "finds about a third of the words a spread allows, and takes its time: a gentle opponent.",
  medium: "finds about two words in three, at a steady pace. It beats the easy bot nearly every game.",
  hard: "finds every word a spread allows, and quickly. It beats the medium bot nearly every game: a real race.",
};
export const historyTitle = "Rounds";
export const BUZZ_KEYS = ["a", "l", "z", "m", "q", "p", "v", "n"];
// A first race is winnable: an easy bot at Gentle speed takes half a minute or more per word
// (a medium bot at Normal answers in under 8 s, before a newcomer has read the cards).
export const firstGame = { bot: "easy", speed: "2100" };

// Short faces for the constraint cards, readable at a glance on a phone; the full rule is on
// the card too (and in the how-to-play page).
const FACES = {
  adjacent: ["A↔B", "adjacent to another letter"],
  earliest: ["A…", "no letter of the word comes before it in the alphabet"],
  later: ["↗", "later than the previous letter"],
  "repeat-final-3": ["↺3", "the same as one of the word's last 3 letters"],
  "only-1": ["×1", "only one of this letter"],
  "repeat-any": ["↺", "repeats another letter"],
  "*": ["*", "any letter"],
  "*6": ["*", "any letter · and a sixth card is dealt"],
};

const upper = (text) => text.toUpperCase();

export function setupFields(container) {
  container.replaceChildren(element("p", { class: "hint" },
    "A race: everyone hunts for a word at once. Alone, you practise without a clock and see the answers after each round. With friends on one device, each player has a buzz key."));
  return { playersChanged: () => {}, read: () => ({}) };
}

/** The result to share: cards won against the best of the others. */
export const resultLine = (view, seat) => scoreAgainst(view.cards_won, seat, "card");

export function summary(view, players) {
  return `Round ${view.round}${view.tiebreak ? " (tiebreak)" : ""} · ${scoreLine(view, players)}`;
}

export const scoresLine = (view, players) => scoreLine(view, players);

function scoreLine(view, players) {
  return players.map((p, seat) => `${p.name} ${view.cards_won[seat]}`).join(", ");
}

export function seatStatus(view, seat) {
  const cards = view.cards_won[seat];
  const parts = [`${cards} card${cards === 1 ? "" : "s"}`];
  if (view.caller === seat) parts.push("called shrdlu!");
  if (view.tiebreak && !view.players_in.includes(seat)) parts.push("watching");
  return { text: parts.join(" · "), out: false, acting: view.caller === seat };
}

export function headline(view) {
  if (view.tiebreak) return "Tiebreak round";
  return `Round ${view.round} of ${view.rounds}`;
}

export function historyList(view, players) {
  if (!view.results.length) return element("p", { class: "muted" }, "No round played yet.");
  return element("ol", { class: "word-history", tabindex: 0, "aria-label": "Rounds" }, ...view.results.map((result) =>
    element("li", {}, roundLine(result, players))));
}

function roundLine(result, players) {
  const winner = result.winner === null ? null : players[result.winner].name;
  if (result.how === "word") return `${winner}: ${upper(result.word)}`;
  if (result.how === "pass") return "passed";
  if (result.winner === null) return `shrdlu! was wrong (${result.count} words)`;
  return `${winner}: shrdlu!${result.count ? " (time ran out)" : ""}`;
}

// -- the cards ------------------------------------------------------------------------------

/** A card; small cards (results, cards won, the replay) put five letters on two lines too. */
export function cardElement(card, position, { broken = false, small = false } = {}) {
  const split = card.letters && card.letters.length > (small ? 4 : 5);
  const [face, label] = card.letters
    ? [split ? `${upper(card.letters.slice(0, 3))}\n${upper(card.letters.slice(3))}` : upper(card.letters), "one of these letters"]
    : FACES[card.id];
  return element("li", { class: `card${card.letters ? " letters" : ""}${broken ? " broken" : ""}`, "data-card": card.id,
    title: `${card.title}: ${card.rule}`, "aria-label": `Card ${position + 1}: ${card.title}. ${card.rule}` },
  element("span", { class: "card-number" }, String(position + 1)),
  element("span", { class: "card-face" }, face),
  element("span", { class: "card-label" }, label));
}

function spreadElement(view, brokenPosition = null) {
  return element("ol", { class: "spread", id: "spread", style: `--cards: ${view.spread.length}`, "data-cards": view.spread.length,
    "aria-label": `${view.spread.length} cards: a ${view.spread.length}-letter word` },
    ...view.spread.map((card, i) => cardElement(card, i, { broken: i === brokenPosition })));
}

// -- the race -------------------------------------------------------------------------------

/**
 * The table during a round. ctx: {players, humans, send(seat, move), secondsLeft()}; after a
 * call the table's clock (view.deadline) ends the round when nobody found a word in time.
 * One person: an answer box always ready. Several: each has a buzz key, then types.
 */
export function raceScreen(view, ctx) {
  const { players, humans } = ctx;
  const solo = view.options.players === 1;
  const message = element("output", { id: "shrdlu-message", "aria-live": "polite" });
  const spread = spreadElement(view);
  const playing = humans.filter((seat) => view.players_in.includes(seat));
  let answering = playing.length === 1 ? playing[0] : null;
  const input = element("input", { id: "shrdlu-word", maxlength: view.spread.length, autocomplete: "off", autocapitalize: "none",
    spellcheck: "false", placeholder: `${view.spread.length} letters`, "aria-label": "Your word", "data-next": true });
  const who = element("label", { for: "shrdlu-word", id: "shrdlu-who" });
  const form = element("form", { class: "answer", id: "shrdlu-answer" }, who,
    element("div", { class: "row" }, input, element("button", { type: "submit", class: "button primary", id: "shrdlu-submit", "data-next": true }, "Answer")));
  const say = (text, bad = true) => {
    message.className = bad ? "bad" : "";
    message.textContent = text;
  };
  const showAnswerFor = (seat) => {
    answering = seat;
    form.hidden = seat === null || seat === view.caller;
    who.textContent = seat === null ? "" : toPlayer(players[seat].name, "your word");
    if (!form.hidden) setTimeout(() => input.focus());
  };
  // A refusal is about the word that was sent: typing again clears it and its broken card.
  input.addEventListener("input", () => {
    say("", false);
    for (const card of spread.children) card.classList.remove("broken");
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (answering === null) return;
    const word = input.value.trim().toLowerCase();
    if (!word) return;
    try {
      await ctx.send(answering, { type: "claim", word });
    } catch (error) {
      say(error.message);
      const match = /^Letter (\d+)/.exec(error.message);
      for (const [i, card] of [...spread.children].entries()) card.classList.toggle("broken", Boolean(match) && i === Number(match[1]) - 1);
      input.select();
    }
  });

  const controls = element("div", { class: "row race-controls" });
  if (playing.length > 1) {
    for (const seat of playing) {
      const key = BUZZ_KEYS[seat];
      controls.append(button(`${players[seat].name}: buzz (${upper(key)})`, () => showAnswerFor(seat),
        { "data-buzz": seat, disabled: seat === view.caller, "data-next": true }));
    }
  }
  if (view.caller === null) {
    for (const seat of playing) {
      const label = solo ? "Shrdlu! (no word fits)" : playing.length > 1 ? `${players[seat].name}: shrdlu!` : "Shrdlu!";
      controls.append(button(label, () => ctx.send(seat, { type: "shrdlu" }).catch((error) => say(error.message)),
        { "data-shrdlu": seat, id: playing.length === 1 ? "shrdlu-call" : null }));
    }
  }
  if (solo) controls.append(button("Show the answers (pass)", () => ctx.send(playing[0], { type: "pass" }), { id: "shrdlu-pass" }));
  const callHint = view.caller === null && !solo && playing.length
    ? element("p", { class: "hint", id: "shrdlu-call-hint" },
      `No word fits? Call shrdlu!: if none exists you win the round at once; if one does, the others get ${view.countdown_s} seconds to find it, and if nobody does, you win.`)
    : null;

  const parts = [spread];
  if (view.phase === "countdown") {
    const bar = element("div", { class: "countdown", id: "countdown", role: "timer", "aria-live": "off" },
      element("span", { class: "countdown-text" }), element("span", { class: "countdown-fill" }));
    const tick = () => {
      const left = ctx.secondsLeft() ?? 0;
      bar.querySelector(".countdown-text").textContent =
        `${players[view.caller].name} called shrdlu! ${Math.ceil(left)} s left to find a word`;
      bar.querySelector(".countdown-fill").style.width = `${(100 * left) / view.countdown_s}%`;
      if (left > 0 && bar.isConnected) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    parts.push(bar);
  }
  parts.push(form, controls, callHint, message, roundClock(view, ctx));
  if (playing.length > 1) {
    parts.push(element("p", { class: "hint" }, "Buzz first (button or key), then type your word."));
  } else if (!playing.length) {
    parts.push(element("p", { class: "hint" }, "The tied players play the tiebreak round."));
  }
  const screen = element("div", { class: "race" }, ...parts);
  screen.buzz = (key) => {
    const seat = playing.find((s) => BUZZ_KEYS[s] === key);
    if (seat !== undefined && seat !== view.caller) showAnswerFor(seat);
  };
  showAnswerFor(answering);
  return screen;
}

/** The round's clock, and who else is hunting for a word (bots, or friends at other devices). */
function roundClock(view, { players, humans, elapsed }) {
  const others = view.players_in.filter((seat) => !humans.includes(seat) && seat !== view.caller).map((seat) => players[seat].name);
  const time = element("span", { id: "shrdlu-clock", role: "timer", "aria-live": "off" });
  const hunting = others.length
    ? element("span", { id: "shrdlu-hunting", class: "hunting" }, `${others.join(" and ")} ${others.length > 1 ? "are" : "is"} hunting for a word`)
    : null;
  const line = element("p", { class: "hint round-clock" }, time, hunting ? " · " : null, hunting);
  const tick = () => {
    if (!line.isConnected && line.dataset.shown) return; // the next view drew its own
    line.dataset.shown = "1";
    const seconds = Math.floor(elapsed?.() ?? 0);
    time.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} into the round`;
    setTimeout(tick, 1000 - ((elapsed?.() ?? 0) % 1) * 1000);
  };
  tick();
  return line;
}

export function roundsPlayed(view) {
  return view.results.length;
}

export function roundHeadline(view) {
  return view.tiebreak && view.phase === "over" ? "Tiebreak: the result" : `Round ${view.results.length}: the result`;
}

/** The round just played: who won it and how, and words that would have fitted. */
export function roundResult(view, players) {
  return resultElement(view.results.at(-1), players);
}

function resultElement(result, players, { ids = true } = {}) {
  const winner = result.winner === null ? null : players[result.winner].name;
  const caller = result.caller === null ? null : players[result.caller].name;
  let verdict;
  if (result.how === "word") verdict = `${does(winner, "wins")} the round with ${upper(result.word)}${caller ? ` (${caller} had called shrdlu!)` : ""}.`;
  else if (result.how === "pass") verdict = "You passed this round.";
  else if (result.winner === null) verdict = `${caller} called shrdlu!, but words fit.`;
  else if (result.count === 0) verdict = `${winner} called shrdlu! and ${isYou(winner) ? "were" : "was"} right: no word fits.`;
  else verdict = `${winner} called shrdlu! and nobody found a word in time.`;
  const words = result.count
    ? `${result.count} word${result.count === 1 ? "" : "s"} fitted, for example: ${result.examples.map(upper).join(", ")}.`
    : "No word in the dictionary fits these cards.";
  return element("div", { class: "round-result", id: ids ? "round-result" : null },
    element("p", { class: "verdict" }, verdict),
    element("ol", { class: "spread small", style: `--cards: ${result.spread.length}` }, ...result.spread.map((card, i) => cardElement(card, i, { small: true }))),
    element("p", { class: "hint", id: ids ? "round-words" : null }, words));
}

// -- after the game -------------------------------------------------------------------------

const cardsText = (count) => `${count} card${count === 1 ? "" : "s"}`;

/** Each player's cards: the leftmost card of every round they won. marked: a seat to mark. */
function cardsWon(view, players, marked = null) {
  return element("ul", { class: "seats cards-won" }, ...players.map((player, seat) => {
    const won = view.results.filter((result) => result.winner === seat).map((result) => result.spread[0]);
    return element("li", { class: `seat${seat === marked ? " marked" : ""}`, "data-seat": seat },
      element("span", { class: "seat-name" }, player.name),
      element("span", { class: "seat-status" }, cardsText(view.cards_won[seat])),
      won.length ? element("ol", { class: "spread small won", style: `--cards: ${won.length}`, "aria-label": `${player.name}'s cards` },
        ...won.map((card, i) => cardElement(card, i, { small: true }))) : null);
  }));
}

export function finalScreen(view, players) {
  return element("div", { class: "scoreboard" }, cardsWon(view, players));
}

/** A card of the deck, which a replay frame lists by id only. */
function deckCard(cardId) {
  const [face, label] = FACES[cardId] ?? [upper(cardId), "one of these letters"];
  return { id: cardId, letters: FACES[cardId] ? null : cardId, title: face, rule: label };
}

/** A replay step: the round's result when the step ended one, the spread on the table (with a
 * call's caller), the cards each player has won, and the deck's secret order. */
export function replayBoard(frame, players, { move = null, seat = null } = {}) {
  const parts = [];
  const endedRound = move !== null && frame.phase !== "countdown" && frame.results.length > 0;
  if (endedRound) parts.push(resultElement(frame.results.at(-1), players, { ids: false }));
  if (frame.phase !== "over") {
    parts.push(element("p", { class: "replay-round" }, frame.tiebreak ? "Tiebreak round" : `Round ${frame.round} of ${frame.rounds}`),
      element("ol", { class: "spread small", style: `--cards: ${frame.spread.length}`, "aria-label": `The spread: ${frame.spread.length} cards` },
        ...frame.spread.map((card, i) => cardElement(card, i, { small: true }))));
    if (frame.caller !== null) parts.push(element("p", { class: "hint" }, `${players[frame.caller].name} called shrdlu!`));
  }
  parts.push(element("p", { class: "hint" }, "Cards won:"), cardsWon(frame, players, seat));
  if (frame.deck?.length) {
    parts.push(element("p", { class: "hint" }, `The deck, in the order the cards would come (${frame.deck.length}):`),
      element("ol", { class: "spread small deck", style: `--cards: ${Math.min(frame.deck.length, 10)}` },
        ...frame.deck.map((cardId, i) => cardElement(deckCard(cardId), i, { small: true }))));
  }
  return element("div", { class: "shrdlu-replay" }, ...parts);
}
