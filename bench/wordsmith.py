"""Wordsmith benchmark: bench/wordsmith_pools.py in Pyodide (Chromium) and in CPython.

    .venv/bin/python bench/wordsmith.py      (after `python3 build.py test` has made .venv)

Targets (Pyodide): buildable words for a pool of 8-20 pieces <= 50 ms median, <= 150 ms p99;
a hard bot's next move <= 100 ms median. Not a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
import wordsmith_pools  # noqa: E402
from lexicon import in_browser  # noqa: E402

TARGETS = {"buildable words, pools of 8-20 pieces": {"median_ms": 50, "p99_ms": 150},
           "hard bot's next move, 2-player games": {"median_ms": 100}}


def main() -> None:
    dist = build.build()
    columns = {"Pyodide (Chromium)": in_browser(dist, "wordsmith_pools"),
               "CPython": wordsmith_pools.run(str(dist / "lexicons"), str(ROOT / "wordlists" / "wordsmith.txt"))}
    for measure in columns["CPython"]:
        print(f"Wordsmith, {measure} (wordsmith dictionary)")
        for name, results in columns.items():
            r = results[measure]
            print(f"  {name:20} median {r['median_ms']:7.2f} ms   p99 {r['p99_ms']:7.2f} ms   max {r['max_ms']:7.2f} ms"
                  f"   grouping once {r['first_ms']:7.1f} ms   ({r['count']} {r['unit']}, median {r['median_words']:.0f} words)")
        pyodide = columns["Pyodide (Chromium)"][measure]
        print("  target (Pyodide): " + ", ".join(
            f"{key} <= {limit} ms: {pyodide[key]:.2f} ({pyodide[key] / limit:.2f}x)" for key, limit in TARGETS[measure].items()))


if __name__ == "__main__":
    main()
