"""The standard-library modules Wordtable needs in the browser, found inside Pyodide itself.

Run by build.py inside Pyodide under Node (pyodide-run.mjs), in a working folder holding our
package's sources (PACKAGE_DIR, read for its imports), our wheel (imported from the zip, as the
browser does), the dictionaries under site/, and the wheels Pyodide may load on demand:
  stdlib_needs.py find PACKAGE_DIR WHEEL SITE_DIR OUT_JSON [WHEEL...] -- [EXTRA_MODULE...]
      imports every module our package names anywhere (read from the sources, so an import
      inside a function counts), then plays every game through the bridge with bots, so what
      the standard library imports only when a code path runs is seen too: sys.modules is then
      "core"; then installs and imports the on-demand wheels: what that adds is "on_demand".
      Written as JSON {"core": [...], "on_demand": [...]}
  stdlib_needs.py check PACKAGE_DIR WHEEL SITE_DIR ON_DEMAND_ZIP [WHEEL...]
      the same, under the cut standard library (the core), with ON_DEMAND_ZIP put on sys.path
      only before the wheels are installed, as the browser's worker does: a missing module
      fails with its name
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import sys

# The command line's modules (wordtable.__main__, wordtable.commands, a game's commands.py): CPython
# only, never imported in a page, so what they import stays out of the browser's standard library.
COMMAND_LINE_FILES = ("__main__.py", "commands.py")


def named_imports(package_dir: str) -> set[str]:
    """Every absolute module name imported anywhere under package_dir (ours excluded)."""
    names: set[str] = set()
    for folder, _dirs, files in os.walk(package_dir):
        for file in files:
            if not file.endswith(".py") or file in COMMAND_LINE_FILES:
                continue
            with open(os.path.join(folder, file), encoding="utf-8") as source:
                tree = ast.parse(source.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module)
                    # "from importlib import resources": resources may be a module of its own.
                    names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name.split(".")[0] != "wordtable"}


def our_modules(package_dir: str) -> list[str]:
    root = os.path.dirname(os.path.abspath(package_dir))
    modules = []
    for folder, _dirs, files in os.walk(package_dir):
        for file in sorted(files):
            if file.endswith(".py") and file not in COMMAND_LINE_FILES:
                path = os.path.relpath(os.path.join(folder, file), root)[:-3].replace(os.sep, ".")
                modules.append(path.removesuffix(".__init__"))
    return sorted(modules)


def try_import(name: str) -> bool:
    try:
        importlib.import_module(name)
        return True
    except ImportError:
        return False  # "from typing import Any": Any is not a module; marisa_trie: CPython only


def import_ours(name: str) -> str | None:
    """Imports one of our modules; the standard-library module it lacks, if one. A module that
    needs something outside the standard library (marisa_trie, for building dictionaries on
    CPython) is not used in the browser, and is passed over."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in sys.stdlib_module_names:
            return error.name
    return None


def install_wheel(wheel: str) -> str:
    """What loading a wheel on demand does (pyodide._package_loader): unpack it, look for
    shared libraries in it (tarfile, sysconfig), read its metadata; returns where it went."""
    import importlib.metadata
    import sysconfig
    import tarfile  # noqa: F401  (imported by the loader's shared-library search)
    import tempfile
    import zipfile
    target = tempfile.mkdtemp()
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    sysconfig.get_config_var("EXT_SUFFIX")
    sys.path.append(target)
    importlib.invalidate_caches()
    assert any(dist.metadata["Name"] for dist in importlib.metadata.distributions(path=[target]))
    return target


def play_every_game(site_dir: str) -> None:
    """Every game through the bridge, as the page plays it: its warm-up, a new game, then bots'
    moves (every level), asking for views; any internal error (a missing module) fails, and so
    does a file the site folder lacks (every dictionary file is there: a game not played would
    leave its imports unseen)."""
    from wordtable.bridge import handle
    from wordtable.games import REGISTRY

    def call(op: str, **args):
        reply = json.loads(handle(json.dumps({"op": op, "args": args})))
        if not reply["ok"] and reply["error"]["kind"] in ("internal", "need-files"):
            sys.exit(f"{op} failed: {reply['error']['message']}")
        return reply.get("result")

    call("hello")
    call("lexicons")
    call("lexicon.check", words=["cat", "hello!", "two words"])
    for game_id in REGISTRY:
        while not call("game.warm_up", game=game_id, options={})["done"]:
            pass
        made = call("game.new", game=game_id, options={"players": 2}, seed=7)
        if made is None:
            sys.exit(f"{game_id}: a new game was refused")
        record = made["record"]
        for step in range(12):
            actors = call("game.view", record=record, seat=0)["actors"]
            if not actors:
                break
            level = ("easy", "medium", "hard")[step % 3]
            move = call("game.bot", record=record, seat=actors[0], level=level)
            if not move or move.get("move") is None:
                break  # a race: the bot waits for its time
            played = call("game.play", record=record, seat=actors[0], move=move["move"])
            if played is None:
                break  # refused (a real-time move too late): nothing more to learn here
            record = played["record"]


def exercise(package_dir: str, wheel: str, site_dir: str, wheels: list[str], extra: list[str],
             on_demand_zip: str | None = None) -> set[str]:
    """Runs everything; returns the modules imported before the on-demand wheels were."""
    sys.path.insert(0, os.path.abspath(wheel))  # zipimport and resources from a zip, as in the browser
    os.environ["WORDTABLE_SITE"] = os.path.abspath(site_dir)  # read when the bridge is imported
    for name in sorted(named_imports(package_dir)) + extra:
        try_import(name)
    missing = [f"{name} needs {lacking}" for name in our_modules(package_dir) if (lacking := import_ours(name))]
    if missing:
        sys.exit("The standard library lacks: " + "; ".join(missing))
    play_every_game(site_dir)
    core = set(sys.modules)
    if on_demand_zip:
        sys.path.append(os.path.abspath(on_demand_zip))
        importlib.invalidate_caches()
    for path in wheels:
        install_wheel(path)
    for name in ("packaging.metadata", "packaging.tags", "micropip"):
        importlib.import_module(name)
    return core


def split_extra(arguments: list[str]) -> tuple[list[str], list[str]]:
    if "--" in arguments:
        cut = arguments.index("--")
        return arguments[:cut], arguments[cut + 1:]
    return arguments, []


def find(package_dir: str, wheel: str, site_dir: str, out: str, *rest: str) -> None:
    wheels, extra = split_extra(list(rest))
    core = exercise(package_dir, wheel, site_dir, wheels, extra)
    ours = lambda name: name.split(".")[0] in ("wordtable", "micropip", "packaging")  # noqa: E731
    with open(out, "w") as sink:
        json.dump({"core": sorted(name for name in core if not ours(name)),
                   "on_demand": sorted(name for name in set(sys.modules) - core if not ours(name))}, sink, indent=0)


def check(package_dir: str, wheel: str, site_dir: str, on_demand_zip: str, *wheels: str) -> None:
    try:
        exercise(package_dir, wheel, site_dir, list(wheels), [], on_demand_zip)
    except (ModuleNotFoundError, LookupError) as error:  # LookupError: a codec
        sys.exit(f"The cut standard library lacks {getattr(error, 'name', None) or error}")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"find": find, "check": check}[command](*arguments)
