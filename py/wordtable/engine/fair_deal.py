"""A round's deal by every device together (issue 47, docs/fair-cards.md "A round's deal"): the
protocol over wordtable.engine.sealed's arithmetic, game-agnostic and not wired into any game yet.

Seats 0 to n-1, the dealer first. Each device in turn masks the deck and shuffles it (mask_pass),
with a proof that it dropped, doubled or replaced no card (wordtable.engine.shuffle_proofs), then
each in turn swaps its mask for a lock per position (lock_pass), sending with it its lock
points, a proof that it moved no card (wordtable.engine.lock_proofs), its locks for every other
player's hand sealed to that player, and its lock of the card turned up on the pile in the
clear. A device checks every shuffle and the earlier lock passes' proofs where it seals (a
modified client cannot read another card through its own hand, nor deal itself copies), a
player opens its own hand (open_hand) and anyone a card made public (open_public, pile_card)
once every pass's proof holds there. Nobody can open a card of another hand. At the end every
device shows its secrets (DeviceSecrets) and audit replays the whole deal, naming the seat whose
pass does not hold (DealFault). Messages and secrets are plain JSON (hex strings), as records
carry them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from wordtable.engine import lock_proofs, sealed, shuffle_proofs

MAX_SEATS = 8
MAX_DECK = 1000  # One Letter Better's is 124: a bound so a hostile layout cannot stall a device


class DealFault(ValueError):
    """A pass, a lock or a secret that does not hold, and the seat at fault (None: not known
    before the audit, which names it). `evidence`: what lets another device check it, where
    the device that found it may be the only one that did (sealed_complaints)."""

    def __init__(self, seat: int | None, what: str, evidence: dict[str, Any] | None = None):
        super().__init__(what if seat is None else f"seat {seat + 1}: {what}")
        self.seat, self.evidence = seat, evidence


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
        return {"mask": sealed.scalar_hex(self.mask), "order": list(self.order), "locks": [sealed.scalar_hex(lock) for lock in self.locks]}

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
    proof: shuffle_proofs.ShuffleProof  # that the deck is the one received, masked and shuffled

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": [card.hex() for card in self.deck], "proof": self.proof.to_json()}

    @classmethod
    def from_json(cls, data: Any, layout: Layout) -> MaskPass:
        if not isinstance(data, dict):
            raise ValueError("a mask pass is an object")
        return cls(_seat(data.get("seat"), layout), _points(data.get("deck"), layout.deck_size),
                   shuffle_proofs.ShuffleProof.from_json(data.get("proof"), layout.deck_size))


@dataclass(frozen=True)
class LockPass:
    seat: int
    deck: tuple[bytes, ...]
    lock_points: tuple[bytes, ...]
    sealed_locks: dict[int, str]   # hand position -> this seat's lock for it, sealed to its owner
    pile_lock: int                 # this seat's lock of the pile's card, in the clear
    proof: lock_proofs.LockProof   # that it moved no card and its lock points are its locks

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "deck": [card.hex() for card in self.deck],
                "lock_points": [point.hex() for point in self.lock_points],
                "sealed": {str(position): lock for position, lock in sorted(self.sealed_locks.items())},
                "pile_lock": sealed.scalar_hex(self.pile_lock), "proof": self.proof.to_json()}

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
                   sealed_locks, _scalar(data.get("pile_lock")),
                   lock_proofs.LockProof.from_json(data.get("proof"), layout.deck_size))


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


@dataclass(frozen=True)
class Deal:
    """A round's deal as a device holds it: every seat's mask pass, in turn (the last is the
    shuffled deck), and the lock passes so far (every seat's once the deal is done)."""

    layout: Layout
    round_number: int
    mask_passes: tuple[MaskPass, ...]
    lock_passes: tuple[LockPass, ...] = ()

    def __post_init__(self) -> None:
        if [mask_pass.seat for mask_pass in self.mask_passes] != list(range(self.layout.seats)) \
                or [lock_pass.seat for lock_pass in self.lock_passes] != list(range(len(self.lock_passes))) \
                or len(self.lock_passes) > self.layout.seats:
            raise ValueError("a deal is every seat's mask pass, then their lock passes in turn")

    @property
    def shuffled(self) -> MaskPass:
        return self.mask_passes[-1]

    def with_pass(self, lock_pass: LockPass) -> Deal:
        return Deal(self.layout, self.round_number, self.mask_passes, self.lock_passes + (lock_pass,))

    def check_shuffles(self, seats: Sequence[int]) -> None:
        """DealFault naming the first of these seats whose mask pass's proof does not hold (it
        dropped, doubled or replaced a card)."""
        for mask_pass in self.mask_passes:
            if mask_pass.seat in seats:
                try:
                    shuffle_proofs.check(_mask_received(self, mask_pass.seat), mask_pass.deck, mask_pass.proof,
                                         _mask_context(self.layout, self.round_number, mask_pass.seat))
                except sealed.SealedError as error:
                    raise DealFault(mask_pass.seat, str(error), {"round": self.round_number, "shuffle": mask_pass.seat}) from None

    @property
    def done(self) -> bool:
        return len(self.lock_passes) == self.layout.seats

    def check(self, positions: Sequence[int], seats: Sequence[int] | None = None) -> None:
        """DealFault naming the first seat (of `seats`, default all) whose lock pass's proof
        does not hold at one of these positions, or for its lock points."""
        for lock_pass in self.lock_passes:
            if seats is not None and lock_pass.seat not in seats:
                continue
            received = self.shuffled.deck if lock_pass.seat == 0 else self.lock_passes[lock_pass.seat - 1].deck
            try:
                checker = lock_proofs.Checker(received, lock_pass.deck, lock_pass.lock_points, lock_pass.proof,
                                              _proof_context(self, lock_pass.seat))
                checker.check_locks()
                for position in positions:
                    checker.check_position(position)
            except sealed.SealedError as error:
                raise DealFault(lock_pass.seat, str(error), {"round": self.round_number, "proof": lock_pass.seat,
                                                             "positions": list(positions)}) from None

    def require_done(self) -> None:
        if not self.done:
            raise ValueError("every seat's lock pass, in turn")


def _mask_received(deal: Deal, seat: int) -> Sequence[bytes]:
    return sealed.card_points(deal.layout.deck_size) if seat == 0 else deal.mask_passes[seat - 1].deck


def _mask_context(layout: Layout, round_number: int, seat: int) -> str:
    return f"round {round_number} mask pass of {seat} seats {layout.seats} deck {layout.deck_size} hand {layout.hand_size}"


def _proof_context(deal: Deal, seat: int) -> str:
    layout = deal.layout
    return f"round {deal.round_number} lock pass of {seat} seats {layout.seats} deck {layout.deck_size} hand {layout.hand_size}"


def lock_context(round_number: int, position: int, sender: int, receiver: int, owner: int | None = None) -> str:
    """Where a sealed lock belongs, so that no pad is used twice: the lock's owner (the sender,
    but for a lock passed on, as STL-1 does), its position, from whom, to whom."""
    owner = sender if owner is None else owner
    return f"round {round_number} position {position} lock of {owner} from {sender} to {receiver}"


def mask_pass(layout: Layout, round_number: int, seat: int, secrets: DeviceSecrets,
              received: MaskPass | None) -> MaskPass:
    """Seat `seat`'s mask and shuffle of the deck the seat before it sent (the card points for
    the dealer, seat 0), with its proof. DealFault naming the sender if what it sent is no deck
    of points. (Whether the sender shuffled honestly is checked before any lock is sealed.)"""
    if not _is_int(seat) or not 0 <= seat < layout.seats or (received is None) != (seat == 0) \
            or (received is not None and received.seat != seat - 1):
        raise ValueError("seats mask in turn, the dealer first")
    deck = list(sealed.card_points(layout.deck_size)) if received is None else list(received.deck)
    try:
        sent = sealed.masked(deck, secrets.mask, secrets.order)
    except sealed.SealedError as error:
        raise DealFault(seat - 1, f"its shuffled deck holds {error}") from None
    proof = shuffle_proofs.prove(deck, sent, secrets.mask, secrets.order, _mask_context(layout, round_number, seat))
    return MaskPass(seat, tuple(sent), proof)


def _others_hands(layout: Layout, seat: int) -> list[int]:
    return [position for owner in range(layout.seats) if owner != seat for position in layout.hand(owner)]


def lock_pass(deal: Deal, keys: Keys, secrets: DeviceSecrets) -> LockPass:
    """Seat keys.seat's locks, on the deal's last pass, and their proof. Before it seals a lock
    to anyone it checks every other seat's shuffle proof, and every earlier lock pass's proof at
    the positions it seals (every other hand) and at the pile's card: a seat that dropped,
    doubled or replaced a card, or moved one there, is named (DealFault)."""
    layout = deal.layout
    keys.check(layout)
    seat = keys.seat
    if len(deal.lock_passes) != seat:
        raise ValueError("seats lock in turn, after every seat has masked")
    received = deal.lock_passes[-1] if deal.lock_passes else deal.shuffled
    deal.check_shuffles([other for other in range(layout.seats) if other != seat])
    deal.check(_others_hands(layout, seat) + [layout.pile])
    try:
        deck = sealed.locked(received.deck, secrets.mask, secrets.locks)
    except sealed.SealedError as error:
        raise DealFault(received.seat, f"its deck holds {error}") from None
    lock_points = tuple(sealed.lock_point(lock) for lock in secrets.locks)
    proof = lock_proofs.prove(received.deck, deck, lock_points, secrets.mask, secrets.locks,
                              _proof_context(deal, seat))
    sealed_locks = {position: sealed.seal_lock(secrets.locks[position], keys.shared(owner),
                                               lock_context(deal.round_number, position, seat, owner))
                    for owner in range(layout.seats) if owner != seat for position in layout.hand(owner)}
    return LockPass(seat, tuple(deck), lock_points, sealed_locks, secrets.locks[layout.pile], proof)


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
        # Every lock matched its point, and every pass's proof held here: a mask pass changed
        # the deck (no proof says a shuffle kept every card): the audit names whose.
        raise DealFault(None, f"position {position + 1} opens to no card of the deck: the deal does not hold") from None


def open_hand(deal: Deal, keys: Keys, own: DeviceSecrets) -> list[int]:
    """The card numbers of keys.seat's hand, from its own locks and those the others sealed to
    it (each checked against its sender's lock point: a false one is named at once), once every
    lock pass's proof holds at its positions."""
    return [card for card, _locks in hand_with_locks(deal, keys, own)]


def hand_with_locks(deal: Deal, keys: Keys, own: DeviceSecrets) -> list[tuple[int, list[int]]]:
    """open_hand's cards, each with every seat's lock of its position (what the player
    publishes when it plays the card)."""
    deal.require_done()
    layout = deal.layout
    keys.check(layout)
    positions = layout.hand(keys.seat)
    deal.check(positions)
    # Nobody locks after the last seat, so nobody has checked its pass at its own hand, where it
    # could write any card it likes (it holds every other lock of those positions): each does now.
    last = layout.seats - 1
    deal.check(layout.hand(last), seats=[last])
    opened = []
    for position in positions:
        locks = []
        for sender in range(layout.seats):
            if sender == keys.seat:
                locks.append(own.locks[position])
                continue
            value = deal.lock_passes[sender].sealed_locks[position]
            try:
                lock = sealed.unseal_lock(value, keys.shared(sender), lock_context(deal.round_number, position, sender, keys.seat))
            except sealed.SealedError as error:
                raise DealFault(sender, str(error)) from None
            try:
                locks.append(_checked_lock(deal.lock_passes, sender, position, lock))
            except DealFault:
                raise DealFault(sender, f"its lock for position {position + 1} does not match the lock point it published",
                                _sealed_evidence(deal, position, sender, sender, value)) from None
        opened.append((_open(layout, deal.lock_passes, position, locks), locks))
    cards = [card for card, _locks in opened]
    if len(set(cards)) != len(cards):  # a mask pass put a card twice (F1 of the attack): who, the audit says
        raise DealFault(None, "the hand holds a card twice: the deal does not hold")
    return opened


def send_locks(deal: Deal, keys: Keys, secrets: DeviceSecrets, positions: Sequence[int],
               receiver: int) -> dict[int, str]:
    """keys.seat's locks of these positions (cards `receiver` drew from the stack), sealed to
    the receiver: position -> sealed lock."""
    deal.require_done()
    _check_positions(deal.layout, positions)
    if not _is_int(receiver) or not 0 <= receiver < deal.layout.seats or receiver == keys.seat:
        raise ValueError("locks are sent to another seat of the table")
    shared = keys.shared(receiver)
    return {position: sealed.seal_lock(secrets.locks[position], shared,
                                       lock_context(deal.round_number, position, keys.seat, receiver))
            for position in positions}


def forward_locks(deal: Deal, keys: Keys, position: int, locks: Sequence[int], receiver: int) -> dict[int, str]:
    """STL-1: the card at `position` leaves keys.seat's hand for the receiver's. The victim
    holds every seat's lock of it (`locks`) and passes on all but the receiver's own, each
    sealed to the receiver: owner -> sealed lock."""
    deal.require_done()
    _check_positions(deal.layout, [position])
    if not _is_int(receiver) or not 0 <= receiver < deal.layout.seats or receiver == keys.seat \
            or len(locks) != deal.layout.seats:
        raise ValueError("a card passes to another seat of the table, with every seat's lock")
    shared = keys.shared(receiver)
    return {owner: sealed.seal_lock(lock, shared, lock_context(deal.round_number, position, keys.seat, receiver, owner))
            for owner, lock in enumerate(locks) if owner != receiver}


def open_received(deal: Deal, keys: Keys, own: DeviceSecrets, position: int, received: Mapping[int, str],
                  sender: int | None = None) -> tuple[int, list[int]]:
    """A card that came to keys.seat's hand after the deal, and every seat's lock of it: drawn
    from the stack (`received`: each other seat's lock, sealed by that seat) or taken by STL-1
    (every other seat's lock, sealed by the victim, `sender`). Each lock is checked against its
    owner's lock point (a false one names who sent it), once every lock pass's proof holds at
    the position."""
    deal.require_done()
    layout = deal.layout
    _check_positions(layout, [position])
    seat = keys.seat
    if not isinstance(received, Mapping) or set(received) != set(range(layout.seats)) - {seat}:
        raise ValueError("a card received needs the lock of every other seat")
    deal.check([position])
    locks = []
    for owner in range(layout.seats):
        if owner == seat:
            locks.append(own.locks[position])
            continue
        source = owner if sender is None else sender
        try:
            lock = sealed.unseal_lock(received[owner], keys.shared(source),
                                      lock_context(deal.round_number, position, source, seat, owner))
        except sealed.SealedError as error:
            raise DealFault(source, str(error)) from None
        if not 0 < lock < sealed.ORDER or sealed.lock_point(lock) != deal.lock_passes[owner].lock_points[position]:
            raise DealFault(source, f"the lock of seat {owner + 1} it sent for position {position + 1}"
                                    " does not match that seat's lock point",
                            _sealed_evidence(deal, position, source, owner, received[owner]))
        locks.append(lock)
    return _open(layout, deal.lock_passes, position, locks), locks


def _sealed_evidence(deal: Deal, position: int, source: int, owner: int, value: str) -> dict[str, Any]:
    """How another device checks a lock sealed to this one (with the secret the two share)."""
    return {"round": deal.round_number, "sealed": {"position": position, "from": source, "owner": owner, "value": value}}


def _check_positions(layout: Layout, positions: Sequence[int]) -> None:
    if not all(_is_int(position) and 0 <= position < layout.deck_size for position in positions) \
            or len(set(positions)) != len(positions):
        raise ValueError("positions of the deck, each once")


def open_public(deal: Deal, position: int, locks: Sequence[int], shown_by: int | None = None) -> int:
    """A card made public (played, discarded, turned up): every seat's lock of its position,
    each checked against its lock point, once every lock pass's proof holds there. A card
    `shown_by` a player comes with every lock its device checked when it opened the card:
    one that is not its seat's is the player's doing, not that seat's."""
    deal.require_done()
    layout = deal.layout
    if not _is_int(position) or not 0 <= position < layout.deck_size:
        raise ValueError("a position of the deck")
    if not isinstance(locks, (list, tuple)) or len(locks) != layout.seats or not all(_is_int(lock) for lock in locks):
        raise ValueError("a public card needs every seat's lock, a number each")
    deal.check([position])
    checked = []
    for seat, lock in enumerate(locks):
        try:
            checked.append(_checked_lock(deal.lock_passes, seat, position, lock))
        except DealFault:
            if shown_by is None:
                raise
            raise DealFault(shown_by, f"it showed position {position + 1} with a lock of seat {seat + 1} that is not "
                                      "that seat's") from None
    return _open(layout, deal.lock_passes, position, checked)


def pile_card(deal: Deal) -> int:
    """The card turned up on the pile: every seat published its lock of it."""
    return open_public(deal, deal.layout.pile, [lock_pass.pile_lock for lock_pass in deal.lock_passes])


def audit(deal: Deal, shown: Sequence[DeviceSecrets],
          key_secrets: Sequence[int] | None = None, publics: Sequence[bytes] | None = None) -> list[int]:
    """Replays the deal from every seat's shown secrets: DealFault naming the first seat whose
    pass is not its secrets applied to what it received, whose published lock point or pile
    lock is not its shown lock's. With every seat's sealing key shown too (key_secrets, and the
    public points they must match), every sealed lock is opened and compared with its sender's
    shown lock, so that a player's complaint of a false one can be checked by anyone. Returns the
    card at every position, for the game to compare with every card opened and played (a card
    played that is not its position's is a cheat)."""
    deal.require_done()
    layout, lock_passes = deal.layout, deal.lock_passes
    if len(shown) != layout.seats:
        raise ValueError("the audit needs every seat's secrets")
    received: Sequence[bytes] = sealed.card_points(layout.deck_size)
    for seat, (shuffled, secrets) in enumerate(zip(deal.mask_passes, shown)):
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
    if key_secrets is not None:
        _audit_sealed(deal, shown, key_secrets, publics)
    return [_open(layout, lock_passes, position, [secrets.locks[position] for secrets in shown])
            for position in range(layout.deck_size)]


def _audit_sealed(deal: Deal, shown: Sequence[DeviceSecrets], key_secrets: Sequence[int],
                  publics: Sequence[bytes] | None) -> None:
    layout = deal.layout
    if publics is None or len(key_secrets) != layout.seats or len(publics) != layout.seats:
        raise ValueError("the audit of sealed locks needs every seat's sealing key and public point")
    for seat, (secret, public) in enumerate(zip(key_secrets, publics)):
        if not _is_int(secret) or not 0 < secret < sealed.ORDER or sealed.public_point(secret) != public:
            raise DealFault(seat, "the sealing key it showed is not its public point's")
    for sender, lock_pass in enumerate(deal.lock_passes):
        for owner in range(layout.seats):
            if owner == sender:
                continue
            shared = sealed.shared_secret(key_secrets[sender], publics[owner])
            for position in layout.hand(owner):
                lock = sealed.unseal_lock(lock_pass.sealed_locks[position], shared,
                                          lock_context(deal.round_number, position, sender, owner))
                if lock != shown[sender].locks[position]:
                    raise DealFault(sender, f"the lock it sealed for position {position + 1} is not its shown lock")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


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
    return tuple(sealed.group_point(item, "a point") for item in data)
