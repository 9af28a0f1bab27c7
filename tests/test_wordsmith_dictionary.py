"""Wordsmith's dictionary holds hyphenated words (issue 31): the hyphen counts as a letter, and
the `wordsmith` list adds WordNet's hyphenated words to SCOWL's, WordNet's licence beside it."""

import functools
from dataclasses import replace
from pathlib import Path

from wordtable.games.wordsmith.rules import Wordsmith, pieces_of
from wordtable.lexicon import store
from wordtable.lexicon.compile import read_word_list

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"


@functools.lru_cache(maxsize=None)
def shipped(name: str):
    return store.load(name)


def test_the_wordsmith_list_holds_hyphenated_words_and_no_names():
    wordsmith = shipped("wordsmith")
    assert all(word in wordsmith for word in ("x-ray", "t-shirt", "u-turn", "mother-in-law", "yo-yo", "don't"))
    assert "sino-tibetan" not in wordsmith  # a name: WordNet writes it with capitals
    hyphenated = [word for word in read_word_list(WORDLISTS / "wordsmith.txt") if "-" in word]
    assert len(hyphenated) > 1000
    assert all("--" not in word and not word.startswith("-") and not word.endswith("-") for word in hyphenated)
    assert "x-ray" not in shipped("standard")  # the other lists stay SCOWL's


def test_a_wordsmith_game_on_the_default_dictionary_claims_x_ray():
    game = Wordsmith(shipped)
    state = game.new({"players": 2}, 1)
    assert state.options.lexicon == "wordsmith"
    players = list(state.players)
    players[0] = replace(players[0], pool=pieces_of("x-ray"))
    after = game.apply(replace(state, players=tuple(players)), 0, {"type": "claim", "word": "x-ray"})
    assert after.players[0].rows[0] == "x-ray"


def test_wordnets_licence_travels_with_the_lists_and_the_site(dist):
    notice = (WORDLISTS / "WORDNET-COPYRIGHT.txt").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in notice
    assert (dist / "lexicons" / "WORDNET-COPYRIGHT.txt").read_text() == notice
    page = (dist / "licenses.html").read_text()
    assert "lexicons/WORDNET-COPYRIGHT.txt" in page and "WordNet 3.0" in page
