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
    realtime = getattr(game, "realtime", False)
    while (actors := game.actors(state)) and len(played.record.moves) < max_moves:
        if realtime:
            seat, move = _first_to_act(game, bots, state, actors, played)
        else:
            seat = actors[0]
            move = _timed(bots[seat], game, state, seat, played)
        state = game.apply(state, seat, move)
        played.record.moves.append((seat, move))
    played.state = state
    return played


def _timed(bot: Bot, game: Game, state: Any, seat: int, played: Played) -> dict | None:
    rng = rng_for(played.record.seed, "bot", seat, len(played.record.moves))
    start = time.perf_counter()
    move = bot(game, state, seat, rng)
    played.move_ms.append((time.perf_counter() - start) * 1000)
    return move


def _first_to_act(game: Game, bots: list[Bot], state: Any, actors: list[int], played: Played) -> tuple[int, dict]:
    """Real-time games: every bot says what it would do and after how long ("after_ms"); the
    earliest acts, unless the game's clock (timeout_move) runs out first."""
    offers = []
    for seat in actors:
        move = _timed(bots[seat], game, state, seat, played)
        if move is not None:
            move = dict(move)
            offers.append((move.pop("after_ms", 0), seat, move))
    timeout = game.timeout_move(state)
    if timeout is not None:
        offers.append(timeout)
    if not offers:
        raise RuntimeError("no bot would ever act: a bug in the game's bots")
    _after, seat, move = min(offers, key=lambda offer: (offer[0], offer[1]))
    return seat, move


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
