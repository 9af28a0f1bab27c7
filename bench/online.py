"""Online play benchmark: real WebRTC between two pages of the built site, in a network
namespace made for the run (as the browser tests do; needs root, unshare and ip).

    .venv/bin/python bench/online.py [--runs N]    (after `python3 build.py test` has made .venv)

Per run: the time from accepting the answer code to an open data channel, and 20 message
round trips; then a game of Spell Write between a host page and a guest page, timing each
move from the click to the change on the other page's screen (both directions). Prints
medians and ranges, and the ratios to the targets (connection <= 2 s, a move shown on the
other side <= 100 ms median). Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
import netns  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    why = netns.available()
    if why:
        sys.exit(f"cannot run: {why}")
    dist = build.build()
    connect, trips = [], []
    for _ in range(runs):
        result = netns.run(ROOT / "tests" / "browser" / "webrtc_pages.py", str(dist))
        connect.append(result["connect_ms"])
        trips.append(statistics.median(result["round_trips_ms"]))
    print(f"WebRTC between two pages, {runs} runs (codes of {len(result['offer'])} and {len(result['answer'])} characters)")
    print(f"  connection open after the answer: median {statistics.median(connect):7.1f} ms"
          f"  ({min(connect):.1f}-{max(connect):.1f}); target 2000 ms: {statistics.median(connect) / 2000:.2f}x")
    print(f"  message round trip:               median {statistics.median(trips):7.2f} ms"
          f"  ({min(trips):.2f}-{max(trips):.2f})")
    shown = {"guest_to_host": [], "host_to_guest": []}
    for _ in range(max(1, runs // 2)):
        result = netns.run(ROOT / "bench" / "online_ui_pages.py", str(dist), timeout=600)
        for direction in shown:
            shown[direction] += result[direction]
    print("A move shown on the other page's screen (Spell Write, click to screen change)")
    for direction, label in (("host_to_guest", "host's move at the guest"), ("guest_to_host", "guest's move at the host")):
        values = shown[direction]
        print(f"  {label:26s} median {statistics.median(values):7.1f} ms  ({min(values):.0f}-{max(values):.0f}, n={len(values)});"
              f" target 100 ms: {statistics.median(values) / 100:.2f}x")


if __name__ == "__main__":
    main()
