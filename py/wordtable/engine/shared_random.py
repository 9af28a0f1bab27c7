"""Randomness no player controls, for games played online: commit and reveal, with a
chain of hashes per player so that one commitment covers every random event of a game.

Before the game each player makes a secret chain: a random 32-byte end x[N], and
x[k-1] = SHA-256(x[k]) down to x[0], the chain's head. Each player sends their head to the
table at the start (the commitment); nobody can work back from it. The k-th random event of the
game (a deal, a roll: whatever the rules draw) takes every player's x[k], revealed only when the
event happens. Anyone checks a reveal by hashing it: SHA-256(x[k]) must be that player's x[k-1].
The event's value is SHA-256 of the event's label and every player's reveal in seat order, so:
- no player can choose it: it depends on the other players' secrets, fixed by their heads;
- no player can know it before everyone has revealed: their own chain tells them nothing of
  the others' (the host, who relays the reveals, included);
- a reveal that does not hash to the player's previous link is a broken commitment, and names
  the seat; a player who does not reveal holds the game up, and the table sees who it waits for.
  (The last to reveal sees the value first and could walk away instead: the game then stops,
  it never goes on with a value that player chose.)

This module is the exchange and its check, apart from any transport or game: `Ledger` keeps a
game's commitments and its events' reveals (a record anyone can check with `verify`), and
`EventRound` gathers one event's reveals as they arrive.

The rules ask for an event through engine.rng.SharedSeed; wordtable.online runs the rounds
between browsers (a Host with draws: every new online table in the page); wordtable.verify
checks a record's ledger and replays it.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

LINK_BYTES = 32
# The version of the online rules a new table opens under. A game may change how it draws only
# for tables from a version on (Spell Write, from 2: the re-roll waits for every doubles
# choice), so every record made before still replays as it was played. Records without one: 1.
# From 3, each guest's device signs its moves, its parts of each draw and its secret shown
# (engine.signing), and a record of such a table holds the signatures.
# From 4 (games by link whose devices give their parts ahead, wordtable.link), an event's value
# is drawn from its number instead of its label: a device that holds every part of an event
# before its draw cannot pick among values by choosing which moves come first.
LEDGER_RULES = 3
NUMBERED_RULES = 4
ONLINE_RULES = (1, 2, 3)  # a table played live: never numbered
KNOWN_RULES = (*ONLINE_RULES, NUMBERED_RULES)
# Random events a chain covers: more than any game draws (a long Wordsmith game rolls a few
# hundred times), at about 0.2 ms of hashing per hundred links in the browser.
CHAIN_LENGTH = 2048


def _hash(link: bytes) -> bytes:
    return hashlib.sha256(link).digest()


def is_link(text: Any) -> bool:
    """A link as sent: 64 lowercase hex digits."""
    return (isinstance(text, str) and len(text) == 2 * LINK_BYTES
            and all(c in "0123456789abcdef" for c in text))


def follows(previous: str, reveal: str) -> bool:
    """Whether reveal is the link after previous in a chain: SHA-256(reveal) == previous."""
    return is_link(previous) and is_link(reveal) and _hash(bytes.fromhex(reveal)).hex() == previous


class SecretChain:
    """One player's chain, kept by that player only. head() is sent at the start; reveal(k)
    when the k-th event happens (k from 1)."""

    def __init__(self, end: bytes | None = None, length: int = CHAIN_LENGTH):
        if end is None:
            end = secrets.token_bytes(LINK_BYTES)  # the browser's crypto.getRandomValues in Pyodide
        if len(end) != LINK_BYTES or length < 1:
            raise ValueError("a chain needs a 32-byte end and at least one link")
        links = [end]
        for _ in range(length):
            links.append(_hash(links[-1]))
        self._links = links[::-1]  # _links[k] is x[k]; _links[0] the head
        self.length = length

    def head(self) -> str:
        return self._links[0].hex()

    def reveal(self, index: int) -> str:
        if not 1 <= index <= self.length:
            raise ValueError(f"this chain covers events 1 to {self.length}, not {index}")
        return self._links[index].hex()


def event_value(label: str, reveals: list[str]) -> str:
    """An event's value (64 hex digits, a seed for engine.rng.rng_for): the label (or, under
    NUMBERED_RULES, the event's number: value_label) and every seat's reveal, in seat order."""
    digest = hashlib.sha256(label.encode())
    for reveal in reveals:
        digest.update(bytes.fromhex(reveal))
    return digest.hexdigest()


def value_label(rules: int, index: int, label: str) -> str:
    """What an event's value is drawn from besides the reveals: its label, or its number."""
    return f"event {index}" if rules >= NUMBERED_RULES else label


def derived(part: str, steps: int) -> str:
    """The link `steps` before `part` in its chain (SHA-256 applied that many times)."""
    link = bytes.fromhex(part)
    for _ in range(steps):
        link = _hash(link)
    return link.hex()


def participant(index: int, by_link: bool = False) -> str:
    """Who a ledger's commitment belongs to, in words: the host's comes first, then each friend's
    in seat order. (A record does not say which game seat each friend played: a bot's seat
    shares no randomness, so "seat" would name the wrong player.) By link there is no host:
    each seat's commitment is in seat order."""
    if by_link:
        return f"player {index + 1}"
    return "the host" if index == 0 else f"friend {index} (counted in seat order)"


@dataclass(frozen=True)
class Break:
    """Where a ledger or an exchange stops holding: the event (0: the commitments), the seat at
    fault (None when no one seat is), and what is wrong, fit to show every player."""
    event: int
    seat: int | None
    reason: str


@dataclass
class EventRound:
    """One event's reveals, gathered as they arrive (at the host, or at anyone checking)."""
    index: int
    label: str
    previous: list[str]  # each seat's last verified link: the head, or its reveal of the event before
    reveals: dict[int, str] = field(default_factory=dict)
    rules: int = LEDGER_RULES
    by_link: bool = False  # how its messages name a participant

    def offer(self, seat: int, reveal: Any) -> Break | None:
        """Takes a seat's reveal; a Break (naming the seat) when it is not theirs to give or does
        not follow their chain. A repeat of the same reveal is harmless."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.previous)):
            return Break(self.index, None, f"a reveal for a seat the game does not have ({seat!r})")
        if self.reveals.get(seat) == reveal:
            return None
        if seat in self.reveals:
            return Break(self.index, seat, f"{participant(seat, self.by_link)} sent a second, different reveal for event {self.index}")
        if not follows(self.previous[seat], reveal):
            return Break(self.index, seat, f"the reveal of {participant(seat, self.by_link)} for event {self.index} does not match "
                                           "their commitment (a broken commitment)")
        self.reveals[seat] = reveal
        return None

    def waiting_for(self) -> list[int]:
        """The seats whose reveal has not come: the game waits for them, and says so."""
        return [seat for seat in range(len(self.previous)) if seat not in self.reveals]

    def value(self) -> str | None:
        """The event's value once every seat has revealed; None before."""
        if self.waiting_for():
            return None
        return event_value(value_label(self.rules, self.index, self.label),
                           [self.reveals[seat] for seat in range(len(self.previous))])


@dataclass
class Ledger:
    """A game's commitments (each seat's head) and its finished events (label and reveals), in
    order: what a record carries so that anyone can recompute every random value."""
    heads: list[str]
    events: list[tuple[str, list[str]]] = field(default_factory=list)
    rules: int = LEDGER_RULES
    by_link: bool = False  # no host: its messages name each participant by seat

    @classmethod
    def open(cls, heads: list[Any], by_link: bool = False) -> tuple[Ledger | None, Break | None]:
        """A ledger from every seat's commitment, all sent before the game starts (a commitment
        sent later is never taken: the table has begun without it)."""
        for seat, head in enumerate(heads):
            if not is_link(head):
                return None, Break(0, seat, f"the commitment of {participant(seat, by_link)} is not a commitment")
        if len(set(heads)) != len(heads):
            return None, Break(0, None, "two players sent the same commitment")
        return cls(list(heads), by_link=by_link), None

    def public(self) -> str:
        """A value every player knows once the game starts (from the commitments): for draws
        that decide nothing, such as which example words a screen shows."""
        return hashlib.sha256("".join(self.heads).encode()).hexdigest()

    def last_links(self) -> list[str]:
        return list(self.events[-1][1]) if self.events else list(self.heads)

    def next_round(self, label: str) -> EventRound:
        return EventRound(len(self.events) + 1, label, self.last_links(), rules=self.rules, by_link=self.by_link)

    def close(self, event: EventRound) -> str:
        """Adds a finished round; returns its value."""
        value = event.value()
        if value is None or event.index != len(self.events) + 1:
            raise ValueError("only the next event, with every seat's reveal, is added")
        self.events.append((event.label, [event.reveals[seat] for seat in range(len(self.heads))]))
        return value

    def values(self) -> list[str]:
        return [event_value(value_label(self.rules, index, label), reveals)
                for index, (label, reveals) in enumerate(self.events, 1)]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"heads": list(self.heads), "events": [[label, list(reveals)] for label, reveals in self.events]}
        if self.rules != 1:  # a record from before the versions reads as it always did
            data["rules"] = self.rules
        return data

    @classmethod
    def verify(cls, data: Any, by_link: bool = False) -> tuple[Ledger | None, Break | None]:
        """Rebuilds a ledger from its JSON, checking every reveal against its seat's chain; the
        first point where it breaks, if any (by_link: named by seat, as there is no host)."""
        if not isinstance(data, dict) or not isinstance(data.get("heads"), list) or not isinstance(data.get("events"), list):
            return None, Break(0, None, "the record's shared randomness is missing or not readable")
        rules = data.get("rules", 1)
        if type(rules) is not int or rules not in KNOWN_RULES:
            return None, Break(0, None, "the record was played under online rules this app does not know")
        ledger, broken = cls.open(data["heads"], by_link)
        if broken:
            return None, broken
        assert ledger is not None  # open gives the ledger or where it broke
        ledger.rules = rules
        for index, event in enumerate(data["events"], 1):
            if not (isinstance(event, list) and len(event) == 2 and isinstance(event[0], str)
                    and isinstance(event[1], list) and len(event[1]) == len(ledger.heads)):
                return None, Break(index, None, f"event {index} is not readable")
            round_ = ledger.next_round(event[0])
            for seat, reveal in enumerate(event[1]):
                if broken := round_.offer(seat, reveal):
                    return None, broken
            ledger.close(round_)
        return ledger, None
