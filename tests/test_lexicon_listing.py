"""The words by length (listing.py), decoded on the device from the dictionary's trie in one
pass over its bits (issue 44: a dictionary travels once). The decode gives exactly the trie's
keys in id order, for every layout marisa-trie writes; the listing answers what a walk of the
trie answers; and a first game of short words decodes nothing."""

import random

import marisa_trie
import pytest

from wordtable.lexicon import queries, store
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo, open_trie
from wordtable.lexicon.listing import Listing
from wordtable.lexicon.marisa import MarisaTrie
from wordtable.stepwise import Stepwise


def test_a_listing_gives_each_length_in_order():
    listing = Listing(["cat", "a", "dog", "apple", "ant", "zebra", "i"])
    assert listing.block(1) == "a\ni" and listing.block(3) == "ant\ncat\ndog"
    assert listing.block(5) == "apple\nzebra" and listing.block(4) == ""
    assert listing.words() == ["a", "i", "ant", "cat", "dog", "apple", "zebra"]
    assert listing.lengths() == [1, 3, 5]
    assert "dog" in listing and "do" not in listing and len(listing) == 7
    assert Listing([]).words() == [] and Listing([]).lengths() == []


def _random_words(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    words = {"".join(rng.choice("abcde'") for _ in range(rng.randint(1, 14))) for _ in range(count)}
    return sorted(words | {"antidisestablishment", "antidisestablishmentarianism", "x"})


@pytest.mark.parametrize("options", [{}, {"num_tries": 1}, {"num_tries": 2}, {"num_tries": 6},
                                     {"order": marisa_trie.WEIGHT_ORDER}, {"binary": True}],
                         ids=["default", "tail", "two-levels", "six-levels", "weight-order", "binary"])
def test_the_decode_gives_every_key_by_id_in_every_layout(options):
    """Labels kept in a tail (text or binary) or in next-level tries, nested any depth: the
    one-pass decode agrees with the C++ library key by key."""
    for seed, count in ((1, 3000), (2, 40)):
        native = marisa_trie.Trie(_random_words(seed, count), **options)
        keys = Stepwise(MarisaTrie(native.tobytes()).all_keys_steps).value()
        assert keys == [native.restore_key(i) for i in range(len(native))]


@pytest.mark.parametrize("options", [{}, {"num_tries": 1}, {"num_tries": 6}], ids=["default", "tail", "six-levels"])
def test_the_short_keys_are_every_key_that_short(options):
    """Words of up to n letters from the nodes within n edges of the root alone."""
    words = _random_words(3, 3000)
    reader = MarisaTrie(marisa_trie.Trie(words, **options).tobytes())
    for length in range(0, 16):
        assert sorted(reader.short_keys(length)) == [word for word in words if len(word) <= length]


@pytest.mark.parametrize("words", [[], ["a"], [""], ["a", "ab", "abc"]])
def test_the_decode_of_tiny_tries(words):
    native = marisa_trie.Trie(words)
    assert Stepwise(MarisaTrie(native.tobytes()).all_keys_steps).value() == [native.restore_key(i) for i in range(len(native))]


def test_the_decode_of_a_shipped_trie_holds_its_words_in_slices():
    entry = next(e for e in store.manifest()["lexicons"] if e["name"] == "standard")
    data = (store.compiled_dir() / entry["files"]["words"]["file"]).read_bytes()
    reader = MarisaTrie(data)
    build = Stepwise(reader.all_keys_steps)
    slices = sum(1 for _ in build.steps())
    assert slices > 10  # a warm-up runs it a slice per request, never all at once
    keys = build.value()
    assert len(keys) == entry["words"] == len(set(keys))
    assert keys == list(open_trie(data, native=True).native.keys()) or sorted(keys) == sorted(reader.keys())
    assert all(reader.restore_key(i) == keys[i] for i in range(0, len(keys), 997))


def test_the_listing_holds_the_tries_words():
    lexicon = store.load("common", native=False)
    listing = lexicon._listing()
    assert sorted(listing.words()) == sorted(lexicon.trie.keys())
    assert len(listing) == len(lexicon)
    for length in (2, 5, 9):  # the same words a walk of the pure reader's trie finds
        assert listing.block(length).split("\n") == queries.words_of_length(lexicon.trie, length)


def test_queries_answer_the_same_from_the_listing_and_from_walks():
    entry = next(e for e in store.manifest()["lexicons"] if e["name"] == "common")
    data = (store.compiled_dir() / entry["files"]["words"]["file"]).read_bytes()
    info = LexiconInfo("common", "Common", "", "", entry["words"])
    listed = Lexicon.from_marisa(info, data, native=False)
    listed.all_words()  # the listing made first: short lengths read it
    walked = Lexicon.from_marisa(info, data, native=False)
    for length in (1, 2, 3, 4):
        assert listed.words_of_length(length) == walked.words_of_length(length)  # no listing yet
        assert walked.words_of_length(length) == queries.words_of_length(walked.trie, length)  # a walk's words
    assert walked._listing_source.get(False) is None
    for length in (6, 10):
        assert listed.words_of_length(length) == queries.words_of_length(walked.trie, length)
    assert listed.find("?a?e") == walked.find("?a?e")
    assert listed.anagrams()["act"] == ("act", "cat")  # by length, then A to Z
    for word in ("time", "ought", "ing"):
        assert listed.front_extensions(word) == sorted(
            w for w in walked.trie.keys() if w.endswith(word) and w != word)
    costs = {c: (1,) for c in "abcdefghijklmnopqrstuvwxyz"}
    assert listed.buildable(costs, (3,), exact=True) == sorted(walked.words_of_length(3))
    assert ("cat" in listed, "qzx" in listed) == ("cat" in walked, "qzx" in walked) == (True, False)


def test_a_first_game_of_four_letter_words_decodes_no_trie_and_a_game_of_all_words_does(tmp_path):
    """Issue 44: a first game of short words walks the tries for its lengths (a decode of the
    whole default dictionary costs a few hundred ms in the browser); One Letter Better's
    warm-up, which lists every word, decodes the trie a slice at a time, and then short
    lengths read the listing instead of walking. No file beside the tries is ever asked for."""
    import shutil

    from wordtable.games import make
    from wordtable.lexicon.registry import LexiconRegistry
    folder = store.compiled_dir()
    (tmp_path / "lexicons").mkdir()
    for path in folder.iterdir():
        shutil.copy(path, tmp_path / "lexicons" / path.name)
    registry = LexiconRegistry(tmp_path)
    game, bots = make("four-letter-words", registry.get)
    for _ in game.warm_up({}):
        pass
    state, rng = game.new({"players": 2}, 5), random.Random(5)
    for _ in range(12):
        seat = game.actors(state)[0]
        state = game.apply(state, seat, bots["medium"](game, game.view(state, seat), rng))
    standard = registry.get("standard")
    assert standard.words_of_length(4) == store.load("standard").words_of_length(4)
    assert standard._listing_source.get(False) is None and registry.get("common")._listing_source.get(False) is None
    olb, _bots = make("one-letter-better", registry.get)
    steps = sum(1 for _ in olb.warm_up({}))
    assert steps > 20 and standard._listing_source.get(False) is not None
    assert standard.words_of_length(3) == store.load("standard").words_of_length(3)
