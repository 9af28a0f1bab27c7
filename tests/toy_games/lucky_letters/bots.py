"""Lucky Letters' bots: they see only their seat's view (their own hand, the bag's count), like
every bot, and propose everyday words first (the bots' vocabulary)."""

from __future__ import annotations

import random
from typing import Any

from wordtable.engine.bots import WordsProposed
from wordtable.engine.game import Move
from wordtable.lexicon.vocabulary import vocabulary

from .rules import HAND, points, words_from

VOWELS = set("aeiou")


def _words(game: Any, view: dict[str, Any]) -> list[str]:
    """The words this hand spells that a bot may propose: everyday ones first (else the
    fallback), never a never-propose word; longest first."""
    name = view["options"]["lexicon"]
    return vocabulary(game.lexicon_for, name).prefer(words_from(game.lexicon_for(name), view["hand"]))


def _no_word(view: dict[str, Any]) -> Move:
    return {"type": "swap"} if view["bag"] >= HAND else {"type": "pass"}


def easy(game: Any, view: dict[str, Any], rng: random.Random) -> Move:
    """Any word it can spell, else a pass."""
    words = _words(game, view)
    return {"type": "play", "word": rng.choice(words)} if words else {"type": "pass"}


def medium(game: Any, view: dict[str, Any], rng: random.Random) -> Move:
    """One of its longest words, else a swap (while the bag allows), else a pass."""
    words = _words(game, view)
    if not words:
        return _no_word(view)
    longest = [word for word in words if len(word) == len(words[0])]
    return {"type": "play", "word": rng.choice(longest)}


def _leave(hand: list[str], word: str) -> float:
    """How good the tiles left after the word are: about two vowels in five."""
    left = list(hand)
    for letter in word:
        left.remove(letter)
    if not left:
        return 0.0
    vowels = sum(letter in VOWELS for letter in left)
    return -abs(vowels / len(left) - 0.4) - 0.3 * (len(left) - len(set(left)))


def hard(game: Any, view: dict[str, Any], rng: random.Random) -> Move:
    """Its best-scoring word, the tiles it keeps deciding between equals; swaps a hand that
    spells nothing longer than two letters while the bag allows."""
    words = _words(game, view)
    if not words or (len(words[0]) <= 2 and view["bag"] >= HAND):
        return _no_word(view)
    best = max(words, key=lambda word: (points(word), _leave(view["hand"], word), rng.random()))
    return {"type": "play", "word": best}


def played_words(_before: Any, _after: Any, _seat: int, move: Move) -> list[str]:
    return [move["word"]] if move["type"] == "play" else []


BOTS = {"easy": easy, "medium": medium, "hard": hard}
ORACLES: dict[str, object] = {}  # no bot that sees every hand and the bag: none is needed to measure luck here
WORDS_PROPOSED = WordsProposed(played_words, ("standard", "large"), everyday_share=0.9)
