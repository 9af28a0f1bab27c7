"""One game's first queries in a fresh Python, through the bridge as the app makes them: run by
bench/first_queries.py inside Pyodide (a fresh page per game) and under CPython (a fresh
process per game). The dictionary folder holds every file a game may ask for (the tries and
the bots' levels).

Timed, in order: the first look-up of a word (the tries opened), 1,000 look-ups in the trie,
the game's warm-up (run while the new-game form is open), 1,000 look-ups after it (the words
by length at hand), a new game and its first view, then every bot level's first move and the
largest of the moves that follow.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

MOVES = 60  # moves played after each level's first, for the largest later move


def call(session, op: str, **args) -> tuple[float, dict]:
    from wordtable import bridge
    start = time.perf_counter()
    reply = json.loads(bridge.handle(json.dumps({"op": op, "args": args}), session))
    spent = (time.perf_counter() - start) * 1000
    if not reply["ok"]:
        raise RuntimeError(f"{op}: {reply['error']}")
    return spent, reply["result"]


def run(lexicon_folder: str, word_list: str, game_id: str = "four-letter-words") -> dict:
    from wordtable.bridge import Session
    session = Session.at(Path(lexicon_folder).parent)  # the site's folder, as the worker lays it out
    words = Path(word_list).read_text(encoding="utf-8").split()
    sample = random.Random(1).sample(words, 1000)
    times: dict[str, float] = {}
    times["first look-up of a word"], _ = call(session, "lexicon.check", words=["night"])
    lexicon = session.registry.get("standard")
    times["1,000 look-ups (the trie)"] = lookups(lexicon, sample)
    slices: list[float] = []
    while True:  # as the page asks: a slice per call until the game says it is done
        spent, result = call(session, "game.warm_up", game=game_id, options={})
        slices.append(spent)
        if result["done"]:
            break
    times["warm-up (new-game form open), in all"] = sum(slices)
    times["warm-up: its longest slice"] = max(slices)
    times["warm-up: slices"] = len(slices)
    times["warm-up: the longest slice's place"] = slices.index(max(slices)) + 1
    times["1,000 look-ups after the warm-up"] = lookups(lexicon, sample[::-1])
    times["new game"], result = call(session, "game.new", game=game_id, options={}, seed=7)
    times["first view"], _ = call(session, "game.view", record=result["record"], seat=0)
    later: list[float] = []
    for seed, level in enumerate(("easy", "medium", "hard")):  # a game of its own each
        _ms, result = call(session, "game.new", game=game_id, options={}, seed=seed)
        first, rest = play(session, result["record"], level)
        times[f"first {level} bot move"] = first
        later.extend(rest)
    times["largest later bot move"] = max(later, default=0.0)
    return {"game": game_id, "times_ms": times}


def lookups(lexicon, words: list[str]) -> float:
    """`word in lexicon` for each word, as rules and bots ask it (the first after a warm-up
    builds the listing's set)."""
    start = time.perf_counter()
    found = sum(word in lexicon for word in words)
    assert found == len(words)
    return (time.perf_counter() - start) * 1000


def play(session, record: dict, level: str) -> tuple[float, list[float]]:
    """A level's first move and up to MOVES more, each applied as the page applies it (a
    real-time bot's wait, after_ms, is the page's to keep)."""
    spent: list[float] = []
    for _ in range(MOVES + 1):
        _ms, result = call(session, "game.view", record=record)
        if not result["actors"]:
            break
        seat = result["actors"][0]
        ms, result = call(session, "game.bot", record=record, seat=seat, level=level)
        spent.append(ms)
        move = {key: value for key, value in result["move"].items() if key != "after_ms"}
        _ms, result = call(session, "game.play", record=record, seat=seat, move=move)
        record = result["record"]
    return (spent[0] if spent else 0.0), spent[1:]
