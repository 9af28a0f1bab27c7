"""First-use stalls: every game's first queries in a fresh Python, in Pyodide (Chromium) and in
CPython (bench/first_queries_run.py says what is timed). Target: each first query <= 50 ms in
Pyodide; the warm-up runs while the new-game form is open, so it is shown beside them.

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
WARM_UP = "warm-up (new-game form open)"


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
        browser = in_browser(dist, "first_queries_run", game_id)["times_ms"]
        native = in_cpython(dist, game_id)["times_ms"]
        print(f"\n{game_id} (standard dictionary, default options)")
        print(f"  {'':36} {'Pyodide':>10} {'CPython':>10}")
        for name, ms in browser.items():
            flag = "" if name == WARM_UP or ms <= TARGET_MS else "   over the target"
            print(f"  {name:36} {ms:8.1f} ms {native[name]:7.1f} ms{flag}")
            if name != WARM_UP:
                worst.append((ms, f"{game_id}: {name}"))
    ms, where = max(worst)
    print(f"\nlargest first query in Pyodide: {ms:.1f} ms ({where}); target <= {TARGET_MS} ms: {ms / TARGET_MS:.2f}x")


if __name__ == "__main__":
    main()
