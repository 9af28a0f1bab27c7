"""Bots for Four Letter Words. They see only their own view of the game: their grid and the
public record (words chosen, strikes), never another player's grid."""

from __future__ import annotations

import random
from collections import Counter

from wordtable.engine.game import Move
from wordtable.games.four_letter_words import EMPTY, FourLetterWords, Placement, State

CANDIDATES = 120  # words a bot weighs when choosing (a sample of all that fit)


def _skip(game: FourLetterWords, state: State, seat: int) -> Move:
    return game.skip_moves(state, seat)[0]


def _reuse(state: State, seat: int, placement: Placement) -> int:
    grid, cols = state.grids[seat], state.options.cols
    return sum(grid[r * cols + c] != EMPTY for r, c in placement.cells())


def _edge_preference(state: State, placement: Placement) -> float:
    """Larger for words written along the edges: the middle stays open for later words."""
    rows, cols = state.options.rows, state.options.cols
    return sum(abs(r - (rows - 1) / 2) + abs(c - (cols - 1) / 2) for r, c in placement.cells())


def _verdict(game: FourLetterWords, state: State, seat: int, challenges: bool) -> Move:
    """"Players decide" mode. A bot believes the agreed dictionary: it challenges a word it
    does not find there (the easy bot never challenges) and defends only words it finds."""
    known = state.word in game.lexicon_for(state.options.lexicon)
    if state.challenger is not None:
        return {"type": "defend" if known else "withdraw"}
    return {"type": "challenge" if challenges and not known else "accept"}


def easy(game: FourLetterWords, state: State, seat: int, rng: random.Random) -> Move:
    if state.vetting:
        return _verdict(game, state, seat, challenges=False)
    if state.word is None:
        return {"type": "choose", "word": rng.choice(game.fitting_words(state, seat))}
    options = game.placements_for(state, seat)
    return rng.choice(options).to_move() if options else _skip(game, state, seat)


def _tidy_placement(game: FourLetterWords, state: State, seat: int, rng: random.Random) -> Move:
    options = game.placements_for(state, seat)
    if not options:
        return _skip(game, state, seat)
    best = max(options, key=lambda p: (_reuse(state, seat, p), _edge_preference(state, p), rng.random()))
    return best.to_move()


def medium(game: FourLetterWords, state: State, seat: int, rng: random.Random) -> Move:
    if state.vetting:
        return _verdict(game, state, seat, challenges=True)
    if state.word is None:
        words = game.fitting_words(state, seat)
        sample = rng.sample(words, min(CANDIDATES, len(words)))
        return {"type": "choose", "word": max(sample, key=lambda w: (len(game.placements_for(state, seat, w)), rng.random()))}
    return _tidy_placement(game, state, seat, rng)


def hard(game: FourLetterWords, state: State, seat: int, rng: random.Random) -> Move:
    if state.vetting:
        return _verdict(game, state, seat, challenges=True)
    if state.word is None:
        return {"type": "choose", "word": _spiteful_word(game, state, seat, rng)}
    return _tidy_placement(game, state, seat, rng)


def _spiteful_word(game: FourLetterWords, state: State, seat: int, rng: random.Random) -> str:
    """A word that fits this bot's grid well but is likely to strike the others: its letters
    were rarely written so far, so opponents have few of them to reuse (all the bot knows of
    their grids is the public list of words)."""
    public = Counter("".join(word for _chooser, word in state.history))
    words = game.fitting_words(state, seat)
    sample = rng.sample(words, min(3 * CANDIDATES, len(words)))

    def score(word: str) -> tuple:
        rarity = sum(1 / (1 + public[letter]) for letter in set(word))
        fits = game.placements_for(state, seat, word)
        best_reuse = max(_reuse(state, seat, p) for p in fits)
        return (rarity + 0.3 * best_reuse + 0.02 * min(len(fits), 10), rng.random())

    return max(sample, key=score)


BOTS = {"easy": easy, "medium": medium, "hard": hard}
