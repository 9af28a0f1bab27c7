// What Wordsmith's screens say of a view: words in capitals, which challenge it is, the scores in
// a line, and each player's line in the side panel (also under the others' names in the race).
// Python holds the rules (games/wordsmith/rules.py), and the view the sheet's numbers (rows,
// boxes, free_boxes).

export const upper = (text) => String(text).toUpperCase();

// Word by Word (Python's option word_by_word): "plain" claims in step with the own die, "dice"
// rolls three dice for everyone before each word; in either, view.word_round counts the words.
export const inStep = (view) => view.word_round !== null && view.word_round !== undefined;
export const dicePerWord = (view) => view.options.word_by_word === "dice";

export const challengeText = (view) => `Challenge ${view.challenge} of ${view.challenges}`;
export const scoreLine = (view, players) => players.map((p, seat) => `${p.name} ${view.totals[seat]}`).join(", ");

const FINISHED = { "six words": "six words", stopped: "stopped", "no word possible": "no word left", "claimed the last word after “Done!”": "last word in" };

export function seatStatus(view, seat) {
  const player = view.players[seat];
  const total = view.totals[seat];
  if (view.phase === "over") return { text: `${total} points`, out: false, acting: false };
  // The points of the sheet on screen (Python's count), and the game's so far after challenge 1.
  const sheet = `${player.score ?? "?"} pts`;
  const earlier = !view.results.length ? "" : player.score === null ? ` (${total} before)` : ` (${total + player.score} in all)`;
  const parts = [`${sheet}${earlier}`, `${player.words}/${view.rows} words`];
  if (view.done_by === seat) parts.push("Done!");
  else if (player.finished) parts.push(FINISHED[player.finished] ?? player.finished);
  else if (player.waiting) parts.push("waiting");
  else if (player.picks) parts.push("choosing a piece");
  return { text: parts.join(" · "), out: false, acting: view.waiting_for.includes(seat) };
}
