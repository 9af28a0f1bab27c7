"""The bots' ladder in every game (issue 19): two-player games between bot levels, from both
seats, with 95% confidence intervals. Not a test: it prints win rates and move times.

    .venv/bin/python bench/bots.py [--games N] [--game ID ...] [--json]

For each game and each pairing (medium vs easy, hard vs medium, hard vs easy, and hard vs oracle
where a game has an oracle: a simulation-only bot that sees everything; Shrdlu has none, as
nothing hidden decides a move there: see shrdlu_bots), N games are played (at
least 400 for the issue's targets): half with the stronger level in the first seat, half in the
second. A shared win counts half a win to each. The rate is the stronger level's; the interval
is Wilson's score interval at 95%. Games run on both of the machine's cores.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from wordtable.engine.bots import play  # noqa: E402
from wordtable.games import REGISTRY, make, oracles  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

PAIRINGS = [("medium", "easy"), ("hard", "medium"), ("hard", "easy"), ("oracle", "hard")]
TARGETS = {("medium", "easy"): 0.65, ("hard", "medium"): 0.65, ("hard", "easy"): 0.85}
CHUNK = 25  # games a worker plays at a time


@functools.lru_cache(maxsize=None)
def shipped(name: str) -> Any:
    return store.load(name)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_chunk(game_id: str, strong: str, weak: str, strong_seat: int, seeds: list[int]) -> dict[str, Any]:
    """Games with `strong` in seat `strong_seat`: its points (a shared win is half), and the
    move times of each level."""
    game, bots = make(game_id, shipped)
    bots = {**bots, **oracles(game_id)}
    levels = [weak, weak]
    levels[strong_seat] = strong
    points, times = 0.0, {strong: [], weak: []}
    for seed in seeds:
        played = play(game, [bots[level] for level in levels], {"players": 2}, seed)
        winners = game.outcome(played.state).winners if game.outcome(played.state) else ()
        if strong_seat in winners:
            points += 1 / len(winners)
        for seat, spent in played.seat_ms.items():
            times[levels[seat]] += spent
    return {"points": points, "games": len(seeds), "times": times}


def ladder(game_ids: list[str], games: int) -> list[dict[str, Any]]:
    jobs = []
    for game_id in game_ids:
        _game, bots = make(game_id, shipped)
        bots = {**bots, **oracles(game_id)}
        for strong, weak in PAIRINGS:
            if strong not in bots or weak not in bots:
                continue
            for strong_seat in (0, 1):
                seeds = [1_000_000 * strong_seat + n for n in range(games // 2)]
                for start in range(0, len(seeds), CHUNK):
                    jobs.append((game_id, strong, weak, strong_seat, seeds[start:start + CHUNK]))
    results: dict[tuple[str, str, str], dict[str, Any]] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for job, done in zip(jobs, pool.map(play_chunk, *zip(*jobs))):
            game_id, strong, weak, strong_seat, _seeds = job
            row = results.setdefault((game_id, strong, weak), {
                "game": game_id, "strong": strong, "weak": weak, "points": [0.0, 0.0], "games": [0, 0],
                "ms": {strong: [], weak: []}})
            row["points"][strong_seat] += done["points"]
            row["games"][strong_seat] += done["games"]
            for level, spent in done["times"].items():
                row["ms"][level] += spent
    rows = []
    for row in results.values():
        points, played = sum(row["points"]), sum(row["games"])
        low, high = wilson(points, played)
        rows.append({"game": row["game"], "pairing": f"{row['strong']} vs {row['weak']}", "games": played,
                     "rate": points / played, "ci95": [low, high],
                     "rate_by_seat": [p / g if g else None for p, g in zip(row["points"], row["games"])],
                     "target": TARGETS.get((row["strong"], row["weak"])),
                     "median_move_ms": {level: _median(spent) for level, spent in row["ms"].items()}})
    return rows


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing, half from each seat")
    parser.add_argument("--game", action="append", choices=list(REGISTRY), help="only these games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = ladder(args.game or list(REGISTRY), max(2, args.games))
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':18} {'pairing':18} {'games':>5}  {'rate':>6}  {'95% CI':>13}  {'seat 1 / 2':>13}  target  median ms a move")
    for row in rows:
        low, high = row["ci95"]
        first, second = row["rate_by_seat"]
        target = row["target"]
        verdict = "" if target is None else ("met" if row["rate"] >= target else "NOT MET")
        times = ", ".join(f"{level} {ms:.1f}" for level, ms in row["median_move_ms"].items())
        print(f"{row['game']:18} {row['pairing']:18} {row['games']:5}  {row['rate']:6.1%}  {low:5.1%}-{high:6.1%}"
              f"  {first:5.1%} / {second:5.1%}  {'' if target is None else f'{target:.0%} {verdict}':9} {times}")


if __name__ == "__main__":
    main()
