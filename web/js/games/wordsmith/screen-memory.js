// What Wordsmith's race screen keeps between redraws (someone else's move redraws the race): per
// seat, the row chosen, the last message, the pool last seen (to show what a roll added), the tab
// shown. It lasts as long as one challenge of one game.

const memory = new Map();
let remembered = null;
export const memo = (seat) => {
  if (!memory.has(seat)) memory.set(seat, {});
  return memory.get(seat);
};
export function remember(view) {
  const key = JSON.stringify([view.options, view.setup, view.challenge, view.results.length]);
  if (key !== remembered) memory.clear();
  remembered = key;
}
