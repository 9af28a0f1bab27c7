"""How long the links of a game played by link are (issue 35: a typical turn's link under
1,500 characters): whole games between command-line devices, medium bots moving, every link
measured as sent (https://example.org/wordtable/#link=…, 35 characters of it the address).

    .venv/bin/python bench/link_sizes.py [--games N]

Prints, per game and number of players: links and turns per game (a turn: one player's moves
in a row), links sent while a draw waited for the recipient's part, the median, 90th
percentile and longest link in characters, and the share of links under 1,500. Not a test."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from test_link import TURN_BASED, play_by_link, turns_of  # noqa: E402
from wordtable.link import codec  # noqa: E402

TARGET = 1500


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3, help="games per line (different seeds)")
    games = parser.parse_args().games
    print(f"{'game':36s} {'links/game':>10s} {'turns':>6s} {'for a draw':>10s} {'median':>7s} {'p90':>6s} "
          f"{'longest':>8s} {'< 1500':>7s}")
    for game_id, players, options in TURN_BASED:
        sizes: list[int] = []
        turns = drawing = 0
        for seed in range(games):
            with tempfile.TemporaryDirectory() as work:
                made, game, links = play_by_link(Path(work), game_id, players, options, seed=seed)
                turns += turns_of(made[0].table(game))
            sizes += [len(link) for link in links]
            drawing += sum("event" in codec.decode(link) for link in links)
        sizes.sort()
        label = f"{game_id} {players}p" + (f" {options}" if options else "")
        print(f"{label:36s} {len(sizes) / games:10.0f} {turns / games:6.0f} {drawing / games:10.1f} "
              f"{statistics.median(sizes):7.0f} "
              f"{sizes[int(len(sizes) * 0.9)]:6d} {sizes[-1]:8d} {sum(s < TARGET for s in sizes) / len(sizes):7.0%}")


if __name__ == "__main__":
    main()
