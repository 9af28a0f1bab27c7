"""The lexicon queries, timed: run by bench/lexicon.py under CPython and inside Pyodide.

Every query is also answered by a brute-force scan of the plain word list, and the answers are
compared, so the benchmark doubles as a check that both ways agree.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections import Counter
from pathlib import Path

from wordtable.lexicon import Lexicon, LexiconInfo, Tiles

LETTER_SETS = ["etaoin", "shrdlu", "cmfwyp", "aeiou"]
# Roughly English letter frequencies, for realistic hands of tiles.
LETTER_WEIGHTS = {c: w for c, w in zip("etaoinshrdlcumwfgypbvkjxqz",
                                       [12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1])}


def timed(function, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*args)
    return (time.perf_counter() - start) * 1000, result


def load(folder: Path, name: str, native: bool) -> Lexicon:
    manifest = json.loads((folder / "manifest.json").read_text())
    entry = next(e for e in manifest["lexicons"] if e["name"] == name)
    info = LexiconInfo(name, entry["title"], entry["description"], entry["licence"], entry["words"])
    data = (folder / entry["files"]["words"]["file"]).read_bytes()
    return Lexicon.from_marisa(info, data, native)


def random_spread(rng: random.Random) -> tuple[list, object]:
    """A Shrdlu-like spread: five or six cards, letter sets or asterisks, plus a whole-word rule."""
    length = rng.choice([5, 5, 5, 6])
    pattern = [frozenset(rng.choice(LETTER_SETS)) if rng.random() < 0.45 else None for _ in range(length)]
    position = rng.randrange(length)
    kind = rng.choice(["only-1", "later", "earliest"])
    if kind == "only-1":
        def rule(word: str) -> bool:
            return word.count(word[position]) == 1
    elif kind == "later":
        def rule(word: str) -> bool:
            return word[position] > word[position - 1]
    else:
        def rule(word: str) -> bool:
            return word[position] == min(word)
    return pattern, rule


def random_hand(rng: random.Random) -> Tiles:
    letters = rng.choices(list(LETTER_WEIGHTS), weights=list(LETTER_WEIGHTS.values()), k=8)
    return Tiles(tuple(letters), wildcards=1)


def spellable(word: str, tiles: Tiles) -> bool:
    need = Counter(word)
    have = Counter(tiles.pieces)
    missing = sum(max(0, n - have[c]) for c, n in need.items())
    return missing <= tiles.wildcards


def run(lexicon_folder: str, word_list: str, native: bool = False, rounds: int = 60) -> dict:
    folder = Path(lexicon_folder)
    words = Path(word_list).read_text().split()
    word_set_for_checks = set(words)
    rng = random.Random(2026)
    results: dict[str, dict] = {}

    load_times = [timed(load, folder, "standard", native)[0] for _ in range(7)]
    lexicon = load(folder, "standard", native)
    results["load standard"] = {"median_ms": statistics.median(load_times)}

    probes = rng.sample(words, 5000) + ["".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(3, 9)))
                                        for _ in range(5000)]
    # First pass: a fresh lexicon. Later passes: after its node indexes have filled, as in a
    # game that has been going for a while.
    passes = []
    for _ in range(3):
        elapsed, hits = timed(lambda: sum(p in lexicon for p in probes))
        assert hits == sum(p in word_set_for_checks for p in probes)
        passes.append(elapsed)
    scan_ms, _ = timed(lambda: sum(p in words for p in probes[:20]))
    results["membership, first pass"] = {"per_second": len(probes) / (passes[0] / 1000),
                                         "median_ms": passes[0] / len(probes), "baseline_ms": scan_ms / 20}
    warm = statistics.median(passes[1:])
    results["membership, warm"] = {"per_second": len(probes) / (warm / 1000),
                                   "median_ms": warm / len(probes), "baseline_ms": scan_ms / 20}

    def compare(name: str, cases: list, query, brute) -> None:
        times, base = [], []
        for case in cases:
            took, answer = timed(query, *case)
            times.append(took)
            took_scan, expected = timed(brute, *case)
            base.append(took_scan)
            assert sorted(answer) == sorted(expected), (name, case)
        ordered = sorted(times)
        results[name] = {"median_ms": statistics.median(times), "p99_ms": ordered[int(len(ordered) * 0.99) - 1],
                         "baseline_ms": statistics.median(base)}

    spreads = [random_spread(rng) for _ in range(rounds)]
    compare("shrdlu spread", spreads, lexicon.match,
            lambda pattern, rule: [w for w in words if len(w) == len(pattern) and rule(w)
                                   and all(s is None or c in s for c, s in zip(w, pattern))])
    hands = [(random_hand(rng),) for _ in range(rounds)]
    compare("8 tiles + 1 wildcard", hands, lambda tiles: lexicon.from_tiles(tiles),
            lambda tiles: [w for w in words if len(w) <= 9 and spellable(w, tiles)])
    steal_words = [(w,) for w in rng.sample([w for w in words if 3 <= len(w) <= 7], rounds)]
    compare("front/end/insert extensions", steal_words,
            lambda w: lexicon.front_extensions(w) + lexicon.end_extensions(w) + lexicon.insertions(w),
            lambda w: [x for x in words if x != w and (x.startswith(w) or x.endswith(w))] +
                      [x for x in words if len(x) == len(w) + 1 and any(x[:i] + x[i + 1:] == w for i in range(len(x)))])

    manifest = json.loads((folder / "manifest.json").read_text())
    try:
        import tracemalloc
    except ModuleNotFoundError:  # Pyodide 0.28 and later leave it out: memory is measured in CPython only
        return results
    tracemalloc.start()
    everything = [load(folder, e["name"], native) for e in manifest["lexicons"]]
    for loaded in everything:  # warm the tries the way play does
        loaded.find("?????")
    current, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    results["all lexicons loaded"] = {"megabytes": current / 1e6, "lexicons": len(everything)}
    return results


def main() -> None:
    import sys
    print(json.dumps(run(*sys.argv[1:3]), indent=1))


if __name__ == "__main__":
    main()
