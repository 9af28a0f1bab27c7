"""The linter and the type checker, as pyproject.toml configures them ([tool.ruff], [tool.mypy]),
run from the venv's own pinned copies (the test group): a finding fails the test with their
report. ruff takes a fraction of a second; mypy keeps its cache in .cache/mypy, so a run after
the first rechecks only what changed."""

from __future__ import annotations

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
