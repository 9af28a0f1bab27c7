"""The words-by-length listing made at build time beside each dictionary (listing.py): it holds
exactly the trie's words, answers what the trie answers, and a damaged one is refused."""

import pytest

from wordtable.lexicon import queries, store
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo, open_trie
from wordtable.lexicon.listing import Listing, ListingFormatError, listing_text


def test_a_listing_gives_each_length_in_order():
    listing = Listing(listing_text(["cat", "a", "dog", "apple", "ant", "zebra", "i"]))
    assert listing.block(1) == "a\ni" and listing.block(3) == "ant\ncat\ndog"
    assert listing.block(5) == "apple\nzebra" and listing.block(4) == ""
    assert listing.words() == ["a", "i", "ant", "cat", "dog", "apple", "zebra"]
    assert "dog" in listing and "do" not in listing and len(listing) == 7
    assert Listing(listing_text([])).words() == []


@pytest.mark.parametrize("text", ["", "cat\ndog\n", "#lengths 3:0\ncat\n", "#lengths 3:0:99\ncat\n",
                                  "#lengths 3:2:1\ncat\n", "#lengths x:0:3\ncat\n"])
def test_a_damaged_listing_is_refused(text):
    with pytest.raises(ListingFormatError):
        Listing(text)


def test_the_shipped_listing_holds_the_tries_words():
    manifest = store.manifest()
    entry = next(e for e in manifest["lexicons"] if e["name"] == "common")
    folder = store.compiled_dir()
    listing = Listing((folder / entry["files"]["lengths"]["file"]).read_text(encoding="utf-8"))
    trie = open_trie((folder / entry["files"]["words"]["file"]).read_bytes(), native=False)
    assert sorted(listing.words()) == sorted(trie.keys())
    assert len(listing) == entry["words"]
    for length in (2, 5, 9):  # the same words a walk of the pure reader's trie finds
        assert listing.block(length).split("\n") == queries.words_of_length(trie, length)


def test_queries_answer_the_same_with_and_without_the_listing():
    entry = next(e for e in store.manifest()["lexicons"] if e["name"] == "common")
    folder = store.compiled_dir()
    data = (folder / entry["files"]["words"]["file"]).read_bytes()
    info = LexiconInfo("common", "Common", "", "", entry["words"])
    listed = store.load("common")
    walked = Lexicon.from_marisa(info, data, native=False)
    for length in (3, 6, 10):
        assert listed.words_of_length(length) == walked.words_of_length(length)
    assert listed.find("?a?e") == walked.find("?a?e")
    assert listed.anagrams()["act"] == ("act", "cat")  # by length, then A to Z
    assert listed.anagrams().keys() == walked.anagrams().keys()
    for word in ("time", "ought", "ing"):
        assert listed.front_extensions(word) == walked.front_extensions(word)
    assert "sometime" in listed.front_extensions("time") and "time" not in listed.front_extensions("time")
    assert all(sorted(words) == sorted(walked.anagrams()[key]) for key, words in listed.anagrams().items())
    costs = {c: (1,) for c in "abcdefghijklmnopqrstuvwxyz"}
    assert listed.buildable(costs, (3,), exact=True) == walked.buildable(costs, (3,), exact=True)
    assert ("cat" in listed, "qzx" in listed) == ("cat" in walked, "qzx" in walked) == (True, False)


def test_a_first_game_of_four_letter_words_needs_no_listing_and_a_game_of_all_words_asks_for_it(tmp_path):
    """Issue 44: in the browser a dictionary's listing (0.4 MB for the default one) is not fetched
    for a first game of short words. A folder holding the tries and no listing, as a first visit's
    worker has it: Four Letter Words warms up and plays from walks of the tries (the same words
    as the listing's); One Letter Better's warm-up, which lists every word, asks for the listing
    (NeedFiles); once it is here, short lengths read it instead of walking."""
    import random
    import shutil

    from wordtable.games import make
    from wordtable.lexicon.registry import LexiconRegistry, NeedFiles
    folder = store.compiled_dir()
    (tmp_path / "lexicons").mkdir()
    for path in folder.iterdir():
        if not path.name.endswith(".lengths.txt"):
            shutil.copy(path, tmp_path / "lexicons" / path.name)
    registry = LexiconRegistry(tmp_path)
    game, bots = make("four-letter-words", registry.get)
    for _ in game.warm_up({}):
        pass
    state, rng = game.new({"players": 2}, 5), random.Random(5)
    for _ in range(12):
        seat = game.actors(state)[0]
        state = game.apply(state, seat, bots["medium"](game, game.view(state, seat), rng))
    assert registry.get("standard").words_of_length(4) == store.load("standard").words_of_length(4)
    assert not any(path.name.endswith(".lengths.txt") for path in (tmp_path / "lexicons").iterdir())
    olb, _bots = make("one-letter-better", registry.get)
    with pytest.raises(NeedFiles) as needed:
        for _ in olb.warm_up({}):
            pass
    assert [file.path for file in needed.value.files] == ["lexicons/standard.lengths.txt"]
    shutil.copy(folder / "common.lengths.txt", tmp_path / "lexicons")
    fresh = LexiconRegistry(tmp_path).get("common")
    assert fresh.words_of_length(3) and fresh._listing(False) is not None  # read, not walked
