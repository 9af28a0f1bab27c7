"""The pure-Python MARISA reader against the marisa_trie library, on every shipped lexicon."""

import random

import marisa_trie
import pytest
from hypothesis import given, settings, strategies as st

from wordtable.lexicon import store
from wordtable.lexicon.marisa import MarisaFormatError, MarisaTrie

SHIPPED = [(entry["name"], "words") for entry in store.manifest()["lexicons"]]


def shipped_bytes(name: str, kind: str) -> bytes:
    entry = next(e for e in store.manifest()["lexicons"] if e["name"] == name)
    return (store.compiled_dir() / entry["files"][kind]["file"]).read_bytes()


def native_from(data: bytes) -> marisa_trie.Trie:
    trie = marisa_trie.Trie()
    trie.frombytes(data)
    return trie


def near_misses(words: list[str], count: int, rng: random.Random) -> list[str]:
    """Strings that look like words: one letter changed, dropped or added, and random strings."""
    letters = "abcdefghijklmnopqrstuvwxyz'"
    out = []
    while len(out) < count:
        word = rng.choice(words)
        i = rng.randrange(len(word) + 1)
        kind = rng.randrange(4)
        if kind == 0:
            out.append(word[:i] + rng.choice(letters) + word[i + 1:])
        elif kind == 1:
            out.append(word[:i] + word[i + 1:])
        elif kind == 2:
            out.append(word[:i] + rng.choice(letters) + word[i:])
        else:
            out.append("".join(rng.choice(letters) for _ in range(rng.randint(1, 12))))
    return out


@pytest.mark.parametrize("name, kind", SHIPPED)
def test_every_key_both_ways(name, kind):
    data = shipped_bytes(name, kind)
    native, pure = native_from(data), MarisaTrie(data)
    assert len(pure) == len(native)
    for key, key_id in native.items():
        assert pure.lookup(key) == key_id, key
        assert pure.restore_key(key_id) == key, key_id


@pytest.mark.parametrize("name, kind", SHIPPED)
def test_non_keys_are_absent(name, kind):
    data = shipped_bytes(name, kind)
    native, pure = native_from(data), MarisaTrie(data)
    rng = random.Random(f"{name}-{kind}")
    # 100,000 for the default list, 25,000 for each other trie: 325,000 in all.
    count = 100_000 if (name, kind) == ("standard", "words") else 25_000
    for probe in near_misses(native.keys(), count, rng):
        assert (probe in pure) == (probe in native), probe


@pytest.mark.parametrize("name", [n for n, kind in SHIPPED if kind == "words"])
def test_prefix_and_predictive_search(name):
    data = shipped_bytes(name, "words")
    native, pure = native_from(data), MarisaTrie(data)
    rng = random.Random(name)
    words = native.keys()
    for query in rng.sample(words, 2000) + ["", "a", "zzzzz", "nightingales"]:
        assert pure.prefixes(query) == native.prefixes(query), query
    two_letters = [a + b for a in "abcdefghijklmnopqrstuvwxyz" for b in "aeioux"]
    for prefix in ["", "q", "x"] + two_letters + [w[:rng.randint(3, 6)] for w in rng.sample(words, 300)]:
        assert list(pure.keys(prefix)) == native.keys(prefix), prefix


word_lists = st.lists(st.text("abc'-", min_size=1, max_size=7), min_size=1, max_size=60, unique=True)


@settings(max_examples=200, deadline=None)
@given(words=word_lists, probes=st.lists(st.text("abc'-", max_size=8), max_size=30))
def test_random_small_tries_agree_with_marisa_trie(words, probes):
    native = marisa_trie.Trie(words)
    pure = MarisaTrie(native.tobytes())
    for key, key_id in native.items():
        assert pure.lookup(key) == key_id
        assert pure.restore_key(key_id) == key
    for probe in probes:
        assert (probe in pure) == (probe in native)
        assert pure.prefixes(probe) == native.prefixes(probe)
        assert list(pure.keys(probe)) == native.keys(probe)


@pytest.mark.parametrize("data", [b"", b"We love Marisa.\0", b"not a trie at all" * 10,
                                  b"We love Marisa.\0" + bytes(40)])
def test_garbage_is_refused_with_a_format_error(data):
    with pytest.raises(MarisaFormatError):
        MarisaTrie(data)


def test_truncated_file_is_refused():
    data = shipped_bytes("common", "words")
    with pytest.raises(MarisaFormatError):
        MarisaTrie(data[: len(data) // 2])
