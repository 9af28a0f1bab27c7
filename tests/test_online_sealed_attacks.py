"""The fourth attack's findings on live sealed play (docs/fair-cards.md "A fourth attack"), each
fixed and held here: a page restored from an older save, a host relaying a move that lost a race,
a host's word taken as this page's own finding."""

from __future__ import annotations

import hashlib
import json

from test_online import Wire
from test_online_sealed import play_out, sealed_table
from test_sealed_table import game_and_bots
from wordtable.engine.bots import ask_bot
from wordtable.engine.game import Record
from wordtable.engine.sealed_game import FORGOTTEN
from wordtable.engine.signing import sealed_statement
from wordtable.lexicon import store
from wordtable.online import encode
from wordtable.online.sealed_guest import SealedGuest
from wordtable.online.sealed_host import SealedHost
from wordtable.online.sealed_play import SealedPlay


def restored(guest: SealedGuest, saved: dict) -> SealedGuest:
    copy = SealedGuest(guest.token, lexicon_for=store.load)
    copy.restore(json.loads(json.dumps(saved)))
    return copy


def play_until(host: SealedHost, wire: Wire, seat: int) -> None:
    """Bots play both pages until only `seat` is to move."""
    game, bots = game_and_bots()
    guest = wire.guests["g1"]
    for turn in range(200):
        wire.run()
        actors = game.actors(host.table.any_device.state)
        if actors == [seat]:
            return
        if actors[0] == 1:
            wire.from_guest("g1", guest.move(ask_bot(bots["medium"], game, guest.play.devices[1].state, 1, 1, turn)))
        else:
            wire.from_host(host.play_local(0, ask_bot(bots["medium"], game, host.table.devices[0].state, 0, 1, turn)))
    raise AssertionError(f"seat {seat + 1} never had a turn")


def test_a_guest_restored_from_a_save_older_than_its_last_move_takes_that_move_and_plays_on():
    """(Finding 2: it skipped its own move when it came back, and parted from the table.)"""
    host, wire = sealed_table(2, [1], seed=7)
    game, bots = game_and_bots()
    play_until(host, wire, 1)
    guest = wire.guests["g1"]
    older = json.loads(json.dumps(guest.saved()))  # (as the page stores it: a copy)
    move = ask_bot(bots["medium"], game, guest.play.devices[1].state, 1, 1, 0)
    assert "commit" not in json.dumps(move)
    wire.from_guest("g1", guest.move(move))
    wire.run()
    moves = host.table.any_device.moves_by[1]
    # The page reloads from the save it made before the move (a save that failed, an export).
    wire.guests["g1"] = copy = restored(guest, older)
    assert copy.play.devices[1].moves_by[1] == moves - 1
    wire.reconnect("g1")
    assert copy.play.stop is None and copy.play.devices[1].moves_by[1] == moves
    assert copy.screen_view() == guest.screen_view()
    play_out(host, wire)
    assert copy.play.audited and copy.play.devices[1].state.totals == host.table.any_device.state.totals


def test_a_guest_restored_from_before_its_deal_pass_stops_saying_so_and_names_nobody():
    """Its pass was made with secrets the older copy never held: it cannot go on, and says why."""
    game, _bots = game_and_bots()
    record = Record("one-letter-better", game.Options.complete({"players": 2, "rounds": 1}), 7)
    host = SealedHost(game, record, ["P1", "P2"], remote=[1])
    guest = SealedGuest(host.invite(1), lexicon_for=store.load)
    wire = Wire(host, {"g1": guest})
    wire.from_guest("g1", guest.hello())
    older = None
    while wire.queue and older is None:  # up to the welcome: the seat and its key, no pass yet
        to, sender, text = wire.queue.pop(0)
        if to == "host":
            wire.from_host(host.receive(sender, text))
        else:
            wire.from_guest(to, guest.receive(text))
            older = json.loads(json.dumps(guest.saved())) if guest.play is not None else None
    wire.run()
    assert older is not None and host.table.devices[0].ready()  # dealt, the guest's pass among it
    wire.guests["g1"] = copy = restored(guest, older)
    wire.reconnect("g1")
    assert copy.play.stop is not None and copy.play.stop.seat is None and copy.play.stop.reason == FORGOTTEN
    assert host.table.stop is None  # (the host's page found nothing wrong: it waits)


def relayed_anyway(host: SealedHost, guest: SealedGuest, message: dict) -> dict:
    """The entry a host that does not refuse a move would relay: the guest's own signed move."""
    return {"i": len(host.table.entries), "from": 1, "m": message,
            "sig": guest.key.sign(sealed_statement(guest.play.table, 1, message))}


def test_a_move_that_lost_a_race_relayed_by_the_host_names_nobody():
    """(Finding 3: every page named its honest sender.) A move the rules refuse now, signed by
    the guest (made before another came first): a host that relays it rather than refuse it."""
    host, wire = sealed_table(2, [1], seed=7)
    game, _bots = game_and_bots()
    guest = wire.guests["g1"]
    play_until(host, wire, 0)
    message = {"kind": "move", "seat": 1, "n": guest.play.devices[1].moves_by[1] + 1, "move": {"type": "draw"}, "shown": {}}
    entry = relayed_anyway(host, guest, message)
    # Offered to the host, it is refused with the rules' own reason, and nothing changes.
    signed = {"t": "sealed", "m": message, "sig": entry["sig"]}
    answer = json.loads(host.receive("g1", encode(signed))[0][1])
    assert answer["t"] == "refused" and "host relayed" not in answer["message"]
    # Relayed all the same: the guest's page and any other device stop, naming nobody.
    guest.receive(encode({"t": "sealed", "e": entry}))
    assert guest.play.stop is not None and guest.play.stop.seat is None
    assert "the host relayed a move of seat 2" in guest.play.stop.reason
    host.table.take(entry)
    assert host.table.stop is not None and host.table.stop.seat is None


def test_a_move_whose_shown_card_does_not_open_still_names_its_sender():
    """What only the sender can have made (a card shown with a false lock) is still its fault."""
    host, wire = sealed_table(2, [1], seed=7)
    guest = wire.guests["g1"]
    play_until(host, wire, 1)
    device = guest.play.devices[1]
    message = device.move({"type": "draw"})[0]
    device.refused()
    position = next(iter(device.current.opened))
    message = {**message, "shown": {str(position): ["11" * 32] * 2}}
    guest.receive(encode({"t": "sealed", "e": relayed_anyway(host, guest, message)}))
    assert guest.play.stop is not None and guest.play.stop.seat == 1, guest.play.stop


def test_a_stop_the_host_reports_is_shown_as_the_hosts_word():
    """(Finding 5.) A guest that found nothing wrong says whose word the stop is."""
    host, wire = sealed_table(2, [1], seed=7)
    guest = wire.guests["g1"]
    guest.receive(encode({"t": "stopped", "seat": 1, "reason": "seat 2 sent a lock that does not hold"}))
    assert guest.play.stop.seat == 1
    assert guest.broken["reason"].startswith("The game has stopped: the host's page says “seat 2 sent")
    assert "this page found nothing wrong" in guest.broken["reason"]


def test_the_table_code_waits_for_every_seats_number_shown_only_once_it_holds_every_key():
    """(Finding 4: a host in the middle could try keys until two screens' codes agreed.) Each
    seat commits to a number with its key and shows it only once it holds every seat's key and
    commitment: what a screen's code hangs on is fixed before its own number is known."""
    game, _bots = game_and_bots()
    record = Record("one-letter-better", game.Options.complete({"players": 3, "rounds": 1}), 5)
    host = SealedHost(game, record, ["P1", "P2", "P3"], remote=[1, 2])
    guests = {f"g{seat}": SealedGuest(host.invite(seat), lexicon_for=store.load) for seat in (1, 2)}
    shown_with: dict[str, int] = {}
    for peer, guest in guests.items():
        original = guest._nonce_if_due

        def watched(peer=peer, guest=guest, original=original):
            out = original()
            if out:
                shown_with[peer] = len(guest.play.keys)
            return out

        guest._nonce_if_due = watched
    wire = Wire(host, guests)
    wire.from_guest("g1", guests["g1"].hello())
    wire.run()
    # One guest in: no number shown, no code anywhere.
    assert shown_with == {} and host.table.table_code() is None and guests["g1"].play.table_code() is None
    # A number shown too soon (or not the one committed to) is refused by the host.
    entries = len(host.table.entries)
    early = host.receive("g1", encode({"t": "nonce", "nonce": guests["g1"].code_nonce}))
    assert "not the one" in json.loads(early[0][1])["message"] and len(host.table.entries) == entries
    wire.from_guest("g2", guests["g2"].hello())
    wire.run()
    assert shown_with == {"g1": 3, "g2": 3}
    codes = {host.table.table_code()} | {guest.play.table_code() for guest in guests.values()}
    assert len(codes) == 1 and None not in codes and len(host.table.nonces) == 3
    assert host.receive("g1", encode({"t": "nonce", "nonce": "ab" * 32})) == []  # (shown already)
    # Relayed a number that is not the one committed to, a page stops, naming nobody.
    fresh = SealedPlay(game, game.Options.parse(record.options), record.seed, host.table.table)
    for entry in host.table.entries:
        if "nonce" in entry:
            entry = {**entry, "nonce": "ab" * 32}
        fresh.take(entry)
        if fresh.stop is not None:
            break
    assert fresh.stop is not None and fresh.stop.seat is None and "committed" in fresh.stop.reason


def test_a_guest_given_its_own_key_with_another_commitment_stops():
    """The host cannot swap the guest's commitment for one of its own choosing in its view."""
    game, _bots = game_and_bots()
    record = Record("one-letter-better", game.Options.complete({"players": 2, "rounds": 1}), 3)
    host = SealedHost(game, record, ["P1", "P2"], remote=[1])
    guest = SealedGuest(host.invite(1), lexicon_for=store.load)
    original = guest.receive

    def swapped(text):
        message = json.loads(text)
        entry = message.get("e") or {}
        if message["t"] == "sealed" and entry.get("from") == 1 and "key" in entry:
            text = encode({"t": "sealed", "e": {**entry, "commit": "cd" * 32}})
        return original(text)

    guest.receive = swapped
    wire = Wire(host, {"g1": guest})
    wire.from_guest("g1", guest.hello())
    wire.run()
    assert guest.play.stop is not None and guest.play.stop.seat is None and "key" in guest.play.stop.reason


def test_a_table_saved_before_the_numbers_loads_with_its_old_code():
    host, wire = sealed_table(2, [1], seed=3)
    game, _bots = game_and_bots()
    saved = json.loads(json.dumps(host.to_json()))
    del saved["code_secret"]
    saved["play"]["entries"] = [{k: v for k, v in e.items() if k != "commit"} for e in saved["play"]["entries"]
                                if "nonce" not in e]
    for number, entry in enumerate(saved["play"]["entries"]):
        entry["i"] = number
    old = SealedHost.from_json(game, saved)
    keys = [old.table.keys[s] for s in range(2)]
    digest = hashlib.sha256(json.dumps([old.table.table, keys]).encode()).hexdigest()
    assert old.table.table_code() == f"{digest[:4]}-{digest[4:8]}".upper()
