"""A finished sealed game checked by anyone (wordtable.verify on a record holding the table's
entries, Record.sealed): the host's record and each guest's, and a record changed on the way,
each fault named."""

from __future__ import annotations

import copy
import json

from test_online_sealed import play_out, sealed_table
from test_sealed_table import game_and_bots
from wordtable.engine.game import Record
from wordtable.lexicon import store
from wordtable.verify import find_record, verify


def finished(players: int = 2, guests=(1,), seed: int = 6):
    host, wire = sealed_table(players, list(guests), seed=seed)
    play_out(host, wire)
    return host, wire, find_record(json.loads(json.dumps({"record": host.record.to_json(), "online": host.to_json()})))


def test_the_hosts_and_each_guests_record_of_a_finished_game_check():
    host, wire, record = finished(3, (1, 2), seed=6)
    verdict = verify(record, store.load)
    assert verdict.ok and verdict.finished, verdict
    assert "deal" in verdict.message and verdict.moves == sum(host.table.any_device.moves_by)
    for guest in wire.guests.values():
        mine = guest.final_record()
        assert mine["sealed"] == record["sealed"] and verify(mine, store.load).ok
    # It survives the trip through JSON and Record, as an exported save does.
    assert Record.from_json(record).to_json() == record
    # The host's table as it saves it, alone, holds it too; a guest checks nothing before the end.
    assert find_record(json.loads(json.dumps(host.to_json())))["sealed"] == record["sealed"]
    _host2, wire2 = sealed_table(2, [1], seed=6)
    assert wire2.guests["g1"].final_record() is None


def changed(record, index, change):
    damaged = copy.deepcopy(record)
    change(damaged["sealed"]["entries"][index])
    return verify(damaged, store.load)


def test_a_record_changed_on_the_way_names_what_breaks():
    _host, _wire, record = finished()
    entries = record["sealed"]["entries"]
    game, _bots = game_and_bots()
    # A move changed: its signature no longer holds (whoever wrote the record changed it).
    move = next(i for i, e in enumerate(entries) if e.get("m", {}).get("kind") == "move" and e["from"] == 1)
    verdict = changed(record, move, lambda e: e["m"]["move"].update(type="pass"))
    assert not verdict.ok and "not signed" in verdict.message
    # The secrets a seat showed at the end changed and signed again by its device's key: the
    # audit names that seat. (The host's own seat: the test holds its key.)
    shown = next(i for i, e in enumerate(entries) if e.get("m", {}).get("kind") == "secrets" and e["from"] == 0)
    host_key = _host.key

    def false_secrets(entry):
        secrets = entry["m"]["rounds"]["1"]
        secrets["mask"] = secrets["mask"][:-2] + ("11" if secrets["mask"][-2:] != "11" else "22")
        from wordtable.engine.signing import sealed_statement
        entry["sig"] = host_key.sign(sealed_statement(record["sealed"]["table"], 0, entry["m"], entry["after"]))

    verdict = changed(record, shown, false_secrets)
    assert not verdict.ok and verdict.message.startswith("Seat 1 is at fault"), verdict
    # A record cut short before every device showed its keys does not pass for a checked one.
    cut = copy.deepcopy(record)
    cut["sealed"]["entries"] = cut["sealed"]["entries"][:shown]
    verdict = verify(cut, store.load)
    assert not verdict.ok and "before every device showed its keys" in verdict.message, verdict
    # Entries out of order, or one missing.
    swapped = copy.deepcopy(record)
    swapped["sealed"]["entries"].pop(5)
    assert not verify(swapped, store.load).ok
    assert not verify({**record, "sealed": {"table": 5, "entries": []}}, store.load).ok
    assert game.id == record["game"]


def test_a_finished_sealed_game_steps_through_with_every_card_the_audit_found():
    """"Step through the game": every move as played, every hand and the stack shown."""
    from wordtable.verify import sealed_replay
    host, wire, record = finished(3, (1, 2), seed=6)
    game, _bots = game_and_bots()
    frames, moves = sealed_replay(game, Record.from_json(record))
    assert len(frames) == len(moves) + 1 == sum(host.table.any_device.moves_by) + 1
    assert all(not any(uid >= 1000 for hand in f["hands"] for uid in [c["uid"] for c in hand]) for f in frames)
    first_hands = [[c["uid"] for c in hand] for hand in frames[0]["hands"]]
    assert all(len(hand) == 7 for hand in first_hands) and len({u for h in first_hands for u in h}) == 21
    # Each player's own device opened its first hand: the replay shows those very cards.
    for seat, device in [(0, host.table.devices[0])] + [(g.seat, g.play.devices[g.seat]) for g in wire.guests.values()]:
        deal = device.rounds[1]
        assert sorted(first_hands[seat]) == sorted(deal.opened[p].card for p in deal.layout.hand(seat))
    assert frames[-1]["phase"] == "over" and frames[-1]["totals"] == list(host.table.any_device.state.totals)
    # Through the bridge, from the host's save as the page holds it.
    from bridge_client import BridgeClient, compiled_session
    page = BridgeClient(compiled_session())
    reply = page("game.replay", record={"record": host.record.to_json(), "online": json.loads(json.dumps(host.to_json()))})
    assert reply["ok"] and len(reply["result"]["frames"]) == len(frames) and reply["result"]["moves"] == moves
    cut = copy.deepcopy(record)
    cut["sealed"]["entries"] = cut["sealed"]["entries"][:-3]
    refused = page("game.replay", record=cut)
    assert not refused["ok"] and "stepped through" in refused["error"]["message"]
