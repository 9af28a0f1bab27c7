"""First-use stalls: every game's first queries in a fresh Python, in Pyodide (Chromium) and in
CPython (bench/first_queries_run.py says what is timed). Target: each first query <= 50 ms in
Pyodide. The warm-up runs while the new-game form is open, a slice per request (a request the
page sends meanwhile waits for one slice at most): its longest slice is held to the target, its
sum is shown beside.

    .venv/bin/python bench/first_queries.py [GAME ...]   (after `python3 build.py test`)

Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
from lexicon import in_browser  # noqa: E402
from wordtable.games import REGISTRY  # noqa: E402

TARGET_MS = 50
WARM_UP = "warm-up (new-game form open), in all"
COUNTS = ("warm-up: slices", "warm-up: the longest slice's place")  # numbers, not times
# Rows that are not one first query: a thousand look-ups in a row (each is a thousandth), and
# the steady cost of later bot moves (issue 19 holds them to 150 ms).
NOT_ONE_QUERY = (WARM_UP, "1,000 look-ups (the trie)", "1,000 look-ups after the warm-up", "largest later bot move")


def in_cpython(dist: Path, game_id: str) -> dict:
    """A fresh process, as a fresh page is a fresh Pyodide."""
    script = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import first_queries_run; "
              "print(json.dumps(first_queries_run.run(sys.argv[3], sys.argv[4], sys.argv[5])))")
    output = subprocess.run([sys.executable, "-c", script, str(ROOT / "py"), str(ROOT / "bench"),
                             str(dist / "lexicons"), str(ROOT / "wordlists" / "standard.txt"), game_id],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> None:
    games = sys.argv[1:] or list(REGISTRY)
    dist = build.build()
    worst: list[tuple[float, str]] = []
    for game_id in games:
        print(f"{game_id}…", file=sys.stderr, flush=True)
        browser = in_browser(dist, "first_queries_run", game_id)["times_ms"]
        native = in_cpython(dist, game_id)["times_ms"]
        print(f"\n{game_id} (standard dictionary, default options)")
        print(f"  {'':36} {'Pyodide':>10} {'CPython':>10}")
        for name, ms in browser.items():
            if name in COUNTS:
                print(f"  {name:36} {ms:8.0f}    {native[name]:7.0f}")
                continue
            flag = "" if name in NOT_ONE_QUERY or ms <= TARGET_MS else "   over the target"
            print(f"  {name:36} {ms:8.1f} ms {native[name]:7.1f} ms{flag}")
            if name not in NOT_ONE_QUERY:
                worst.append((ms, f"{game_id}: {name}"))
    ms, where = max(worst)
    print(f"\nlargest first query in Pyodide: {ms:.1f} ms ({where}); target <= {TARGET_MS} ms: {ms / TARGET_MS:.2f}x"
          f"\n(not one query, so not held to it: {', '.join(NOT_ONE_QUERY[1:])})")


if __name__ == "__main__":
    main()
