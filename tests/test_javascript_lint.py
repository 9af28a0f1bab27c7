"""The page's JavaScript keeps ESLint's recommended rules (tools/lint/eslint.config.js; ESLint
pinned by tools/lint/package-lock.json and installed by `python3 build.py test`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESLINT = ROOT / "tools" / "lint" / "node_modules" / ".bin" / "eslint"
CONFIG = ROOT / "tools" / "lint" / "eslint.config.js"


def eslint(*paths: str) -> subprocess.CompletedProcess:
    assert ESLINT.exists(), "ESLint is not installed: run the tests with `python3 build.py test`"
    return subprocess.run([str(ESLINT), "--config", str(CONFIG), "--max-warnings", "0", *paths],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_the_pages_javascript_keeps_the_linters_rules():
    run = eslint("web", "tests/toy_games")
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_linter_finds_a_fault():
    """Not a check that cannot fail: a variable never used and a name never defined are found (in
    a file of the checkout's cache: the linter reads files under the folder it runs in)."""
    bad = ROOT / ".cache" / "lint-probe.js"
    bad.parent.mkdir(exist_ok=True)
    try:
        bad.write_text("const unused = 1;\nexport const x = notDefinedAnywhere;\n")
        run = eslint(str(bad.relative_to(ROOT)))
    finally:
        bad.unlink()
    assert run.returncode == 1 and "no-unused-vars" in run.stdout and "no-undef" in run.stdout
