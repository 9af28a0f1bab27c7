"""A round's deal by every device together (issue 47, docs/fair-cards.md "A round's deal"): the
protocol over wordtable.engine.sealed's arithmetic, game-agnostic and not wired into any game yet.

Seats 0 to n-1, the dealer first. Each device in turn masks the deck and shuffles it (mask_pass),
then each in turn swaps its mask for a lock per position (lock_pass), sending with it its lock
points, its locks for every other player's hand sealed to that player, and its lock of the card
turned up on the pile in the clear. A player then opens its own hand (open_hand) and anyone the
pile's card (open_public); nobody can open a card of another hand. At the end every device shows
its secrets (DeviceSecrets) and audit replays the whole deal, naming the seat whose pass does not
hold (DealFault). Messages and secrets are plain JSON (hex strings), as records carry them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from wordtable.engine import sealed

MAX_SEATS = 8
MAX_DECK = 1000  # One Letter Better's is 124: a bound so a hostile layout cannot stall a device


class DealFault(ValueError):
    """A pass, a lock or a secret that does not hold, and the seat at fault (None: not known
    before the audit, which names it)."""

    def __init__(self, seat: int | None, what: str):
        super().__init__(what if seat is None else f"seat {seat + 1}: {what}")
        self.seat = seat


@dataclass(frozen=True)
class Layout:
    """Where the cards go: each hand's positions dealt in turn (position k*seats + seat is that
    seat's k-th card), then the card turned up on the pile, then the stack, top first."""

    seats: int
    deck_size: int
    hand_size: int

    def __post_init__(self) -> None:
        if not all(_is_int(value) for value in (self.seats, self.deck_size, self.hand_size)) \
                or not 2 <= self.seats <= MAX_SEATS or self.hand_size < 1 \
                or not self.seats * self.hand_size < self.deck_size <= MAX_DECK:
            raise ValueError("a deal needs 2 to 8 seats, hands of a card or more and a deck larger than"
                             f" the hands, of at most {MAX_DECK} cards")

    def hand(self, seat: int) -> list[int]:
        return [card * self.seats + seat for card in range(self.hand_size)]

    @property
    def pile(self) -> int:
        return self.seats * self.hand_size

    def owner(self, position: int) -> int | None:
        """The seat whose hand holds `position`, or None (the pile's card, the stack)."""
        return position % self.seats if position < self.pile else None


@dataclass(frozen=True)
class DeviceSecrets:
    """One device's secrets of one round: shown only at the end, for the audit."""

    mask: int
    order: tuple[int, ...]   # order[i]: the place of the received card that goes to place i
    locks: tuple[int, ...]   # one per position of the final deck

    @classmethod
    def new(cls, layout: Layout, rng: random.Random) -> DeviceSecrets:
        """Fresh secrets; rng is random.SystemRandom() in play (a seeded one in tests)."""
        order = list(range(layout.deck_size))
        rng.shuffle(order)
        return cls(sealed.scalar_from(rng.randbytes(64)), tuple(order),
                   tuple(sealed.scalar_from(rng.randbytes(64)) for _ in range(layout.deck_size)))

    def to_json(self) -> dict[str, Any]:
        return {"mask": _scalar_hex(self.mask), "order": list(self.order), "locks": [_scalar_hex(lock) for lock in self.locks]}

    @classmethod
    def from_json(cls, data: Any, layout: Layout) -> DeviceSecrets:
        if not isinstance(data, dict) or not isinstance(data.get("order"), list) or not isinstance(data.get("locks"), list):
            raise ValueError("a device's secrets are a mask, an order and locks")
        order = data["order"]
        if not all(_is_int(place) for place in order) \
                or sorted(order) != list(range(layout.deck_size)):
            raise ValueError("a device's order is not a shuffle of the deck")
        locks = tuple(_scalar(lock) for lock in data["locks"])
        if len(locks) != layout.deck_size:
            raise ValueError("a device shows one lock per position")
        return cls(_scalar(data.get("mask")), tuple(order), locks)


@dataclass(frozen=True)
class MaskPass:
    seat: int
    deck: tuple[bytes, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": [card.hex() for card in self.deck]}

    @classmethod
    def from_json(cls, data: Any, layout: Layout) -> MaskPass:
        if not isinstance(data, dict):
            raise ValueError("a mask pass is an object")
        return cls(_seat(data.get("seat"), layout), _points(data.get("deck"), layout.deck_size))


@dataclass(frozen=True)
class LockPass:
    seat: int
    deck: tuple[bytes, ...]
    lock_points: tuple[bytes, ...]
    sealed_locks: dict[int, str]   # hand position -> this seat's lock for it, sealed to its owner
    pile_lock: int                 # this seat's lock of the pile's card, in the clear

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": [card.hex() for card in self.deck],
                "lock_points": [point.hex() for point in self.lock_points],
                "sealed": {str(position): lock for position, lock in sorted(self.sealed_locks.items())},
                "pile_lock": _scalar_hex(self.pile_lock)}

    @classmethod
    def from_json(cls, data: Any, layout: Layout) -> LockPass:
        if not isinstance(data, dict) or not isinstance(data.get("sealed"), dict):
            raise ValueError("a lock pass is an object with its sealed locks")
        seat = _seat(data.get("seat"), layout)
        owed = {position for other in range(layout.seats) if other != seat for position in layout.hand(other)}
        sealed_locks = {}
        for key, value in data["sealed"].items():
            position = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else None
            if position is None or str(position) != key or position not in owed:
                raise ValueError("a lock pass seals a lock for another player's hand positions only")
            sealed.hex_bytes(value, "a sealed lock")
            sealed_locks[position] = value
        if set(sealed_locks) != owed:
            raise ValueError("a lock pass seals a lock for every position of every other player's hand")
        return cls(seat, _points(data.get("deck"), layout.deck_size), _points(data.get("lock_points"), layout.deck_size),
                   sealed_locks, _scalar(data.get("pile_lock")))


@dataclass(frozen=True)
class Keys:
    """A seat's key for sealing locks (its Diffie–Hellman secret) and every seat's public point."""

    seat: int
    secret: int
    publics: tuple[bytes, ...]

    def check(self, layout: Layout) -> None:
        """ValueError unless this is a seat of the table and every seat's public point is its
        own point of the group (DealFault naming a seat whose point is not)."""
        if not _is_int(self.seat) or not 0 <= self.seat < layout.seats or len(self.publics) != layout.seats:
            raise ValueError("keys name a seat of the table and every seat's public point")
        for seat, public in enumerate(self.publics):
            try:
                sealed.shared_secret(1, public)
            except sealed.SealedError as error:
                raise DealFault(seat, f"its public point: {error}") from None
        if len(set(self.publics)) != len(self.publics):
            raise DealFault(None, "two seats published the same public point")

    def shared(self, other: int) -> bytes:
        return sealed.shared_secret(self.secret, self.publics[other])


def _context(round_number: int, position: int, sender: int, receiver: int) -> str:
    return f"round {round_number} position {position} from {sender} to {receiver}"


def mask_pass(layout: Layout, seat: int, secrets: DeviceSecrets, received: MaskPass | None) -> MaskPass:
    """Seat `seat`'s mask and shuffle of the deck the seat before it sent (the card points for
    the dealer, seat 0). DealFault naming the sender if what it sent is no deck of points."""
    if not _is_int(seat) or not 0 <= seat < layout.seats or (received is None) != (seat == 0) \
            or (received is not None and received.seat != seat - 1):
        raise ValueError("seats mask in turn, the dealer first")
    deck = list(sealed.card_points(layout.deck_size)) if received is None else list(received.deck)
    try:
        return MaskPass(seat, tuple(sealed.masked(deck, secrets.mask, secrets.order)))
    except sealed.SealedError as error:
        raise DealFault(seat - 1, f"its shuffled deck holds {error}") from None


def lock_pass(layout: Layout, keys: Keys, secrets: DeviceSecrets, received: MaskPass | LockPass,
              round_number: int) -> LockPass:
    """Seat keys.seat's locks: on the last mask pass for seat 0, else on the lock pass before."""
    keys.check(layout)
    seat = keys.seat
    expected = layout.seats - 1 if seat == 0 else seat - 1
    if received.seat != expected or isinstance(received, LockPass) != (seat > 0):
        raise ValueError("seats lock in turn, after every seat has masked")
    try:
        deck = sealed.locked(received.deck, secrets.mask, secrets.locks)
    except sealed.SealedError as error:
        raise DealFault(received.seat, f"its deck holds {error}") from None
    sealed_locks = {position: sealed.seal_lock(secrets.locks[position], keys.shared(owner),
                                               _context(round_number, position, seat, owner))
                    for owner in range(layout.seats) if owner != seat for position in layout.hand(owner)}
    return LockPass(seat, tuple(deck), tuple(sealed.lock_point(lock) for lock in secrets.locks),
                    sealed_locks, secrets.locks[layout.pile])


def _checked_lock(lock_passes: Sequence[LockPass], seat: int, position: int, lock: int) -> int:
    if not 0 < lock < sealed.ORDER or sealed.lock_point(lock) != lock_passes[seat].lock_points[position]:
        raise DealFault(seat, f"its lock for position {position + 1} does not match the lock point it published")
    return lock


def _open(layout: Layout, lock_passes: Sequence[LockPass], position: int, locks: Sequence[int]) -> int:
    product = 1
    for lock in locks:
        product = product * lock % sealed.ORDER
    try:
        return sealed.opened(lock_passes[-1].deck[position], [product], [sealed.lock_point(product)], layout.deck_size)
    except sealed.SealedError:
        # Every lock matched its point, so a seat's pass changed the deck: the audit names whose.
        raise DealFault(None, f"position {position + 1} opens to no card of the deck: the deal does not hold") from None


def open_hand(layout: Layout, keys: Keys, own: DeviceSecrets, lock_passes: Sequence[LockPass],
              round_number: int) -> list[int]:
    """The card numbers of keys.seat's hand, from its own locks and those the others sealed to
    it (each checked against its sender's lock point: a false one is named at once)."""
    _check_lock_passes(layout, lock_passes)
    keys.check(layout)
    cards = []
    for position in layout.hand(keys.seat):
        locks = []
        for sender in range(layout.seats):
            if sender == keys.seat:
                locks.append(own.locks[position])
                continue
            try:
                lock = sealed.unseal_lock(lock_passes[sender].sealed_locks[position], keys.shared(sender),
                                          _context(round_number, position, sender, keys.seat))
            except sealed.SealedError as error:
                raise DealFault(sender, str(error)) from None
            locks.append(_checked_lock(lock_passes, sender, position, lock))
        cards.append(_open(layout, lock_passes, position, locks))
    if len(set(cards)) != len(cards):  # a pass put a card twice (F1 of the attack): who, the audit says
        raise DealFault(None, "the hand holds a card twice: the deal does not hold")
    return cards


def open_public(layout: Layout, lock_passes: Sequence[LockPass], position: int, locks: Sequence[int]) -> int:
    """A card made public (played, discarded, turned up): every seat's lock of its position,
    each checked against its lock point."""
    _check_lock_passes(layout, lock_passes)
    if not _is_int(position) or not 0 <= position < layout.deck_size:
        raise ValueError("a position of the deck")
    if not isinstance(locks, (list, tuple)) or len(locks) != layout.seats or not all(_is_int(lock) for lock in locks):
        raise ValueError("a public card needs every seat's lock, a number each")
    return _open(layout, lock_passes, position,
                 [_checked_lock(lock_passes, seat, position, lock) for seat, lock in enumerate(locks)])


def pile_card(layout: Layout, lock_passes: Sequence[LockPass]) -> int:
    """The card turned up on the pile: every seat published its lock of it."""
    return open_public(layout, lock_passes, layout.pile, [lock_pass.pile_lock for lock_pass in lock_passes])


def audit(layout: Layout, mask_passes: Sequence[MaskPass], lock_passes: Sequence[LockPass],
          shown: Sequence[DeviceSecrets]) -> list[int]:
    """Replays the deal from every seat's shown secrets: DealFault naming the first seat whose
    pass is not its secrets applied to what it received, whose published lock point or pile
    lock is not its shown lock's. Returns the card at every position, for the game to compare
    with every card opened and played (a card played that is not its position's is a cheat)."""
    _check_lock_passes(layout, lock_passes)
    if len(mask_passes) != layout.seats or len(shown) != layout.seats:
        raise ValueError("the audit needs every seat's passes and secrets")
    received: Sequence[bytes] = sealed.card_points(layout.deck_size)
    for seat, (shuffled, secrets) in enumerate(zip(mask_passes, shown)):
        try:
            sealed.audit_masked(received, shuffled.deck, secrets.mask, secrets.order)
        except sealed.SealedError as error:
            raise DealFault(seat, str(error)) from None
        received = shuffled.deck
    for seat, (locked, secrets) in enumerate(zip(lock_passes, shown)):
        try:
            sealed.audit_locked(received, locked.deck, secrets.mask, secrets.locks, locked.lock_points)
        except sealed.SealedError as error:
            raise DealFault(seat, str(error)) from None
        if locked.pile_lock != secrets.locks[layout.pile]:
            raise DealFault(seat, "the pile's lock it published is not its shown lock")
        received = locked.deck
    return [_open(layout, lock_passes, position, [secrets.locks[position] for secrets in shown])
            for position in range(layout.deck_size)]


def _check_lock_passes(layout: Layout, lock_passes: Sequence[LockPass]) -> None:
    if [lock_pass.seat for lock_pass in lock_passes] != list(range(layout.seats)):
        raise ValueError("every seat's lock pass, in turn")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _scalar_hex(value: int) -> str:
    return value.to_bytes(32, "little").hex()


def _scalar(data: Any) -> int:
    value = sealed.hex_number(data, "a mask or a lock")
    if not 0 < value < sealed.ORDER:
        raise ValueError("a mask or a lock is a number from 1 to the group's order")
    return value


def _seat(data: Any, layout: Layout) -> int:
    if not _is_int(data) or not 0 <= data < layout.seats:
        raise ValueError("a pass names a seat of the table")
    return data


def _points(data: Any, count: int) -> tuple[bytes, ...]:
    if not isinstance(data, list) or len(data) != count:
        raise ValueError(f"a deck is {count} points")
    return tuple(sealed.hex_bytes(item, "a point") for item in data)
