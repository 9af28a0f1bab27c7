"""A fault only one device can see is shown to every other (engine.sealed_complaints; finding 1
of the fourth attack, docs/fair-cards.md): every page stops alike, naming the same seat, each
by its own check; a complaint that does not hold names the complainer."""

from __future__ import annotations

import random

from test_online import Wire
from test_online_sealed import play_out
from test_sealed_table import game_and_bots
from wordtable.engine import sealed
from wordtable.engine.bots import ask_bot
from wordtable.engine.game import Record
from wordtable.engine.sealed_complaints import prove_shared, shared_proved
from wordtable.lexicon import store
from wordtable.online.sealed_guest import SealedGuest
from wordtable.online.sealed_host import SealedHost


def cheating_table(tamper, cheat: int, seed: int = 11) -> tuple[SealedHost, Wire]:
    """Three players, seats 1 and 2 guests; `tamper(message)` changes what seat `cheat`'s
    device sends, before it is signed."""
    game, _bots = game_and_bots()
    record = Record("one-letter-better", game.Options.complete({"players": 3, "rounds": 1}), seed)
    host = SealedHost(game, record, ["P1", "P2", "P3"], remote=[1, 2])
    guests = {f"g{seat}": SealedGuest(host.invite(seat), lexicon_for=store.load) for seat in (1, 2)}
    cheater = guests[f"g{cheat}"]
    send = cheater._send
    cheater._send = lambda messages: send([tamper(message) for message in messages])
    wire = Wire(host, guests)
    for peer, guest in guests.items():
        wire.from_guest(peer, guest.hello())
        wire.run()
    return host, wire


def flipped(value: str) -> str:
    return value[:-2] + ("11" if value[-2:] != "11" else "22")


def assert_every_page_named(host: SealedHost, wire: Wire, seat: int) -> None:
    """Every honest page stopped naming `seat`, each by its own check (not on the host's word).
    (The cheater's own page holds what it made before it changed it: it may say anything.)"""
    pages = [host.table] + [guest.play for guest in wire.guests.values() if guest.seat != seat]
    assert all(page.stop is not None and page.stop.seat == seat for page in pages), [page.stop for page in pages]
    assert not any("host's page says" in page.stop.reason for page in pages), [page.stop for page in pages]


def test_a_false_lock_sealed_in_a_lock_pass_to_one_guest_stops_every_page_naming_its_sender():
    def lie(message):
        if message.get("kind") == "lock":
            message["pass"]["sealed"]["2"] = flipped(message["pass"]["sealed"]["2"])  # seat 3's first card
        return message

    host, wire = cheating_table(lie, cheat=1)
    assert_every_page_named(host, wire, 1)
    complaint = next(e for e in host.table.entries if e.get("m", {}).get("kind") == "complaint")
    assert complaint["from"] == 2 and "shared" in complaint["m"]["proof"]


def test_a_last_lock_pass_false_where_only_one_guest_checks_stops_every_page_naming_it():
    def lie(message):
        if message.get("kind") == "lock":
            responses = message["pass"]["proof"]["responses"]
            responses[1] = sealed.scalar_hex(12345)  # position 2: seat 2's first card, checked by seat 2 alone
        return message

    host, wire = cheating_table(lie, cheat=2)
    assert_every_page_named(host, wire, 2)
    complaint = next(e for e in host.table.entries if e.get("m", {}).get("kind") == "complaint")
    assert complaint["from"] == 1 and complaint["m"]["proof"] == 2


def test_false_locks_of_a_draw_sealed_to_one_guest_stop_every_page_naming_their_sender():
    def lie(message):
        if message.get("kind") == "locks" and message.get("to") == 2:
            message["locks"] = {key: flipped(value) for key, value in message["locks"].items()}
        return message

    host, wire = cheating_table(lie, cheat=1)
    game, bots = game_and_bots()
    for turn in range(300):
        wire.run()
        if host.table.stop is not None:
            break
        state = host.table.any_device.state
        assert game.outcome(state) is None, "seat 3 never drew"
        seat = game.actors(state)[0]
        if seat == 0:
            wire.from_host(host.play_local(0, ask_bot(bots["medium"], game, host.table.devices[0].state, 0, 1, turn)))
        else:
            guest = wire.guests[f"g{seat}"]
            wire.from_guest(f"g{seat}", guest.move(ask_bot(bots["medium"], game, guest.play.devices[seat].state, seat, 1, turn)))
    wire.run()
    assert_every_page_named(host, wire, 1)


def test_a_complaint_that_does_not_hold_names_the_complainer_on_every_page():
    host, wire = cheating_table(lambda message: message, cheat=1)
    guest = wire.guests["g1"]
    device = guest.play.devices[1]
    honest = host.table.devices[0].rounds[1].locks[0].sealed_locks[1]  # seat 1's lock of seat 2's first card
    evidence = {"round": 1, "sealed": {"position": 1, "from": 0, "owner": 0, "value": honest}}
    wire.from_guest("g1", guest._send(device.complaint(evidence)))
    wire.run()
    pages = [host.table, wire.guests["g2"].play]
    assert all(page.stop is not None and page.stop.seat == 1 for page in pages), [page.stop for page in pages]
    assert "does not hold" not in host.table.stop.reason and "it said another seat's message" in host.table.stop.reason


def test_an_honest_table_makes_no_complaint():
    host, wire = cheating_table(lambda message: message, cheat=1, seed=4)
    play_out(host, wire)
    assert not any(e.get("m", {}).get("kind") == "complaint" for e in host.table.entries)


def test_a_shared_secret_is_proved_for_its_two_keys_only():
    rng = random.Random(3)
    mine, theirs, third = (sealed.scalar_from(rng.randbytes(64)) for _ in range(3))
    my_public, their_public, third_public = map(sealed.public_point, (mine, theirs, third))
    proof = prove_shared(mine, their_public, rng)
    assert shared_proved(my_public, their_public, proof) == sealed.shared_secret(theirs, my_public)
    assert shared_proved(third_public, their_public, proof) is None
    assert shared_proved(my_public, third_public, proof) is None
    assert shared_proved(my_public, their_public, {**proof, "shared": sealed.shared_secret(third, my_public).hex()}) is None
    assert shared_proved(my_public, their_public, {**proof, "response": "zz"}) is None
    assert shared_proved(my_public, their_public, None) is None


# -- a fifth attack, on the complaints (docs/fair-cards.md "A fifth attack") ---------------------

def complain(wire: Wire, peer: str, body: dict) -> None:
    """A crafted complaint from a guest, numbered and signed as its device would."""
    guest = wire.guests[peer]
    device = guest.play.devices[guest.seat]
    wire.from_guest(peer, guest._send(device._made([{"kind": "complaint", "seat": guest.seat, **body}])))
    wire.run()


def test_a_complaint_about_a_lock_sealed_to_another_seat_names_the_complainer():
    host, wire = cheating_table(lambda message: message, cheat=2)
    device = wire.guests["g2"].play.devices[2]
    position = device.rounds[1].layout.hand(1)[0]  # seat 2's card: its lock was sealed to seat 2, not 3
    value = device.rounds[1].locks[0].sealed_locks[position]
    complain(wire, "g2", {"round": 1, "sealed": {"position": position, "from": 0, "owner": 0, "value": value}})
    assert host.table.stop.seat == 2 and wire.guests["g1"].play.stop.seat == 2


def test_a_shared_secret_with_a_small_order_part_is_not_proved():
    """A secret S + T (T of order 2) with a proof forged to hold for it would unseal an honest
    lock to garbage and frame its sender."""
    from wordtable.engine import ed25519 as curve, sealed_complaints
    rng = random.Random(1)
    mine, theirs = (sealed.scalar_from(rng.randbytes(64)) for _ in range(2))
    my_public, their_public = sealed.public_point(mine), sealed.public_point(theirs)
    order_two = curve._decode(bytes.fromhex("ec" + "ff" * 30 + "7f"))
    other = sealed_complaints._cleared(their_public)
    shared = curve._encode(curve._add(sealed.member(sealed.shared_secret(mine, their_public)), order_two))
    for _try in range(100):
        nonce = sealed.scalar_from(rng.randbytes(64))
        first = curve._encode(sealed._multiply_base(nonce))
        second = curve._encode(curve._add(sealed.combination([(nonce, other)]), order_two))
        challenge = sealed_complaints._challenge(my_public, other, shared, first, second)
        if (sealed.ORDER - challenge) % 2:
            break
    forged = {"shared": shared.hex(), "first": first.hex(), "second": second.hex(),
              "response": sealed.scalar_hex((nonce + challenge * mine) % sealed.ORDER)}
    assert shared_proved(my_public, their_public, forged) is None


def test_complaints_of_every_wrong_shape_name_the_complainer_and_break_nothing():
    for body in ({"round": [1], "shuffle": 0}, {"round": {}, "shuffle": 0}, {"round": 1.0, "shuffle": 0},
                 {"round": 1, "sealed": {"position": 1, "from": True, "owner": 0, "value": "00" * 32}},
                 {"round": 1, "sealed": {"position": 2, "from": 0, "owner": 0, "value": 5}},
                 {"round": 1, "proof": 0, "positions": {"a": 1}}, {"round": 1, "shuffle": "0"}):
        host, wire = cheating_table(lambda message: message, cheat=2)
        complain(wire, "g2", body)
        assert host.table.stop is not None and host.table.stop.seat == 2, (body, host.table.stop)
        assert wire.guests["g1"].play.stop.seat == 2


def test_a_pass_holding_a_point_of_small_order_stops_every_page_naming_its_sender():
    order_two = "ec" + "ff" * 30 + "7f"
    for kind, place in (("mask", 0), ("lock", -1)):
        def lie(message, kind=kind, place=place):
            if message.get("kind") == kind:
                message["pass"]["deck"][place] = order_two
            return message

        host, wire = cheating_table(lie, cheat=1)
        assert host.table.stop is not None and host.table.stop.seat == 1, (kind, host.table.stop)
        assert wire.guests["g2"].play.stop.seat == 1 and "small order" in wire.guests["g2"].play.stop.reason


def test_a_message_no_check_foresaw_stops_the_page_naming_nobody_rather_than_fail():
    host, wire = cheating_table(lambda message: message, cheat=1, seed=4)
    guest = wire.guests["g1"]
    device = guest.play.devices[1]

    def broken(message):
        raise TypeError("unhashable type: 'list'")

    device.receive = broken
    entry = dict(host.table.entries[-1], i=len(guest.play.entries))
    assert guest.play.take(entry) == [] and guest.play.stop.seat is None and "could not take" in guest.play.stop.reason
