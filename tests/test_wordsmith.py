"""Wordsmith's foundations: the alphabet of pieces and the query "every word this pool builds"."""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from wordtable.games.wordsmith.alphabet import ALPHABET, KINDS, pieces_of
from wordtable.lexicon import store

ROOT = Path(__file__).resolve().parent.parent
LONG, SHORT, BIG_ARC, SMALL_ARC = range(4)


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def built(*kinds: int) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def test_the_known_constructions_are_fixed():
    known = {
        "a": built(LONG, LONG, SHORT), "h": built(LONG, LONG, SHORT),
        "m": built(LONG, LONG, SHORT, SHORT), "w": built(LONG, LONG, SHORT, SHORT),
        "l": built(LONG, SHORT), "t": built(LONG, SHORT),
        "f": built(LONG, SHORT, SHORT), "k": built(LONG, SHORT, SHORT), "z": built(LONG, SHORT, SHORT),
        "e": built(LONG, SHORT, SHORT, SHORT), "i": built(LONG),
        "r": built(LONG, SHORT, SMALL_ARC), "u": built(SMALL_ARC, SHORT, SHORT),
    }
    for letter, pieces in known.items():
        assert ALPHABET[letter] == pieces, letter
    assert KINDS == ("red", "yellow", "blue", "green")  # long, short, big arc, small arc


def test_every_character_is_buildable():
    assert set(ALPHABET) == set("abcdefghijklmnopqrstuvwxyz-'")
    for char, pieces in ALPHABET.items():
        assert len(pieces) == 4 and all(isinstance(n, int) and n >= 0 for n in pieces), char
        assert 1 <= sum(pieces) <= 4, f"{char} takes {sum(pieces)} pieces"
    assert pieces_of("don't") is not None and pieces_of("x-ray") is not None
    assert pieces_of("café") is None


def test_the_rules_example_bag_then_cast_from_the_same_eight_pieces():
    pool = pieces_of("bag")
    assert sum(pool) == 8 and pieces_of("cast") == pool
    exact = shipped("wordsmith").buildable(ALPHABET, pool, exact=True, min_length=2)
    assert {"bag", "cast"} <= set(exact)
    # A new letter is needed after BAG: GAB only moves its letters around.
    after_bag = shipped("wordsmith").buildable(ALPHABET, pool, new_letter_after="bag", min_length=2)
    assert "gab" not in after_bag and "cast" in after_bag
    assert all(not set(word) <= set("bag") for word in after_bag)


def test_options_required_letter_exact_and_min_length():
    lexicon = shipped("wordsmith")
    pool = (6, 6, 2, 3)
    every = lexicon.buildable(ALPHABET, pool)
    with_s = lexicon.buildable(ALPHABET, pool, required="s", min_length=3)
    assert with_s == [w for w in every if "s" in w and len(w) >= 3]
    exact = lexicon.buildable(ALPHABET, pool, exact=True)
    assert exact and all(pieces_of(w) == pool for w in exact)
    assert every == sorted(every, key=lambda w: (-len(w), w))  # longest first
    assert any("'" in w for w in lexicon.buildable(ALPHABET, (8, 8, 2, 2)))  # apostrophes count


def packed(counts) -> int:
    """Counts in 8-bit fields, for the brute-force scan below."""
    return sum(count << (8 * kind) for kind, count in enumerate(counts))


GUARD = packed((0x80,) * 4)


def test_the_query_agrees_with_a_brute_force_scan_of_the_whole_dictionary():
    """For 1,000 random pools of 8 to 20 pieces, every word of the dictionary is checked one by
    one (all four counts within the pool, compared at once in 8-bit fields with guard bits)."""
    lexicon = shipped("wordsmith")
    table = []
    for word in lexicon.trie.keys():
        cost = pieces_of(word)
        if cost is not None:
            table.append((packed(cost), word))
    assert len(table) > 100_000
    rng = random.Random(14)
    for _ in range(1000):
        size = rng.randint(8, 20)
        pool = [0, 0, 0, 0]
        for _piece in range(size):
            pool[rng.choice((0, 0, 1, 1, 2, 3))] += 1  # like the dice: red and yellow twice as often
        room = packed(pool) | GUARD
        expected = sorted((w for cost, w in table if (room - cost) & GUARD == GUARD), key=lambda w: (-len(w), w))
        assert lexicon.buildable(ALPHABET, pool) == expected, pool


def cli(*args):
    return subprocess.run([sys.executable, "-m", "wordtable", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")})


def test_command_line_alphabet_and_words():
    alphabet = cli("wordsmith", "alphabet", "--json")
    assert alphabet.returncode == 0
    assert json.loads(alphabet.stdout) == {c: dict(zip(KINDS, p)) for c, p in ALPHABET.items()}
    words = cli("wordsmith", "words", "--pool", "3,2,1,2", "--exact")
    assert words.returncode == 0 and {"bag", "cast"} <= set(words.stdout.split())
    assert all(pieces_of(w) == (3, 2, 1, 2) for w in words.stdout.split())
    every = cli("wordsmith", "words", "--pool", "3,2,1,2", "--lexicon", "standard").stdout.split()
    assert set(words.stdout.split()) - {"it'd"} <= set(every) and len(every) > len(words.stdout.split())
    for bad in (["words", "--pool", "3,2,1"], ["words", "--pool", "a,b,c,d"], ["words"],
                ["words", "--pool", "1,1,1,1", "--lexicon", "nope"], ["spell"]):
        result = cli("wordsmith", *bad)
        assert result.returncode == 2 and "usage" in result.stderr, bad


@pytest.mark.parametrize("pool", [(0, 0, 0, 0), (0, 0, 0, 1)])
def test_an_empty_or_tiny_pool_builds_nothing_long(pool):
    assert shipped("wordsmith").buildable(ALPHABET, pool, min_length=2) == []
