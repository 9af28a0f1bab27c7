"""Examples and bots use everyday words first (issue 31): where a game shows or proposes a
word, the commonest words by SCOWL's levels (wordtable.lexicon.vocabulary's `level`) lead,
never a never-propose word."""

import functools
import random

from wordtable.games import make
from wordtable.games.four_letter_words.bots import CANDIDATES
from wordtable.games.four_letter_words.rules import Options as FlwOptions
from wordtable.games.shrdlu.rules import EXAMPLES_SHOWN
from wordtable.lexicon import store
from wordtable.lexicon.compile import read_levels_text
from wordtable.lexicon.levels import Levels, LevelsFormatError, levels_bytes
from wordtable.lexicon.vocabulary import EVERYDAY_LEVEL, RARE_LEVEL, never_propose, vocabulary


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def cutoff(levels: list[int], at_least: int) -> int:
    """The commonest level with at least `at_least` of these levels at or below it."""
    ordered = sorted(levels)
    return ordered[min(at_least, len(ordered)) - 1]


def test_levels_order_the_everyday_words():
    words = vocabulary(shipped, "standard")
    assert words.level("night") == 10 and words.level("salt") == 20
    assert {words.level(w) for w in ("rood", "dado", "jabot", "thrum", "ere")} == {EVERYDAY_LEVEL}
    assert words.level("trull") == words.level("ghyll") == words.level("zzzq") == RARE_LEVEL
    levels = [words.level(word) for word in shipped("common").all_words() if not words.blocked(word)]
    assert sum(level < EVERYDAY_LEVEL for level in levels) > 40_000 and set(levels) == {10, 20, 35, 40, EVERYDAY_LEVEL}
    assert words.commonest(["rood", "salt", "trull", "night", "fart"]) == ["night"]
    assert words.commonest(["rood", "salt", "trull", "night"], at_least=2) == ["salt", "night"]
    assert words.commonest(["trull", "ghyll", "gyps"]) == ["trull", "ghyll"]  # the fallback, never GYPS
    rng = random.Random(1)
    assert sorted(words.sample_commonest(["rood", "salt", "night", "fart", "dado"], 2, rng)) == ["night", "salt"]


def test_shrdlu_examples_are_the_commonest_solutions():
    shrdlu, _bots = make("shrdlu", shipped)
    words = vocabulary(shipped, "standard")
    checked = 0
    for seed in range(40):
        state = shrdlu.new({"players": 1}, seed)
        for _round in range(3):
            if state.outcome:
                break
            showable = [w for w in shrdlu.solutions(state) if not words.blocked(w)]
            state = shrdlu.apply(state, 0, {"type": "pass"})
            examples = state.results[-1].examples
            assert not set(examples) & never_propose()
            if len(showable) > EXAMPLES_SHOWN:
                limit = cutoff([words.level(w) for w in showable], EXAMPLES_SHOWN)
                assert len(examples) == EXAMPLES_SHOWN
                assert max(words.level(w) for w in examples) <= limit, (examples, limit)
                checked += limit < RARE_LEVEL
    assert checked >= 20  # enough rounds had common solutions to choose from


def test_shrdlu_bots_claim_the_commonest_word_they_know():
    shrdlu, bots = make("shrdlu", shipped)
    words = vocabulary(shipped, "standard")
    for seed in range(30):
        state = shrdlu.new({"players": 2}, seed)
        fitting = [w for w in shrdlu.solutions(state) if not words.blocked(w)]
        move = bots["hard"](shrdlu, shrdlu.view(state, 1), random.Random(seed))  # the hard bot knows them all
        if fitting:
            assert words.level(move["word"]) == min(words.level(w) for w in fitting), (move, seed)


def test_four_letter_words_easy_and_medium_bots_and_suggest_name_the_commonest_words():
    game, bots = make("four-letter-words", shipped)
    words = vocabulary(shipped, "standard")
    for seed in range(25):
        state = game.new({"players": 2}, seed)
        view = game.view(state, state.chooser)
        fitting = game.fitting_words_for("".join(view["grid"]), FlwOptions.parse(view["options"]))
        limit = cutoff([words.level(w) for w in words.prefer(fitting)], CANDIDATES)
        for level in ("easy", "medium"):  # Suggest one is the medium bot
            chosen = bots[level](game, view, random.Random(seed))["word"]
            assert words.level(chosen) <= limit, (level, chosen, limit)
        assert limit <= 20  # an empty grid fits every four-letter word: the commonest lead


def test_spell_write_names_missed_words_longest_then_commonest():
    from wordtable.engine.bots import play
    game, bots = make("spell-write", shipped)
    words = vocabulary(shipped, "standard")
    reordered = 0
    for seed in range(6):
        state = play(game, [bots["easy"]], {"players": 1}, seed).state
        missed = [w.lower() for w in game.answer(state, 0, "missed", {})]
        keys = [(-len(w), words.level(w), w) for w in missed]
        assert keys == sorted(keys) and not set(missed) & never_propose()
        reordered += missed != sorted(missed, key=lambda w: (-len(w), w))
    assert reordered  # the commonest came before the alphabetical first at least once


def test_spell_write_bots_claim_the_commonest_of_equal_choices():
    """AT and TA take the same link and score the same, both in `common`: AT is the commoner."""
    from test_bot_vocabulary import made_up
    from wordtable.games.spell_write.bots import best_claims
    from wordtable.games.spell_write.rules import Layout, Sheet
    layout = Layout(black=((3, 2), (3, 3)), highlighted=(), bonus_row=3, bonus_col=3)
    game, _bots = make("spell-write", made_up(standard=["at", "ta"], common=["at", "ta"]))
    words = vocabulary(game.lexicon_for, "standard")
    assert words.level("at") < words.level("ta")
    for grid, at, expected in (("at..............", (0, 1), [[(0, 0), (0, 1)]]),
                               ("ta..............", (0, 1), [[(0, 1), (0, 0)]])):
        assert best_claims(game, Sheet(layout, grid), at, "competitive", words) == (2, expected), grid


def test_wordsmith_bots_think_of_the_commonest_of_words_as_long_first():
    from wordtable.games.wordsmith.bots import _split
    words = vocabulary(shipped, "wordsmith")
    usual, _rare = _split(words, ["pots", "opts", "tops", "stop", "spot", "post", "stops"])
    assert usual[0] == "stops" and [words.level(w) for w in usual[1:]] == sorted(words.level(w) for w in usual[1:])


def test_one_letter_better_easy_bot_plays_the_commonest_words_its_plays_make():
    from wordtable.engine.bots import play
    from wordtable.games.one_letter_better.bots import _choices, _seen
    game, bots = make("one-letter-better", shipped)
    words = vocabulary(shipped, "standard")
    looked = 0
    for seed in range(4):
        record = play(game, [bots["easy"], bots["easy"]], {"players": 2}, seed).record
        state = game.new({"players": 2}, seed)
        for seat, move in record.moves[:40]:
            view = game.view(state, seat)
            scoring = [p for p in _seen(game, view, "easy") if p.gain > 0 and not words.blocked(p.text)]
            if scoring:
                chosen = _choices(game, view, "easy")
                assert {words.level(p.text) for p in chosen} == {min(words.level(p.text) for p in scoring)}
                looked += 1
            state = game.step(state, seat, move)
    assert looked >= 10


def test_the_levels_are_compiled_beside_common_with_scowls_notice():
    """Issue 44: the levels travel with the dictionary that uses them, a byte a word, not as
    text in our wheel; the compiled file gives every listed word of `common` its level."""
    import build
    assert "everyday-levels.txt" not in {path.name for path in build.package_sources()}
    source = (build.ROOT / "wordlists" / "everyday-levels.txt").read_text()
    assert "SCOWL-COPYRIGHT.txt" in source.split("\n@")[0]
    assert "Kevin Atkinson" in (build.ROOT / "wordlists" / "SCOWL-COPYRIGHT.txt").read_text()
    listed = read_levels_text(source)
    common = shipped("common")
    compiled = {word: level for length in range(1, 40)
                for word, level in common.levels.of_length(length, common.words_of_length(length)).items()}
    assert compiled == {word: level for word, level in listed.items() if word in common}
    assert len(compiled) > 40_000


def test_a_levels_file_is_read_back_and_refuses_other_words():
    words = ["cat", "dog", "ox", "zebra", "emu"]
    data = levels_bytes(words, {"dog": 10, "ox": 35, "yak": 20})
    levels = Levels(data)
    assert levels.of_length(3, ["emu", "dog", "cat"]) == {"dog": 10}
    assert levels.of_length(2, ["ox"]) == {"ox": 35} and levels.of_length(5, ["zebra"]) == {}
    assert levels.of_length(7, []) == {}
    for wrong in (["cat", "dog"], ["cat", "dog", "emu", "gnu"]):
        try:
            levels.of_length(3, wrong)
        except LevelsFormatError as error:
            assert "not this dictionary's levels" in str(error)
        else:
            raise AssertionError(wrong)
    for damaged in (b"", b"#levels 3:3\n\x00", b"#lengths 3:1\n\x00", b"#levels 3:x\n\x00\x00\x00"):
        try:
            Levels(damaged)
        except LevelsFormatError:
            pass
        else:
            raise AssertionError(damaged)


def test_a_hyphenated_word_with_a_never_propose_part_is_never_proposed():
    words = vocabulary(shipped, "wordsmith")
    assert "ass-kisser" in shipped("wordsmith") and words.blocked("ass-kisser")
    assert not words.blocked("x-ray") and not words.blocked("grass-green")
    assert words.prefer(["ass-kisser", "x-ray"]) == ["x-ray"]
