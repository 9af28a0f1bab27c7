"""Work built a slice at a time (wordtable.stepwise), and the warm-ups that use it: the page
asks game.warm_up again until it is done, and any other request fits between two slices."""

from __future__ import annotations

import random

import pytest

from wordtable.games import REGISTRY
from wordtable.games.wordsmith.alphabet import ALPHABET
from wordtable.games.wordsmith.state import word_groups, word_groups_build
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo
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


def test_stepped_builds_give_what_a_plain_computation_gives():
    rng = random.Random(5)
    words = sorted({"tea", "eat", "ate", "it's", "cafe", "face", "zebra", "a"}
                   | {"".join(rng.choice("abcdefgh") for _ in range(rng.randint(1, 7))) for _ in range(12000)})
    lexicon = Lexicon.from_words(LexiconInfo("t", "T", "", "", len(words)), words)
    assert sum(1 for _ in lexicon.anagram_build.steps()) > 3  # yielded between slices of words
    expected: dict[str, list[str]] = {}
    for word in sorted(words, key=lambda w: (len(w), w)):  # the listing's order: by length, then A to Z
        if word.isalpha():
            expected.setdefault("".join(sorted(word)), []).append(word)
    assert lexicon.anagrams() == {key: tuple(found) for key, found in expected.items()}
    assert lexicon.anagrams()["aet"] == ("ate", "eat", "tea")

    assert sum(1 for _ in word_groups_build(lexicon).steps()) > 3
    by_cost: dict[tuple[int, ...], list[str]] = {}
    for word in words:
        if all(char in ALPHABET for char in word):
            by_cost.setdefault(tuple(sum(ALPHABET[c][k] for c in word) for k in range(4)), []).append(word)
    ordered = sorted(((cost, sorted(found, key=lambda w: (-len(w), w))) for cost, found in by_cost.items()),
                     key=lambda group: (-sum(group[0]), group[0]))
    assert word_groups(lexicon) == (ordered, [-sum(cost) for cost, _found in ordered])


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_warm_up_runs_a_slice_per_request_with_others_between(call, bridge_session, game_id):
    bridge_session.warm_slice_s = 0  # one step per call, whatever the machine
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
    assert not bridge_session.warming
    game, _bots = bridge_session.game(game_id)
    lexicon = bridge_session.registry.get(game.Options.parse({}).lexicon)
    if game_id == "wordsmith":
        assert len(replies) > 20 and word_groups_build(lexicon).built  # many slices, and done
    if game_id == "one-letter-better":
        assert len(replies) > 20 and lexicon.anagram_build.built
    made = call("game.new", game=game_id, options={"players": 2}, seed=3)
    assert made["ok"]


def test_a_warm_up_with_bad_options_is_refused_and_forgotten(call, bridge_session):
    def warm(options: dict) -> dict:
        for _ in range(1000):  # as the page does: again until done (or refused)
            reply = call("game.warm_up", game="shrdlu", options=options)
            if not reply["ok"] or reply["result"]["done"]:
                return reply
        raise AssertionError("the warm-up never ended")
    assert warm({"players": 99})["error"]["kind"] == "refused"  # on the game's first use
    assert warm({})["result"]["done"]
    # With the game in use: refused at the first step, and nothing of it kept.
    assert call("game.warm_up", game="shrdlu", options={"players": 99})["error"]["kind"] == "refused"
    assert not bridge_session.warming
