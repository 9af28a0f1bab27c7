"""Spell Write benchmark: bench/spell_write_moves.py in Pyodide (Chromium) and in CPython.

    .venv/bin/python bench/spell_write.py    (after `python3 build.py test` has made .venv)

A hard bot's choice for one roll over seeded solo games: median and worst, and the first
choice of a page (which builds the bot's word masks once). Not a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
import spell_write_moves  # noqa: E402
from lexicon import in_browser  # noqa: E402


def main() -> None:
    dist = build.build()
    columns = {"Pyodide (Chromium)": in_browser(dist, "spell_write_moves"),
               "CPython": spell_write_moves.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"))}
    print("Spell Write, hard bot, one roll (solo games)")
    for name, results in columns.items():
        r = results["hard bot, one roll"]
        print(f"  {name:20} median {r['median_ms']:7.2f} ms   max {r['max_ms']:7.2f} ms   "
              f"first of a page {r['first_ms']:7.1f} ms   ({r['count']} choices)")
    median = columns["Pyodide (Chromium)"]["hard bot, one roll"]["median_ms"]
    print(f"  target (Pyodide): median <= 50 ms: {median:.2f} ({median / 50:.2f}x)")


if __name__ == "__main__":
    main()
