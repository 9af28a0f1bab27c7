"""The games' renderer modules (web/js/games/) keep the contract written in
web/js/games/contract.js, joined to what Python says of each game (game.info, as in
games.json): checked under Node, without a DOM (a renderer only touches `document` when it is
called). Also: the registry lists every game module and every game Python has is drawn, the
check reports a broken module, and the shared JavaScript names no game and reads no game's own
view fields."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from toy_games import TOY_GAMES, renderer_files
from web_js import run_script
from wordtable.games import infos

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "web" / "js"
GAMES = JS / "games"
# Each game's renderer is GAME/index.js; its helpers sit beside it. The files of games/ itself
# are shared: the registry and the contract.
GAME_IDS = sorted(p.parent.name for p in GAMES.glob("*/index.js"))
# …and the toy games of the test run, each copied into its folder there (toy_games).
DRAWN_IDS = sorted([*GAME_IDS, *TOY_GAMES])

CHECK = r"""
import { readFileSync } from "node:fs";
const [contract, registry] = await Promise.all([import("./js/games/contract.js"), import("./js/games/index.js")]);
const files = JSON.parse(process.argv[2]);
const infos = JSON.parse(readFileSync("infos.json", "utf8"));
const info = Object.fromEntries(infos.map((i) => [i.id, i]));
const { games, problems } = registry.register(registry.RENDERERS, infos);
const out = { registered: Object.keys(games), problems, modules: {},
  renderers: registry.RENDERERS.length, required: Object.keys(contract.REQUIRED), optional: Object.keys(contract.OPTIONAL) };
const modules = {};
for (const file of files) {
  modules[file] = await import(`./js/games/${file}`);
  const id = modules[file].id;
  out.modules[file] = { id, problems: contract.checkRenderer(modules[file], info[id]),
                        registered: registry.RENDERERS.includes(modules[file]) };
  if (games[id]) out.modules[file].joined = [games[id].title, games[id].realtime, games[id].minPlayers, games[id].maxPlayers];
}
// Deliberately broken modules: the check must report them, and the registry must leave them out.
const turnBased = Object.values(modules).find((m) => !info[m.id].realtime);
const realTime = Object.values(modules).find((m) => info[m.id].realtime);
const [turnInfo, realInfo] = [info[turnBased.id], info[realTime.id]];
const without = (module, ...names) => Object.fromEntries(Object.entries(module).filter(([name]) => !names.includes(name)));
out.broken = {
  noFinalScreen: contract.checkRenderer(without(turnBased, "finalScreen"), turnInfo),
  replayBoardNotAFunction: contract.checkRenderer({ ...turnBased, replayBoard: "grids" }, turnInfo),
  noTurnScreen: contract.checkRenderer(without(turnBased, "turnScreen"), turnInfo),
  realTimeWithoutRace: contract.checkRenderer(without(realTime, "raceScreen", "roundsPlayed"), realInfo),
  badOptional: contract.checkRenderer({ ...turnBased, privacyNote: 42 }, turnInfo),
  badFirstGame: contract.checkRenderer({ ...turnBased, firstGame: { bot: "Easy", speed: "999" } }, turnInfo),
  saysItsPlayers: contract.checkRenderer({ ...turnBased, maxPlayers: 2 }, turnInfo),
  badInfo: contract.checkRenderer(turnBased, { ...turnInfo, players: { min: 3, max: 2 } }),
  noInfo: contract.checkRenderer(turnBased, undefined),
  empty: contract.checkRenderer({}, turnInfo),
};
const unknown = { ...turnBased, id: "no-such-game" };
const registered = registry.register([turnBased, without(realTime, "replayBoard"), turnBased, unknown], infos);
out.registerBroken = { games: Object.keys(registered.games), problems: registered.problems };
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> dict:
    files = [f"{game_id}/index.js" for game_id in DRAWN_IDS]
    # infos.json: what game.info and games.json say
    return run_script(tmp_path_factory.mktemp("renderers"), CHECK, json.dumps(files),
                      files={"infos.json": json.dumps(infos())}, what="the renderer modules",
                      js_files=renderer_files())


def test_every_game_module_keeps_the_contract(checked):
    assert checked["modules"], "no game modules found"
    for file, module in checked["modules"].items():
        assert module["problems"] == [], f"{file}: {module['problems']}"
        assert module["registered"], f"{file} is not listed in web/js/games/index.js"
        assert file == f"{module['id']}/index.js", f"{file} says its id is {module['id']}"
    assert checked["problems"] == []
    assert sorted(checked["registered"]) == sorted(m["id"] for m in checked["modules"].values())
    assert checked["renderers"] == len(checked["modules"])
    # Every game Python has is drawn, with Python's title, kind and player range.
    python = {info["id"]: [info["title"], info["realtime"], info["players"]["min"], info["players"]["max"]] for info in infos()}
    assert sorted(python) == sorted(checked["registered"])
    for module in checked["modules"].values():
        assert module["joined"] == python[module["id"]]


def test_the_contract_asks_every_game_for_its_end_and_its_replay(checked):
    for name in ("finalScreen", "replayBoard", "headline", "seatStatus", "historyList", "historyTitle", "summary", "resultLine"):
        assert name in checked["required"]
    assert "privacyNote" in checked["optional"]


def test_a_broken_module_is_reported(checked):
    broken = checked["broken"]
    assert any(p.startswith("missing required export finalScreen") for p in broken["noFinalScreen"]), broken
    assert broken["replayBoardNotAFunction"] == ["replayBoard must be a function, not string"]
    assert any(p.startswith("missing required export turnScreen (turn-based games)") for p in broken["noTurnScreen"])
    assert len(broken["realTimeWithoutRace"]) == 2 and all("(real-time games)" in p for p in broken["realTimeWithoutRace"])
    assert broken["badOptional"] == ["privacyNote must be a string, not number"]
    # A first game's bot level and speed must be ones the form offers (else the seat silently
    # became a person and the speed the first in the list).
    assert broken["badFirstGame"] == ['firstGame.bot must be "easy", "medium" or "hard", not "Easy"',
                                      'firstGame.speed must be one of the form\'s speeds (2100, 1200, 700, 250, 0), not "999"']
    speeds = re.findall(r'^  \["(\d+)", "', (JS / "setup.js").read_text(), re.MULTILINE)
    assert speeds == ["2100", "1200", "700", "250", "0"]  # the form's speeds are the contract's FORM_SPEEDS
    assert broken["saysItsPlayers"] == ["maxPlayers comes from Python's game.info: the module must not export it"]
    assert len(broken["badInfo"]) == 1 and "1 ≤ min ≤ max" in broken["badInfo"][0]
    assert len(broken["noInfo"]) == 1 and "Python has no game" in broken["noInfo"][0]
    assert len(broken["empty"]) >= 10
    registered = checked["registerBroken"]
    assert len(registered["games"]) == 1  # the broken one, the duplicate and the unknown are left out
    assert len(registered["problems"]) == 3
    assert "replayBoard" in registered["problems"][0] and "cannot be played" in registered["problems"][0]
    assert "already taken" in registered["problems"][1]
    assert 'Python has no game "no-such-game"' in registered["problems"][2]


def code_of(path: Path) -> str:
    """The JavaScript without its comments (comments may mention games as examples)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.sub(r"(^|[^:\"'`])//.*", r"\1", text)


def test_the_shared_javascript_knows_no_game():
    ids = GAME_IDS
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


def test_the_shared_page_names_no_game():
    """index.html gets each game's stylesheet from build.py, which finds it in the game's folder."""
    ids = GAME_IDS
    page = (JS.parent / "index.html").read_text().lower()
    for name in ids:
        assert name not in page, f"index.html names the game {name}"

