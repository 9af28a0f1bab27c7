"""The bridge's game operations: the page keeps the record, Python replays it and decides."""

import json

import pytest

from wordtable import bridge
from wordtable.lexicon import store
from wordtable.lexicon.registry import LexiconRegistry


@pytest.fixture(autouse=True)
def site(monkeypatch):
    """Python reads dictionaries from the compiled folder, .cache/lexicons, as the browser's
    worker lays them out under /site/lexicons."""
    store.manifest()
    monkeypatch.setattr(bridge, "REGISTRY", LexiconRegistry(store.compiled_dir().parent))
    monkeypatch.setattr(bridge, "_GAMES", {})
    monkeypatch.setattr(bridge, "_STATES", {})


def call(op, **args):
    return json.loads(bridge.handle(json.dumps({"op": op, "args": args})))


def test_a_game_played_through_the_bridge():
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=3)["result"]["record"]
    assert record["moves"] == [] and record["seed"] == 3
    view = call("game.view", record=record, seat=0)["result"]
    chooser = view["view"]["chooser"]
    assert view["actors"] == [chooser]
    played = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["result"]
    assert played["view"]["word"] == "salt" and sorted(played["actors"]) == [0, 1]
    record = played["record"]
    bot = call("game.bot", record=record, seat=0, level="hard")["result"]["move"]
    assert bot["type"] == "place"
    record = call("game.play", record=record, seat=0, move=bot)["result"]["record"]
    secret = call("game.view", record=record, seat=1)["result"]["view"]
    assert "salt" not in "".join(secret["grid"])  # seat 1 has not written it; seat 0's grid stays hidden


def test_refusals_and_bad_requests():
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=3)["result"]["record"]
    chooser = call("game.view", record=record)["result"]["view"]["chooser"]
    refused = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "zzzz"})
    assert refused["error"]["kind"] == "refused" and "not in the Standard dictionary" in refused["error"]["message"]
    assert call("game.play", record=record, seat=chooser, move={"type": "fly"})["error"]["kind"] == "bad-request"
    assert call("game.play", record=record, seat=5, move={"type": "strike"})["error"]["kind"] == "bad-request"
    assert call("game.new", game="chess")["error"]["kind"] == "bad-request"
    assert call("game.new", game="shrdlu")["error"]["kind"] == "refused"
    assert call("game.new", game="four-letter-words", options={"players": 12})["error"]["kind"] == "refused"
    forged = dict(record, moves=[[chooser, {"type": "choose", "word": "qqqq"}]])
    assert "cannot be replayed" in call("game.view", record=forged, seat=0)["error"]["message"]
    assert call("game.view", record={"nonsense": 1})["error"]["kind"] == "bad-request"


def test_undo_through_the_bridge():
    record = call("game.new", game="four-letter-words", options={"players": 2}, seed=2)["result"]["record"]
    chooser = call("game.view", record=record)["result"]["view"]["chooser"]
    record = call("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["result"]["record"]
    undone = call("game.undo", record=record, seat=chooser)["result"]
    assert undone["record"]["moves"] == [] and undone["view"]["word"] is None
    refused = call("game.undo", record=undone["record"], seat=chooser)
    assert refused["error"]["kind"] == "refused"
