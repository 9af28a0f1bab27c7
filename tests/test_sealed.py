"""Sealed cards' arithmetic (wordtable.engine.sealed, issue 47's design in docs/fair-cards.md):
a deck masked, shuffled and locked by every device opens, card by card, only with every lock of
its place; a hostile point, a wrong lock or a tampered pass is refused and named."""

from __future__ import annotations

import random

import pytest

from wordtable.engine import ed25519 as curve, sealed

DECK = 12  # a small deck: the arithmetic is the same for 124 cards (bench/fair_cards.py times that)


def scalar(rng: random.Random) -> int:
    return sealed.scalar_from(rng.randbytes(64))


def deal(devices: int, seed: int = 1):
    """Every device masks and shuffles in turn, then locks in turn; returns the passes, each
    device's secrets and where each card went."""
    rng = random.Random(seed)
    deck = list(sealed.card_points(DECK))
    where = list(range(DECK))                  # where[i]: the card number at place i
    masks, orders, passes = [], [], [deck]
    for _ in range(devices):
        mask, order = scalar(rng), rng.sample(range(DECK), DECK)
        deck = sealed.masked(deck, mask, order)
        where = [where[place] for place in order]
        masks.append(mask)
        orders.append(order)
        passes.append(deck)
    locks = []
    for mask in masks:
        own = [scalar(rng) for _ in range(DECK)]
        deck = sealed.locked(deck, mask, own)
        locks.append(own)
        passes.append(deck)
    points = [[sealed.lock_point(lock) for lock in own] for own in locks]
    return passes, masks, orders, locks, points, where


@pytest.mark.parametrize("devices", [2, 3])
def test_every_card_opens_with_every_lock_of_its_place_and_the_deck_is_whole(devices):
    passes, _masks, _orders, locks, points, where = deal(devices)
    final = passes[-1]
    assert sorted(where) == list(range(DECK))
    for place in range(DECK):
        assert sealed.opened(final[place], [own[place] for own in locks], [p[place] for p in points], DECK) == where[place]
    assert set(final).isdisjoint(sealed.card_points(DECK)), "a locked card reads as itself"


def test_a_device_with_all_but_one_lock_of_a_place_learns_no_card():
    """A's locks and every lock B sent it do not open B's own card: its last lock is B's alone.
    Taking off every lock A holds leaves a point that is none of the deck's."""
    passes, _masks, _orders, locks, _points, _where = deal(2)
    place = 3
    partial = sealed._times(pow(locks[0][place], -1, sealed.ORDER), passes[-1][place])
    assert partial not in sealed.card_points(DECK)


def test_a_wrong_lock_is_named_by_its_device():
    passes, _masks, _orders, locks, points, _where = deal(3)
    wrong = [own[0] for own in locks]
    wrong[1] = locks[1][1]  # device 1 sent the lock of another place
    with pytest.raises(sealed.SealedError, match="lock of device 1 does not match"):
        sealed.opened(passes[-1][0], wrong, [p[0] for p in points], DECK)


def test_a_hostile_point_carries_nothing_back_and_a_point_of_small_order_alone_is_refused():
    card = sealed.card_points(DECK)[0]
    # A card with the point of order two added: had it been multiplied as it came, the result
    # would tell the mask's lowest bit; the multiplication clears it, so it is the card's own.
    order_two = (0, curve.P - 1, 1, 0)  # (0, -1)
    tainted = curve._encode(curve._add(sealed.member(card), order_two))
    assert tainted != card
    assert sealed.masked([tainted], 5, [0]) == sealed.masked([card], 5, [0])
    assert sealed.masked([tainted], 6, [0]) == sealed.masked([card], 6, [0])
    for small in ((0, 1, 1, 0), order_two):  # the neutral point, the point of order two
        with pytest.raises(sealed.SealedError, match="outside"):
            sealed.masked([curve._encode(small)], 5, [0])
    with pytest.raises(sealed.SealedError, match="not the encoding"):
        sealed.member(b"\xff" * 32)
    with pytest.raises(sealed.SealedError):
        sealed.member("not bytes")  # type: ignore[arg-type]


def test_a_lock_sealed_for_one_player_opens_for_that_player_only():
    rng = random.Random(7)
    alice, bob, eve = scalar(rng), scalar(rng), scalar(rng)
    shared = sealed.shared_secret(alice, sealed.public_point(bob))
    assert shared == sealed.shared_secret(bob, sealed.public_point(alice))
    lock = scalar(rng)
    text = sealed.seal_lock(lock, shared, "round 1 place 4 from 0 to 1")
    assert len(text) == 64 and int.from_bytes(bytes.fromhex(text), "little") != lock
    assert sealed.unseal_lock(text, shared, "round 1 place 4 from 0 to 1") == lock
    assert sealed.unseal_lock(text, shared, "round 1 place 5 from 0 to 1") != lock  # a pad per place
    overheard = sealed.shared_secret(eve, sealed.public_point(bob))
    assert sealed.unseal_lock(text, overheard, "round 1 place 4 from 0 to 1") != lock
    for bad in ("", "zz" * 32, "00" * 33, None):
        with pytest.raises(sealed.SealedError, match="64 lower-case hex"):
            sealed.unseal_lock(bad, shared, "x")  # type: ignore[arg-type]


def test_the_audit_replays_each_pass_and_names_a_tampered_one():
    passes, masks, orders, locks, points, _where = deal(2)
    for device in range(2):
        sealed.audit_masked(passes[device], passes[device + 1], masks[device], orders[device])
        sealed.audit_locked(passes[2 + device], passes[3 + device], masks[device], locks[device], points[device])
    # Device 1 put a card of its choosing in place of another (a second copy of place 0's).
    swapped = list(passes[2])
    swapped[5] = swapped[0]
    with pytest.raises(sealed.SealedError, match="shuffle is not"):
        sealed.audit_masked(passes[1], swapped, masks[1], orders[1])
    # Device 0 shows a lock other than the one it locked with.
    shown = list(locks[0])
    shown[2] += 1
    with pytest.raises(sealed.SealedError, match="locks are not"):
        sealed.audit_locked(passes[2], passes[3], masks[0], shown, points[0])
    # Device 1 published a lock point that is not its lock's: any lock it sent would be doubted.
    published = list(points[1])
    published[0] = points[1][1]
    with pytest.raises(sealed.SealedError, match="lock point"):
        sealed.audit_locked(passes[3], passes[4], masks[1], locks[1], published)


def test_card_points_are_distinct_members_of_the_group():
    points = sealed.card_points(124)
    assert len(set(points)) == 124
    for point in points[:5]:
        sealed.member(point)
    with pytest.raises(ValueError):
        sealed.scalar_from(b"short")


def test_the_fast_multiplications_agree_with_the_curves_own():
    """The windowed multiplication and the base comb (a deal's time) give the same points as
    ed25519's plain double-and-add and powers of two, at the edges of a scalar's range too."""
    rng = random.Random(47)
    point = curve._decode(sealed.card_points(3)[2])
    scalars = [0, 1, 15, 16, 2**252, curve.L - 1, 2**255 - 1] + [rng.randrange(2**255) for _ in range(20)]
    for scalar in scalars:
        assert curve._encode(sealed._multiply(scalar, point)) == curve._encode(curve._multiply(scalar, point)), scalar
        assert curve._encode(sealed._multiply_base(scalar)) == curve._encode(curve._multiply_base(scalar)), scalar
