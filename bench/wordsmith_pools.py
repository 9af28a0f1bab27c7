"""Wordsmith's query "every word this pool builds", run by bench/wordsmith.py under CPython and
inside Pyodide: random pools of 8 to 20 pieces on the wordsmith dictionary (the game's
default), after the one-off grouping of the words by their pieces."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from lexicon_queries import load
from wordtable.games.wordsmith.alphabet import ALPHABET


def run(lexicon_folder: str, word_list: str, pools: int = 400) -> dict:
    lexicon = load(Path(lexicon_folder), "wordsmith", native=False)
    start = time.perf_counter()
    lexicon.buildable(ALPHABET, (0, 0, 0, 0))  # groups the words by their pieces, once
    first_ms = (time.perf_counter() - start) * 1000
    rng = random.Random(17)
    times, found = [], []
    for _ in range(pools):
        pool = [0, 0, 0, 0]
        for _piece in range(rng.randint(8, 20)):
            pool[rng.choice((0, 0, 1, 1, 2, 3))] += 1  # like the dice: red and yellow twice as often
        start = time.perf_counter()
        words = lexicon.buildable(ALPHABET, pool, min_length=2)
        times.append((time.perf_counter() - start) * 1000)
        found.append(len(words))
    return {"buildable words, pools of 8-20 pieces": summary(times, first_ms, found, "pools"),
            "hard bot's next move, 2-player games": hard_bot_moves(lexicon, first_ms)}


def summary(times: list[float], first_ms: float, found: list[int], unit: str) -> dict:
    times = sorted(times)
    return {"median_ms": statistics.median(times), "p99_ms": times[int(len(times) * 0.99) - 1], "max_ms": times[-1],
            "count": len(times), "unit": unit, "first_ms": first_ms, "median_words": statistics.median(found)}


def hard_bot_moves(lexicon, first_ms: float, games: int = 6) -> dict:
    """Every move of a hard bot (a claim, a roll or a choice of piece) in whole games against
    a medium bot: the bot's own time, from its view to its move."""
    from wordtable.engine.bots import play
    from wordtable.games.wordsmith.bots import BOTS
    from wordtable.games.wordsmith.rules import Wordsmith
    game = Wordsmith(lambda name: lexicon)
    times: list[float] = []

    def timed_hard(game, view, rng):
        start = time.perf_counter()
        move = BOTS["hard"](game, view, rng)
        times.append((time.perf_counter() - start) * 1000)
        return move

    for seed in range(games):
        play(game, [timed_hard, BOTS["medium"]], {"players": 2}, seed)
    return summary(times, first_ms, [len(times)], "moves")
