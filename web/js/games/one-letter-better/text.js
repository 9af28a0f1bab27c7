// How One Letter Better's screens write things (words in capitals, signed scores, players' and
// cards' names), and the rules' numbers they state. Python holds the rules
// (games/one_letter_better/rules.py): these numbers only phrase them.

export const TURN_HAND = 8;
export const MAX_DISCARD = 4;
export const MAX_STEALS = 3;
export const DEFAULT_BONUS = 5;
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
