"""One Letter Better online with hands dealt sealed (wordtable.online.sealed_host / sealed_guest,
issue 47): whole games for 2 to 4 players over the in-memory wire, the host's page running its
own seat and its bots, each guest its own device; no page opens a card its seats never held
(in memory or in its save); a guest that cheats is refused or named; drops, reconnects and
reloads on both sides lose nothing."""

from __future__ import annotations

import json
import random

import pytest

from test_online import Wire
from test_sealed_table import game_and_bots
from wordtable.engine.bots import ask_bot
from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Record
from wordtable.engine.signing import DeviceKey, sealed_statement
from wordtable.games.one_letter_better.state import CARDS, HIDDEN
from wordtable.lexicon import store
from wordtable.online import encode
from wordtable.online.sealed_guest import SealedGuest
from wordtable.online.sealed_host import SealedHost


def sealed_table(players: int, guests: list[int], seed: int = 1, faults: float = 0.0, **options) -> tuple[SealedHost, Wire]:
    game, _bots = game_and_bots()
    record = Record("one-letter-better", game.Options.complete({"players": players, "rounds": 1, **options}), seed)
    host = SealedHost(game, record, [f"P{seat + 1}" for seat in range(players)], remote=guests)
    wire = Wire(host, {f"g{seat}": SealedGuest(host.invite(seat), lexicon_for=store.load) for seat in guests},
                faults, seed)
    for peer, guest in wire.guests.items():
        wire.from_guest(peer, guest.hello())
    wire.run()
    return host, wire


def devices(host: SealedHost, wire: Wire):
    """Every seat's device, wherever it runs."""
    found = {seat: device for seat, device in host.table.devices.items() if seat >= 0}
    for guest in wire.guests.values():
        if guest.play is not None:
            found.update(guest.play.devices)
    return found


def check_opened(host: SealedHost, wire: Wire, held: dict[tuple[int, int], set[int]]) -> None:
    """Each device has opened only positions its seat held (noted as the game went) or that were
    made public; the host's page opened only its own seats' cards."""
    for seat, device in devices(host, wire).items():
        current = device.rounds.get(device.state.round)
        if current is not None:
            mine = held.setdefault((device.state.round, seat), set())
            mine.update(p for p in (current.position_of(e, HIDDEN) for e in device.state.hands[seat]) if p is not None)
        for number, deal in device.rounds.items():
            allowed = deal.public | held.get((number, seat), set()) | set(deal.layout.hand(seat))
            assert set(deal.opened) <= allowed, (seat, number, sorted(set(deal.opened) - allowed))


def play_out(host: SealedHost, wire: Wire, held=None, limit: int = 3000, settle=None) -> int:
    game, bots = game_and_bots()
    guest_of = {guest.seat: (peer, guest) for peer, guest in wire.guests.items()}
    moves = 0
    while True:
        (settle or wire.run)()
        assert host.table.stop is None, host.table.stop
        state = host.table.any_device.state
        if game.outcome(state) is not None:
            return moves
        assert moves < limit, "the game never ended"
        seat = game.actors(state)[0]
        if seat in guest_of:
            peer, guest = guest_of[seat]
            device = guest.play.devices[seat]
            assert device.ready(), (seat, host.waiting_for())
            wire.from_guest(peer, guest.move(ask_bot(bots["medium"], game, device.state, seat, 1, moves)))
        else:
            device = host.table.devices[seat]
            wire.from_host(host.play_local(seat, ask_bot(bots["medium"], game, device.state, seat, 1, moves)))
        moves += 1
        if held is not None:
            check_opened(host, wire, held)


@pytest.mark.parametrize("players,guests,options", [(2, [1], {}), (3, [1, 2], {"judge": "players"}), (4, [2, 3], {})])
def test_whole_games_online_open_only_what_each_page_may(players, guests, options):
    host, wire = sealed_table(players, guests, seed=players, **options)
    held: dict[tuple[int, int], set[int]] = {}
    play_out(host, wire, held)
    game, _bots = game_and_bots()
    final = host.table.any_device.state
    # Every page audited every deal by itself once the last secrets came in.
    assert host.table.audited and all(guest.play.audited for guest in wire.guests.values())
    for device in devices(host, wire).values():
        assert device.state.totals == final.totals and device.state.results == final.results
        deal = device.audit()[1]
        assert sorted(deal) == list(range(len(CARDS)))
    # What each page saves opens no more than its devices did: restored, each holds the same.
    for guest in wire.guests.values():
        restored = SealedGuest("", lexicon_for=store.load)
        restored.restore(json.loads(json.dumps(guest.saved())))
        assert {s: set(d.rounds[1].opened) for s, d in restored.play.devices.items()} \
            == {s: set(d.rounds[1].opened) for s, d in guest.play.devices.items()}
        assert restored.screen_view() == guest.screen_view()
    saved = SealedHost.from_json(game, json.loads(json.dumps(host.to_json())))
    assert set(saved.table.devices) == set(host.table.devices)
    assert all(set(d.rounds[1].opened) == set(host.table.devices[s].rounds[1].opened)
               for s, d in saved.table.devices.items())
    # Every message fits one message of the transport.
    assert max(len(encode({"t": "sealed", "e": entry})) for entry in host.table.entries) < 65_536


def test_a_table_of_guests_only_is_kept_by_an_observer_at_the_host():
    host, wire = sealed_table(2, [0, 1], seed=5)
    assert list(host.table.devices) == [-1]
    play_out(host, wire)
    assert host.table.any_device.seat is None
    game, _bots = game_and_bots()
    assert game.outcome(host.table.any_device.state) is not None


def test_drops_duplicates_and_reorders_lose_nothing():
    host, wire = sealed_table(3, [1, 2], seed=11, faults=0.05)

    def settle():
        for _ in range(60):
            wire.run()
            for peer in wire.guests:
                wire.reconnect(peer)  # as after a drop: it says what it holds, and resends
            wire.run()
            if not host.waiting_for() and all(len(g.play.entries) == len(host.table.entries)
                                              for g in wire.guests.values() if g.play):
                return
        raise AssertionError(f"the table still waits for {host.waiting_for()}")

    play_out(host, wire, settle=settle)


def test_pages_reloaded_mid_game_play_on():
    host, wire = sealed_table(2, [1], seed=3)
    game, bots = game_and_bots()
    for _ in range(6):
        seat = game.actors(host.table.any_device.state)[0]
        if seat == 1:
            guest = wire.guests["g1"]
            wire.from_guest("g1", guest.move(ask_bot(bots["medium"], game, guest.play.devices[1].state, 1, 1, 0)))
        else:
            wire.from_host(host.play_local(0, ask_bot(bots["medium"], game, host.table.devices[0].state, 0, 1, 0)))
        wire.run()
    # Both pages reload: the guest from its save, the host from its own.
    restored = SealedGuest(wire.guests["g1"].token, lexicon_for=store.load)
    restored.restore(json.loads(json.dumps(wire.guests["g1"].saved())))
    wire.guests["g1"] = restored
    wire.host = host = SealedHost.from_json(game, json.loads(json.dumps(host.to_json())))
    wire.reconnect("g1")
    play_out(host, wire)


def test_a_guest_that_lost_its_device_cannot_take_its_seat_back():
    host, wire = sealed_table(2, [1], seed=3)
    other = SealedGuest(wire.guests["g1"].token, lexicon_for=store.load)
    out = host.receive("g9", other.hello()[0])
    assert "another device" in json.loads(out[0][1])["message"]


def test_a_move_the_rules_refuse_now_is_refused_and_changes_nothing():
    host, wire = sealed_table(2, [1], seed=3)
    game, bots = game_and_bots()
    guest = wire.guests["g1"]
    mover = game.actors(host.table.any_device.state)[0]
    waiting = 1 - mover
    entries = len(host.table.entries)
    # A move out of turn, sent as its device would (signed): the host refuses it, relays nothing.
    device = (guest.play.devices if waiting == 1 else host.table.devices)[waiting]
    message = {"kind": "move", "seat": waiting, "n": device.moves_by[waiting] + 1,
               "move": {"type": "draw"}, "shown": {}}
    if waiting == 1:
        signed = {"t": "sealed", "m": message, "sig": guest.key.sign(sealed_statement(guest.play.table, 1, message))}
        answer = json.loads(host.receive("g1", encode(signed))[0][1])
        assert answer["t"] == "refused"
    else:
        with pytest.raises(IllegalMove):
            host.play_local(0, {"type": "draw"})
    assert len(host.table.entries) == entries and host.table.stop is None
    play_out(host, wire)


def test_a_message_not_signed_by_the_seats_device_is_not_taken():
    host, wire = sealed_table(2, [1], seed=3)
    guest = wire.guests["g1"]
    entries = len(host.table.entries)
    message = {"kind": "move", "seat": 1, "n": 1, "move": {"type": "pass"}, "shown": {}}
    forged = {"t": "sealed", "m": message, "sig": DeviceKey.new().sign(sealed_statement(guest.play.table, 1, message))}
    assert "not signed" in json.loads(host.receive("g1", encode(forged))[0][1])["message"]
    # Nor one for another seat, signed by this one.
    other = {**message, "seat": 0}
    signed = {"t": "sealed", "m": other, "sig": guest.key.sign(sealed_statement(guest.play.table, 1, other))}
    assert "another seat" in json.loads(host.receive("g1", encode(signed))[0][1])["message"]
    assert len(host.table.entries) == entries


def test_a_false_lock_from_a_guest_stops_the_game_naming_it_on_every_page():
    host, wire = sealed_table(2, [1], seed=42)
    game, bots = game_and_bots()
    guest = wire.guests["g1"]
    # Play until the guest owes the host a draw's locks, and make it send a false one.
    original = guest._send

    def lying(messages):
        for message in messages:
            if message.get("kind") == "locks":
                locks = message["locks"]
                for key, lock in locks.items():
                    locks[key] = lock[:-2] + ("11" if lock[-2:] != "11" else "22")
        return original(messages)

    guest._send = lying
    for _ in range(200):
        wire.run()
        if host.table.stop is not None:
            break
        state = host.table.any_device.state
        if game.outcome(state) is not None:
            break
        seat = game.actors(state)[0]
        if seat == 1:
            wire.from_guest("g1", guest.move(ask_bot(bots["medium"], game, guest.play.devices[1].state, 1, 1, 0)))
        else:
            wire.from_host(host.play_local(0, ask_bot(bots["medium"], game, host.table.devices[0].state, 0, 1, 0)))
    wire.run()
    assert host.table.stop is not None and host.table.stop.seat == 1, host.table.stop
    assert guest.play.stop is not None and guest.play.stop.seat == 1  # told by the host
    with pytest.raises(IllegalMove):
        host.play_local(0, {"type": "pass"})


def test_an_entry_the_host_changed_stops_the_guests_game_naming_nobody():
    host, wire = sealed_table(2, [1], seed=3)
    guest = wire.guests["g1"]
    entry = dict(host.table.entries[-1])
    entry["i"] = len(guest.play.entries)
    entry["m"] = {**entry["m"], "k": 99}
    guest.receive(encode({"t": "sealed", "e": entry}))
    assert guest.play.stop is not None and guest.play.stop.seat is None


def test_a_damaged_guest_save_is_refused():
    host, wire = sealed_table(2, [1], seed=3)
    saved = json.loads(json.dumps(wire.guests["g1"].saved()))
    saved["play"]["devices"]["1"]["key"] = "zz"
    with pytest.raises(ValueError):
        SealedGuest("", lexicon_for=store.load).restore(saved)


def test_random_junk_from_a_guest_is_answered_and_changes_nothing():
    host, wire = sealed_table(2, [1], seed=3)
    rng = random.Random(4)
    entries = len(host.table.entries)
    for junk in ["", "{}", '{"t":"sealed"}', '{"t":"sealed","m":[]}', '{"t":"since","have":-4}',
                 '{"t":"sealed","m":{"seat":1,"kind":"move"},"sig":"00"}', json.dumps({"t": "x" * 40}),
                 *(json.dumps({"t": "sealed", "m": {"seat": 1, "kind": rng.choice(["key", "lock", "mask"]),
                                                     "k": rng.randrange(5)}, "sig": "ab" * 64}) for _ in range(5))]:
        host.receive("g1", junk)
    assert len(host.table.entries) == entries and host.table.stop is None



def test_every_screen_shows_the_same_table_code_unless_the_host_swapped_a_key():
    host, wire = sealed_table(3, [1, 2], seed=3)
    codes = {host.table.table_code()} | {guest.play.table_code() for guest in wire.guests.values()}
    assert len(codes) == 1 and None not in codes
    # A host that told guest 2 a key of its own for seat 2 (a man in the middle, to read the
    # locks guest 2 seals to that seat) cannot make guest 2's code the others'.
    guest = wire.guests["g2"]
    guest.play.keys[1] = DeviceKey.new().public
    assert guest.play.table_code() != host.table.table_code()


def test_through_the_bridge_each_page_plays_from_its_own_devices():
    """As the pages do: the host's page opens a sealed table and plays its seat with
    online.sealed_view / online.sealed_bot / online.local; the guest's page joins with the
    invitation's token and plays from the view its own device draws."""
    from bridge_client import BridgeClient, compiled_session

    host_page, guest_page = BridgeClient(compiled_session()), BridgeClient(compiled_session())

    def ok(page, op, **args):
        reply = page(op, **args)
        assert reply["ok"], reply
        return reply["result"]

    record = ok(host_page, "game.new", game="one-letter-better", options={"players": 2, "rounds": 1})["record"]
    opened = ok(host_page, "online.host", id="t", record=record, names=["Ann", "Bo"], remote=[1], sealed=True)
    assert opened["started"] is False and opened["waiting"] == [1] and opened["sealed"] is True
    token = ok(host_page, "online.invite", id="t", seat=1)["token"]
    joined = ok(guest_page, "online.guest", id="s", token=token, name="Bo")
    to_host, to_guest = list(joined["outgoing"]), []
    game, bots = game_and_bots()
    host_reply = guest_reply = None
    for _turn in range(2000):
        while to_host or to_guest:
            for text in to_host:
                host_reply = ok(host_page, "online.receive", id="t", peer="p", text=text)
                to_guest += [t for _peer, t in host_reply["outgoing"]]
            to_host = []
            for text in to_guest:
                guest_reply = ok(guest_page, "online.guest_receive", id="s", text=text)
                to_host += guest_reply["outgoing"]
            to_guest = []
        table = ok(host_page, "online.sealed_view", id="t")
        if not table["actors"]:
            break
        seat = table["actors"][0]
        if seat == 0:
            move = ok(host_page, "online.sealed_bot", id="t", seat=0, level="medium")["move"]
            host_reply = ok(host_page, "online.local", id="t", seat=0, move=move)
            to_guest += [t for _peer, t in host_reply["outgoing"]]
        else:
            device = guest_page.session.guests["s"].play.devices[1]
            move = ask_bot(bots["medium"], game, device.state, 1, 1, _turn)
            guest_reply = ok(guest_page, "online.guest_move", id="s", move=move)
            to_host += guest_reply["outgoing"]
    assert table["view"]["phase"] == "over"
    assert guest_reply["view"]["phase"] == "over" and guest_reply["code"] == host_reply["code"] is not None
    assert guest_reply["players"] == ["Ann", "Bo"] and guest_reply["broken"] is None
    assert guest_reply["audited"] is True and host_reply["audited"] is True
    # The host's page cannot see the guest's seat, nor ask a bot to play it.
    refused = host_page("online.sealed_view", id="t", seat=1)
    assert not refused["ok"] and "another device" in refused["error"]["message"]
    # Each page reopens its table from its save.
    reopened = ok(host_page, "online.host", id="t2", record=record, names=["Ann", "Bo"], remote=[1],
                  saved=host_reply["saved"])
    assert reopened["sealed"] is True and reopened["version"] == host_reply["version"]
    again = ok(guest_page, "online.guest", id="s2", token=token, saved=guest_reply["saved"])
    assert again["saved"]["play"]["entries"] == guest_reply["saved"]["play"]["entries"]


def test_a_page_that_stopped_asks_for_nothing_more():
    """(From the third attack: a stopped page took no entry, took every next one for a gap and
    asked for the entries again, for ever.)"""
    host, wire = sealed_table(2, [1], seed=3)
    guest = wire.guests["g1"]
    entry = dict(host.table.entries[-1], i=len(guest.play.entries), m={**host.table.entries[-1]["m"], "k": 99})
    guest.receive(encode({"t": "sealed", "e": entry}))
    assert guest.play.stop is not None
    later = dict(host.table.entries[-1], i=len(guest.play.entries) + 3)
    assert guest.receive(encode({"t": "sealed", "e": later})) == [] and guest.check() == []


def test_saves_damaged_in_their_shape_are_refused_as_damaged():
    host, wire = sealed_table(2, [1], seed=3)
    game, _bots = game_and_bots()
    for damage in ({"play": None}, {"key": None}, {"remote": None}, {"refused": {"1": [[{}, "why"]]}}):
        with pytest.raises(ValueError):
            SealedHost.from_json(game, {**json.loads(json.dumps(host.to_json())), **damage})
    saved = json.loads(json.dumps(wire.guests["g1"].saved()))
    saved["play"]["entries"].append(5)
    with pytest.raises(ValueError):
        SealedGuest("", lexicon_for=store.load).restore(saved)
