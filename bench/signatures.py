"""What checking the guests' Ed25519 signatures costs, in CPython and in Pyodide (issue: "pure-Python
verification is fine at these sizes — measure it in Pyodide").

In CPython, one whole online game of every registered game is played: a host with shared randomness
(Draws.new([1])) and one guest at seat 1, over the tests' in-memory wire (no faults), medium bots at
every seat. Each game is played with 2 and with 3 players, and the record with more signatures kept.
Then, in CPython and inside Pyodide under Node (tools/pyodide-run.mjs, our package copied from
build.PACKAGE_SRC, the compiled dictionaries as the site's lexicons/):
  - ed25519.sign and ed25519.verify of a 200-byte message (medians of 50);
  - per record, `signing.record_refusal` over the whole record (its states replayed first, untimed),
    and the full `wordtable.verify.verify` (replay, draws and signatures), medians of 5.
Prints per game the record's counts, those milliseconds and the ratio Pyodide/CPython.

    .venv/bin/python bench/signatures.py   (after `python3 build.py`)

Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import functools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MESSAGE = bytes(range(200))
SEED = bytes(range(32, 64))
RUNS = 50     # sign, verify
REPEATS = 5   # record_refusal, verify of a record


def median_ms(work: Callable[[], Any], runs: int) -> float:
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


# -- in either Python -------------------------------------------------------------------------

def primitives() -> dict[str, float]:
    from wordtable.engine import ed25519

    public = ed25519.public_key(SEED)  # also fills the table of the base point's powers, once
    signature = ed25519.sign(SEED, MESSAGE)
    assert ed25519.verify(public, MESSAGE, signature)
    return {"sign": median_ms(lambda: ed25519.sign(SEED, MESSAGE), RUNS),
            "verify": median_ms(lambda: ed25519.verify(public, MESSAGE, signature), RUNS)}


def record_times(data: dict[str, Any], lexicon_for: Callable[[str], Any]) -> dict[str, float]:
    """ms of record_refusal over the record (its states replayed beforehand), and of the full verify."""
    from wordtable.engine.game import Record, replay_states
    from wordtable.engine.signing import record_refusal
    from wordtable.games import make
    from wordtable.verify import verify

    record = Record.from_json(data)
    game, _bots = make(record.game, lexicon_for)
    states = list(replay_states(game, record))
    assert record_refusal(record, states, game) is None, "a signature does not hold"
    verdict = verify(data, lexicon_for)
    assert verdict.ok and verdict.finished, verdict.message
    return {"refusal": median_ms(lambda: record_refusal(record, states, game), REPEATS),
            "verify": median_ms(lambda: verify(data, lexicon_for), REPEATS)}


def measure(records: Path, lexicon_for: Callable[[str], Any]) -> dict[str, Any]:
    return {"primitives": primitives(),
            "records": {path.stem: record_times(json.loads(path.read_text()), lexicon_for)
                        for path in sorted(records.glob("*.json"))}}


def inside(out: str) -> None:
    """Inside Pyodide: the dictionaries come from site/lexicons/, as the browser's worker puts them."""
    from wordtable.lexicon.registry import LexiconRegistry

    Path(out).write_text(json.dumps(measure(Path("records"), LexiconRegistry(Path("site")).get)))


# -- on CPython -------------------------------------------------------------------------------

def counts(record: dict[str, Any]) -> dict[str, int]:
    signed = record["signed"]
    return {"players": record["options"]["players"], "moves": len(record["moves"]),
            "signed": sum(isinstance(entry, list) for entry in signed["moves"].values()),
            "clock": sum(entry == "clock" for entry in signed["moves"].values()),
            "events": len(record["shared"]["events"]),
            "reveals": sum(map(len, signed["reveals"].values())), "shown": len(signed["shown"])}


def signatures(record: dict[str, Any]) -> int:
    found = counts(record)
    return found["signed"] + found["reveals"] + found["shown"]


def play(game_id: str, players: int) -> dict[str, Any]:
    """A whole online game: the host's seats played locally, seat 1 through its guest."""
    from online_fuzz import shipped
    from test_online_shared import join, play_to_the_end
    from wordtable.engine.game import Record
    from wordtable.games import make
    from wordtable.online import Draws, Host

    game, _bots = make(game_id, shipped)
    names = [f"P{seat + 1}" for seat in range(players)]
    host = Host(game, Record(game_id, {"players": players}, 5), names, [1], draws=Draws.new([1]))
    play_to_the_end(host, join(host, [1]))
    return json.loads(json.dumps(host.record.to_json()))


def in_pyodide(records: Path) -> dict[str, Any]:
    import build
    from wordtable.lexicon import store

    with tempfile.TemporaryDirectory() as work_dir:
        work = Path(work_dir)
        shutil.copy(Path(__file__), work / "signatures.py")
        shutil.copytree(build.PACKAGE_SRC, work / "wordtable", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(records, work / "records")
        (work / "site" / "lexicons").mkdir(parents=True)
        for path in build.lexicon_files(store.compiled_dir()):
            shutil.copy(path, work / "site" / "lexicons" / path.name)
        (work / "run.py").write_text("import sys; sys.path.insert(0, '.'); import signatures; signatures.inside('out.json')\n")
        subprocess.run(["node", str(build.TOOLS / "pyodide-run.mjs"), str(build.pyodide_dir()), str(work), "run.py"],
                       check=True)
        return json.loads((work / "out.json").read_text())


def report(found: dict[str, dict[str, int]], cpython: dict[str, Any], pyodide: dict[str, Any]) -> None:
    print("One online game per game: host + 1 guest (seat 1) signing, shared randomness, medium bots.")
    print("sigs = signed moves + signed reveals + signed secrets shown (all the guest's; 'clock' moves are unsigned).")
    print("check = signing.record_refusal over the whole record; verify = wordtable.verify.verify (replay included);")
    print(f"milliseconds, medians of {REPEATS}; ratio = Pyodide / CPython.\n")
    head = (f"{'game':<18}{'pl':>3}{'moves':>6}{'signed':>7}{'clock':>6}{'events':>7}{'reveals':>8}{'shown':>6}"
            f"{'sigs':>5} | {'check CPy':>9}{'check Pyo':>10}{'ratio':>6}{'Pyo/sig':>8} | {'verify CPy':>10}{'verify Pyo':>11}")
    print(head)
    print("-" * len(head))
    for game_id, c in found.items():
        cpy, pyo = cpython["records"][game_id], pyodide["records"][game_id]
        sigs = c["signed"] + c["reveals"] + c["shown"]
        print(f"{game_id:<18}{c['players']:>3}{c['moves']:>6}{c['signed']:>7}{c['clock']:>6}{c['events']:>7}{c['reveals']:>8}"
              f"{c['shown']:>6}{sigs:>5} | {cpy['refusal']:>9.1f}{pyo['refusal']:>10.1f}{pyo['refusal'] / cpy['refusal']:>6.2f}"
              f"{pyo['refusal'] / sigs:>8.2f} | {cpy['verify']:>10.1f}{pyo['verify']:>11.1f}")
    print(f"\nEd25519 on a 200-byte message, medians of {RUNS} (ms):")
    for name in ("sign", "verify"):
        cpy, pyo = cpython["primitives"][name], pyodide["primitives"][name]
        print(f"  {name:<7} CPython {cpy:6.2f}   Pyodide {pyo:6.2f}   ratio {pyo / cpy:.2f}")


def main() -> None:
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    from wordtable.games import REGISTRY
    from wordtable.lexicon import store

    if not (store.compiled_dir() / "manifest.json").exists():
        sys.exit("build first: python3 build.py")
    with tempfile.TemporaryDirectory() as records_dir:
        records = Path(records_dir)
        found: dict[str, dict[str, int]] = {}
        for game_id in REGISTRY:
            record = max((play(game_id, players) for players in (2, 3)), key=signatures)
            (records / f"{game_id}.json").write_text(json.dumps(record))
            found[game_id] = counts(record)
        cpython = measure(records, functools.cache(store.load))
        pyodide = in_pyodide(records)
    report(found, cpython, pyodide)


if __name__ == "__main__":
    main()
