"""A host that shows pages different histories of the table, and a host or guest restored from an
older save (docs/fair-cards.md "A fifth attack", its open findings): no honest page is named, and
every page says what happened."""

from __future__ import annotations

import json

from test_online import Wire
from test_online_sealed import sealed_table
from test_sealed_table import game_and_bots
from wordtable.engine.bots import ask_bot
from wordtable.online import encode
from wordtable.online.sealed_host import SealedHost


def play_until_both(host: SealedHost, wire: Wire, seat: int) -> None:
    """Bots play every page until only `seat` (a host's seat) is to move, and may draw or take."""
    game, bots = game_and_bots()
    for turn in range(300):
        wire.run()
        state = host.table.any_device.state
        actors = game.actors(state)
        if actors == [seat] and {"type": "take", "count": 1} in game.legal_moves(state, seat):
            return
        actor = actors[0]
        if actor in host.table.devices:
            wire.from_host(host.play_local(actor, ask_bot(bots["medium"], game, host.table.devices[actor].state,
                                                          actor, 1, turn)))
        else:
            peer = f"g{actor}"
            guest = wire.guests[peer]
            wire.from_guest(peer, guest.move(ask_bot(bots["medium"], game, guest.play.devices[actor].state,
                                                     actor, 1, turn)))
    raise AssertionError(f"seat {seat + 1} never had that turn")


def sealed_out(outgoing, peer: str) -> list[dict]:
    return [json.loads(text) for to, text in outgoing if to == peer and json.loads(text)["t"] == "sealed"]


def test_a_host_that_shows_two_pages_two_histories_frames_nobody():
    """The host's seat takes the pile's card in one guest's history and draws from the stack in
    the other's (both moves signed by the host). The second guest's lock for that draw, carried
    into the first guest's history, stops that page naming nobody, not the honest guest."""
    game, _bots = game_and_bots()
    host, wire = sealed_table(3, [0, 2], seed=5)
    play_until_both(host, wire, 1)
    twin = SealedHost.from_json(game, json.loads(json.dumps(host.to_json())))
    twin.peers = dict(host.peers)
    first, second = wire.guests["g0"], wire.guests["g2"]
    taken = host.play_local(1, {"type": "take", "count": 1})
    drawn = twin.play_local(1, {"type": "draw"})
    for message in sealed_out(taken, "g0"):
        assert first.receive(encode(message)) == []  # (a card taken from the pile: nobody owes a lock)
    answers = [json.loads(text) for message in sealed_out(drawn, "g2") for text in second.receive(encode(message))]
    locks = [a for a in answers if a["t"] == "sealed"]
    assert locks and first.play.stop is None and second.play.stop is None
    # Carried into the first guest's history as the next entry, signed as the second guest signed it.
    carried = {"i": len(first.play.entries), "from": 2, "m": locks[0]["m"], "sig": locks[0]["sig"],
               "after": locks[0]["after"]}
    first.receive(encode({"t": "sealed", "e": carried}))
    assert first.play.stop is not None and first.play.stop.seat is None, first.play.stop
    assert "showed the players different games" in first.play.stop.reason
    # The honest host's page refuses to relay it (a guest's message that follows moves it did not make).
    out = host.receive("g2", encode(locks[0]))
    assert [json.loads(text)["t"] for _peer, text in out] == ["error"] and host.table.stop is None
    # Without its "after" the signature does not hold: the host cannot take it off.
    bare = {key: value for key, value in carried.items() if key != "after"}
    assert "not signed" in (host.table.entry_fault({**bare, "i": len(host.table.entries)}) or "")
