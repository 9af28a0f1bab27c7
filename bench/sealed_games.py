"""Whole games of One Letter Better dealt sealed (issue 47, wordtable.engine.sealed_table): medium
bots at a table of devices in one process (CPython), each device's own work timed apart. Prints,
per number of players, medians over the games: the time each device spends on the table's
cryptography in a game and in a round's deal (its passes, checks and hand), the time to a
first turn (the first deal, devices one after another, as they pass in turn; each next round
is dealt during the one before), the messages a
game takes by kind, their bytes, the largest one, and the links a game would take by link in
the strict mode (one link per message from another device than the one before). Not a test:
numbers, not verdicts. (bench/fair_cards.py has the deal alone, in Pyodide too.)

    .venv/bin/python bench/sealed_games.py [games per size, default 3] [rounds, default 4]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py")]

from wordtable.engine import sealed_audit  # noqa: E402
from wordtable.engine.bots import ask_bot  # noqa: E402
from wordtable.games import make  # noqa: E402
from wordtable.lexicon import store  # noqa: E402


class TimedTable(sealed_audit.Table):
    """A table that adds up each device's time on every message it handles or makes."""

    def __init__(self, *args, **kwargs):
        self.spent: Counter[int | None] = Counter()
        self.first_turn: float | None = None
        self.began = time.perf_counter()
        self.devices = []
        super().__init__(*args, **kwargs)

    def send(self, messages):
        queue = list(messages)
        while queue:
            message = queue.pop(0)
            self.record.append(message)
            for device in self.devices + [self.observer]:
                start = time.perf_counter()
                queue += device.receive(message)
                self.spent[device.seat] += time.perf_counter() - start
            for device in self.devices:
                queue += device.automatic()
            if self.first_turn is None and self.devices and all(device.ready() for device in self.devices):
                self.first_turn = time.perf_counter() - self.began  # (the next deal goes on after it)


def links(record: list[dict]) -> int:
    """By link, strict: a message from another seat than the one before needs a new link."""
    count, last = 0, None
    for message in record:
        if message["seat"] != last:
            count, last = count + 1, message["seat"]
    return count


def one_game(players: int, rounds: int, seed: int) -> dict:
    game, bots = make("one-letter-better", store.load)
    options = game.Options.parse({"players": players, "rounds": rounds})
    table = TimedTable(game, options, seed, random.Random(seed))
    moves = 0
    while game.outcome(table.devices[0].state) is None:
        seat = game.actors(table.devices[0].state)[0]
        device = table.devices[seat]
        move = ask_bot(bots["medium"], game, device.state, seat, seed, moves)
        start = time.perf_counter()
        messages = device.move(move)
        table.spent[seat] += time.perf_counter() - start
        table.send(messages)
        moves += 1
    for device in table.devices:
        device.audit()
    sizes = [len(json.dumps(m, separators=(",", ":"))) for m in table.record]
    seats_spent = [table.spent[seat] for seat in range(players)]
    return {"first_turn": table.first_turn, "device_s": statistics.median(seats_spent), "observer_s": table.spent[None],
            "messages": len(table.record), "kinds": Counter(m["kind"] for m in table.record),
            "kb": sum(sizes) / 1000, "largest_kb": max(sizes) / 1000, "links": links(table.record), "moves": moves,
            "rounds": len(table.devices[0].state.results)}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print(f"One Letter Better dealt sealed, {games} games of medium bots per size, {rounds} rounds, CPython")
    for players in (2, 3, 4):
        runs = [one_game(players, rounds, seed) for seed in range(1, games + 1)]

        def median(key: str, runs: list[dict] = runs) -> float:
            return statistics.median(run[key] for run in runs)

        kinds = Counter()
        for run in runs:
            kinds.update(run["kinds"])
        print(f"{players} players: first turn {median('first_turn'):.2f} s (one process, devices in turn); "
              f"per device {median('device_s'):.1f} s a game, {median('device_s') / median('rounds'):.2f} s a round; "
              f"observer {median('observer_s'):.1f} s; {median('moves'):.0f} moves, {median('messages'):.0f} messages "
              f"({', '.join(f'{k} {v / games:.0f}' for k, v in sorted(kinds.items()))}), {median('kb'):.0f} KB, "
              f"largest {median('largest_kb'):.0f} KB; strict links {median('links'):.0f}")


if __name__ == "__main__":
    main()
