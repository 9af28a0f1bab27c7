"""One Letter Better's bots, run by bench/one_letter_better.py under CPython and inside Pyodide:
the hard bot's whole turn (every move from its draw to the end of its turn: each looks at every
play of its hand, including steals of every word on the table) in games against the medium bot,
on the standard dictionary (the game's default), after the one-off letter-set index."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from lexicon_queries import load


def run(lexicon_folder: str, word_list: str, games: int = 12) -> dict:
    from wordtable.games.one_letter_better.bots import BOTS
    from wordtable.games.one_letter_better.rules import OneLetterBetter

    lexicon = load(Path(lexicon_folder), "standard", native=False)
    start = time.perf_counter()
    lexicon.anagrams()
    first_ms = (time.perf_counter() - start) * 1000
    game = OneLetterBetter(lambda name: lexicon)
    turns: list[float] = []
    moves: list[float] = []
    for seed in range(games):
        state = game.new({"players": 2, "rounds": 1, "target": 0}, seed)
        rng = random.Random(seed)
        hard_seat = seed % 2
        turn_ms, turn_of = 0.0, None
        while state.outcome is None:
            seat = game.actors(state)[0]
            level = "hard" if seat == hard_seat else "medium"
            begin = time.perf_counter()
            move = BOTS[level](game, game.view(state, seat), rng)
            spent = (time.perf_counter() - begin) * 1000
            if level == "hard":
                moves.append(spent)
                if turn_of != (state.round, state.all_turns):
                    if turn_of is not None:
                        turns.append(turn_ms)
                    turn_of, turn_ms = (state.round, state.all_turns), 0.0
                turn_ms += spent
            state = game.apply(state, seat, move)
        turns.append(turn_ms)
    return {"hard bot's whole turn": summary(turns, first_ms, "turns"),
            "hard bot's single move": summary(moves, first_ms, "moves")}


def summary(times: list[float], first_ms: float, unit: str) -> dict:
    times = sorted(times)
    quantile = lambda q: times[min(len(times) - 1, int(len(times) * q))]  # noqa: E731
    return {"median_ms": statistics.median(times), "p90_ms": quantile(0.9), "p99_ms": quantile(0.99),
            "max_ms": times[-1], "count": len(times), "unit": unit, "first_ms": first_ms}
