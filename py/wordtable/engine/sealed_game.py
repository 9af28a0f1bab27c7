"""What a game dealt sealed declares, and what a device keeps of each round (issue 47,
docs/fair-cards.md): the hooks a game implements (SealedCards, One Letter Better's in
games/one_letter_better/sealed_hands.py), a round's deal as a device holds it, and the fault a
message that does not hold raises. The device itself is wordtable.engine.sealed_table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from wordtable.engine import fair_deal
from wordtable.engine.fair_deal import Deal, DeviceSecrets, Layout


class SealedFault(ValueError):
    """A message that does not hold, and the seat at fault; `evidence` (DealFault's) lets
    another device check it (sealed_complaints)."""

    def __init__(self, seat: int | None, what: str, evidence: dict[str, Any] | None = None):
        super().__init__(what if seat is None else f"seat {seat + 1}: {what}")
        self.seat, self.what, self.evidence = seat, what, evidence


class RefusedNow(SealedFault):
    """A signed move the rules refuse on the table as it stands (`rule` says why). Its player
    may have made it honestly before another move came first (a race), so where a relay orders
    the moves, the relay answers for it (online.sealed_play)."""

    def __init__(self, sender: int, rule: str):
        super().__init__(sender, rule)
        self.sender, self.rule = sender, rule


FORGOTTEN = ("this page was restored from a save older than what it had sent: the table holds this seat's "
             "messages made with secrets this copy no longer has, so its game cannot go on from here")


class SealedCards:
    """A game's hooks for hands dealt sealed. `hidden`: the number added to a position to write
    an unopened card (above every card's own number)."""

    hidden: int = 1000

    def __init__(self, game: Any):
        self.game = game

    def start(self, options: Any, seed: Any) -> Any:
        """A sealed game's first state: its first round waiting for its deal."""
        raise NotImplementedError

    def layout(self, state: Any) -> Layout:
        """The deal of the state's round."""
        raise NotImplementedError

    def round_number(self, state: Any) -> int:
        raise NotImplementedError

    def last_round(self, state: Any) -> int:
        """The game's last round's number (deals go round ahead of play)."""
        raise NotImplementedError

    def dealing(self, state: Any) -> bool:
        """The round waits for its deal (every card hidden)."""
        raise NotImplementedError

    def dealt(self, state: Any) -> Any:
        """The round begins: its deal is done and the pile's card opened."""
        raise NotImplementedError

    def draws_at_random(self, state: Any, seat: int, move: dict[str, Any]) -> bool:
        """The move draws at random (One Letter Better: STL-1's card): every device draws it."""
        raise NotImplementedError

    def with_chance(self, state: Any, seed: int) -> Any:
        """The state whose rules draw the next move's chance from `seed`."""
        raise NotImplementedError

    def hands(self, state: Any) -> Sequence[Sequence[int]]:
        raise NotImplementedError

    def public(self, state: Any) -> list[int]:
        """Every card in a place every player sees (the pile, the table, out of play)."""
        raise NotImplementedError

    def with_cards(self, state: Any, cards: Mapping[int, int]) -> Any:
        """The state with these hidden entries (hidden + position) replaced by their cards."""
        raise NotImplementedError

    def shows_hand(self, state: Any, seat: int) -> bool:
        """The seat's next move shows its whole hand (a round's end)."""
        raise NotImplementedError

    def show_move(self) -> dict[str, Any]:
        """The move that shows a hand."""
        raise NotImplementedError


@dataclass
class Chance:
    """A move waiting for its chance: every seat's commitment to a number, then the numbers."""

    mover: int
    commits: dict[int, str]
    message: dict[str, Any]
    values: dict[int, str]


@dataclass
class Opened:
    """A card this device has opened, with every seat's lock of it when it can publish it."""

    card: int
    locks: list[int] | None = None


@dataclass
class Round:
    """What a device holds of one round's deal."""

    layout: Layout
    number: int
    secrets: DeviceSecrets | None          # None: an observer's (a verifier's) copy
    masks: list[fair_deal.MaskPass] = field(default_factory=list)
    locks: list[fair_deal.LockPass] = field(default_factory=list)
    opened: dict[int, Opened] = field(default_factory=dict)   # position -> card
    public: set[int] = field(default_factory=set)              # positions every device has opened
    awaited: dict[int, dict[int, str]] = field(default_factory=dict)  # own new positions: locks so far
    passed_on: dict[int, int] = field(default_factory=dict)   # own new position -> the victim forwarding it
    # What each seat owes another (every device works it out from the moves): its locks of
    # cards drawn, (sender, receiver) -> positions; STL-1's card, (victim, thief) -> position.
    owed: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    owed_on: dict[tuple[int, int], set[int]] = field(default_factory=dict)

    @property
    def deal(self) -> Deal:
        return Deal(self.layout, self.number, tuple(self.masks), tuple(self.locks))

    @property
    def done(self) -> bool:
        return len(self.locks) == self.layout.seats

    def position_of(self, entry: int, hidden: int) -> int | None:
        if entry >= hidden:
            return entry - hidden
        return next((p for p, opened in self.opened.items() if opened.card == entry), None)


def json_number(key: Any) -> int:
    """A JSON object's key that is a whole number as str() writes it; -1 otherwise."""
    ok = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 10 and str(int(key)) == key
    return int(key) if ok else -1


def is_index(value: Any, count: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count
