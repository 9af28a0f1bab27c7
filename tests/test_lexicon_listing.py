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
