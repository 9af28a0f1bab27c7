"""Four Letter Words timings, run by bench/four_letter_words.py under CPython and inside Pyodide: a hard
bot's move (choosing and writing) and all legal placements of a word on a 10x10 grid."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from lexicon_queries import load
from wordtable.engine.rng import rng_for
from wordtable.games.four_letter_words.bots import BOTS
from wordtable.games.four_letter_words.rules import FourLetterWords


def run(lexicon_folder: str, word_list: str, games: int = 12) -> dict:
    lexicon = load(Path(lexicon_folder), "standard", native=False)
    game = FourLetterWords(lambda name: lexicon)
    hard, placements_ms, moves = BOTS["hard"], [], {"choose": [], "write": []}
    for seed in range(games):
        state = game.new({"players": 8}, seed)  # eight players: the 10x10 grid
        turn = 0
        while game.actors(state) and turn < 400:
            seat = game.actors(state)[0]
            kind = "choose" if state.word is None else "write"
            if kind == "write":
                start = time.perf_counter()
                game.placements_for(state, seat)
                placements_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            move = hard(game, game.view(state, seat), rng_for(seed, seat, turn))  # as game.bot: view + choice
            moves[kind].append((time.perf_counter() - start) * 1000)
            state = game.apply(state, seat, move)
            turn += 1
    return {
        "hard bot choosing a word": {"median_ms": statistics.median(moves["choose"]), "count": len(moves["choose"])},
        "hard bot writing a word": {"median_ms": statistics.median(moves["write"]), "count": len(moves["write"])},
        "all placements of a word, 10x10": {"median_ms": statistics.median(placements_ms), "count": len(placements_ms)},
    }
