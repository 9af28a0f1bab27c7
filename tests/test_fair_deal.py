"""A round's deal by every device together (wordtable.engine.fair_deal, issue 47): each player
opens its own hand and nothing else, whatever it holds; a pass, a lock or a secret that does not
hold is named with its seat; the audit at the end replays the deal."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from wordtable.engine import ed25519 as curve, fair_deal, lock_proofs, sealed, shuffle_proofs
from wordtable.engine.fair_deal import Deal, DealFault, DeviceSecrets, Keys, Layout, LockPass, MaskPass

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
        sent = fair_deal.mask_pass(layout, 1, seat, secrets[seat], masks[-1] if masks else None)
        masks.append(MaskPass.from_json(json.loads(json.dumps(sent.to_json())), layout))
    deal = Deal(layout, 1, tuple(masks))
    for seat in range(seats):
        sent = fair_deal.lock_pass(deal, keys[seat], secrets[seat])
        deal = deal.with_pass(LockPass.from_json(json.loads(json.dumps(sent.to_json())), layout))
    return layout, keys, secrets, masks, deal


def locked(layout, keys, secrets, mask_passes, seats=None):
    """The lock passes of every seat (or the first `seats`) on these mask passes."""
    deal = Deal(layout, 1, tuple(mask_passes))
    for seat in range(layout.seats if seats is None else seats):
        deal = deal.with_pass(fair_deal.lock_pass(deal, keys[seat], secrets[seat]))
    return deal


def replaced(deal, seat, **changes):
    """The deal with one seat's lock pass changed (a hostile device's)."""
    passes = list(deal.lock_passes)
    passes[seat] = dataclasses.replace(passes[seat], **changes)
    return Deal(deal.layout, deal.round_number, deal.mask_passes, tuple(passes))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_player_opens_its_own_hand_and_the_audit_agrees(seats):
    layout, keys, secrets, masks, deal = table(seats, seed=seats)
    hands = [fair_deal.open_hand(deal, keys[seat], secrets[seat]) for seat in range(seats)]
    cards = fair_deal.audit(deal, secrets, [key.secret for key in keys], keys[0].publics)
    assert sorted(cards) == list(range(DECK))
    for seat, hand in enumerate(hands):
        assert hand == [cards[position] for position in layout.hand(seat)]
    assert fair_deal.pile_card(deal) == cards[layout.pile]
    assert len({card for hand in hands for card in hand}) == seats * HAND


def test_the_deal_is_shuffled_by_everyone():
    """No seat alone decides where a card goes: the same seat's secrets with another seat's
    different ones deal other hands."""
    layout, keys, secrets, masks, deal = table(2, seed=5)
    first = fair_deal.audit(deal, secrets)
    rng = random.Random(99)
    other = [secrets[0], DeviceSecrets.new(layout, rng)]
    masks2 = [fair_deal.mask_pass(layout, 1, 0, other[0], None)]
    masks2.append(fair_deal.mask_pass(layout, 1, 1, other[1], masks2[0]))
    assert fair_deal.audit(locked(layout, keys, other, masks2), other) != first


@pytest.mark.parametrize("seats", [2, 3])
def test_a_device_opens_no_card_of_another_hand_with_everything_it_holds(seats):
    """A cheating friend's script with their device's file: its own secrets and keys, every
    pass, every sealed lock. Each lock it can read (its own, those sealed to it, those it tries
    to unseal with its own shared secrets though they were sealed to others) and every product
    of them leaves each other hand's card a point that is no card."""
    layout, keys, secrets, masks, deal = table(seats, seed=11)
    locks = deal.lock_passes
    deck = sealed.card_points(DECK)
    for thief in range(seats):
        readable = {position: [secrets[thief].locks[position]] for position in range(DECK)}
        for sender in range(seats):
            if sender == thief:
                continue
            for position, sealed_lock in locks[sender].sealed_locks.items():
                for receiver in range(seats):  # as if sealed to anyone: only its own is right
                    readable[position].append(sealed.unseal_lock(
                        sealed_lock, keys[thief].shared(sender), fair_deal.lock_context(1, position, sender, receiver)))
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
    layout, keys, secrets, masks, deal = table(3, seed=3)
    position = layout.hand(2)[1]
    forged = dict(deal.lock_passes[1].sealed_locks)
    forged[position] = sealed.seal_lock(12345, keys[1].shared(2), fair_deal.lock_context(1, position, 1, 2))
    bad = replaced(deal, 1, sealed_locks=forged)
    with pytest.raises(DealFault) as caught:
        fair_deal.open_hand(bad, keys[2], secrets[2])
    assert caught.value.seat == 1 and "does not match the lock point" in str(caught.value)
    assert fair_deal.open_hand(bad, keys[0], secrets[0])  # the others' hands still open
    # Anyone can check the complaint at the end, with every seat's sealing key shown.
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(bad, secrets, [key.secret for key in keys], keys[0].publics)
    assert caught.value.seat == 1 and "sealed" in str(caught.value)
    lying_key = [keys[0].secret, keys[1].secret + 1, keys[2].secret]
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(deal, secrets, lying_key, keys[0].publics)
    assert caught.value.seat == 1 and "sealing key" in str(caught.value)


def forged_shuffle(layout, secrets, masks, seat, order):
    """Seat `seat`'s mask pass made with an `order` that is no permutation (a card copied over
    another), and its best proof: one made for that deck by the honest prover's arithmetic."""
    received = sealed.card_points(layout.deck_size) if seat == 0 else masks[seat - 1].deck
    deck = tuple(sealed._times(secrets[seat].mask, received[place]) for place in order)
    proof = shuffle_proofs.prove(received, deck, secrets[seat].mask, order, fair_deal._mask_context(layout, 1, seat))
    return MaskPass(seat, deck, proof)


def test_a_swapped_card_is_named_by_the_first_seat_to_lock_and_by_the_audit():
    """Seat 1 puts a second copy of a card in place of another in its shuffle: its proof no
    longer holds (kept, or made anew), and seat 0 names it before it seals a lock to anyone; the
    audit names it too, from its shown secrets."""
    layout, keys, secrets, masks, deal = table(2, seed=4)
    order = list(secrets[1].order)
    order[3] = order[4]
    remade = forged_shuffle(layout, secrets, masks, 1, order)
    for forged in [remade, dataclasses.replace(remade, proof=masks[1].proof)]:
        with pytest.raises(DealFault) as caught:
            fair_deal.lock_pass(Deal(layout, 1, (masks[0], forged)), keys[0], secrets[0])
        assert caught.value.seat == 1 and "masked and shuffled" in str(caught.value)
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(Deal(layout, 1, (masks[0], remade), deal.lock_passes), secrets)
    assert caught.value.seat == 1 and "shuffle" in str(caught.value)


@pytest.mark.parametrize("seats", [2, 3])
def test_the_last_masker_copying_another_hand_onto_its_own_is_named_before_anyone_seals(seats):
    """The attack's F1: the last seat to shuffle puts copies of a victim's cards at its own
    hand's positions, so that the others' locks sealed to it would open them. Every other seat
    checks its shuffle proof before sealing, and names it."""
    layout, keys, secrets, masks, deal = table(seats, seed=20 + seats)
    cheat, victim = seats - 1, 0
    order = list(secrets[cheat].order)
    for mine, theirs in zip(layout.hand(cheat), layout.hand(victim)):
        order[mine] = order[theirs]
    cheated = tuple(masks[:-1]) + (forged_shuffle(layout, secrets, masks, cheat, order),)
    with pytest.raises(DealFault) as caught:  # the first seat to lock
        fair_deal.lock_pass(Deal(layout, 1, cheated), keys[0], secrets[0])
    assert caught.value.seat == cheat
    if seats == 3:  # and the next, had the first not checked (a colluder)
        first = fair_deal.lock_pass(Deal(layout, 1, masks), keys[0], secrets[0])
        with pytest.raises(DealFault) as caught:
            fair_deal.lock_pass(Deal(layout, 1, cheated, (first,)), keys[1], secrets[1])
        assert caught.value.seat == cheat


def test_the_dealer_dealing_itself_copies_is_named():
    """The dealer starts from the public card points: it could replace cards with copies of the
    ones it likes before anyone shuffles. The next seats name it."""
    layout, keys, secrets, masks, deal = table(3, seed=7)
    forged = forged_shuffle(layout, secrets, masks, 0, [0] * DECK)
    second = fair_deal.mask_pass(layout, 1, 1, secrets[1], forged)
    third = fair_deal.mask_pass(layout, 1, 2, secrets[2], second)
    with pytest.raises(DealFault) as caught:
        Deal(layout, 1, (forged, second, third)).check_shuffles([0, 1, 2])
    assert caught.value.seat == 0
    dealt = locked(layout, keys, secrets, (forged, second, third), seats=1)  # the dealer's own lock pass
    with pytest.raises(DealFault) as caught:  # the next seat to lock names it
        fair_deal.lock_pass(dealt, keys[1], secrets[1])
    assert caught.value.seat == 0


def test_a_shuffle_proof_travels_as_json_and_a_false_one_is_named():
    layout, keys, secrets, masks, deal = table(2, seed=17)
    data = masks[1].to_json()
    proof = data["proof"]
    for name in ["permutation", "chain", "chain_commitments", "commitments", "chain_responses", "opening",
                 "responses"]:
        changed = list(proof[name])
        changed[1], changed[2] = proof[name][2], proof[name][1]
        bad = MaskPass.from_json({**data, "proof": {**proof, name: changed}}, layout)
        with pytest.raises(DealFault) as caught:
            Deal(layout, 1, (masks[0], bad)).check_shuffles([1])
        assert caught.value.seat == 1, name
    for broken in [None, {**proof, "chain": proof["chain"][1:]}, {**proof, "opening": ["zz"] * DECK},
                   {**proof, "responses": ["ff" * 32] * 4}, {**proof, "commitments": []}]:
        with pytest.raises(ValueError):
            MaskPass.from_json({**data, "proof": broken}, layout)
    # another round's proof holds in no other round
    with pytest.raises(sealed.SealedError):
        shuffle_proofs.check(masks[0].deck, masks[1].deck, masks[1].proof, fair_deal._mask_context(layout, 2, 1))


def test_a_false_lock_point_or_pile_lock_or_secret_is_named_by_the_audit():
    layout, keys, secrets, masks, deal = table(2, seed=6)
    points = list(deal.lock_passes[0].lock_points)
    points[7] = sealed.lock_point(777)
    bad = replaced(deal, 0, lock_points=tuple(points))
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(bad, secrets)
    assert caught.value.seat == 0 and "lock point" in str(caught.value)
    with pytest.raises(DealFault) as caught:  # and at once, by its proof, when a hand is opened
        fair_deal.open_hand(bad, keys[1], secrets[1])
    assert caught.value.seat == 0 and "lock points" in str(caught.value)
    bad = replaced(deal, 1, pile_lock=5)
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(bad, secrets)
    assert caught.value.seat == 1
    with pytest.raises(DealFault):
        fair_deal.pile_card(bad)  # its lock does not match its point: named at once
    lying = [secrets[0], DeviceSecrets(secrets[1].mask + 1, secrets[1].order, secrets[1].locks)]
    with pytest.raises(DealFault) as caught:
        fair_deal.audit(deal, lying)
    assert caught.value.seat == 1


def test_a_point_outside_the_group_is_named_by_the_next_seat():
    layout, keys, secrets, masks, deal = table(2, seed=8)
    small_order = bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")  # y = -1: order 2
    deck = list(masks[0].deck)
    deck[0] = small_order
    with pytest.raises(DealFault) as caught:
        fair_deal.mask_pass(layout, 1, 1, secrets[1], MaskPass(0, tuple(deck), masks[0].proof))
    assert caught.value.seat == 0


@pytest.mark.parametrize("bad", [
    None, [], {"seat": 0}, {"seat": 5, "deck": []}, {"seat": 0, "deck": ["zz"] * DECK},
    {"seat": True, "deck": ["00" * 32] * DECK}, {"seat": 0, "deck": ["00" * 32] * (DECK - 1)},
])
def test_a_malformed_pass_is_refused_with_a_reason(bad):
    with pytest.raises(ValueError, match="."):
        MaskPass.from_json(bad, Layout(2, DECK, HAND))


def test_a_lock_pass_must_seal_every_lock_it_owes_and_no_other():
    layout, keys, secrets, masks, deal = table(2, seed=9)
    data = deal.lock_passes[0].to_json()
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
    layout, keys, secrets, masks, deal = table(2, seed=12)
    locks = deal.lock_passes
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
            fair_deal.open_public(deal, position, given)
    for bad_keys in [Keys(-1, 5, keys[0].publics), Keys(5, 5, keys[0].publics), Keys(0, 5, keys[0].publics[:1])]:
        with pytest.raises(ValueError):
            fair_deal.open_hand(deal, bad_keys, secrets[0])
    identity = (1).to_bytes(32, "little")
    with pytest.raises(DealFault) as caught:
        fair_deal.lock_pass(Deal(layout, 1, tuple(masks)), Keys(0, keys[0].secret, (keys[0].publics[0], identity)),
                            secrets[0])
    assert caught.value.seat == 1
    with pytest.raises(ValueError):
        fair_deal.mask_pass(layout, 1, 2, secrets[0], masks[-1])
    for seats, deck, hand in [(2, 40, -3), (2, 40.5, 5), (2, 40, 2.5), (2, 10**12, 5), (1, 40, 5), (True, 40, 5)]:
        with pytest.raises(ValueError):
            Layout(seats, deck, hand)
    with pytest.raises(ValueError):
        sealed.scalar_from("x" * 64)


def test_a_hand_dealt_a_card_twice_is_refused_at_once(monkeypatch):
    """The attack's F1 made a hand of copies: the shuffle proofs stop it before any lock is
    sealed (above); behind them, a hand holding one card twice is refused when it is opened."""
    layout, keys, secrets, masks, deal = table(2, seed=13)
    order = list(secrets[1].order)
    first, second = layout.hand(0)[0], layout.hand(0)[1]
    order[second] = order[first]
    forged = forged_shuffle(layout, secrets, masks, 1, order)
    monkeypatch.setattr(Deal, "check_shuffles", lambda deal, seats: None)  # as if they were not checked
    with pytest.raises(DealFault, match="twice"):
        fair_deal.open_hand(locked(layout, keys, secrets, (masks[0], forged)), keys[0], secrets[0])


def test_a_first_locker_that_moves_a_card_onto_its_hand_is_named_before_anyone_seals_to_it():
    """The attack's F2: seat 0 puts, at a position of its own hand, its lock of another
    player's card; the others' sealed locks would then open that card for it. Its proof no
    longer holds there (kept or made anew for the forged deck), and the next seat names it
    before it seals a lock to it."""
    layout, keys, secrets, masks, deal = table(3, seed=14)
    mine, theirs = layout.hand(0)[0], layout.hand(1)[0]
    honest = locked(layout, keys, secrets, masks, seats=1)
    first = honest.lock_passes[0]
    factor = secrets[0].locks[mine] * pow(secrets[0].mask, -1, sealed.ORDER) % sealed.ORDER
    deck = list(first.deck)
    deck[mine] = sealed._times(factor, masks[-1].deck[theirs])
    remade = lock_proofs.prove(masks[-1].deck, deck, first.lock_points, secrets[0].mask, secrets[0].locks,
                               fair_deal._proof_context(honest, 0))
    for proof, what in [(first.proof, "lock points"), (remade, f"position {mine + 1}")]:
        # (the proof kept was made for another deck: the first check, of the lock points, fails)
        forged = Deal(layout, 1, tuple(masks), (dataclasses.replace(first, deck=tuple(deck), proof=proof),))
        with pytest.raises(DealFault) as caught:
            fair_deal.lock_pass(forged, keys[1], secrets[1])
        assert caught.value.seat == 0 and what in str(caught.value)


def test_a_last_locker_that_writes_its_own_hand_is_named_when_the_others_open_theirs():
    """The attack's F3: the last seat holds every other lock of its own hand's positions (sealed
    to it), so it can write any card it likes there; every other player's device checks the last
    pass at those positions when it opens its hand."""
    layout, keys, secrets, masks, deal = table(2, seed=15)
    position, wanted = layout.hand(1)[0], 0
    others = sealed.unseal_lock(deal.lock_passes[0].sealed_locks[position], keys[1].shared(0),
                                fair_deal.lock_context(1, position, 0, 1))
    deck = list(deal.lock_passes[1].deck)
    deck[position] = sealed._times(others * secrets[1].locks[position] % sealed.ORDER, sealed.card_points(DECK)[wanted])
    product = others * secrets[1].locks[position] % sealed.ORDER
    assert sealed._times(pow(product, -1, sealed.ORDER), deck[position]) == sealed.card_points(DECK)[wanted]
    # the cheat would work: its best proof is one made anew for the deck it wrote
    proof = lock_proofs.prove(deal.lock_passes[0].deck, deck, deal.lock_passes[1].lock_points, secrets[1].mask,
                              secrets[1].locks, fair_deal._proof_context(deal, 1))
    bad = replaced(deal, 1, deck=tuple(deck), proof=proof)
    with pytest.raises(DealFault) as caught:  # but the other device names it
        fair_deal.open_hand(bad, keys[0], secrets[0])
    assert caught.value.seat == 1 and f"position {position + 1} in its place" in str(caught.value)
    with pytest.raises(DealFault) as caught:  # as anyone who checks a card made public there
        fair_deal.open_public(bad, position, [secrets[0].locks[position], secrets[1].locks[position]])
    assert caught.value.seat == 1


def test_a_lock_proof_travels_as_json_and_a_false_one_is_named():
    layout, keys, secrets, masks, deal = table(2, seed=16)
    data = deal.lock_passes[0].to_json()
    proof = data["proof"]
    for name, index in [("responses", 5), ("challenges", 5), ("factors", 5)]:
        changed = list(proof[name])
        changed[index] = proof[name][index + 1]
        bad = LockPass.from_json({**data, "proof": {**proof, name: changed}}, layout)
        with pytest.raises(DealFault) as caught:
            Deal(layout, 1, tuple(masks), (bad,)).check([index])
        assert caught.value.seat == 0
    bad = LockPass.from_json({**data, "proof": {**proof, "aggregate": [proof["aggregate"][0], proof["responses"][0]]}},
                             layout)
    with pytest.raises(DealFault, match="lock points"):
        Deal(layout, 1, tuple(masks), (bad,)).check([])
    for broken in [None, {**proof, "factors": proof["factors"][1:]}, {**proof, "challenges": ["00" * 32] * DECK},
                   {**proof, "responses": ["ff" * 32] * DECK}, {**proof, "aggregate": []}]:
        with pytest.raises(ValueError):
            LockPass.from_json({**data, "proof": broken}, layout)


def test_a_small_order_part_added_to_a_card_frames_no_honest_seat():
    """From the attack on the shuffle proofs: the last seat to mask adds a point of order 8 to a
    card of its own hand and proves its deck as usual. The next seat's multiplication cleans the
    card; its lock proof, whose commitment on that card is hashed times the cofactor, still holds,
    so the deal goes on and nobody honest is named (before, seat 0 was)."""
    layout, keys, secrets, masks, deal = table(3, seed=18)
    order_8 = curve._decode(bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"))
    assert order_8 is not None and curve._has_small_order(order_8)
    deck = list(masks[-1].deck)
    position = layout.hand(2)[0]
    deck[position] = curve._encode(curve._add(sealed.member(deck[position]), order_8))
    proof = shuffle_proofs.prove(masks[-2].deck, deck, secrets[2].mask, secrets[2].order,
                                 fair_deal._mask_context(layout, 1, 2))
    tainted = locked(layout, keys, secrets, tuple(masks[:-1]) + (MaskPass(2, tuple(deck), proof),))
    for seat in range(3):
        assert fair_deal.open_hand(tainted, keys[seat], secrets[seat]) == fair_deal.open_hand(deal, keys[seat],
                                                                                             secrets[seat])


def test_a_shuffle_proof_shows_nothing_of_a_small_order_part_and_no_mask_of_zero():
    """From the same attack: a hostile seat adds a point of order 8 to a card it sends; the next
    (honest) seat's proof published μ·F with that part in it, showing μ mod 8 and so 3 bits of
    its mask. Every point the proof publishes is now in the prime-order group. And a deck of
    small-order points (a mask of 0) is refused by the proof's check itself."""
    layout, keys, secrets, masks, deal = table(2, seed=19)
    order_8 = curve._decode(bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"))
    deck = list(masks[0].deck)
    deck[0] = curve._encode(curve._add(sealed.member(deck[0]), order_8))
    honest = fair_deal.mask_pass(layout, 1, 1, secrets[1], MaskPass(0, tuple(deck), masks[0].proof))
    for point in honest.proof.commitments + honest.proof.chain + honest.proof.chain_commitments:
        assert sealed._is_neutral(curve._multiply(sealed.ORDER, sealed.member(point)))
    shuffle_proofs.check(deck, honest.deck, honest.proof, fair_deal._mask_context(layout, 1, 1))
    neutral = curve._encode(curve.NEUTRAL)
    zero = shuffle_proofs.prove(masks[0].deck, [neutral] * DECK, 0, list(range(DECK)),
                                fair_deal._mask_context(layout, 1, 1))
    with pytest.raises(sealed.SealedError, match="outside the deck's group"):
        shuffle_proofs.check(masks[0].deck, [neutral] * DECK, zero, fair_deal._mask_context(layout, 1, 1))
