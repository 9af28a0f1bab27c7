"""Shrdlu benchmark: bench/shrdlu_spreads.py in Pyodide (Chromium) and in CPython.

    .venv/bin/python bench/shrdlu.py     (after `python3 build.py test` has made .venv)

Solving 1,000 random spreads on the standard dictionary: median, 90th and 99th percentile,
worst, and the one-off warm-up when a game starts. Not a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
import shrdlu_spreads  # noqa: E402
from lexicon import in_browser  # noqa: E402


def main() -> None:
    dist = build.build()
    columns = {"Pyodide (Chromium)": in_browser(dist, "shrdlu_spreads"),
               "CPython": shrdlu_spreads.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"))}
    print("Shrdlu: every fitting word of the standard dictionary, 1,000 random spreads")
    for name, r in columns.items():
        print(f"  {name:20} median {r['median_ms']:6.2f} ms   p90 {r['p90_ms']:6.2f}   p99 {r['p99_ms']:6.2f}"
              f"   max {r['max_ms']:6.2f}   warm-up {r['warm_up_ms']:6.1f} ms")
    cpython = columns["CPython"]
    print(f"  words per spread: median {cpython['median_words']}, spreads with no word: {cpython['no_word_spreads']}")
    browser = columns["Pyodide (Chromium)"]
    print(f"  targets (Pyodide): median <= 20 ms: {browser['median_ms']:.2f} ({browser['median_ms'] / 20:.2f}x);"
          f" p99 <= 100 ms: {browser['p99_ms']:.2f} ({browser['p99_ms'] / 100:.2f}x)")


if __name__ == "__main__":
    main()
