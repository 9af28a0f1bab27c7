"""The online protocol against hostile peers, every game (tests/online_fuzz.py says what is sent
and what must hold): a few hundred messages a side here; bench/online_fuzz.py sends 100,000."""

from __future__ import annotations

import pytest

from online_fuzz import fuzz_guest, fuzz_host, games


@pytest.mark.parametrize("game_id", games())
def test_a_host_survives_a_hostile_guest_and_tells_it_nothing_secret(game_id):
    counts = fuzz_host(game_id, 600, seed=7)
    assert counts.messages == 600
    assert counts.kinds["error"] > 100 and counts.kinds["ack"] > 0  # garbage refused, replays answered once


@pytest.mark.parametrize("game_id", games())
def test_a_guest_survives_a_hostile_host(game_id):
    counts = fuzz_guest(game_id, 600, seed=7)
    assert counts.messages == 600 and counts.kinds["left as it was"] > 500


# Only a game that draws at random has parts to withhold, forge or give twice.
@pytest.mark.parametrize("game_id", games(chance=True))
def test_a_shared_randomness_host_names_a_cheating_guest_and_survives_the_rest(game_id):
    counts = fuzz_host(game_id, 600, seed=11, shared=True)
    assert counts.messages == 600
    assert counts.kinds["error"] > 100 and counts.kinds["(the game stopped, naming Mallory)"] > 0


@pytest.mark.parametrize("game_id", games(chance=True))
def test_a_shared_randomness_guest_gives_each_part_once_to_a_hostile_host(game_id):
    counts = fuzz_guest(game_id, 600, seed=11, shared=True)
    assert counts.messages == 600 and counts.kinds["part given"] > 0


def test_text_nested_thousands_deep_is_refused_everywhere_a_peer_or_a_file_is_read():
    """A host, a guest and the bridge read such text as unreadable, never as an internal error
    (Python's recursion limit; in Pyodide a small stack)."""
    import json

    from online_fuzz import shipped
    from wordtable import bridge, safe_json
    from wordtable.engine.game import Record
    from wordtable.games import make
    from wordtable.online import Guest, Host, decode

    deep = "[" * 3_000 + "]" * 3_000
    assert safe_json.depth(deep) == 3_000 and safe_json.depth('["[[[", {"a": "}}"}]') == 2
    assert decode('{"t": "move", "n": 1, "move": ' + deep + "}") is None
    assert decode('{"t": "move", "n": 1, "move": {"x": [[1]]}}') is not None  # what real messages nest stays readable
    game, _bots = make("four-letter-words", shipped)
    host = Host(game, Record("four-letter-words", {"players": 2}, 7), ["Host", "Guest"], remote=[1])
    guest = Guest(host.invite(1), lexicon_for=shipped)
    answers = host.receive("g1", '{"t": "hello", "pad": ' + deep + "}")
    assert all(json.loads(text)["t"] == "error" for _peer, text in answers)
    assert [json.loads(text) for text in guest.receive('{"t": "welcome", "view": ' + deep + "}")] == [{"t": "sync"}]  # asks again
    reply = json.loads(bridge.handle('{"op": "game.info", "args": {"deep": ' + deep + "}}"))
    assert reply["ok"] is False and reply["error"]["kind"] == "bad-request", reply
    assert "nests deeper than" in reply["error"]["message"]
