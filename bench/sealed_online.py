"""Online tables of sealed cards (issue 47, wordtable.online.sealed_host / sealed_guest) over an
in-memory wire, in one process (CPython): the host's page plays seat 0, every other seat is a
guest's page. Prints, per number of players, medians over the tables: the time from the last
guest's join to a first turn (every page's work one after another, as the deal passes in turn:
the wall time on devices that each have their own processor is below it), the entries and bytes
the table relays to a first turn and in a whole one-round game of medium bots, and what each
page saves at the end. Not a test: numbers, not verdicts. The browser's figure, two pages on a
slowed Chromium, is in tests/browser/online_games_pages.py (olb_deal_s).

    .venv/bin/python bench/sealed_online.py [tables per size, default 3]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from test_online_sealed import play_out, sealed_table  # noqa: E402
from wordtable.online import encode  # noqa: E402


def one_table(players: int, seed: int) -> dict:
    began = time.perf_counter()
    host, wire = sealed_table(players, list(range(1, players)), seed=seed)
    first_turn = time.perf_counter() - began  # (sealed_table runs the wire until every page is quiet)
    at_first_turn = len(host.table.entries)
    play_out(host, wire)
    sizes = [len(encode({"t": "sealed", "e": entry})) for entry in host.table.entries]
    saves = [len(json.dumps(host.to_json()))] + [len(json.dumps(guest.saved())) for guest in wire.guests.values()]
    return {"first_turn_s": first_turn, "entries_to_first_turn": at_first_turn, "entries": len(sizes),
            "kb": sum(sizes) / 1000, "largest_kb": max(sizes) / 1000, "save_kb": max(saves) / 1000}


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("players | first turn (s) | entries to it | entries a game | KB a game | largest KB | largest save KB")
    for players in (2, 3, 4):
        runs = [one_table(players, seed) for seed in range(1, tables + 1)]
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(f"{players} | {median['first_turn_s']:.2f} | {median['entries_to_first_turn']:.0f} | {median['entries']:.0f} | "
              f"{median['kb']:,.0f} | {median['largest_kb']:.1f} | {median['save_kb']:,.0f}")


if __name__ == "__main__":
    main()
