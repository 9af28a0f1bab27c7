"""Wordsmith's alphabet: which pieces build each character, in one data table.

Four kinds of pieces: red = long straight, yellow = short straight, blue = big arc, green =
small U-shaped arc. Every character has exactly one construction.

Known constructions (the game's rules and reviews, see GAMES.md): A, H = 2 long + 1 short;
M, W = 2 long + 2 short; L, T = 1 long + 1 short; F, K, Z = 1 long + 2 short; E = 1 long +
3 short; I = 1 long; R = 1 long + 1 short + 1 small arc; U = 1 small arc + 2 short.

DECISION, the others (no list is public): each is drawn from its own pieces so that it looks
like the letter — B a long stem and two small bumps, C a big arc, D a stem and a big arc, G a
big arc and its short bar, J a stem with a small hook, N three long strokes, O two big arcs,
P a stem and a small bump, Q an O and a short tail, S two small arcs, V and X two long
strokes, Y a long stem and two short arms, the hyphen and the apostrophe one short stroke.
The rules' own example agrees: BAG and CAST are both built from the same 8 pieces (3 red,
2 yellow, 1 blue, 2 green).
"""

from __future__ import annotations

KINDS = ("red", "yellow", "blue", "green")
Pieces = tuple[int, int, int, int]  # red, yellow, blue, green

ALPHABET: dict[str, Pieces] = {
    "a": (2, 1, 0, 0), "b": (1, 0, 0, 2), "c": (0, 0, 1, 0), "d": (1, 0, 1, 0), "e": (1, 3, 0, 0),
    "f": (1, 2, 0, 0), "g": (0, 1, 1, 0), "h": (2, 1, 0, 0), "i": (1, 0, 0, 0), "j": (1, 0, 0, 1),
    "k": (1, 2, 0, 0), "l": (1, 1, 0, 0), "m": (2, 2, 0, 0), "n": (3, 0, 0, 0), "o": (0, 0, 2, 0),
    "p": (1, 0, 0, 1), "q": (0, 1, 2, 0), "r": (1, 1, 0, 1), "s": (0, 0, 0, 2), "t": (1, 1, 0, 0),
    "u": (0, 2, 0, 1), "v": (2, 0, 0, 0), "w": (2, 2, 0, 0), "x": (2, 0, 0, 0), "y": (1, 2, 0, 0),
    "z": (1, 2, 0, 0), "-": (0, 1, 0, 0), "'": (0, 1, 0, 0),
}


def pieces_of(word: str) -> Pieces | None:
    """The pieces a word takes (None when a character has no construction)."""
    total = [0, 0, 0, 0]
    for char in word:
        cost = ALPHABET.get(char)
        if cost is None:
            return None
        for kind in range(4):
            total[kind] += cost[kind]
    return (total[0], total[1], total[2], total[3])


def alphabet_json() -> dict[str, dict[str, int]]:
    return {char: dict(zip(KINDS, cost)) for char, cost in ALPHABET.items()}
