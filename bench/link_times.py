"""How long the command line takes for each step of a game by link (issue 42: "each process
loads a dictionary once; report link open and link move times per game"). Each step is a new
process, as a player or a script runs it: `link new` on one device file, `link open` of the
invitation on another, then `link move --bot medium` and `link open` of the reply, in turn,
until the game ends or --turns steps were timed.

    .venv/bin/python bench/link_times.py [--turns N]

Prints, per game: the median and the slowest `new`, `open` and `move`, in seconds, wall time
of the whole process (Python's start and the dictionary's load included). Not a test."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("four-letter-words", []), ("one-letter-better", []), ("spell-write", []),
         ("wordsmith", ["--option", "word_by_word=dice"])]


def timed(*arguments: str) -> tuple[float, dict | None]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "wordtable", "link", *arguments], cwd=ROOT / "py",
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    return seconds, (json.loads(done.stdout) if done.returncode == 0 else None)


def one_game(game_id: str, options: list[str], turns: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"new": [], "open": [], "move": []}
    with tempfile.TemporaryDirectory() as work:
        devices = [str(Path(work) / "ann.json"), str(Path(work) / "bob.json")]
        seconds, shown = timed("new", game_id, "--device", devices[0], "--players", "2", "--name", "Ann", *options)
        times["new"].append(seconds)
        game, link, to = shown["game"], shown["send"], 1
        for _ in range(turns):
            if link is None:
                break
            seconds, shown = timed("open", link, "--device", devices[to], "--name", "Bob")
            times["open"].append(seconds)
            if shown is None or shown["over"]:
                break
            if shown["your_turn"]:
                seconds, shown = timed("move", "--device", devices[to], "--game", game, "--bot", "medium")
                times["move"].append(seconds)
            link, to = shown["send"], 1 - to
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=12, help="links opened per game")
    turns = parser.parse_args().turns
    print(f"{'game':20s} " + " ".join(f"{step + ' median':>12s} {step + ' max':>9s}" for step in ("new", "open", "move")))
    for game_id, options in GAMES:
        times = one_game(game_id, options, turns)
        cells = []
        for step in ("new", "open", "move"):
            values = times[step]
            cells += [f"{statistics.median(values):12.2f}", f"{max(values):9.2f}"] if values else [f"{'-':>12s}", f"{'-':>9s}"]
        print(f"{game_id:20s} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
