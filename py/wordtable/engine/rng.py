"""Seeded randomness that gives the same numbers on CPython and in Pyodide, and the shared
randomness of online games.

random.Random (Mersenne Twister) is specified bit for bit; seeding with a string hashes it
with SHA-512, independent of PYTHONHASHSEED. Tests pin a few values so a change is noticed.

A game's rules draw through rng_for(state.seed, purpose…) and never look inside the seed. On
one device the seed is a number. Online it is a SharedSeed: each purpose is a random event
whose value every player contributes to by commit and reveal (engine.shared_random), so no
player, the host included, can choose or foresee it. The rules cannot tell the difference.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from wordtable.engine.errors import RecordMismatch


class NeedRandomness(Exception):
    """The rules asked for a random event an online table has not drawn yet: the table runs
    the event's reveal round, then computes the same thing again."""

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label


def action_mark(index: int, seat: int | None, move: Any) -> str:
    """What an event is bound to: the record's move that made the rules draw it (index: its
    place in the record; -1, seat None and move None for the game's start). Revealing a value
    for this mark only, the host cannot see it and then choose another move that draws it."""
    text = json.dumps([index, seat, move], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


START_MARK = action_mark(-1, None, None)


class SharedSeed:
    """The randomness of one online game: its drawn events, in the order the rules drew them.

    An event's label is its purpose and the action_mark of the move that first drew it: `after`
    is set to that mark before each move is applied. A purpose drawn again later gets the same
    value (as with a numbered seed); a new one must be the record's next event, or, past the
    record's end, raises NeedRandomness."""

    def __init__(self, public: str, events: list[tuple[str, str]] = ()):
        self.public = public  # known to every player from the start: for draws that decide nothing
        self.events = list(events)  # (label, value), in the order drawn
        self.used = 0
        self.drawn: dict[str, str] = {}  # purpose -> value, for the events used so far
        self.after = START_MARK

    def __eq__(self, other: object) -> bool:  # states that hold it compare by what was drawn
        return isinstance(other, SharedSeed) and (self.public, self.events) == (other.public, other.events)

    def __hash__(self) -> int:
        return hash(self.public)

    def add(self, label: str, value: str) -> None:
        """A finished event (the one the last NeedRandomness asked for)."""
        self.events.append((label, value))

    def value(self, purpose: tuple[object, ...]) -> str:
        key = ":".join(map(str, purpose))
        if key in self.drawn:
            return self.drawn[key]
        label = f"{key}@{self.after}"
        if self.used < len(self.events):
            expected, value = self.events[self.used]
            if expected != label:
                raise RecordMismatch(f"random event {self.used + 1} should be {label!r}, "
                                     f"but the record has {expected!r}")
            self.used += 1
            self.drawn[key] = value
            return value
        raise NeedRandomness(label)

    def unused(self) -> int:
        return len(self.events) - self.used


Seed = int | SharedSeed  # what a game's start gets and its state keeps


def rng_for(seed: int | str | SharedSeed, *purpose: object) -> random.Random:
    """An independent stream for one purpose (say, a bot's choice at move 12)."""
    if isinstance(seed, SharedSeed):
        return random.Random(seed.value(purpose))
    return random.Random(":".join(map(str, (seed, *purpose))))


def cosmetic_rng(seed: int | str | SharedSeed, *purpose: object) -> random.Random:
    """A stream for a choice that decides nothing (which example words to show): online it
    comes from what every player knows at the start, so it needs no reveal round."""
    if isinstance(seed, SharedSeed):
        return random.Random(":".join(map(str, (seed.public, *purpose))))
    return rng_for(seed, *purpose)


def seed_index(seed: int | SharedSeed, count: int, *purpose: object) -> int:
    """A number below count picked by the seed (a numbered seed: its remainder, as games
    saved before online randomness were started with)."""
    if isinstance(seed, SharedSeed):
        return rng_for(seed, *purpose).randrange(count)
    return seed % count
