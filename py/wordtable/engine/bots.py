"""The generic bot driver: plays bot-only games of any game and keeps the numbers."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.game import Game, Record
from wordtable.engine.rng import rng_for

Bot = Callable[[Any, Any, int, Any], dict]  # (game, state, seat, rng) -> move


@dataclass
class Played:
    record: Record
    state: Any
    move_ms: list[float] = field(default_factory=list)


def play(game: Game, bots: list[Bot], options: dict[str, Any], seed: int, max_moves: int = 20_000) -> Played:
    state = game.new(options, seed)
    played = Played(Record(game.id, options, seed), state)
    while (actors := game.actors(state)) and len(played.record.moves) < max_moves:
        seat = actors[0]
        rng = rng_for(seed, "bot", seat, len(played.record.moves))
        start = time.perf_counter()
        move = bots[seat](game, state, seat, rng)
        played.move_ms.append((time.perf_counter() - start) * 1000)
        state = game.apply(state, seat, move)
        played.record.moves.append((seat, move))
    played.state = state
    return played


def simulate(game: Game, bots: list[Bot], options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    wins = {str(seat): 0 for seat in range(len(bots))}
    draws = 0
    turns, move_ms = [], []
    for index in range(games):
        played = play(game, bots, options, seed + index)
        outcome = game.outcome(played.state)
        if outcome is None or len(outcome.winners) != 1:
            draws += 1
        else:
            wins[str(outcome.winners[0])] += 1
        turns.append(len(getattr(played.state, "history", played.record.moves)))
        move_ms += played.move_ms
    return {"games": games, "wins": wins, "draws": draws,
            "mean_turns": statistics.fmean(turns) if turns else 0,
            "mean_bot_move_ms": statistics.fmean(move_ms) if move_ms else 0}
