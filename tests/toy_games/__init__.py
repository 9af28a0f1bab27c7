"""Games that exist only in the test run: each proves that a game is one folder plus one
registry line, by passing the tests every shipped game passes. A toy game's folder holds its
Python package (rules.py, bots.py) and web/: its renderer (index.js, written as if it sat in
web/js/games/ID/) and how-to-play.html."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
TOY_GAMES = {"ghost": HERE / "ghost", "lucky-letters": HERE / "lucky_letters"}  # id -> folder


def web_folder(game_id: str) -> Path | None:
    """A toy game's web/ folder; None for a game the site ships."""
    folder = TOY_GAMES.get(game_id)
    return None if folder is None else folder / "web"


def renderer_files() -> dict[str, str]:
    """What a copy of web/js needs to draw the toy games too: each renderer in games/ID/ and the
    registry of renderers with one line per toy game (as a shipped game's would be)."""
    registry = (HERE.parent.parent / "web" / "js" / "games" / "index.js").read_text()
    files = {}
    for number, (game_id, folder) in enumerate(TOY_GAMES.items()):
        files[f"games/{game_id}/index.js"] = (folder / "web" / "index.js").read_text()
        registry += f'import * as toy{number} from "./{game_id}/index.js";\nRENDERERS.push(toy{number});\n'
    files["games/index.js"] = registry
    return files


def register_toy_games() -> None:
    """Adds the toy games to the registry, for this run only."""
    from wordtable.games import REGISTRY, register
    for game_id in TOY_GAMES:
        if game_id not in REGISTRY:
            register(game_id, f"toy_games.{game_id.replace('-', '_')}", "".join(w.title() for w in game_id.split("-")))
