"""Every query: hand-checked cases on the shipped lists, and properties against a brute-force
scan of small random lists, on both kinds of trie (a MARISA file and a player's own list)."""

from collections import Counter

import marisa_trie
import pytest
from hypothesis import given, settings, strategies as st

from wordtable.lexicon import Lexicon, LexiconInfo, Tiles, parse_pattern, queries, store

INFO = LexiconInfo("test", "Test", "a test list", "none", 0)


@pytest.fixture(scope="module")
def standard() -> Lexicon:
    return store.load("standard")


@pytest.fixture(scope="module", params=[True, False], ids=["native", "pure"])
def standard_both(request) -> Lexicon:
    return store.load("standard", native=request.param)


def lexicons_for(words: list[str]) -> list[Lexicon]:
    """The same words as a MARISA file (pure reader and native) and as an in-memory list."""
    main = marisa_trie.Trie(words).tobytes()
    return [Lexicon.from_marisa(INFO, main, native=False),
            Lexicon.from_marisa(INFO, main, native=True),
            Lexicon.from_words(INFO, words)]


# -- hand-checked ------------------------------------------------------------------------------

def test_membership(standard_both):
    assert "night" in standard_both and "colour" not in standard_both
    assert "" not in standard_both and "Night" not in standard_both


def test_shrdlu_example_spread(standard_both):
    """The rules' example: ETAOIN, *, only 1 of this letter, *, later than the previous letter
    -> NIGHT fits. (Whole-word conditions are given as a predicate.)"""
    def fits(word: str) -> bool:
        return word.count(word[2]) == 1 and word[4] > word[3]
    found = standard_both.match(parse_pattern("[etaoin]????"), where=fits)
    assert "night" in found
    assert all(w[0] in "etaoin" and fits(w) and len(w) == 5 for w in found)


def test_find_pattern(standard_both):
    assert standard_both.find("n[aeiou]ght") == ["night"]
    assert standard_both.find("qu?z") == ["quiz"]


def test_words_of_length(standard):
    fours = standard.words_of_length(4)
    assert "salt" in fours and "toss" in fours and all(len(w) == 4 for w in fours)


def test_tiles(standard_both):
    assert "retains" in standard_both.from_tiles("aeinrst")
    assert "strain" in standard_both.from_tiles("aeinrst")
    assert "restrain" not in standard_both.from_tiles("aeinrst")  # needs a second R
    with_wild = standard_both.from_tiles("aeinrst?")
    assert {"nastier", "retinas", "restrain"} <= set(with_wild)  # the wildcard is the second R
    assert "restraint" not in with_wild  # nine letters from eight tiles
    assert "stings" in standard_both.from_tiles("st(ing)s")
    assert "sting" in standard_both.from_tiles("(ng)its")
    assert "sting" not in standard_both.from_tiles("(gn)its")  # a tile's letters keep their order
    assert standard_both.from_tiles("a", use_all=True) == ["a"]


def test_tiles_multi_letter_tiles_keep_their_order(standard):
    words = standard.from_tiles("(ing)kt")
    assert "king" in words and "tink" not in words


def test_time_timer_timers(standard_both):
    """One Letter Better's example: TIME -> TIMER -> TIMERS by adding at the end."""
    assert "timer" in standard_both.end_extensions("time")
    assert "timers" in standard_both.end_extensions("timer")
    assert "sometime" in standard_both.front_extensions("time")
    assert "print" in standard_both.insertions("pint")
    assert standard_both.compounds("star", "fish") == ["starfish"]
    assert standard_both.compounds("fish", "star") == ["starfish"]


def test_extensions_exclude_the_word_itself(standard):
    assert "time" not in standard.end_extensions("time")
    assert "time" not in standard.front_extensions("time")


@pytest.mark.parametrize("text", ["", "[", "[abc", "ab1", "[]"])
def test_bad_patterns_are_refused(text):
    with pytest.raises(ValueError):
        parse_pattern(text)


def test_tile_parsing():
    assert Tiles.parse("ab?(ing)(??)") == Tiles(("a", "b", "ing"), 1, 1)
    with pytest.raises(ValueError):
        Tiles.parse("a#")
    with pytest.raises(ValueError):
        Tiles.parse("(toolong)")


# -- properties against brute force ---------------------------------------------------------

ALPHABET = "abcd"
small_words = st.lists(st.text(ALPHABET, min_size=1, max_size=6), min_size=1, max_size=40, unique=True)


def spellable(word: str, tiles: Tiles, use_all: bool) -> bool:
    """Independent brute force: try every way to cover the word left to right with tiles."""
    pieces = Counter(tiles.pieces)

    def cover(pos: int, wild: int, double: int) -> bool:
        if pos == len(word):
            left = sum(pieces.values()) + wild + double
            return left == 0 or not use_all
        for piece in list(pieces):
            if pieces[piece] and word.startswith(piece, pos):
                pieces[piece] -= 1
                ok = cover(pos + len(piece), wild, double)
                pieces[piece] += 1
                if ok:
                    return True
        if wild and cover(pos + 1, wild - 1, double):
            return True
        return bool(double and pos + 2 <= len(word) and cover(pos + 2, wild, double - 1))

    return cover(0, tiles.wildcards, tiles.double_wildcards)


@settings(max_examples=150, deadline=None)
@given(words=small_words,
       pattern=st.lists(st.one_of(st.none(), st.frozensets(st.sampled_from(ALPHABET), min_size=1)),
                        min_size=1, max_size=6))
def test_pattern_matches_brute_force(words, pattern):
    expected = sorted(w for w in words if len(w) == len(pattern)
                      and all(s is None or c in s for c, s in zip(w, pattern)))
    for lexicon in lexicons_for(words):
        assert lexicon.match(pattern) == expected  # through the per-length index
        assert queries.match_pattern(lexicon.trie, pattern) == expected  # walking the trie
        assert lexicon.words_of_length(len(pattern)) == sorted(w for w in words if len(w) == len(pattern))


@settings(max_examples=150, deadline=None)
@given(words=small_words,
       pieces=st.lists(st.sampled_from(["a", "b", "c", "d", "ab", "cd", "dab"]), max_size=5),
       wildcards=st.integers(0, 2), doubles=st.integers(0, 1), use_all=st.booleans())
def test_tiles_match_brute_force(words, pieces, wildcards, doubles, use_all):
    tiles = Tiles(tuple(pieces), wildcards, doubles)
    expected = sorted((w for w in words if spellable(w, tiles, use_all)), key=lambda w: (-len(w), w))
    for lexicon in lexicons_for(words):
        assert lexicon.from_tiles(tiles, use_all=use_all) == expected


@settings(max_examples=150, deadline=None)
@given(words=small_words, word=st.text(ALPHABET, min_size=1, max_size=4),
       other=st.text(ALPHABET, min_size=1, max_size=3))
def test_steals_match_brute_force(words, word, other):
    ends = sorted(w for w in words if w.startswith(word) and w != word)
    fronts = sorted(w for w in words if w.endswith(word) and w != word)
    inserted = sorted(w for w in words if len(w) == len(word) + 1
                      and any(w[:i] + w[i + 1:] == word for i in range(len(w))))
    joined = sorted({j for j in (word + other, other + word) if j in words})
    for lexicon in lexicons_for(words):
        assert lexicon.end_extensions(word) == ends
        assert lexicon.front_extensions(word) == fronts
        assert lexicon.insertions(word) == inserted
        assert lexicon.compounds(word, other) == joined
