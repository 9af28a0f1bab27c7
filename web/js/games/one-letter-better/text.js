// How One Letter Better's screens write things (words in capitals, signed scores, players' and
// cards' names). Python holds the rules (games/one_letter_better/rules.py), and the view the
// numbers the screens state (turn_hand, max_discard, max_steals, each seat's bonus).

export const upper = (text) => String(text).toUpperCase();
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
export const nameOf = (players, seat) => players?.[seat]?.name ?? `Player ${seat + 1}`;

/** What a card is called in sentences: "T", "green E", "red R", "wild card", "STL-1". */
export function cardName(card) {
  if (card.kind === "steal-one") return "STL-1";
  if (card.kind === "wild") return "wild card";
  if (card.kind === "double-wild") return "double wild card";
  return `${card.colour === "plain" ? "" : `${card.colour} `}${upper(card.letters)}`;
}
