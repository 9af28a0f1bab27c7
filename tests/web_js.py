"""Runs a script of ES modules under Node beside a copy of web/js, for the tests of the page's
plain-JavaScript parts (no browser needed)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

JS = Path(__file__).resolve().parent.parent / "web" / "js"


def run_script(folder: Path, script: str, *args: str, files: dict[str, str] | None = None,
               what: str = "the script", js_files: dict[str, str] | None = None) -> Any:
    """Writes script (run.mjs) and files into folder beside a copy of web/js (js_files: files
    added to that copy, or replacing its own), runs it with args, and returns the JSON of its
    last output line; fails with Node's errors if it does not run."""
    node = shutil.which("node")
    assert node, "Node is needed (build.py needs it too): apt-get install nodejs"
    shutil.copytree(JS, folder / "js")
    for name, text in (js_files or {}).items():
        (folder / "js" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "js" / name).write_text(text)
    (folder / "package.json").write_text('{"type": "module"}')  # web/js holds ES modules
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    (folder / "run.mjs").write_text(script)
    run = subprocess.run([node, "run.mjs", *args], cwd=folder, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"{what} does not run under Node:\n{run.stderr}"
    return json.loads(run.stdout.splitlines()[-1])
