"""Sealed cards (issue 47, docs/fair-cards.md): the arithmetic of a deck dealt by every device
together, in the prime-order subgroup of Ed25519's curve (wordtable.engine.ed25519).

A building block, not wired into any game yet: One Letter Better still deals from its seed. Each
device masks the whole deck with one secret scalar and shuffles it (masked), then swaps its mask
for a lock per card (locked), publishing each lock's point (lock_point) so that a lock it sends
later can be checked at once. A card is opened (opened) by whoever holds every lock of its
place. A lock sent to one player travels sealed (seal_lock), readable only with the secret the
two devices share (shared_secret). Every point a device receives must be a strict encoding
(member), and every multiplication clears its small-order part (_times): a hostile device's
point outside the prime-order subgroup carries nothing back.
At the end, audit_masked and audit_locked replay a device's passes from the secrets it shows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache, lru_cache

from wordtable.engine import ed25519 as curve

ORDER = curve.L
DOMAIN = b"wordtable sealed cards v1"
INVERSE_OF_8 = pow(8, -1, curve.L)
HEX_DIGITS = frozenset("0123456789abcdef")


class SealedError(ValueError):
    """A point, a lock or a pass that does not hold: its message names what, for the audit."""


TWO_D = 2 * curve.D % curve.P
Cached = tuple[int, int, int, int]  # a point ready to be added: (Y+X, Y-X, 2Z, 2dT)


def _cached(point: curve.Point) -> Cached:
    x, y, z, t = point
    p = curve.P
    return (y + x) % p, (y - x) % p, 2 * z % p, TWO_D * t % p


def _add_cached(point: curve.Point, other: Cached) -> curve.Point:
    """point + other (extended coordinates, a = -1), other prepared: 8 multiplications."""
    x, y, z, t = point
    y_plus_x, y_minus_x, z2, t2d = other
    p = curve.P
    a = (y - x) * y_minus_x % p
    b = (y + x) * y_plus_x % p
    c = t * t2d % p
    d = z * z2 % p
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % p, g * h % p, f * g % p, e * h % p


def _window_table(point: curve.Point) -> list[Cached]:
    """0·point … 15·point, prepared for adding (index 0 is never added)."""
    multiples = [curve.NEUTRAL, point]
    for _ in range(14):
        multiples.append(_add_cached(multiples[-1], _cached(point)))
    return [_cached(multiple) for multiple in multiples]


def _multiply(scalar: int, point: curve.Point) -> curve.Point:
    """[scalar]point, 0 <= scalar < 2^256, with a 4-bit window."""
    return combination([(scalar, point)])


def combination(terms: Sequence[tuple[int, curve.Point]]) -> curve.Point:
    """The sum of scalar·point over the terms, with one run of doublings for all (Straus's
    method, 4-bit windows): for a 128-bit scalar half the doublings of a whole one. Written out
    in one loop (the doublings skip T, which only an addition reads): it is most of a deal's time."""
    tables = [_window_table(point) for _scalar, point in terms]
    top = max(scalar.bit_length() for scalar, _point in terms)
    p = curve.P
    x, y, z, t = curve.NEUTRAL
    for shift in range((top + 3) // 4 * 4 - 4, -4, -4):
        for _ in range(4):
            a = x * x % p
            b = y * y % p
            c = 2 * z * z % p
            h = a + b
            e = h - (x + y) * (x + y) % p
            g = a - b
            f = c + g
            x, y, z = e * f % p, g * h % p, f * g % p
        t = e * h % p
        for (scalar, _point), table in zip(terms, tables):
            digit = scalar >> shift & 15
            if digit:
                y_plus_x, y_minus_x, z2, t2d = table[digit]
                a = (y - x) * y_minus_x % p
                b = (y + x) * y_plus_x % p
                c = t * t2d % p
                d = z * z2 % p
                e, f, g, h = b - a, d - c, d + c, b + a
                x, y, z, t = e * f % p, g * h % p, f * g % p, e * h % p
    return x, y, z, t


def bucket_combination(terms: Sequence[tuple[int, curve.Point]], window: int = 7) -> curve.Point:
    """The same sum as combination, for hundreds of terms (a shuffle proof's check): Pippenger's
    buckets, where each window of `window` bits costs one addition per term and 2^(window+1)
    more, instead of a table of 15 multiples per point and an addition per 4 bits."""
    if not terms:
        return curve.NEUTRAL
    prepared = [(scalar, _cached(point)) for scalar, point in terms]
    top = max(scalar.bit_length() for scalar, _point in terms)
    digits = (1 << window) - 1
    result = curve.NEUTRAL
    for shift in range((top + window - 1) // window * window - window, -window, -window):
        for _ in range(window):
            result = curve._double(result)
        buckets: list[curve.Point | None] = [None] * (digits + 1)
        for scalar, point in prepared:
            digit = scalar >> shift & digits
            if digit:
                bucket = buckets[digit]
                buckets[digit] = _add_cached(curve.NEUTRAL if bucket is None else bucket, point)
        # sum of digit·bucket: each bucket joins a running sum, added once per digit below it
        running, total = curve.NEUTRAL, curve.NEUTRAL
        for digit in range(digits, 0, -1):
            bucket = buckets[digit]
            if bucket is not None:
                running = _add_cached(running, _cached(bucket))
            total = _add_cached(total, _cached(running))
        result = _add_cached(result, _cached(total))
    return result


Comb = tuple[tuple[Cached, ...], ...]


def comb(start: curve.Point) -> Comb:
    """For each of the 64 four-bit digits of a scalar, its 16 multiples of the point, prepared:
    a multiple of the point is then 64 additions and no doubling (1,024 points, made once)."""
    rows = []
    for _ in range(64):
        rows.append(tuple(_window_table(start)))
        for _ in range(4):
            start = curve._double(start)
    return tuple(rows)


@cache
def _base_comb() -> Comb:
    return comb(curve._BASE)


def multiply_comb(rows: Comb, scalar: int) -> curve.Point:
    """[scalar] of the comb's point, 0 <= scalar < 2^256."""
    result = curve.NEUTRAL
    for row, shift in zip(rows, range(0, 256, 4)):
        digit = scalar >> shift & 15
        if digit:
            result = _add_cached(result, row[digit])
    return result


def _multiply_base(scalar: int) -> curve.Point:
    """[scalar]B, 0 <= scalar < 2^256."""
    return multiply_comb(_base_comb(), scalar)


def _is_neutral(point: curve.Point) -> bool:
    x, y, z, _t = point
    return x % curve.P == 0 and (y - z) % curve.P == 0


def member(data: bytes) -> curve.Point:
    """The point of a 32-byte encoding (the one strict encoding of a point of the curve);
    SealedError otherwise."""
    point = _decoded(data) if isinstance(data, bytes) else None
    if point is None:
        raise SealedError("not the encoding of a point of the curve")
    return point


@lru_cache(maxsize=8192)
def _decoded(data: bytes) -> curve.Point | None:
    # A deal's decks are read several times on one device (masked, proved, checked, opened):
    # a square root each time was a tenth of a proof's time.
    point = curve._decode(data)
    return point if point is not None and curve._encode(point) == data else None


def group_point(data: object, what: str) -> bytes:
    """A point received in a pass: 32 bytes that strictly encode a point of the curve whose
    prime-order part is not the neutral one (a point of small order alone would stop the next
    device's multiplication, on its page only); SealedError otherwise. Three doublings."""
    encoded = hex_bytes(data, what)
    if _is_neutral(times_cofactor(member(encoded))):
        raise SealedError(f"{what} of small order, outside the deck's group")
    return encoded


def times_cofactor(point: curve.Point) -> curve.Point:
    """8·point (three doublings): the point's prime-order part, times 8; neutral for a point of
    small order."""
    return curve._double(curve._double(curve._double(point)))


def _times(scalar: int, data: bytes) -> bytes:
    """[scalar] of a received point, its small-order part cleared on the way: the multiplication
    is by scalar/8 (mod the group's order) and then by 8, which is the same on the prime-order
    subgroup and wipes out any part of order 2, 4 or 8 a hostile device added (through which it
    would have learnt bits of the scalar). Three doublings, where checking the point's order
    would cost a whole multiplication. A point of small order alone is refused."""
    point = times_cofactor(_multiply(scalar * INVERSE_OF_8 % ORDER, member(data)))
    if _is_neutral(point):
        raise SealedError("a point outside the deck's group")
    return curve._encode(point)


def hashed_point(label: str) -> bytes:
    """A point nobody knows a logarithm of (to the base point or to any other such point): the
    first hashed encoding of the label that decodes, times the cofactor 8."""
    for counter in range(256):
        digest = hashlib.sha256(DOMAIN + f" {label} {counter}".encode()).digest()
        point = curve._decode(digest)
        if point is not None:
            point = times_cofactor(point)
            if not _is_neutral(point):
                return curve._encode(point)
    raise ArithmeticError(f"no point for {label}")


@cache
def card_points(count: int) -> tuple[bytes, ...]:
    """The public point of each card of a deck of `count` (every copy its own number), hashed
    so that nobody knows a logarithm between two cards and none can be turned into another."""
    return tuple(hashed_point(f"card {index}") for index in range(count))


def scalar_from(random_bytes: bytes) -> int:
    """A secret scalar (a mask or a lock) from 64 random bytes: uniform enough, never 0."""
    if not isinstance(random_bytes, bytes) or len(random_bytes) != 64:
        raise ValueError("a scalar is made from 64 random bytes")
    return int.from_bytes(random_bytes, "little") % (ORDER - 1) + 1


def masked(deck: Sequence[bytes], mask: int, order: Sequence[int]) -> list[bytes]:
    """A device's first pass: the deck it received, each card times its mask, in its order
    (order[i] is the place of the card that goes to place i)."""
    if sorted(order) != list(range(len(deck))):
        raise ValueError("the order is not a permutation of the deck")
    return [_times(mask, deck[place]) for place in order]


def locked(deck: Sequence[bytes], mask: int, locks: Sequence[int]) -> list[bytes]:
    """A device's second pass: its mask taken off each card and a lock of its own put on."""
    if len(locks) != len(deck):
        raise ValueError("one lock per card")
    unmask = pow(mask, -1, ORDER)
    return [_times(lock * unmask % ORDER, card) for lock, card in zip(locks, deck)]


def lock_point(lock: int) -> bytes:
    """What a device publishes for each lock: lock·B, so that a lock it sends can be checked."""
    return curve._encode(_multiply_base(lock % ORDER))


def opened(card: bytes, locks: Sequence[int], lock_points: Sequence[bytes], deck_size: int) -> int:
    """The card's number, from every device's lock of its place (each checked against the point
    its device published); SealedError for a lock that does not match or a card not in the deck."""
    if len(locks) != len(lock_points):
        raise ValueError("one lock point per lock")
    product = 1
    for device, (lock, point) in enumerate(zip(locks, lock_points)):
        if not 0 < lock < ORDER or lock_point(lock) != point:
            raise SealedError(f"the lock of device {device} does not match the lock point it published")
        product = product * lock % ORDER
    plain = _times(pow(product, -1, ORDER), card)
    try:
        return card_points(deck_size).index(plain)
    except ValueError:
        raise SealedError("every lock is off and the card is none of the deck's") from None


def shared_secret(own_secret: int, other_public: bytes) -> bytes:
    """The secret two devices share (Diffie–Hellman on the same curve): own·other's public point."""
    return _times(own_secret % ORDER, other_public)


def public_point(secret: int) -> bytes:
    """A device's public point for shared_secret."""
    return curve._encode(_multiply_base(secret % ORDER))


def _pad(shared: bytes, context: str) -> int:
    return int.from_bytes(hashlib.sha512(DOMAIN + b" lock " + shared + context.encode()).digest()[:32], "little")


def seal_lock(lock: int, shared: bytes, context: str) -> str:
    """A lock for one player only, as hex: XORed with a pad from the shared secret and where it
    belongs (round, place, from, to: a pad is never used twice)."""
    return (lock ^ _pad(shared, context)).to_bytes(32, "little").hex()


def hex_number(text: object, what: str) -> int:
    """A 32-byte little-endian number written as 64 hex digits (a lock, sealed or not, a mask);
    SealedError naming `what` otherwise."""
    return int.from_bytes(hex_bytes(text, what), "little")


def hex_bytes(text: object, what: str) -> bytes:
    """32 bytes written as 64 lower-case hex digits, the one way this module writes them
    (bytes.fromhex alone would skip spaces and take capitals); SealedError naming `what`."""
    if not isinstance(text, str) or len(text) != 64 or not set(text) <= HEX_DIGITS:
        raise SealedError(f"{what} is 64 lower-case hex digits")
    return bytes.fromhex(text)


def scalar_hex(value: int) -> str:
    """A number below 2^256 as hex_number reads it."""
    return value.to_bytes(32, "little").hex()


def response_number(data: object) -> int:
    """A proof's response: a number below the group's order, as scalar_hex writes it."""
    value = hex_number(data, "a proof's response")
    if not value < ORDER:
        raise SealedError("a proof's response is a number below the group's order")
    return value


def unseal_lock(sealed: str, shared: bytes, context: str) -> int:
    """The lock sealed for this player (check it with opened: a wrong one does not match)."""
    return hex_number(sealed, "a sealed lock") ^ _pad(shared, context)


def audit_masked(received: Sequence[bytes], sent: Sequence[bytes], mask: int, order: Sequence[int]) -> None:
    """At the end: SealedError unless the deck a device sent is its shown mask and order applied
    to the deck it received (it swapped, doubled or dropped no card)."""
    if len(sent) != len(received) or masked(received, mask, order) != list(sent):
        raise SealedError("its shuffle is not its shown mask and order applied to the deck it received")


def audit_locked(received: Sequence[bytes], sent: Sequence[bytes], mask: int, locks: Sequence[int],
                 lock_points: Sequence[bytes]) -> None:
    """At the end: SealedError unless the deck a device sent is its mask swapped for its shown
    locks, and the lock points it published are those locks'."""
    if len(sent) != len(received) or locked(received, mask, locks) != list(sent):
        raise SealedError("its locks are not its shown mask swapped for its shown locks")
    if [lock_point(lock) for lock in locks] != list(lock_points):
        raise SealedError("a lock point it published is not its shown lock's")
