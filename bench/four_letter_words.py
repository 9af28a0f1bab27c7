"""Four Letter Words benchmark: bench/four_letter_words_moves.py in Pyodide (Chromium) and in CPython.

    .venv/bin/python bench/four_letter_words.py        (after `python3 build.py test` has made .venv)

Medians over seeded eight-player games (10x10 grids) between hard bots. Not a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
import four_letter_words_moves  # noqa: E402
from lexicon import in_browser  # noqa: E402


def main() -> None:
    dist = build.build()
    columns = {"Pyodide (Chromium)": in_browser(dist, "four_letter_words_moves"),
               "CPython": four_letter_words_moves.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"))}
    print("Four Letter Words, hard bots, eight players on 10x10 grids (medians)")
    for measure in columns["CPython"]:
        print(f"  {measure}")
        for name, results in columns.items():
            result = results[measure]
            print(f"    {name:20} {result['median_ms']:8.2f} ms   ({result['count']} samples)")


if __name__ == "__main__":
    main()
