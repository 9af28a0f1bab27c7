"""Shrdlu solver timings, run by bench/shrdlu.py under CPython and inside Pyodide: every word
of the standard dictionary fitting each of 1,000 random spreads, after the game's warm-up
(the five- and six-letter indexes a game builds when it starts), and the warm-up itself."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from lexicon_queries import load
from wordtable.games.shrdlu.rules import DECK, Shrdlu, solve


def spreads(count: int = 1000, seed: int = 2026) -> list[list[str]]:
    rng = random.Random(seed)
    dealt = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        dealt.append(deck[:6] if "*6" in deck[:5] else deck[:5])
    return dealt


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(lexicon_folder: str, word_list: str) -> dict:
    lexicon = load(Path(lexicon_folder), "standard", native=False)
    game = Shrdlu(lambda name: lexicon)
    start = time.perf_counter()
    for _slice in game.warm_up({"players": 2}):  # a generator: the bridge runs it a slice at a time
        pass
    warm_ms = (time.perf_counter() - start) * 1000
    times, counts = [], []
    for spread in spreads():
        start = time.perf_counter()
        counts.append(len(solve(lexicon, spread)))
        times.append((time.perf_counter() - start) * 1000)
    return {
        "warm_up_ms": warm_ms,
        "median_ms": statistics.median(times), "p90_ms": percentile(times, 0.9),
        "p99_ms": percentile(times, 0.99), "max_ms": max(times),
        "median_words": statistics.median(counts), "no_word_spreads": counts.count(0), "count": len(times),
    }
