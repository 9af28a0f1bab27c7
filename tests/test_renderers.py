"""The games' renderer modules (web/js/games/) keep the contract written in
web/js/games/contract.js: checked under Node, without a DOM (a renderer only touches `document`
when it is called). Also: the registry lists every game module, the check reports a broken
module, and the shared JavaScript names no game and reads no game's own view fields."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "web" / "js"
GAMES = JS / "games"
NOT_GAMES = {"index.js", "contract.js"}  # the registry and the contract

CHECK = r"""
const [contract, registry] = await Promise.all([import("./js/games/contract.js"), import("./js/games/index.js")]);
const files = JSON.parse(process.argv[2]);
const out = { registered: Object.keys(registry.GAMES), problems: registry.PROBLEMS, modules: {},
  renderers: registry.RENDERERS.length, required: Object.keys(contract.REQUIRED), optional: Object.keys(contract.OPTIONAL) };
const modules = {};
for (const file of files) {
  modules[file] = await import(`./js/games/${file}`);
  out.modules[file] = { id: modules[file].id, problems: contract.checkRenderer(modules[file]), registered: registry.RENDERERS.includes(modules[file]) };
}
// Deliberately broken modules: the check must report them, and the registry must leave them out.
const turnBased = Object.values(modules).find((m) => !m.realtime);
const realTime = Object.values(modules).find((m) => m.realtime);
const without = (module, ...names) => Object.fromEntries(Object.entries(module).filter(([name]) => !names.includes(name)));
out.broken = {
  noFinalScreen: contract.checkRenderer(without(turnBased, "finalScreen")),
  replayBoardNotAFunction: contract.checkRenderer({ ...turnBased, replayBoard: "grids" }),
  noTurnScreen: contract.checkRenderer(without(turnBased, "turnScreen")),
  realTimeWithoutRace: contract.checkRenderer(without(realTime, "raceScreen", "roundsPlayed")),
  badOptional: contract.checkRenderer({ ...turnBased, privacyNote: 42 }),
  badPlayers: contract.checkRenderer({ ...turnBased, minPlayers: 3, maxPlayers: 2 }),
  empty: contract.checkRenderer({}),
};
const registered = registry.register([turnBased, without(realTime, "replayBoard"), turnBased]);
out.registerBroken = { games: Object.keys(registered.games), problems: registered.problems };
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> dict:
    node = shutil.which("node")
    assert node, "Node is needed (build.py needs it too): apt-get install nodejs"
    folder = tmp_path_factory.mktemp("renderers")
    shutil.copytree(JS, folder / "js")
    (folder / "package.json").write_text('{"type": "module"}')  # web/js holds ES modules
    (folder / "check.mjs").write_text(CHECK)
    files = sorted(p.name for p in GAMES.glob("*.js") if p.name not in NOT_GAMES)
    run = subprocess.run([node, "check.mjs", json.dumps(files)], cwd=folder, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"the renderer modules do not import under Node:\n{run.stderr}"
    return json.loads(run.stdout.splitlines()[-1])


def test_every_game_module_keeps_the_contract(checked):
    assert checked["modules"], "no game modules found"
    for file, module in checked["modules"].items():
        assert module["problems"] == [], f"{file}: {module['problems']}"
        assert module["registered"], f"{file} is not listed in web/js/games/index.js"
        assert file == f"{module['id']}.js", f"{file} says its id is {module['id']}"
    assert checked["problems"] == []
    assert sorted(checked["registered"]) == sorted(m["id"] for m in checked["modules"].values())
    assert checked["renderers"] == len(checked["modules"])


def test_the_contract_asks_every_game_for_its_end_and_its_replay(checked):
    for name in ("finalScreen", "replayBoard", "headline", "seatStatus", "historyList", "historyTitle", "summary"):
        assert name in checked["required"]
    assert "privacyNote" in checked["optional"]


def test_a_broken_module_is_reported(checked):
    broken = checked["broken"]
    assert any(p.startswith("missing required export finalScreen") for p in broken["noFinalScreen"]), broken
    assert broken["replayBoardNotAFunction"] == ["replayBoard must be a function, not string"]
    assert any(p.startswith("missing required export turnScreen (turn-based games)") for p in broken["noTurnScreen"])
    assert len(broken["realTimeWithoutRace"]) == 2 and all("(real-time games)" in p for p in broken["realTimeWithoutRace"])
    assert broken["badOptional"] == ["privacyNote must be a string, not number"]
    assert len(broken["badPlayers"]) == 1 and "minPlayers" in broken["badPlayers"][0]
    assert len(broken["empty"]) >= 10
    registered = checked["registerBroken"]
    assert len(registered["games"]) == 1  # the broken one and the duplicate are left out
    assert len(registered["problems"]) == 2
    assert "replayBoard" in registered["problems"][0] and "cannot be played" in registered["problems"][0]
    assert "already taken" in registered["problems"][1]


def code_of(path: Path) -> str:
    """The JavaScript without its comments (comments may mention games as examples)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.sub(r"(^|[^:\"'`])//.*", r"\1", text)


def test_the_shared_javascript_knows_no_game():
    ids = [p.stem for p in GAMES.glob("*.js") if p.name not in NOT_GAMES]
    titles = ["Four Letter Words", "Shrdlu", "Spell Write"]
    # View fields of one game or another: only its renderer reads them.
    fields = ["grids", "grid", "strikes", "out", "chooser", "results", "countdown_s", "caller", "sheets",
              "cards_won", "tiebreak", "spread", "history", "word", "dice"]
    for path in sorted(JS.glob("*.js")):
        code = code_of(path)
        for name in ids + titles:
            assert name.lower() not in code.lower(), f"{path.name} names the game {name}"
        for field in fields:
            assert not re.search(rf"\b(view|frame|state)\??\.{field}\b", code), f"{path.name} reads view.{field}"
