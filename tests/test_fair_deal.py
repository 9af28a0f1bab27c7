"""A round's deal by every device together (wordtable.engine.fair_deal, issue 47): each player
opens its own hand and nothing else, whatever it holds; a pass, a lock or a secret that does not
hold is named with its seat; the audit at the end replays the deal."""

from __future__ import annotations

import json
import random

import pytest

from wordtable.engine import fair_deal, sealed
from wordtable.engine.fair_deal import DealFault, DeviceSecrets, Keys, Layout, LockPass, MaskPass

DECK, HAND = 40, 5  # smaller than One Letter Better's 124 and 7: the same protocol, quicker


def table(seats: int, seed: int = 1):
    """Every seat's keys and secrets, then the deal's passes in turn (through JSON, as records
    carry them)."""
    rng = random.Random(seed)
    layout = Layout(seats, DECK, HAND)
    dh = [sealed.scalar_from(rng.randbytes(64)) for _ in range(seats)]
    publics = tuple(sealed.public_point(secret) for secret in dh)
    keys = [Keys(seat, dh[seat], publics) for seat in range(seats)]
    secrets = [DeviceSecrets.new(layout, rng) for _ in range(seats)]
    masks: list[MaskPass] = []
    for seat in range(seats):
        sent = fair_deal.mask_pass(layout, seat, secrets[seat], masks[-1] if masks else None)
        masks.append(MaskPass.from_json(json.loads(json.dumps(sent.to_json())), layout))
    locks: list[LockPass] = []
    for seat in range(seats):
        sent = fair_deal.lock_pass(layout, keys[seat], secrets[seat], locks[-1] if locks else masks[-1], 1)
        locks.append(LockPass.from_json(json.loads(json.dumps(sent.to_json())), layout))
    return layout, keys, secrets, masks, locks


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_opens_its_own_hand_and_the_audit_agrees(seats):
    layout, keys, secrets, masks, locks = table(seats, seed=seats)
    hands = [fair_deal.open_hand(layout, keys[seat], secrets[seat], locks, 1) for seat in range(seats)]
    cards = fair_deal.audit(layout, masks, locks, secrets)
    assert sorted(cards) == list(range(DECK))
    for seat, hand in enumerate(hands):
        assert hand == [cards[position] for position in layout.hand(seat)]
    assert fair_deal.pile_card(layout, locks) == cards[layout.pile]
    assert len({card for hand in hands for card in hand}) == seats * HAND


def test_the_deal_is_shuffled_by_everyone():
    """No seat alone decides where a card goes: the same seat's secrets with another seat's
    different ones deal other hands."""
    layout, keys, secrets, masks, locks = table(2, seed=5)
    first = fair_deal.audit(layout, masks, locks, secrets)
    rng = random.Random(99)
    other = [secrets[0], DeviceSecrets.new(layout, rng)]
    masks2 = [fair_deal.mask_pass(layout, 0, other[0], None)]
    masks2.append(fair_deal.mask_pass(layout, 1, other[1], masks2[0]))
    locks2 = [fair_deal.lock_pass(layout, keys[0], other[0], masks2[-1], 1)]
    locks2.append(fair_deal.lock_pass(layout, keys[1], other[1], locks2[0], 1))
    assert fair_deal.audit(layout, masks2, locks2, other) != first


@pytest.mark.parametrize("seats", [2, 3])
def test_a_device_opens_no_card_of_another_hand_with_everything_it_holds(seats):
    """A cheating friend's script with their device's file: its own secrets and keys, every
    pass, every sealed lock. Each lock it can read (its own, those sealed to it, those it tries
    to unseal with its own shared secrets though they were sealed to others) and every product
    of them leaves each other hand's card a point that is no card."""
    layout, keys, secrets, masks, locks = table(seats, seed=11)
    deck = sealed.card_points(DECK)
    for thief in range(seats):
        readable = {position: [secrets[thief].locks[position]] for position in range(DECK)}
        for sender in range(seats):
            if sender == thief:
                continue
            for position, sealed_lock in locks[sender].sealed_locks.items():
                for receiver in range(seats):  # as if sealed to anyone: only its own is right
                    readable[position].append(sealed.unseal_lock(
                        sealed_lock, keys[thief].shared(sender), fair_deal._context(1, position, sender, receiver)))
        readable[layout.pile] += [lock_pass.pile_lock for lock_pass in locks]
        for victim in range(seats):
            if victim == thief:
                continue
            for position in layout.hand(victim):
                candidates = readable[position]
                products = {1}
                for lock in candidates:
                    products |= {product * lock % sealed.ORDER for product in products}
                for product in products:
                    point = sealed._times(pow(product, -1, sealed.ORDER), locks[-1].deck[position])
                    assert point not in deck, (thief, victim, position)


def test_a_false_sealed_lock_is_named_when_its_player_opens_the_hand():
    layout, keys, secrets, masks, locks = table(3, seed=3)
    position = layout.hand(2)[1]
    forged = dict(locks[1].sealed_locks)
    forged[position] = sealed.seal_lock(12345, keys[1].shared(2), fair_deal._context(1, position, 1, 2))
    bad = list(locks)
    bad[1] = LockPass(1, locks[1].deck, locks[1].lock_points, forged, locks[1].pile_lock)
    with pytest.raises(DealFault) as caught:
        fair_deal.open_hand(layout, keys[2], secrets[2], bad, 1)
    assert caught.value.seat == 1 and "does not match the lock point" in str(caught.value)
    assert fair_deal.open_hand(layout, keys[0], secrets[0], bad, 1)  # the others' hands still open


def test_a_swapped_card_is_named_by_the_audit():
    """Seat 1 puts a second copy of a card in place of another in its shuffle: hands may still
    open, but the audit names seat 1 (and the game then compares every card played)."""
    layout, keys, secrets, masks, locks = table(2, seed=4)
    deck = list(masks[1].deck)
    deck[3] = deck[4]
    forged = MaskPass(1, tuple(deck))
    locks2 = [fair_deal.lock_pass(layout, keys[0], secrets[0], forged, 1)]
    locks2.append(fair_deal.lock_pass(layout, keys[1], secrets[1], locks2[0], 1))
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(layout, [masks[0], forged], locks2, secrets)
    assert caught.value.seat == 1 and "shuffle" in str(caught.value)


def test_a_false_lock_point_or_pile_lock_or_secret_is_named_by_the_audit():
    layout, keys, secrets, masks, locks = table(2, seed=6)
    points = list(locks[0].lock_points)
    points[7] = sealed.lock_point(777)
    bad = [LockPass(0, locks[0].deck, tuple(points), locks[0].sealed_locks, locks[0].pile_lock), locks[1]]
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(layout, masks, bad, secrets)
    assert caught.value.seat == 0 and "lock point" in str(caught.value)
    bad = [locks[0], LockPass(1, locks[1].deck, locks[1].lock_points, locks[1].sealed_locks, 5)]
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(layout, masks, bad, secrets)
    assert caught.value.seat == 1
    with pytest.raises(DealFault):
        fair_deal.pile_card(layout, bad)  # its lock does not match its point: named at once
    lying = [secrets[0], DeviceSecrets(secrets[1].mask + 1, secrets[1].order, secrets[1].locks)]
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(layout, masks, locks, lying)
    assert caught.value.seat == 1


def test_a_point_outside_the_group_is_named_by_the_next_seat():
    layout, keys, secrets, masks, locks = table(2, seed=8)
    small_order = bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")  # y = -1: order 2
    deck = list(masks[0].deck)
    deck[0] = small_order
    with pytest.raises(DealFault) as caught:
        fair_deal.mask_pass(layout, 1, secrets[1], MaskPass(0, tuple(deck)))
    assert caught.value.seat == 0


@pytest.mark.parametrize("bad", [
    None, [], {"seat": 0}, {"seat": 5, "deck": []}, {"seat": 0, "deck": ["zz"] * DECK},
    {"seat": True, "deck": ["00" * 32] * DECK}, {"seat": 0, "deck": ["00" * 32] * (DECK - 1)},
])
def test_a_malformed_pass_is_refused_with_a_reason(bad):
    with pytest.raises(ValueError, match="."):
        MaskPass.from_json(bad, Layout(2, DECK, HAND))


def test_a_lock_pass_must_seal_every_lock_it_owes_and_no_other():
    layout, keys, secrets, masks, locks = table(2, seed=9)
    data = locks[0].to_json()
    missing = {**data, "sealed": dict(list(data["sealed"].items())[1:])}
    with pytest.raises(ValueError, match="every position"):
        LockPass.from_json(missing, layout)
    own = {**data, "sealed": {**data["sealed"], str(layout.hand(0)[0]): "00" * 32}}
    with pytest.raises(ValueError, match="other player's hand"):
        LockPass.from_json(own, layout)


def test_secrets_travel_as_json_and_bad_ones_are_refused():
    layout = Layout(2, DECK, HAND)
    secrets = DeviceSecrets.new(layout, random.Random(2))
    assert DeviceSecrets.from_json(json.loads(json.dumps(secrets.to_json())), layout) == secrets
    for bad in [{"mask": "00" * 32, "order": list(range(DECK)), "locks": ["01" + "00" * 31] * DECK},
                {**secrets.to_json(), "order": [0] * DECK}, {**secrets.to_json(), "locks": []}, "x"]:
        with pytest.raises(ValueError):
            DeviceSecrets.from_json(bad, layout)


def test_hostile_values_are_refused_with_a_reason():
    """From the independent attack (F5, F6): hex with spaces or capitals, positions written two
    ways, bad sealed values, positions and locks out of range, seats outside the table, a bad
    layout, a seat's public point outside the group: a ValueError (or DealFault) each."""
    layout, keys, secrets, masks, locks = table(2, seed=12)
    data = masks[0].to_json()
    for text in ["0a " * 21 + " ", data["deck"][0].upper()]:
        with pytest.raises(ValueError, match="lower-case hex"):
            MaskPass.from_json({**data, "deck": [text] + data["deck"][1:]}, layout)
    lock_data = locks[0].to_json()
    position = str(layout.hand(1)[0])
    for key, value in [("0" + position, lock_data["sealed"][position]), (position, "zz"), (position, "")]:
        sealed_locks = {k: v for k, v in lock_data["sealed"].items() if k != position} | {key: value}
        with pytest.raises(ValueError):
            LockPass.from_json({**lock_data, "sealed": sealed_locks}, layout)
    with pytest.raises(ValueError):
        DeviceSecrets.from_json({**secrets[0].to_json(), "mask": "07 " + "00" * 30 + " "}, layout)
    for position, given in [(-1, [lock_pass.pile_lock for lock_pass in locks]), (DECK, [1, 1]), (layout.pile, "ab"),
                            (layout.pile, [1.5, 2])]:
        with pytest.raises(ValueError):
            fair_deal.open_public(layout, locks, position, given)
    for bad_keys in [Keys(-1, 5, keys[0].publics), Keys(5, 5, keys[0].publics), Keys(0, 5, keys[0].publics[:1])]:
        with pytest.raises(ValueError):
            fair_deal.open_hand(layout, bad_keys, secrets[0], locks, 1)
    identity = (1).to_bytes(32, "little")
    with pytest.raises(DealFault) as caught:
        fair_deal.lock_pass(layout, Keys(0, keys[0].secret, (keys[0].publics[0], identity)), secrets[0], masks[-1], 1)
    assert caught.value.seat == 1
    with pytest.raises(ValueError):
        fair_deal.mask_pass(layout, 2, secrets[0], masks[-1])
    for seats, deck, hand in [(2, 40, -3), (2, 40.5, 5), (2, 40, 2.5), (2, 10**12, 5), (1, 40, 5), (True, 40, 5)]:
        with pytest.raises(ValueError):
            Layout(seats, deck, hand)
    with pytest.raises(ValueError):
        sealed.scalar_from("x" * 64)


def test_a_hand_dealt_a_card_twice_is_refused_at_once():
    """The attack's F1 made a hand of copies; a hand holding one card twice is refused when it is
    opened (the audit names the seat at the end)."""
    layout, keys, secrets, masks, locks = table(2, seed=13)
    deck = list(masks[1].deck)
    first, second = layout.hand(0)[0], layout.hand(0)[1]
    deck[second] = deck[first]
    forged = MaskPass(1, tuple(deck))
    locks2 = [fair_deal.lock_pass(layout, keys[0], secrets[0], forged, 1)]
    locks2.append(fair_deal.lock_pass(layout, keys[1], secrets[1], locks2[0], 1))
    with pytest.raises(DealFault, match="twice"):
        fair_deal.open_hand(layout, keys[0], secrets[0], locks2, 1)
