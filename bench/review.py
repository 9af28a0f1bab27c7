"""A whole finished game's review (issue 46), per game, in Pyodide (Chromium) and in CPython:
target <= 2 s in Pyodide for a whole two-player game, sliced so that no call holds the page
long. bench/review_run.py says what is timed.

    .venv/bin/python bench/review.py [GAME ...]   (after `python3 build.py test`)

Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "bench")]

import build  # noqa: E402
from lexicon import in_browser  # noqa: E402
from wordtable.games import REGISTRY  # noqa: E402

TARGET_MS = 2000


def in_cpython(dist: Path, game_id: str) -> dict:
    script = ("import json, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import review_run; "
              "print(json.dumps(review_run.run(sys.argv[3], '', sys.argv[4])))")
    output = subprocess.run([sys.executable, "-c", script, str(ROOT / "py"), str(ROOT / "bench"),
                             str(dist / "lexicons"), game_id], check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> None:
    games = sys.argv[1:] or list(REGISTRY)
    dist = build.build()
    print(f"{'game':20} {'Pyodide median':>15} {'max':>8} {'CPython median':>15} {'ratio':>6} "
          f"{'longest slice':>14} {'turns':>6}")
    for game_id in games:
        print(f"{game_id}…", file=sys.stderr, flush=True)
        browser = in_browser(dist, "review_run", game_id)["times_ms"]
        native = in_cpython(dist, game_id)["times_ms"]
        whole = [ms for name, ms in browser.items() if name.endswith("whole review")]
        native_whole = [ms for name, ms in native.items() if name.endswith("whole review")]
        longest = max(ms for name, ms in browser.items() if name.endswith("longest slice"))
        turns = statistics.median(ms for name, ms in browser.items() if name.endswith("turns"))
        median, native_median = statistics.median(whole), statistics.median(native_whole)
        flag = "" if max(whole) <= TARGET_MS else "   over the target"
        print(f"{game_id:20} {median:12.0f} ms {max(whole):5.0f} ms {native_median:12.0f} ms "
              f"{median / native_median:5.1f}x {longest:11.0f} ms {turns:6.0f}{flag}")


if __name__ == "__main__":
    main()
