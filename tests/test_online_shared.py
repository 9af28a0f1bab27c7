"""Online play with shared randomness (issue 18): every random event drawn by commit and reveal
between the host and its guests, through an in-memory wire with faults; the record verified
from the start; a withholding, lying or late player named; a host that tries to re-draw caught."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from online_fuzz import shipped
from test_online import Wire
from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Record, replay
from wordtable.engine.rng import rng_for
from wordtable.engine.shared_random import event_value
from wordtable.engine.signing import move_statement, reveal_statement
from wordtable.games import REGISTRY, game_class, make
from wordtable.online import HOST_OTHER_VERSION, OTHER_VERSION, PROTOCOL, Draws, Guest, Host, decode, encode
from wordtable.verify import verify


def shared_host(game_id: str, players: int, guests: list[int], seed: int = 5) -> Host:
    game, _bots = make(game_id, shipped)
    names = [f"P{seat + 1}" for seat in range(players)]
    return Host(game, Record(game_id, {"players": players}, seed), names, list(guests), draws=Draws.new(guests))


def signed_move(host: Host, guest: Guest, move: dict, n: int | None = None) -> str:
    """A move of the guest's seat as its device sends it, signed, made on the host's latest view
    (for a test that holds the guest's own traffic back)."""
    n = host.last_move.get(guest.seat, 0) + 1 if n is None else n
    statement = move_statement(host.table_id, guest.seat, n, host.version, move)
    return encode({"t": "move", "n": n, "base": host.version, "move": move, "sig": guest.key.sign(statement)})


def cut_record(record: dict, moves: int, events: int | None = None) -> dict:
    """The record's first `moves` moves (and `events` random events), its signatures cut to
    match: a record cut short as a host that knows the format would cut it."""
    short = json.loads(json.dumps(record))
    short["moves"] = short["moves"][:moves]
    short["signed"]["moves"] = {k: v for k, v in short["signed"]["moves"].items() if int(k) < moves}
    if events is not None:
        short["shared"]["events"] = short["shared"]["events"][:events]
        short["signed"]["reveals"] = {seat: parts[:events] for seat, parts in short["signed"]["reveals"].items()}
    return short


def join(host: Host, guests: list[int], faults: float = 0.0, seed: int = 0) -> Wire:
    wire = Wire(host, {f"g{seat}": Guest(host.invite(seat), lexicon_for=shipped) for seat in guests}, faults, seed)
    for peer, guest in wire.guests.items():
        wire.from_guest(peer, guest.hello())
    wire.run()
    return wire


def settle_wire(wire: Wire) -> None:
    """Runs the wire; what was lost is asked again by the guests' periodic check."""
    for _ in range(50):
        wire.run()
        for peer, guest in wire.guests.items():
            wire.from_guest(peer, guest.check())
        wire.run()
        if not wire.host.waiting_for() and wire.host.state is not None and wire.host.draws.pending is None:
            return
    raise AssertionError(f"the table still waits for {wire.host.waiting_for()}")


def play_to_the_end(host: Host, wire: Wire, seed: int = 0, limit: int = 4000) -> None:
    """Medium bots play every seat: a guest seat's move goes through its guest (and the bot plays
    on the view the guest's screen shows: a secret part kept there is in no view of the host's)."""
    game, bots = make(host.game.id, shipped)
    peers = {host.tokens[guest.token]: peer for peer, guest in wire.guests.items()}
    for turn in range(limit):
        settle_wire(wire)
        if game.outcome(host.state) is not None:
            return
        actors = game.actors(host.state)
        if not actors:
            return
        seat = actors[turn % len(actors)]
        guest = wire.guests[peers[seat]] if seat in peers else None
        if guest is not None and guest.pending:  # lost on the way: sent again, as on reconnecting
            wire.reconnect(peers[seat])
            continue
        if guest is not None and guest.version != host.version:  # its view was lost on the way
            wire.from_guest(peers[seat], [encode({"t": "sync"})])
            continue
        view = game.view(host.state, seat) if guest is None else guest.screen_view()
        move = bots["medium"](game, view, rng_for(seed, seat, turn))
        if move is None:
            if game.deadline(host.state):
                wire.from_host(host.expire())
            continue
        move = {key: value for key, value in move.items() if key != "after_ms"}
        if guest is not None:
            wire.from_guest(peers[seat], guest.move(move))
        else:
            try:
                wire.from_host(host.play_local(seat, move))
            except IllegalMove:
                pass  # raced by a real-time claim
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_game_plays_online_with_shared_randomness_and_its_record_verifies(game_id):
    host = shared_host(game_id, 3, [1, 2])
    wire = join(host, [1, 2], faults=0.05, seed=len(game_id))
    play_to_the_end(host, wire)
    record = json.loads(json.dumps(host.record.to_json()))
    # A game draws exactly when its kind says it draws at random.
    assert bool(record["shared"]["events"]) == host.game.kind.chance, "the game drew nothing, or drew undeclared"
    verdict = verify(record, shipped)
    assert verdict.ok and verdict.finished, verdict.message
    assert verdict.events == len(record["shared"]["events"])
    final = replay(host.game, Record.from_json(record))
    assert host.game.view(final, None) == host.game.view(host.state, None)
    # Each value is the hash of its label and every player's reveal: the host's alone decides nothing.
    heads = record["shared"]["heads"]
    assert len(heads) == 3 and len(set(heads)) == 3
    for guest in wire.guests.values():
        assert guest.drawn == [label for label, _reveals in record["shared"]["events"]]
        assert guest.broken is None


@pytest.mark.parametrize("word_by_word", ["plain", "dice", True])
def test_wordsmith_word_by_word_in_either_reading_plays_online_and_its_record_verifies(word_by_word):
    """Both readings of Word by Word, and a table's options saved when it was yes/no (yes: dice)."""
    game, _bots = make("wordsmith", shipped)
    options = {"players": 3, "word_by_word": word_by_word, "challenges": 1}
    host = Host(game, Record("wordsmith", options, 5), ["P1", "P2", "P3"], [1, 2], draws=Draws.new([1, 2]))
    wire = join(host, [1, 2], faults=0.05, seed=7)
    play_to_the_end(host, wire)
    verdict = verify(json.loads(json.dumps(host.record.to_json())), shipped)
    assert verdict.ok and verdict.finished, verdict.message
    assert host.state.options.word_by_word == {True: "dice"}.get(word_by_word, word_by_word)
    for guest in wire.guests.values():
        assert guest.broken is None

def test_the_game_starts_only_once_every_guest_has_committed():
    host = shared_host("spell-write", 3, [1, 2])
    wire = join(host, [1])
    assert host.state is None and host.waiting_for() == [2]
    assert wire.guests["g1"].started is False and wire.guests["g1"].waiting == [2]
    with pytest.raises(IllegalMove, match="every player has joined"):
        host.play_local(0, {"type": "pick", "cells": []})
    wire.guests["g2"] = Guest(host.invite(2))
    wire.to_guests["g2"] = []
    wire.up.add("g2")
    wire.from_guest("g2", wire.guests["g2"].hello())
    wire.run()
    assert host.state is not None and host.record.shared["events"]
    assert all(guest.view is not None and guest.started for guest in wire.guests.values())


def test_a_commitment_cannot_be_changed_or_copied():
    host = shared_host("four-letter-words", 3, [1, 2])
    first = Guest(host.invite(1))
    host.receive("a", first.hello()[0])
    other = Guest(host.invite(1))  # the same seat from another browser, with another secret
    [(_peer, text)] = host.receive("b", other.hello()[0])
    reply = decode(text)
    assert reply["t"] == "error" and "another secret" in reply["message"]
    other.receive(text)
    assert "continue in the browser that joined first" in other.error  # what its page shows
    copy = Guest(host.invite(2), chain_end=first.chain_end)
    reply = decode(host.receive("c", copy.hello()[0])[0][1])
    assert reply["t"] == "error" and "already another player's" in reply["message"]
    same_key = Guest(host.invite(2), key_secret=first.key_secret)  # a copied page's signing key
    reply = decode(host.receive("k", same_key.hello()[0])[0][1])
    assert reply["t"] == "error" and "signing key is already another player's" in reply["message"]
    other_key = Guest(host.invite(1), chain_end=first.chain_end)  # its commitment, another key
    reply = decode(host.receive("b", other_key.hello()[0])[0][1])
    assert reply["t"] == "error" and "another secret" in reply["message"]
    unsigned = json.loads(first.hello()[0])
    del unsigned["key"]
    reply = decode(host.receive("a", json.dumps(unsigned))[0][1])
    assert reply["t"] == "error" and "sign its moves" in reply["message"]
    weak = Guest(host.invite(2))  # a device offering the neutral point: one signature would fit every move
    weak_hello = dict(json.loads(weak.hello()[0]), key="01" + "00" * 31)
    reply = decode(host.receive("w", json.dumps(weak_hello))[0][1])
    assert reply["t"] == "error" and "signing key is one that anyone could sign for" in reply["message"]
    assert host.draws.keys == {1: first.key.public}
    no_head = decode(host.receive("d", encode({"t": "join", "token": host.invite(2), "protocol": PROTOCOL}))[0][1])
    assert no_head["t"] == "error" and "up-to-date page" in no_head["message"]
    assert host.state is None


def test_a_withholding_guest_holds_the_draw_and_is_named():
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    wire.up.discard("g1")  # the guest goes quiet
    rounds = 0
    while host.draws.pending is None and host.game.outcome(host.state) is None and rounds < 200:
        rounds += 1
        for seat in host.game.actors(host.state):
            view = host.game.view(host.state, seat)
            move = make("spell-write", shipped)[1]["easy"](host.game, view, random.Random(rounds))
            if seat == 0:
                host.play_local(0, move)
            else:  # the guest's move arrives, then the guest says nothing more
                host.receive("g1", signed_move(host, wire.guests["g1"], move))
    assert host.draws.pending is not None
    assert host.waiting_for() == [1]
    moves = len(host.record.moves)
    with pytest.raises(IllegalMove, match="drawing"):
        host.play_local(0, {"type": "pick", "cells": []})
    assert len(host.record.moves) == moves
    wire.reconnect("g1")  # back: the draw is asked again and the game goes on
    settle_wire(wire)
    assert host.draws.pending is None and len(host.record.moves) > moves


def test_a_reveal_that_does_not_match_the_commitment_stops_the_game_naming_the_seat():
    host = shared_host("four-letter-words", 3, [1, 2])
    guests = {seat: Guest(host.invite(seat)) for seat in (1, 2)}
    for seat in (1, 2):
        out = host.receive(f"g{seat}", guests[seat].hello()[0])
        for _peer, text in out:
            if _peer == f"g{seat}" and decode(text)["t"] == "welcome":
                guests[seat].receive(text)
    draw = next(decode(text) for peer, text in out if peer == "g2" and decode(text)["t"] == "draw")
    host.receive("g1", guests[1].receive(encode(draw))[0])
    unsigned = encode({"t": "reveal", "k": draw["k"], "x": "ab" * 32})
    assert [decode(text)["t"] for _peer, text in host.receive("g2", unsigned)] == ["error"]  # not the device's
    assert host.draws.broken is None
    lie = encode({"t": "reveal", "k": draw["k"], "x": "ab" * 32,
                  "sig": guests[2].key.sign(reveal_statement(host.table_id, draw["k"], draw["label"], "ab" * 32))})
    replies = host.receive("g2", lie)
    broken = [decode(text) for _peer, text in replies]
    assert {peer for peer, _text in replies} == {"g1", "g2"}
    assert all(m["t"] == "broken" and m["seat"] == 2 and "P3" in m["reason"] for m in broken)
    assert host.state is None and host.draws.broken.seat == 2
    assert decode(host.receive("g1", guests[1].check()[0])[0][1])["t"] == "broken"
    with pytest.raises(IllegalMove, match="stopped"):
        host.play_local(0, {"type": "choose", "word": "salt"})
    # The other guest checks the evidence (the liar's own signed part, which does not follow its
    # commitment) before it repeats the accusation; without it, it says only what the host says.
    doubter = Guest(guests[1].token, chain_end=guests[1].chain_end, key_secret=guests[1].key_secret)
    doubter.restore(guests[1].saved())
    guests[1].receive(encode(broken[0]))
    assert guests[1].broken["seat"] == 2 and guests[1].broken["reason"] == broken[0]["reason"]
    assert broken[0]["name"] == "P3"
    doubter.receive(encode({key: value for key, value in broken[0].items() if key != "evidence"}))
    assert doubter.broken["reason"].startswith("The game has stopped. The host says P3's part") \
        and doubter.broken["reason"].endswith("(not shown to be true).")


def test_a_guest_gives_each_part_once_and_catches_a_host_that_asks_again_differently():
    host = shared_host("spell-write", 2, [1])
    guest = Guest(host.invite(1))
    out = host.receive("g1", guest.hello()[0])
    for _peer, text in out:
        guest.receive(text)
    draw = next(decode(text) for _peer, text in out if decode(text)["t"] == "draw")
    assert "x" not in draw  # guests give their parts first: no guest knows a value before the table
    first = guest.receive(encode(draw))
    assert guest.receive(encode(draw)) == first  # asked again (a lost answer): the same part
    regrind = dict(draw, label=draw["label"] + "x")
    [stopped] = guest.receive(encode(regrind))  # no part for it: the guest stops, and tells the table why
    assert decode(stopped)["t"] == "stopped" and "another draw" in guest.broken["reason"]


def test_a_guest_catches_a_table_standing_on_other_draws_than_it_gave_its_part_to():
    """The host has a guest's part of an event; were it to use it for another draw (another
    move bound to the same event), the next view it sends gives it away."""
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    guest = wire.guests["g1"]
    assert guest.broken is None and guest.drawn
    view = json.loads(host.view_message(1))
    view["draws"][1] = "0" * 32  # the labels of another set of draws
    [stopped] = guest.receive(encode(view))
    assert "other than those you gave your part to" in guest.broken["reason"]
    told = [decode(text) for _peer, text in host.receive("g1", stopped)]  # an honest table stops for everyone
    assert told and all(m["t"] == "broken" and "P2's device says" in m["reason"] for m in told)
    honest = Guest(guest.token, chain_end=guest.chain_end, drawn=list(guest.drawn), host_head=guest.host_head)
    honest.receive(host.view_message(1))
    assert honest.broken is None


def test_a_guest_checks_the_finished_record_against_its_own_draws():
    host = shared_host("four-letter-words", 2, [1])
    wire = join(host, [1])
    play_to_the_end(host, wire)
    guest = wire.guests["g1"]
    assert guest.final_record() == json.loads(json.dumps(host.record.to_json()))
    from wordtable.verify import verify_as_guest
    assert verify_as_guest(guest, shipped).ok
    swapped = json.loads(json.dumps(host.record.to_json()))
    swapped["shared"]["events"][0][0] += "x"
    text = json.dumps(swapped, separators=(",", ":"))
    guest.receive(encode({"t": "record", "part": 0, "of": 1, "text": text}))
    verdict = verify_as_guest(guest, shipped)
    assert not verdict.ok and "not the draw you gave your part to" in verdict.message


@pytest.mark.parametrize("game_id", ["spell-write", "one-letter-better"])
def test_a_guests_check_refuses_a_record_that_stops_before_what_it_was_shown(game_id):
    """A host could hide its last moves by sending a record that stops short, still a record that
    holds so far: the guest saw the game go further, and says so (never "checked")."""
    from wordtable.verify import verify_as_guest
    host = shared_host(game_id, 2, [1])
    wire = join(host, [1])
    play_to_the_end(host, wire)
    guest = wire.guests["g1"]
    assert verify_as_guest(guest, shipped).ok
    whole = json.loads(json.dumps(host.record.to_json()))
    events = len(whole["shared"]["events"])
    for cut in range(1, 40):  # the longest record cut short that still holds (its unused draws left out)
        for drop in range(events + 1):
            trial = cut_record(whole, len(whole["moves"]) - cut, events - drop)
            if verify(trial, shipped).ok:
                break
        else:
            continue
        break
    assert verify(trial, shipped).ok and not verify(trial, shipped).finished
    guest.receive(encode({"t": "record", "part": 0, "of": 1, "text": json.dumps(trial, separators=(",", ":"))}))
    verdict = verify_as_guest(guest, shipped)
    assert not verdict.ok and "went on past this record" in verdict.message, verdict.message


def test_the_host_reloads_in_the_middle_of_a_draw_and_the_game_goes_on():
    host = shared_host("wordsmith", 2, [1])
    wire = join(host, [1])
    play_steps = 0
    game, bots = make("wordsmith", shipped)
    wire.up.discard("g1")
    while host.draws.pending is None and play_steps < 300:
        play_steps += 1
        seat = game.actors(host.state)[0]
        move = {k: v for k, v in bots["medium"](game, game.view(host.state, seat), rng_for(3, play_steps)).items()
                if k != "after_ms"}
        if seat == 0:
            host.play_local(0, move)
        else:
            host.receive("g1", signed_move(host, wire.guests["g1"], move))
    assert host.draws.pending is not None
    saved = json.loads(json.dumps(host.to_json()))
    reloaded = Host.from_json(game, saved)
    assert reloaded.draws.round.label == host.draws.round.label and reloaded.waiting_for() == [1]
    wire.host = reloaded
    wire.reconnect("g1")
    settle_wire(wire)
    assert reloaded.draws.pending is None and len(reloaded.record.moves) > len(host.record.moves)
    assert verify(reloaded.record.to_json(), shipped).ok


def test_a_tampered_record_is_refused_at_its_first_break():
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1], seed=3)
    play_to_the_end(host, wire, seed=3)
    record = host.record.to_json()
    assert verify(record, shipped).ok

    def tampered(change) -> str:
        copy = json.loads(json.dumps(record))
        change(copy)
        verdict = verify(copy, shipped)
        assert not verdict.ok
        return verdict.message

    def reveal(copy):
        copy["shared"]["events"][3][1][1] = "00" * 32
    assert tampered(reveal).startswith("Random event 4 breaks")
    assert tampered(reveal).endswith("(friend 1 played seat 2).")  # the record's keys say which seat

    def label(copy):
        copy["shared"]["events"][2][0] = "spell-write:dice:99@0000000000000000"
    # Its label is what the guest's device signed its part for: that fault comes first.
    assert "their part of random event 3 is not the one their device gave" in tampered(label)

    def move(copy):
        seat, first = copy["moves"][0]
        copy["moves"][0] = [seat, dict(first, cells=[[0, 0]] if "cells" in first else first)]
        copy["moves"][0], copy["moves"][1] = copy["moves"][1], copy["moves"][0]
    assert tampered(move).startswith(("Move 1", "Move 2"))

    cut = cut_record(record, len(record["moves"]) - 1)  # a true beginning of the game, said to be one
    verdict = verify(cut, shipped)
    assert verdict.ok and not verdict.finished and "not over" in verdict.message
    assert "not a game record" in tampered(lambda copy: copy.pop("moves"))


def test_the_values_are_the_hash_of_every_players_part_and_no_one_part_decides():
    host = shared_host("four-letter-words", 2, [1])
    join(host, [1])
    (label, reveals), = host.record.shared["events"][:1]
    value = event_value(label, reveals)
    assert replay(host.game, host.record) == host.state
    # The same host secret with another guest secret gives another value: the host cannot choose it.
    other = Host(host.game, Record("four-letter-words", {"players": 2}, 5), ["P1", "P2"], [1],
                 draws=Draws(host.draws.chain_end, [1]))
    join(other, [1])
    assert other.record.shared["events"][0][1][0] == reveals[0]
    assert event_value(label, other.record.shared["events"][0][1]) != value


def test_the_verify_command_checks_a_file(tmp_path, capsys):
    from wordtable.__main__ import main
    host = shared_host("four-letter-words", 2, [1])
    wire = join(host, [1])
    play_to_the_end(host, wire)
    good = tmp_path / "game.json"
    good.write_text(json.dumps({"record": host.record.to_json()}))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK: Every one of the")
    data = host.record.to_json()
    data["shared"]["heads"][1] = data["shared"]["heads"][0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().out.startswith("REFUSED: Random event 0 breaks")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert main(["verify", str(garbage)]) == 2


# A three-player bots' game of each, seed 4242 (medium, easy, hard; Four Letter Words: three easy
# bots; One Letter Better: medium, easy, easy), as played before shared randomness came: its
# moves and final state, hashed (computed on the code before shared randomness, eb937ba^).
# Games on one device draw exactly as they did, so every save replays as it did: each game's
# record, as its bots played it at 642310f (tests/fixtures; issue 31 has since changed bots,
# word lists and rules, so bots no longer play those moves), replays to the pinned end.
# Shrdlu's pin leaves out its example answers (see as_before): the same final view at 642310f
# hashed to adfe291da6b2ae71 whole, and to this without them.
BEFORE_SHARED_RANDOMNESS = {"four-letter-words": "19c2781152d61a76", "shrdlu": "5806247bbe505cbd",
                            "spell-write": "0ffa3e813369a262", "wordsmith": "3cc0b91cd648a546",
                            "one-letter-better": "3c89bbf0e5d2e67b"}
FIXTURES = Path(__file__).resolve().parent / "fixtures"
# View fields added since are left out (they draw nothing)…
ADDED_SINCE = {"spent", "can_end", "can_put_back", "binding_take", "last_turn"}
# …and so are fields added since to each player's part of a view, and option values written
# differently since (Wordsmith's Word by Word was yes/no: no is now "off").
PLAYER_FIELDS_ADDED_SINCE = {"next_word_needs", "word_rolls", "score"}
OPTION_VALUES_BEFORE = {("word_by_word", "off"): False}
# Fields added since to some games' views: the engine writes "deadline" (null without a clock) in
# every view, and views carry the rules' numbers their pages state.
GAME_FIELDS_ADDED_SINCE = {"four-letter-words": {"deadline"}, "spell-write": {"deadline"}, "shrdlu": {"rounds"},
                           "wordsmith": {"rows", "boxes", "free_boxes"},
                           "one-letter-better": {"turn_hand", "max_discard", "max_steals"}}


def as_before(revealed: dict, game_id: str) -> dict:
    """A final view written as views were when the pins were computed."""
    dropped = ADDED_SINCE | GAME_FIELDS_ADDED_SINCE.get(game_id, set())
    revealed = {key: value for key, value in revealed.items() if key not in dropped}
    if isinstance(revealed.get("players"), list):
        revealed["players"] = [{k: v for k, v in p.items() if k not in PLAYER_FIELDS_ADDED_SINCE}
                               if isinstance(p, dict) else p for p in revealed["players"]]
    if isinstance(revealed.get("options"), dict):
        revealed["options"] = {name: OPTION_VALUES_BEFORE.get((name, value), value) if isinstance(value, str) else value
                               for name, value in revealed["options"].items()}
    if isinstance(revealed.get("results"), list):  # Shrdlu's example answers, commonest first since issue 31,
        # and One Letter Better's note of a hand not counted, added since
        revealed["results"] = [{k: v for k, v in r.items() if k not in ("examples", "kept")} if isinstance(r, dict) else r
                               for r in revealed["results"]]
    return revealed


@pytest.mark.parametrize("game_id", sorted(BEFORE_SHARED_RANDOMNESS))
def test_games_on_one_device_draw_exactly_as_before(game_id):
    import hashlib

    game, _bots = make(game_id, shipped)
    record = Record.from_json(json.loads((FIXTURES / f"{game_id}-before-shared-randomness-4242.json").read_text()))
    revealed = as_before(game.reveal(replay(game, record)), game_id)
    text = json.dumps([record.to_json()["moves"], revealed], sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == BEFORE_SHARED_RANDOMNESS[game_id]


@pytest.mark.parametrize("game_id", ["shrdlu", "one-letter-better"])
def test_online_no_card_is_known_before_it_is_drawn(game_id):
    """Shrdlu's deals and One Letter Better's draws pick their cards when they happen: the host's
    state holds the cards left as an unordered group, and no event for a later draw exists."""
    host = shared_host(game_id, 2, [1])
    wire = join(host, [1])
    for _ in range(6):
        state = host.state
        cards = list(state.deck if game_id == "shrdlu" else state.stack)
        assert state.unordered and sum(state.unordered) == len(cards)
        start = 0
        for size in state.unordered:  # each group in sorted order: its order says nothing
            assert cards[start:start + size] == sorted(cards[start:start + size])
            start += size
        events = len(host.record.shared["events"])
        game, bots = make(game_id, shipped)
        seat = game.actors(state)[0]
        move = bots["medium"](game, game.view(state, seat), random.Random(events))
        if move is None:
            wire.from_host(host.expire())
        elif seat == 0:
            wire.from_host(host.play_local(0, {k: v for k, v in move.items() if k != "after_ms"}))
        else:
            wire.from_guest("g1", wire.guests["g1"].move({k: v for k, v in move.items() if k != "after_ms"}))
        settle_wire(wire)
        if game.outcome(host.state) is not None:
            break
    assert verify(host.record.to_json(), shipped).ok


# The games whose start draws at random (as declared): the table waits for that draw.
DRAWING = [game_id for game_id in REGISTRY if game_class(game_id).kind.chance]


def test_a_host_saved_while_the_starts_draw_waits_reopens_and_starts():
    for game_id in DRAWING:
        host = shared_host(game_id, 2, [1])
        guest = Guest(host.invite(1))
        host.receive("g1", guest.hello()[0])  # committed: the start's draw waits for its part
        assert host.state is None and host.draws.pending == {"kind": "start"}
        reopened = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))
        assert reopened.state is None and reopened.waiting_for() == [1]
        texts = guest.hello()  # the guest comes back to the reloaded table
        for _ in range(10):
            texts = [answer for text in texts for _peer, reply in reopened.receive("g1", text)
                     for answer in guest.receive(reply)]
        assert reopened.state is not None, game_id
        assert verify(reopened.record.to_json(), shipped).ok


def test_a_record_cut_short_of_its_events_is_refused_not_a_crash(tmp_path, capsys):
    from wordtable.__main__ import main
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    play_to_the_end(host, wire)
    whole = host.record.to_json()
    record = cut_record(whole, len(whole["moves"]), len(whole["shared"]["events"]) - 1)
    verdict = verify(record, shipped)
    assert not verdict.ok and "no random event for it" in verdict.message
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1 and capsys.readouterr().out.startswith("REFUSED:")


def test_a_guests_next_move_while_its_last_waits_for_a_draw_is_told_to_wait_once():
    host = shared_host("wordsmith", 2, [1])
    wire = join(host, [1])
    game, bots = make("wordsmith", shipped)
    for step in range(300):
        seat = game.actors(host.state)[0]
        move = {k: v for k, v in bots["medium"](game, game.view(host.state, seat), rng_for(5, step)).items() if k != "after_ms"}
        if seat == 0:
            wire.from_host(host.play_local(0, move))
        else:
            wire.up.discard("g1")  # its parts do not arrive: a move of its that draws waits
            host.receive("g1", signed_move(host, wire.guests["g1"], move))
            if host.draws.pending:
                break
            wire.up.add("g1")
        settle_wire(wire)
    waiting = host.draws.pending["n"]
    replies = [decode(text) for _peer, text in host.receive("g1", encode({"t": "move", "n": waiting + 1, "move": {"type": "roll"}}))]
    assert replies and replies[0]["t"] == "refused" and "retry" not in replies[0] and "drawing" in replies[0]["message"]
    assert host.receive("g1", encode({"t": "move", "n": waiting, "move": {}})) == []  # the waiting one: answered later


def test_only_a_seat_played_from_another_browser_can_commit():
    host = shared_host("four-letter-words", 3, [1])
    intruder = Guest(host.invite(2))  # seat 2 is played at the host's device
    reply = decode(host.receive("x", intruder.hello()[0])[0][1])
    assert reply["t"] == "error" and "not played from another browser" in reply["message"]
    assert json.loads(json.dumps(host.to_json()))["draws"]["heads"] == {}
    Host.from_json(host.game, json.loads(json.dumps(host.to_json())))  # the save still opens


def test_a_damaged_guest_save_is_refused():
    guest = Guest("t")
    for damaged in ({"drawn": ["a"]}, {"chain": "zz"}, {"drawn": "a"}, {"host_head": 5, "drawn": ["a"]},
                    {"drawn": ["a"] * 5000, "host_head": "ab" * 32}):
        with pytest.raises(ValueError):
            guest.restore(damaged)
    assert guest.drawn == [] and guest.host_head is None


def test_what_a_hard_bot_would_have_scored_is_answered_online_without_a_new_draw():
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    play_to_the_end(host, wire)
    events = len(host.record.shared["events"])
    q = host.receive("g1", encode({"t": "ask", "q": 1, "question": "hard-bot", "args": {}}))
    answer = decode(q[0][1])
    assert isinstance(answer.get("answer"), int), answer
    assert len(host.record.shared["events"]) == events and verify(host.record.to_json(), shipped).ok


def test_the_hosts_page_reopens_a_table_saved_while_the_starts_draw_waits(call):
    """Through the bridge, as the page does after a reload: the save's own record and names."""
    def ok(op, **args):
        reply = call(op, **args)
        assert reply["ok"], reply
        return reply["result"]

    for game_id in DRAWING:
        record = ok("game.new", game=game_id, options={"players": 2})["record"]
        opened = ok("online.host", id="t", record=record, names=["A", "B"], remote=[1], shared=True)
        guest = Guest(ok("online.invite", id="t", seat=1)["token"])
        reply = ok("online.receive", id="t", peer="g", text=guest.hello()[0])
        assert reply["started"] is False and reply["drawing"] is True
        reopened = ok("online.host", id="t2", record=reply["record"], names=["A", "B"], remote=[1], saved=reply["saved"])
        assert reopened["started"] is False and reopened["waiting"] == [1], game_id
        assert opened["started"] is False


def test_a_stopped_game_answers_a_guests_moves_at_once_and_its_waiting_moves_too():
    guest = Guest("t")
    guest.pending = {1: {"t": "move", "n": 1, "move": {}}}
    guest.sent = 1
    guest.receive(encode({"t": "broken", "seat": 2, "reason": "The game has stopped: P3's part is wrong."}))
    assert guest.move({"type": "roll"}) == [] and not guest.pending
    outcomes, _answers = guest.collect()
    assert [(o["n"], o["ok"]) for o in outcomes] == [(1, False), (2, False)]


def test_a_guest_holds_the_tables_commitments_and_views_to_their_draws():
    host = shared_host("spell-write", 3, [1, 2])
    wire = join(host, [1, 2])
    guest = wire.guests["g1"]
    assert guest.heads == host.record.shared["heads"]
    later = {"t": "draw", "k": len(guest.drawn) + 1, "label": "x@y", "heads": list(reversed(guest.heads))}
    [stopped] = guest.receive(encode(later))
    assert "changed its players' commitments" in guest.broken["reason"] and decode(stopped)["t"] == "stopped"
    other = wire.guests["g2"]
    view = json.loads(host.view_message(2))
    del view["draws"]  # a table that says nothing of its draws is not believed
    other.receive(encode(view))
    assert "does not say which random draws" in other.broken["reason"]


@pytest.mark.parametrize(("heads_of", "reason"), [
    (lambda host, own: [host, "ab" * 32], "do not include yours"),
    (lambda host, own: ["ab" * 32, own], "do not start with the one the host sent you"),
    (lambda host, own: [host, own, own], "list of commitments is damaged"),
    (lambda host, own: [host, "not a commitment"], "list of commitments is damaged"),
])
def test_a_first_draw_that_leaves_out_or_swaps_a_commitment_stops_the_guest_and_says_which(heads_of, reason):
    from wordtable.engine.shared_random import LEDGER_RULES
    guest = Guest("t")
    host_head = "cd" * 32
    guest.receive(encode({"t": "welcome", "seat": 1, "game": "spell-write", "players": ["A", "B"], "last": 0,
                          "protocol": PROTOCOL, "host": host_head}))
    heads = heads_of(host_head, guest.chain.head())
    [stopped] = guest.receive(encode({"t": "draw", "k": 1, "label": "x@y", "heads": heads, "rules": LEDGER_RULES}))
    assert decode(stopped)["t"] == "stopped" and reason in guest.broken["reason"] and guest.drawn == []


def test_a_guests_check_waits_for_the_record_and_holds_it_to_what_it_was_shown():
    from wordtable.verify import verify_as_guest
    host = shared_host("shrdlu", 2, [1])
    wire = join(host, [1])
    guest = wire.guests["g1"]
    early = verify_as_guest(guest, shipped)
    assert not early.ok and not early.checked and "not sent the whole record yet" in early.message
    play_to_the_end(host, wire)
    assert verify_as_guest(guest, shipped).ok
    guest.view = dict(guest.view, results=[])  # what it was shown differs from the record's end
    verdict = verify_as_guest(guest, shipped)
    assert not verdict.ok and "another game than the one it recorded" in verdict.message


def _first_draw(host: Host, guest: Guest) -> dict:
    out = host.receive("g1", guest.hello()[0])
    for _peer, text in out:
        if decode(text)["t"] != "draw":
            guest.receive(text)
    return next(decode(text) for _peer, text in out if decode(text)["t"] == "draw")


def test_a_new_table_plays_under_todays_online_rules_and_a_guest_refuses_older_ones():
    """A host may not open a new table under older online rules (under rules 1 its device held
    Spell Write's re-roll before its own choice; under 2 its guests did not sign): a guest's
    first draw must say rules 3."""
    host = shared_host("spell-write", 2, [1])
    guest = Guest(host.invite(1))
    draw = _first_draw(host, guest)
    assert draw["rules"] == 3 and host.record.shared["rules"] == 3
    for older in (1, 2, None, "3"):
        fresh = Guest(guest.token, chain_end=guest.chain_end, host_head=guest.host_head)
        [stopped] = fresh.receive(encode(dict(draw, rules=older)))
        assert decode(stopped)["t"] == "stopped" and "older online rules" in fresh.broken["reason"]
        assert fresh.drawn == []  # no part given
    assert decode(guest.receive(encode(draw))[0])["t"] == "reveal" and guest.rules == 3


def test_a_guest_holds_the_table_to_its_online_rules_for_the_whole_game():
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    guest = wire.guests["g1"]
    assert guest.rules == 3 and guest.drawn
    saved = json.loads(json.dumps(guest.saved()))
    again = Guest(guest.token)
    again.restore(saved)
    assert again.rules == 3
    for damaged in (4, "3", True):
        with pytest.raises(ValueError):
            Guest("t").restore(dict(saved, rules=damaged))
    changed = {"t": "draw", "k": len(guest.drawn) + 1, "label": "spell-write:dice:9@x", "heads": guest.heads, "rules": 1}
    [stopped] = again.receive(encode(changed))
    assert decode(stopped)["t"] == "stopped" and "changed its online rules" in again.broken["reason"]
    # A guest saved before the versions takes the table's rules at its next draw, then holds them.
    old = Guest(guest.token)
    old.restore({key: value for key, value in saved.items() if key != "rules"})
    assert old.rules is None
    old.receive(encode(dict(changed, rules=3)))
    assert old.rules == 3 and old.broken is None
    play_to_the_end(host, wire)
    record = json.loads(json.dumps(host.record.to_json()))
    assert guest.own_draws_refusal(record) is None
    record["shared"].pop("rules")
    assert "online rules" in guest.own_draws_refusal(record)


@pytest.mark.parametrize("protocol", [None, 0, PROTOCOL + 1, True, "1", 1.0])
def test_a_friends_page_of_another_version_is_told_to_reload_and_takes_no_seat(protocol):
    """A friend's page from before an update (or after the host's) would check the game under
    other rules and could accuse an honest host: the table turns it away with the reason."""
    host = shared_host("spell-write", 2, [1])
    guest = Guest(host.invite(1))
    join = decode(guest.hello()[0])
    assert join["protocol"] == PROTOCOL
    old = {key: value for key, value in join.items() if key != "protocol"}
    if protocol is not None:
        old["protocol"] = protocol
    [(_peer, reply)] = host.receive("old", encode(old))
    guest.receive(reply)
    assert decode(reply)["t"] == "error" and "another version of Wordtable" in guest.error
    assert host.peers == {} and host.draws.heads == {}
    assert decode(host.receive("new", encode(join))[0][1])["t"] == "welcome"


def test_an_old_page_with_a_move_in_flight_is_told_once_and_never_asked_to_join_again():
    """An old page re-joins, with every move not yet answered, whenever a table asks it to join:
    turned away, its moves must not ask again, or the two would bounce messages for ever."""
    host = shared_host("spell-write", 2, [1])
    wire = join(host, [1])
    guest = wire.guests["g1"]
    guest.move(host.game.legal_moves(host.state, 1)[0])  # lost on the way: still pending
    old_page = [json.dumps({k: v for k, v in decode(text).items() if k != "protocol"}) for text in guest.hello()]
    again = Host.from_json(host.game, json.loads(json.dumps(host.to_json())))  # the host reloaded
    replies = [decode(text) for message in old_page for _peer, text in again.receive("g1", message)]
    assert [r["t"] for r in replies] == ["error", "error"]
    assert all(r["message"] == OTHER_VERSION and "rejoin" not in r for r in replies)
    again.disconnected("g1")
    assert decode(again.receive("g1", guest.hello()[0])[0][1])["t"] == "welcome"  # reloaded: welcome


def test_a_host_of_another_version_is_named_and_the_page_sends_nothing_more():
    host = shared_host("spell-write", 2, [1])
    guest = Guest(host.invite(1))
    out = host.receive("g1", guest.hello()[0])
    welcome = next(decode(text) for _peer, text in out if decode(text)["t"] == "welcome")
    for older in ({k: v for k, v in welcome.items() if k != "protocol"}, dict(welcome, protocol=PROTOCOL + 1)):
        page = Guest(guest.token, chain_end=guest.chain_end)
        assert page.receive(encode(older)) == [] and page.other_version
        assert page.error == HOST_OTHER_VERSION and page.seat is None
        assert page.hello() == [] and page.check() == []
        assert all(page.receive(text) == [] for _peer, text in out)  # its draws are not answered
    turned_away = Guest(guest.token)
    turned_away.receive(encode({"t": "error", "message": OTHER_VERSION}))
    assert turned_away.other_version and turned_away.hello() == []


def test_a_game_that_draws_nothing_starts_online_as_soon_as_everyone_has_joined():
    for game_id in [game_id for game_id in REGISTRY if not game_class(game_id).kind.chance]:
        host = shared_host(game_id, 2, [1])
        guest = Guest(host.invite(1))
        host.receive("g1", guest.hello()[0])
        assert host.state is not None and host.draws.pending is None, game_id


def test_a_guests_signed_stop_is_believed_by_the_others_and_a_forged_one_is_not():
    host = shared_host("spell-write", 3, [1, 2])
    wire = join(host, [1, 2])
    settle_wire(wire)
    first, second = wire.guests["g1"], wire.guests["g2"]
    doubter = Guest(second.token)
    doubter.restore(json.loads(json.dumps(second.saved())))
    # The first guest's device catches a (made-up) change of the table's commitments and stops.
    forged = {"t": "draw", "k": len(first.drawn) + 1, "label": "x", "heads": first.heads[::-1], "rules": 3}
    [stopped] = first.receive(encode(forged))
    out = host.receive("g1", stopped)
    [notice] = [decode(text) for peer, text in out if peer == "g2"]
    assert notice["evidence"]["by"] == 1 and "P2's device says" in notice["reason"]
    second.receive(encode(notice))
    assert second.broken["reason"] == notice["reason"]  # its own signed words: believed
    lie = dict(notice, evidence=dict(notice["evidence"], stopped="the host is honest"))
    doubter.receive(encode(lie))
    assert "The host says P2's device says" in doubter.broken["reason"] and "(not shown to be true)" in doubter.broken["reason"]
