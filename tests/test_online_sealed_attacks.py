"""The fourth attack's findings on live sealed play (docs/fair-cards.md "A fourth attack"), each
fixed and held here: a page restored from an older save, a host relaying a move that lost a race,
a host's word taken as this page's own finding."""

from __future__ import annotations

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
