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
from collections.abc import Iterable
from typing import Any

from wordtable.engine.errors import RecordMismatch


class NeedRandomness(Exception):
    """The rules asked for a random event an online table has not drawn yet: the table runs
    the event's reveal round, then computes the same thing again."""

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label


def action_mark(previous: str, index: int, seat: int, move: Any) -> str:
    """What an event is bound to: the record up to and including the move that made the rules
    draw it (a hash chain: previous is the mark of the move before, START_MARK for the first).
    A value revealed for this mark only, the host cannot see it and then play another move, or
    change or drop an earlier one, without the record's events no longer matching."""
    text = json.dumps([index, seat, move], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((previous + text).encode()).hexdigest()


START_MARK = hashlib.sha256(b"wordtable: the game's start").hexdigest()


class SharedSeed:
    """The randomness of one online game: its drawn events, in the order the rules drew them.

    An event's label is its purpose and the action_mark of the move that first drew it: `after`
    is set to that mark before each move is applied. A purpose drawn again later gets the same
    value (as with a numbered seed); a new one must be the record's next event. Past the
    record's end, a live seed (the host's) raises NeedRandomness, and a record's seed
    RecordMismatch: the record lacks an event its moves draw."""

    def __init__(self, public: str, events: Iterable[tuple[str, str]] = (), live: bool = False, rules: int = 1):
        self.public = public  # known to every player from the start: for draws that decide nothing
        self.rules = rules  # the online rules the table was opened under (engine.shared_random.LEDGER_RULES)
        self.events = list(events)  # (label, value), in the order drawn
        self.live = live
        self.used = 0
        self.drawn: dict[str, str] = {}  # purpose -> value, for the events used so far
        self.after = START_MARK
        self.what_if = False

    def __eq__(self, other: object) -> bool:  # states that hold it compare by what was drawn
        return isinstance(other, SharedSeed) and (self.public, self.events) == (other.public, other.events)

    def __hash__(self) -> int:
        return hash(self.public)

    def add(self, label: str, value: str) -> None:
        """A finished event (the one the last NeedRandomness asked for)."""
        self.events.append((label, value))

    def for_what_ifs(self) -> SharedSeed:
        """A copy for a question that decides nothing (Spell Write: what a hard bot would have
        scored with the same rolls): drawn purposes give their values, others a value from
        what every player knows, never a new event."""
        copy = SharedSeed(self.public, self.events[:self.used], rules=self.rules)
        copy.used, copy.drawn, copy.what_if = self.used, dict(self.drawn), True
        return copy

    def value(self, purpose: tuple[object, ...]) -> str:
        key = ":".join(map(str, purpose))
        if key in self.drawn:
            return self.drawn[key]
        if self.what_if:
            return hashlib.sha256(f"{self.public}:{key}".encode()).hexdigest()
        label = f"{key}@{self.after}"
        if self.used < len(self.events):
            expected, value = self.events[self.used]
            if expected != label:
                raise RecordMismatch(f"random event {self.used + 1} should be {label!r}, "
                                     f"but the record has {expected!r}")
            self.used += 1
            self.drawn[key] = value
            return value
        if not self.live:
            raise RecordMismatch(f"the rules draw {key!r} here, and the record has no random event for it")
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


def what_if_seed(seed: Seed) -> Seed:
    """The seed for a question that replays something with the same randomness and decides
    nothing: a numbered seed itself, a shared one that never asks for a new event."""
    return seed.for_what_ifs() if isinstance(seed, SharedSeed) else seed


def table_rules(seed: Seed) -> int:
    """Which online rules a table was opened under: 0 on one device. A game changes how it
    draws only for tables from a version on, so a record saved before still replays."""
    return seed.rules if isinstance(seed, SharedSeed) else 0


def seed_index(seed: int | SharedSeed, count: int, *purpose: object) -> int:
    """A number below count picked by the seed (a numbered seed: its remainder, as games
    saved before online randomness were started with)."""
    if isinstance(seed, SharedSeed):
        return rng_for(seed, *purpose).randrange(count)
    return seed % count
