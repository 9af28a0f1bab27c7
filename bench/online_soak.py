"""Online soak benchmark: the three-browser scenario of tests/browser/online_soak_pages.py (two
friends join, one drops and rejoins in a new tab, the host's page reloads, a round is played),
run N times, each beside B busy processes, in a network namespace of its own. With --scenario
games: the suite's four-game scenario (tests/browser/online_games_pages.py: Shrdlu between three
browsers with a drop and rejoins, Spell Write through a host reload, Wordsmith, One Letter Better)
instead, the busy processes started here around each run.

    .venv/bin/python bench/online_soak.py [--scenario soak|games] [--runs N] [--busy B] [--json FILE] [--dist DIR]

Prints each run (passed, or the step whose screens disagreed and what they said), the failure
rate, and the median and range of a run's time and of each step's time to agree. Not a test:
numbers, not verdicts (the suite's test_online_soak… runs the scenario once).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
import netns  # noqa: E402

SCRIPTS = {"soak": ROOT / "tests" / "browser" / "online_soak_pages.py",
           "games": ROOT / "tests" / "browser" / "online_games_pages.py"}


def one_run(scenario: str, dist: Path, busy: int) -> dict:
    if scenario == "soak":  # the script starts its own busy processes
        return checked_run(scenario, dist, "--busy", str(busy))
    loops = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(busy)]
    try:
        result = checked_run(scenario, dist)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    result.setdefault("steps", list((result.get("seconds") or {}).items()))  # each game's time
    result.pop("seconds", None)
    return result


def checked_run(scenario: str, dist: Path, *args: str) -> dict:
    try:
        return netns.run(SCRIPTS[scenario], str(dist), *args, timeout=900)
    except AssertionError as error:  # the script failed (a step that never came, a page that never loaded)
        return {"failure": str(error)[-1500:], "steps": [], "seconds": None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=sorted(SCRIPTS), default="soak")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write every run's result here")
    parser.add_argument("--dist", type=Path, help="a site built before (default: build dist/ now)")
    args = parser.parse_args()
    why = netns.available()
    if why:
        sys.exit(f"needs a network namespace: {why}")
    dist = args.dist or build.build()
    runs = []
    for number in range(1, args.runs + 1):
        started = time.monotonic()
        result = one_run(args.scenario, dist, args.busy)
        result.setdefault("seconds", round(time.monotonic() - started, 1))
        runs.append(result)
        verdict = "passed" if "failure" not in result else "FAILED " + result["failure"][:1500]
        print(f"run {number}/{args.runs}: {result['seconds']} s, {verdict}", flush=True)
    failed = sum("failure" in run for run in runs)
    print(f"\n{failed} of {len(runs)} runs failed ({failed / len(runs):.0%}) beside {args.busy} busy processes")
    times = [run["seconds"] for run in runs if run["seconds"] is not None]
    if times:
        print(f"a run: median {statistics.median(times):.0f} s ({min(times):.0f}-{max(times):.0f})")
    steps: dict[str, list[float]] = {}
    for run in runs:
        for step, seconds in run["steps"]:
            steps.setdefault(step, []).append(seconds)
    for step, seconds in steps.items():
        spread = f"{min(seconds):.1f}-{max(seconds):.1f}"
        what = f"screens agree {step}" if args.scenario == "soak" else step
        print(f"  {what}: median {statistics.median(seconds):.1f} s ({spread}), n={len(seconds)}")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()
