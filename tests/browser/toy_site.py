"""The site built with the test run's toy games in it, the way a game is added
(docs/adding-a-game.md): a copy of the sources with each toy game's folder dropped in on each
side, its how-to-play page beside the others, and one registry line per side. Nothing else
changes, so a toy game that plays here proves the shared code needs nothing more."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from toy_games import TOY_GAMES

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = ("py", "web", "tools", "wordlists")


def build_with_toy_games(folder: Path) -> Path:
    """Builds the copy in folder; its dist/."""
    copy = folder / "sources"
    for name in SOURCES:
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
    for name in ("build.py", "pyproject.toml"):
        shutil.copyfile(ROOT / name, copy / name)
    for name in (".venv", ".cache"):  # the tools and downloads the checkout has already
        (copy / name).symlink_to(ROOT / name)
    for game_id, toy in TOY_GAMES.items():
        add_game(copy, game_id, toy)
    subprocess.run([sys.executable, str(copy / "build.py")], cwd=copy, check=True, capture_output=True, text=True)
    return copy / "dist"


def add_game(copy: Path, game_id: str, toy: Path) -> None:
    folder = game_id.replace("-", "_")
    python = copy / "py" / "wordtable" / "games" / folder
    python.mkdir()
    for source in toy.glob("*.py"):
        shutil.copyfile(source, python / source.name)
    web = copy / "web" / "js" / "games" / game_id
    web.mkdir()
    shutil.copyfile(toy / "web" / "index.js", web / "index.js")
    shutil.copyfile(toy / "web" / "how-to-play.html", copy / "web" / "how-to-play" / f"{game_id}.html")
    class_name = "".join(word.title() for word in game_id.split("-"))
    registry = copy / "py" / "wordtable" / "games" / "__init__.py"
    registry.write_text(re.sub(r"(REGISTRY: dict\[str, tuple\[str, str\]\] = \{\n)",
                               rf'\1    "{game_id}": ("{folder}", "{class_name}"),\n', registry.read_text(), count=1))
    renderers = copy / "web" / "js" / "games" / "index.js"
    name = f"toy{class_name}"
    renderers.write_text(re.sub(r"(export const RENDERERS = \[)", rf"import * as {name} from './{game_id}/index.js';\n\1{name}, ",
                                renderers.read_text(), count=1))
