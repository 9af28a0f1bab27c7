"""The online protocol against hostile peers (issue 18): MESSAGES hostile messages a side (host
and guest), shared among every game, for tables with a numbered seed and for tables with shared
randomness; what is sent and what must hold is in tests/online_fuzz.py.
Any broken rule stops the run with the message that broke it.

    .venv/bin/python bench/online_fuzz.py [MESSAGES] [SEED]     (default 100000, 1)

Not a test: counts, not verdicts (tests/test_online_fuzz.py runs a few hundred a game).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from online_fuzz import fuzz_guest, fuzz_host, games  # noqa: E402


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ids = games()
    share = -(-total // len(ids))  # every game its part, rounded up
    for side, fuzz, shared in (("host", fuzz_host, False), ("guest", fuzz_guest, False),
                               ("host", fuzz_host, True), ("guest", fuzz_guest, True)):
        sent, answers, started = 0, Counter(), time.perf_counter()
        how = "with shared randomness (commitments, draws and reveals)" if shared else "with a numbered seed"
        print(f"\n{side}, {how}: hostile messages at the {side}, {share:,} per game")
        for game_id in ids:
            counts = fuzz(game_id, share, seed, shared=shared)
            sent += counts.messages
            answers.update(counts.kinds)
            applied = f"{counts.moves_applied} hostile moves legal and applied; " if side == "host" else ""
            print(f"  {game_id:20} {counts.messages:8,} messages in {counts.games:4} games, "
                  f"{applied}answers {dict(sorted(counts.kinds.items()))}")
        print(f"  {side} in all: {sent:,} messages, 0 failures, {time.perf_counter() - started:.0f} s; "
              f"answers {dict(sorted(answers.items()))}")


if __name__ == "__main__":
    main()
