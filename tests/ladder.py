"""Seeded ladders for the bots' tests (issue 19): each pairing from both seats, the halves of
every pairing played at once on the machine's two cores (bench/bots.py plays 400 games a
pairing, with intervals)."""

from __future__ import annotations

import functools
from typing import Any

from cores import map_on_cores
from wordtable.engine.bots import simulate
from wordtable.games import make, oracles
from wordtable.lexicon import store


@functools.lru_cache(maxsize=None)
def _shipped(name: str):
    return store.load(name)


def _half(game_id: str, strong: str, weak: str, strong_first: bool, options: dict[str, Any], games: int,
          seed: int) -> float:
    """The strong level's wins from one seat."""
    game, bots = make(game_id, _shipped)
    bots = {**bots, **oracles(game_id)}
    levels = [strong, weak] if strong_first else [weak, strong]
    summary = simulate(game, [bots[level] for level in levels], options, games, seed=seed)
    return summary["wins"]["0" if strong_first else "1"]


def rates(game_id: str, pairings: list[tuple[str, str]], options: dict[str, Any], games: int,
          seeds: tuple[int, int]) -> dict[tuple[str, str], float]:
    """Each pairing's rate for the strong level over `games` games from each seat."""
    jobs = [(game_id, strong, weak, first, options, games, seeds[0] if first else seeds[1])
            for strong, weak in pairings for first in (True, False)]
    wins = map_on_cores(_half, *zip(*jobs))
    return {pairing: (wins[2 * i] + wins[2 * i + 1]) / (2 * games) for i, pairing in enumerate(pairings)}
