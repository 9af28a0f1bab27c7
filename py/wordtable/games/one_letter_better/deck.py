"""One Letter Better's deck, in one data table.

The publisher's card list is not public: this deck is ours. What the rules fix (seed 003): the
points T=2, I=1, M=5, E=1, R=2 (from TIME = 2+1+5+1 and the R of TIMER); rarer letters worth
more; multi-letter cards such as ING, ANT, ENT and a blue CH (played like single letters);
green letters (protected words), blue cards (substitution), red cards (inserted anywhere, worth
minus their letter's points: a red T is -2); single and double wild cards; STL-1 cards.

How it was designed:
- Plain letters in about the proportions of English text, so hands spell words: 97 cards,
  E the most common (11), one each of J, K, Q, V, X, Z.
- Points by rarity: a letter more common in the deck is never worth more than a rarer one,
  within the values the rules fix (E, I = 1; T, R = 2; M = 5).
- Multi-letter cards are common English chunks; a card is worth the sum of its letters.
- A few of each colour and special card, so that each shows up about once per round of a
  two-player game: 4 green, 4 blue, 5 red, 3 wild, 1 double wild, 2 STL-1.

Balanced by simulation (bench/one_letter_better_balance.py): with medium bots a round
to 100 points lasted about three turns a player. Lower values, fewer vowels or more multi-letter
cards each lengthen a round by half a turn at most: what makes rounds short is the seed's own
bonus (five points a card above three, fixed by TIME = 14) with hands refilled to eight cards.
So the deck stays as it is and the round's default target was raised instead (Options.target:
175), which gives two or three players five turns each or more and steals in nearly every round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAME_ID = "one-letter-better"

# Letter -> (points, plain cards in the deck).
LETTERS: dict[str, tuple[int, int]] = {
    "e": (1, 11), "a": (1, 8), "i": (1, 7), "o": (1, 7), "t": (2, 7), "n": (2, 6), "r": (2, 6),
    "s": (2, 6), "l": (2, 4), "d": (3, 4), "u": (2, 4), "g": (3, 3), "h": (3, 3), "c": (4, 3),
    "m": (5, 2), "p": (4, 2), "b": (4, 2), "f": (5, 2), "y": (5, 2), "w": (5, 2),
    "k": (6, 1), "v": (6, 1), "j": (8, 1), "x": (8, 1), "q": (10, 1), "z": (10, 1),
}
MULTI = ("ing", "ant", "ent", "er", "ed", "th", "qu", "st")   # plain multi-letter cards, one each
GREEN = ("e", "a", "s", "t")                                  # protected letters
BLUE = ("ch", "sh", "th", "s")                                # substitution cards
RED = ("t", "r", "n", "s", "l")                               # negative, inserted anywhere
WILDS, DOUBLE_WILDS, STEAL_ONES = 3, 1, 2


@dataclass(frozen=True)
class Card:
    id: str              # unique within the deck's kinds, e.g. "t", "ing", "red-t", "blue-ch"
    kind: str            # "letter" (one or more letters), "wild", "double-wild", "steal-one"
    letters: str         # what it spells ("" for wild and STL-1 cards)
    colour: str          # "plain", "green", "blue" or "red"
    points: int
    count: int           # copies in the deck

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "letters": self.letters, "colour": self.colour,
                "points": self.points, "count": self.count}


def letter_points(letters: str) -> int:
    return sum(LETTERS[letter][0] for letter in letters)


def _deck() -> tuple[Card, ...]:
    cards = [Card(letter, "letter", letter, "plain", points, count) for letter, (points, count) in LETTERS.items()]
    cards += [Card(chunk, "letter", chunk, "plain", letter_points(chunk), 1) for chunk in MULTI]
    cards += [Card(f"green-{x}", "letter", x, "green", letter_points(x), 1) for x in GREEN]
    cards += [Card(f"blue-{x}", "letter", x, "blue", letter_points(x), 1) for x in BLUE]
    cards += [Card(f"red-{x}", "letter", x, "red", -letter_points(x), 1) for x in RED]
    cards += [Card("wild", "wild", "", "plain", 0, WILDS), Card("double-wild", "double-wild", "", "plain", 0, DOUBLE_WILDS),
              Card("steal-one", "steal-one", "", "plain", 0, STEAL_ONES)]
    return tuple(cards)


DECK: tuple[Card, ...] = _deck()


def deck_json() -> dict[str, Any]:
    return {"game": GAME_ID, "cards": [card.to_json() for card in DECK], "total": sum(card.count for card in DECK)}
