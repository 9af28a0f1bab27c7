"""One game's post-game review timed through the bridge (game.review, a slice per call, as the
page asks it): run by bench/review.py inside Pyodide (Chromium) and under CPython. The games
reviewed are seeded two-player games of the hard bot against the easy one, played first (not
timed); the review of each is timed from the first call to the last, with its longest slice.
"""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path

SEEDS = (3, 8, 21)
MAX_MOVES = 3000


def call(session, op: str, **args) -> tuple[float, dict]:
    """One bridge request as the page sends it: (its time in ms, its result)."""
    from wordtable import bridge
    start = time.perf_counter()
    reply = json.loads(bridge.handle(json.dumps({"op": op, "args": args}), session))
    if not reply["ok"]:
        raise RuntimeError(f"{op}: {reply['error']}")
    return (time.perf_counter() - start) * 1000, reply["result"]


def run(lexicon_folder: str, _word_list: str, game_id: str = "shrdlu") -> dict:
    from wordtable.bridge import Session
    from wordtable.engine.bots import play
    from wordtable.games import make
    session = Session.at(Path(lexicon_folder).parent)  # the site's folder, as the worker lays it out
    lexicon_for = functools.lru_cache(maxsize=None)(session.registry.get)
    game, bots = make(game_id, lexicon_for)
    times: dict[str, float] = {}
    for seed in SEEDS:
        record = play(game, [bots["hard"], bots["easy"]], {"players": 2}, seed, MAX_MOVES).record.to_json()
        slices: list[float] = []
        start = time.perf_counter()
        while True:
            spent, result = call(session, "game.review", record=record)
            slices.append(spent)
            if result["done"]:
                break
        times[f"seed {seed}: whole review"] = (time.perf_counter() - start) * 1000
        times[f"seed {seed}: longest slice"] = max(slices)
        times[f"seed {seed}: slices"] = len(slices)
        times[f"seed {seed}: turns"] = len(result["review"]["turns"])
    return {"game": game_id, "times_ms": times}
