"""The linter and the type checker, as pyproject.toml configures them ([tool.ruff], [tool.mypy]),
run from the venv's own pinned copies (the test group): a finding fails the test with their
report. ruff takes a fraction of a second; mypy keeps its cache in .cache/mypy, so a run after
the first rechecks only what changed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the venv's scripts, beside its python
LINTED = ["py", "tests", "bench", "tools", "build.py"]


def run_tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    tool = BIN / name
    if not tool.exists():
        pytest.fail(f"{tool} is missing: it is pinned in pyproject.toml's test group (python3 build.py test installs it)")
    return subprocess.run([str(tool), *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_finds_nothing():
    result = run_tool("ruff", "check", "--no-fix", "--output-format", "concise", *LINTED)
    if result.returncode != 0:
        pytest.fail(f"ruff check {' '.join(LINTED)}:\n{result.stdout}{result.stderr}", pytrace=False)


def test_mypy_finds_nothing():
    result = run_tool("mypy")  # what and how strictly: [tool.mypy] in pyproject.toml
    if result.returncode != 0:
        pytest.fail(f"mypy:\n{result.stdout}{result.stderr}", pytrace=False)


# Past this many lines a module does more than one job (issue 45): split it by job rather than
# raise the cap. Only a data table may be longer (a deck, an alphabet, a list of words), listed
# here with its length today and why; it may not grow. None is today: play by link's table (955
# lines) was split by job into link.table, link.outgoing, link.incoming and link.draws.
MODULE_LINES = 600
LONGER_MODULES: dict[str, int] = {}
MODULE_PATTERNS = ("py/**/*.py", "web/**/*.js", "web/**/*.mjs", "web/**/*.css", "web/**/*.html")


def module_lines() -> dict[str, int]:
    found = {}
    for pattern in MODULE_PATTERNS:
        for path in ROOT.glob(pattern):
            if "node_modules" not in path.parts and "__pycache__" not in path.parts:
                found[path.relative_to(ROOT).as_posix()] = len(path.read_text(encoding="utf-8").splitlines())
    return found


def test_every_module_is_within_the_size_cap():
    lines = module_lines()
    assert len(lines) > 100  # the patterns find the modules
    too_long = {name: count for name, count in sorted(lines.items())
                if count > LONGER_MODULES.get(name, MODULE_LINES)}
    assert not too_long, f"over {MODULE_LINES} lines (or over their listed length): {too_long}"


def test_the_modules_allowed_to_be_longer_still_need_it():
    lines = module_lines()
    for name, allowed in LONGER_MODULES.items():
        assert name in lines, f"{name} is gone: take it off LONGER_MODULES"
        assert lines[name] > MODULE_LINES, f"{name} is within the cap now: take it off LONGER_MODULES"
        assert lines[name] == allowed, f"{name} has {lines[name]} lines, listed as {allowed}: write its length today"


def test_the_shared_python_names_no_game():
    """A game is its own folder (issue 45): outside py/wordtable/games/, no module names a game's
    id as a string or imports from a game's folder; the command line finds each game's own
    commands through the registry (wordtable.commands), as the engine finds its rules."""
    from wordtable.games import BUILT_IN, REGISTRY
    ids = "|".join(re.escape(game_id) for game_id in BUILT_IN)
    folders = "|".join(re.escape(REGISTRY[game_id][0]) for game_id in BUILT_IN)
    naming = re.compile(rf"""["']({ids})["']|wordtable\.games\.({folders})\b""")
    package = ROOT / "py" / "wordtable"
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted(package.rglob("*.py")) if "games" not in path.relative_to(package).parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if naming.search(line)]
    assert not found, "shared code names a game:\n" + "\n".join(found)
