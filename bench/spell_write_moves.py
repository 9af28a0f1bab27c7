"""Spell Write timings, run by bench/spell_write.py under CPython and inside Pyodide: a hard
bot's choice for one roll (every letter in every square, its claims, the lookahead)."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from lexicon_queries import load
from wordtable.engine.rng import rng_for
from wordtable.games.spell_write.bots import BOTS
from wordtable.games.spell_write.rules import SpellWrite


def run(lexicon_folder: str, word_list: str, games: int = 12) -> dict:
    lexicon = load(Path(lexicon_folder), "standard", native=False)
    game = SpellWrite(lambda name: lexicon)
    hard = BOTS["hard"]
    start = time.perf_counter()
    hard(game, game.view(game.new({"players": 1}, 0), 0), rng_for(0))  # builds the word masks once
    first_ms = (time.perf_counter() - start) * 1000
    times = []
    for seed in range(games):
        state = game.new({"players": 1}, seed)
        turn = 0
        while game.actors(state):
            start = time.perf_counter()
            move = hard(game, game.view(state, 0), rng_for(seed, turn))  # as game.bot: view + choice
            times.append((time.perf_counter() - start) * 1000)
            state = game.apply(state, 0, move)
            turn += 1
    return {"hard bot, one roll": {"median_ms": statistics.median(times), "count": len(times),
                                   "max_ms": max(times), "first_ms": first_ms}}
