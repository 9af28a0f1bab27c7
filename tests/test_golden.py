"""Every game replays its golden records (golden.py) exactly: the same view for every seat after
every move, and the same final state. Code moved about must not change a game."""

from __future__ import annotations

import json

import pytest

from golden import FOLDER, MIN_GAMES, trace
from test_contract import shipped
from wordtable.engine.game import Record
from wordtable.games import REGISTRY, make


def test_every_game_has_golden_records():
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(REGISTRY)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_golden_records_replay_identically(game_id: str):
    kept = json.loads((FOLDER / f"{game_id}.json").read_text())
    game, _bots = make(game_id, shipped)
    assert kept["game"] == game_id and len(kept["games"]) >= MIN_GAMES
    for number, golden in enumerate(kept["games"]):
        record = Record.from_json(golden["record"])
        steps, final = trace(game, record)
        where = f"{game_id} golden game {number} (options {record.options}, seed {record.seed})"
        differs = next((index for index, (now, then) in enumerate(zip(steps, golden["steps"])) if now != then), None)
        assert differs is None, f"{where}: the views differ after move {differs} of {len(steps) - 1}"
        assert len(steps) == len(golden["steps"]), f"{where}: {len(steps) - 1} moves replayed, not {len(golden['steps']) - 1}"
        assert final == golden["final"], f"{where}: the final state differs"
