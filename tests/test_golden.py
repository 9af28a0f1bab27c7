"""Every game replays its golden records (golden.py) exactly: the same view for every seat after
every move, and the same final state. Code moved about must not change a game."""

from __future__ import annotations

import json

import pytest

from golden import FOLDER, MIN_GAMES, trace
from test_contract import shipped
from wordtable.engine.game import Record
from wordtable.games import REGISTRY, make


def said_then_and_now(then: list[str], now: list[str], step: int) -> str:
    """The kept lines and today's around the first step that differs."""
    lines = []
    for index in range(max(0, step - 2), min(step + 2, len(then), len(now))):
        mark = "  " if then[index] == now[index] else "≠ "
        lines.append(f"{mark}step {index} kept: {then[index]}\n{mark}step {index} now:  {now[index]}")
    return "\n".join(lines)


def test_every_game_has_golden_records():
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(REGISTRY)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_golden_records_replay_identically(game_id: str):
    kept = json.loads((FOLDER / f"{game_id}.json").read_text())
    game, _bots = make(game_id, shipped)
    assert kept["game"] == game_id and len(kept["games"]) >= MIN_GAMES
    for number, golden in enumerate(kept["games"]):
        record = Record.from_json(golden["record"])
        summaries: list[str] = []
        steps, final = trace(game, record, summaries)
        where = f"{game_id} golden game {number} (options {record.options}, seed {record.seed})"
        differs = next((index for index, (now, then) in enumerate(zip(steps, golden["steps"])) if now != then), None)
        assert differs is None, f"{where}: the views differ after move {differs} of {len(steps) - 1}\n" + \
            said_then_and_now(golden["summary"], summaries, differs)
        assert len(steps) == len(golden["steps"]), f"{where}: {len(steps) - 1} moves replayed, not {len(golden['steps']) - 1}"
        assert final == golden["final"], f"{where}: the final state differs"
        assert summaries == golden["summary"], f"{where}: the views agree, but the moves' lines differ (a move's " \
            "text changed? `python3 tests/golden.py --rehash` writes them anew)"
