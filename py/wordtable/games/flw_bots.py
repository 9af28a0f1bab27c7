"""Bots for Four Letter Words. A bot receives its seat's view: its own grid and the public
record (words chosen, strikes), never another player's grid. It names words from the bots'
vocabulary (wordtable.lexicon.vocabulary): everyday words that fit its grid, else the other
words of the agreed dictionary that fit, never a never-propose word."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from wordtable.engine.game import Move
from wordtable.games.four_letter_words import (
    EMPTY, FourLetterWords, Options, Placement, placements, skip_moves_for)
from wordtable.lexicon.vocabulary import vocabulary

CANDIDATES = 120  # words a bot weighs when choosing (a sample of all that fit)


@dataclass(frozen=True)
class Seat:
    """What a bot knows, read from its view."""
    options: Options
    grid: str
    phase: str
    word: str | None
    history: tuple[str, ...]

    @classmethod
    def of(cls, view: dict[str, Any]) -> Seat:
        return cls(Options.parse(view["options"]), "".join(view["grid"]), view["phase"], view["word"],
                   tuple(word for _chooser, word in view["history"]))


def _nameable(game: FourLetterWords, me: Seat) -> list[str]:
    """The words this bot may name: those that fit its grid, the everyday ones if any (see
    wordtable.lexicon.vocabulary). Only when every word that fits is a never-propose word
    does it name one of them: the rules leave a chooser no other move (not seen in 600
    simulated games)."""
    words = game.fitting_words_for(me.grid, me.options)
    return vocabulary(game.lexicon_for, me.options.lexicon).prefer(words) or words


def _placements(game: FourLetterWords, me: Seat, word: str | None = None) -> list[Placement]:
    return placements(me.grid, word or me.word, game.windows(me.options))


def _reuse(me: Seat, placement: Placement) -> int:
    cols = me.options.cols
    return sum(me.grid[r * cols + c] != EMPTY for r, c in placement.cells())


def _edge_preference(me: Seat, placement: Placement) -> float:
    """Larger for words written along the edges: the middle stays open for later words."""
    rows, cols = me.options.rows, me.options.cols
    return sum(abs(r - (rows - 1) / 2) + abs(c - (cols - 1) / 2) for r, c in placement.cells())


def _verdict(game: FourLetterWords, me: Seat, challenges: bool) -> Move:
    """"Players decide" mode. A bot believes the agreed dictionary: it challenges a word it
    does not find there (the easy bot never challenges) and defends only words it finds."""
    known = me.word in game.lexicon_for(me.options.lexicon)
    if me.phase == "defend":
        return {"type": "defend" if known else "withdraw"}
    return {"type": "challenge" if challenges and not known else "accept"}


def easy(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=False)
    if me.phase == "choose":
        return {"type": "choose", "word": rng.choice(_nameable(game, me))}
    options = _placements(game, me)
    return rng.choice(options).to_move() if options else skip_moves_for(me.grid, me.options)[0]


def _tidy_placement(game: FourLetterWords, me: Seat, rng: random.Random) -> Move:
    options = _placements(game, me)
    if not options:
        return skip_moves_for(me.grid, me.options)[0]
    best = max(options, key=lambda p: (_reuse(me, p), _edge_preference(me, p), rng.random()))
    return best.to_move()


def medium(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=True)
    if me.phase == "choose":
        words = _nameable(game, me)
        sample = rng.sample(words, min(CANDIDATES, len(words)))
        return {"type": "choose", "word": max(sample, key=lambda w: (len(_placements(game, me, w)), rng.random()))}
    return _tidy_placement(game, me, rng)


def hard(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=True)
    if me.phase == "choose":
        return {"type": "choose", "word": _spiteful_word(game, me, rng)}
    return _tidy_placement(game, me, rng)


def _spiteful_word(game: FourLetterWords, me: Seat, rng: random.Random) -> str:
    """A word that fits this bot's grid well but is likely to strike the others: its letters
    were rarely written so far, so opponents have few of them to reuse (all the bot knows of
    their grids is the public list of words)."""
    public = Counter("".join(me.history))
    words = _nameable(game, me)
    sample = rng.sample(words, min(3 * CANDIDATES, len(words)))

    blank = EMPTY * len(me.grid)

    def score(word: str) -> tuple:
        rarity = sum(1 / (1 + public[letter]) for letter in set(word))
        fits = _placements(game, me, word)
        best_reuse = 0 if me.grid == blank else max(_reuse(me, p) for p in fits)  # nothing to reuse yet
        return (rarity + 0.3 * best_reuse + 0.02 * min(len(fits), 10), rng.random())

    return max(sample, key=score)


BOTS = {"easy": easy, "medium": medium, "hard": hard}
