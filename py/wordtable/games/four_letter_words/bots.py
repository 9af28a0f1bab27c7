"""Bots for Four Letter Words. A bot receives its seat's view: its own grid and the public
record (words chosen, strikes), never another player's grid. It names words from the bots'
vocabulary (wordtable.lexicon.vocabulary): everyday words that fit its grid (the easy and
medium bots, and so "Suggest one", the commonest of them), else the other words of the agreed
dictionary that fit, never a never-propose word."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, cast

from wordtable.engine.bots import Oracle, WordsProposed, move_words
from wordtable.engine.game import Move
from wordtable.games.four_letter_words.grid import EMPTY, Placement, placements
from wordtable.games.four_letter_words.rules import FourLetterWords, Options, skip_moves_for
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
        options = cast(Options, Options.parse(view["options"]))  # parse builds this class; the base types it GameOptions
        return cls(options, "".join(view["grid"]), view["phase"], view["word"],
                   tuple(word for _chooser, word in view["history"]))


def _nameable(game: FourLetterWords, me: Seat, commonest: bool) -> list[str]:
    """The words this bot may name: those that fit its grid, the everyday ones if any, and
    with `commonest` only the commonest CANDIDATES of those (see
    wordtable.lexicon.vocabulary). Only when every word that fits is a never-propose word
    does it name one of them: the rules leave a chooser no other move (not seen in 600
    simulated games)."""
    words = game.fitting_words_for(me.grid, me.options)
    allowed = vocabulary(game.lexicon_for, me.options.lexicon)
    kept = allowed.commonest(words, at_least=CANDIDATES) if commonest else allowed.prefer(words)
    return kept or words


def _placements(game: FourLetterWords, me: Seat, word: str | None = None) -> list[Placement]:
    word = word or me.word  # the word being written, unless asked about another
    assert word is not None, "no word is being written"
    return placements(me.grid, word, game.windows(me.options))


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
        return {"type": "choose", "word": rng.choice(_nameable(game, me, commonest=True))}
    options = _placements(game, me)
    return rng.choice(options).to_move() if options else skip_moves_for(me.grid, me.options)[0]


def medium(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    """Names the word that fits its own grid in the most places, and writes where the most
    words will still fit: it plays its own grid well, without a thought for the others'."""
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=True)
    if me.phase == "choose":
        words = _nameable(game, me, commonest=True)
        sample = rng.sample(words, min(CANDIDATES, len(words)))
        return {"type": "choose", "word": max(sample, key=lambda w: (len(_placements(game, me, w)), rng.random()))}
    return _roomy_placement(game, me, rng)


def hard(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    """Thinks about the grids it cannot see: it imagines the others' grids from the words
    written so far (several guesses, each placing every word as a player might) and names the
    word that fits its own grid but most likely none of theirs; it writes where the most
    words will still fit afterwards."""
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=True)
    if me.phase == "choose":
        return {"type": "choose", "word": _word_against_guesses(game, me, _guessed_grids(game, me, rng), rng)}
    return _roomy_placement(game, me, rng)


def oracle(game: FourLetterWords, view: dict[str, Any], rng: random.Random) -> Move:
    """For simulations only: it sees every grid (view["everything"], engine.bots), so its words
    strike the others whenever any word can; it writes as the hard bot does. The ceiling luck
    allows, against which the ladder is judged."""
    me = Seat.of(view)
    if me.phase in ("vet", "defend"):
        return _verdict(game, me, challenges=True)
    if me.phase == "choose":
        everything = view["everything"]
        others = ["".join(rows) for seat, rows in enumerate(everything["grids"])
                  if seat != view["seat"] and rows is not None and not everything["out"][seat]]
        return {"type": "choose", "word": _word_against_guesses(game, me, others, rng)}
    return _roomy_placement(game, me, rng)


GUESSES = 4          # imagined grids per opponent
ROOMY_WIDTH = 8      # placements weighed by how many words fit after them


def _written(me: Seat, grid: str, placement: Placement, word: str) -> str:
    cells = list(grid)
    for (r, c), letter in zip(placement.cells(), word):
        cells[r * me.options.cols + c] = letter
    return "".join(cells)


def _guessed_grids(game: FourLetterWords, me: Seat, rng: random.Random) -> list[str]:
    """Grids the others may have: every public word written in turn, each where a player might
    put it (the tidy way or anywhere it fits); a word that fits nowhere is a strike."""
    windows = game.windows(me.options)
    guesses = []
    for _ in range(GUESSES):
        grid = EMPTY * len(me.grid)
        for word in me.history:
            fits = placements(grid, word, windows)
            if not fits:
                continue
            if rng.random() < 0.5:
                chosen = rng.choice(fits)
            else:
                reuse = [sum(grid[r * me.options.cols + c] != EMPTY for r, c in p.cells()) for p in fits]
                chosen = fits[max(range(len(fits)), key=lambda i: (reuse[i], rng.random()))]
            grid = _written(me, grid, chosen, word)
        guesses.append(grid)
    return guesses


def _word_against_guesses(game: FourLetterWords, me: Seat, grids: list[str], rng: random.Random) -> str:
    """The word that fits this bot's grid and fails in the most of the given grids (the others'
    as guessed, or as seen by the oracle); among equals, one that leaves it room."""
    fitting = [frozenset(game.fitting_words_for(grid, me.options)) for grid in grids]
    words = _nameable(game, me, commonest=False)
    sample = rng.sample(words, min(3 * CANDIDATES, len(words)))
    blank = EMPTY * len(me.grid)

    def score(word: str) -> tuple:
        failing = sum(word not in fits for fits in fitting) / max(1, len(fitting))
        fits = _placements(game, me, word)
        best_reuse = 0 if me.grid == blank else max(_reuse(me, p) for p in fits)
        return (failing + 0.1 * best_reuse + 0.02 * min(len(fits), 10), rng.random())

    return max(sample, key=score)


def _roomy_placement(game: FourLetterWords, me: Seat, rng: random.Random) -> Move:
    """Of the tidiest placements and a few others, the one after which the most allowed words
    still fit its grid (fewer strikes to come)."""
    options = _placements(game, me)
    if not options:
        return skip_moves_for(me.grid, me.options)[0]
    assert me.word is not None, "no word is being written"  # _placements found places for it
    tidy = sorted(options, key=lambda p: (_reuse(me, p), _edge_preference(me, p), rng.random()), reverse=True)
    weighed = tidy[:ROOMY_WIDTH // 2] + rng.sample(tidy[ROOMY_WIDTH // 2:], min(ROOMY_WIDTH // 2, len(tidy) - ROOMY_WIDTH // 2)) \
        if len(tidy) > ROOMY_WIDTH // 2 else tidy
    room = {p: game.fitting_count_for(_written(me, me.grid, p, me.word), me.options) for p in weighed}
    return max(weighed, key=lambda p: (room[p], rng.random())).to_move()


BOTS = {"easy": easy, "medium": medium, "hard": hard}
ORACLES = {"oracle": Oracle(oracle)}  # simulations only (engine.bots: a bot that sees everything)
WORDS_PROPOSED = WordsProposed(move_words, ("standard", "large", "british"), everyday_share=0.95)
