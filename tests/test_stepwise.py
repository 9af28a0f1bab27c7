"""Work built a slice at a time (wordtable.stepwise), and the warm-ups that use it: the page
asks game.warm_up again until it is done, and any other request fits between two slices."""

from __future__ import annotations

import json

import pytest

from wordtable import bridge
from wordtable.games import REGISTRY
from wordtable.games.wordsmith import word_groups, word_groups_build
from wordtable.lexicon import store
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo
from wordtable.lexicon.registry import LexiconRegistry
from wordtable.stepwise import Stepwise


def counting_build(log: list[str], slices: int = 3, fail_once: bool = False):
    def build():
        log.append("start")
        for index in range(slices):
            if fail_once and log.count("start") == 1 and index == 1:
                raise FileNotFoundError("fetch me first")
            log.append(f"slice {index}")
            yield
        return "built"
    return build


def test_steps_then_value_finish_one_build():
    log: list[str] = []
    work = Stepwise(counting_build(log))
    steps = work.steps()
    next(steps)
    assert log == ["start", "slice 0"] and not work.built
    assert work.value() == "built"  # finishes the same build, not a second one
    assert log == ["start", "slice 0", "slice 1", "slice 2"] and work.built
    assert list(steps) == [] and list(work.steps()) == [] and work.value() == "built"


def test_a_failed_build_starts_over_when_asked_again():
    log: list[str] = []
    work = Stepwise(counting_build(log, fail_once=True))
    with pytest.raises(FileNotFoundError):
        work.value()
    assert not work.built
    assert work.value() == "built" and log.count("start") == 2


def test_stepped_builds_equal_the_direct_ones():
    words = ["tea", "eat", "ate", "it's", "cafe", "face", "zebra", "a"] * 3000
    words = sorted(set(words)) + [f"w{n:05d}" for n in range(9000)]
    stepped = Lexicon.from_words(LexiconInfo("t", "T", "", "", len(words)), words)
    direct = Lexicon.from_words(LexiconInfo("t", "T", "", "", len(words)), words)
    slices = sum(1 for _ in stepped.anagram_build.steps())
    assert slices > 3  # yielded between slices of words
    assert stepped.anagrams() == direct.anagrams() and stepped.anagrams()["aet"] == ("ate", "eat", "tea")
    groups = word_groups_build(stepped)
    assert sum(1 for _ in groups.steps()) > 3
    assert word_groups(stepped) == word_groups(direct)


@pytest.fixture
def site(monkeypatch):
    store.manifest()
    monkeypatch.setattr(bridge, "REGISTRY", LexiconRegistry(store.compiled_dir().parent))
    monkeypatch.setattr(bridge, "_GAMES", {})
    monkeypatch.setattr(bridge, "_WARMING", {})


def call(op, **args):
    return json.loads(bridge.handle(json.dumps({"op": op, "args": args})))


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_warm_up_runs_a_slice_per_request_with_others_between(site, monkeypatch, game_id):
    monkeypatch.setattr(bridge, "WARM_SLICE_S", 0)  # one step per call, whatever the machine
    replies = []
    while True:
        reply = call("game.warm_up", game=game_id, options={})
        assert reply["ok"], reply
        replies.append(reply["result"]["done"])
        if reply["result"]["done"]:
            break
        # Another request between two slices is answered, and the warm-up goes on after it.
        assert call("lexicon.check", words=["night"])["result"]["results"][0]["valid"]
    assert replies[-1] is True and len(replies) >= 2
    assert not bridge._WARMING
    if game_id in ("wordsmith", "one-letter-better"):
        assert len(replies) > 20  # the long builds come in many slices
    made = call("game.new", game=game_id, options={"players": 2}, seed=3)
    assert made["ok"]


def test_a_warm_up_with_bad_options_is_refused_and_forgotten(site):
    reply = call("game.warm_up", game="shrdlu", options={"players": 99})
    assert reply["error"]["kind"] == "refused" and not bridge._WARMING
