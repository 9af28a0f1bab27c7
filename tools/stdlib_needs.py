"""The standard-library modules Wordtable needs in the browser, found inside Pyodide itself.

Run by build.py inside Pyodide under Node (pyodide-run.mjs), with our package's sources in the
working folder:
  stdlib_needs.py find PACKAGE_DIR OUT_JSON [EXTRA_MODULE...]
      every module our package imports anywhere (module level or inside a function: read from
      the source, so a lazy import is found too) is imported, with what Pyodide's own start-up
      imported; sys.modules is then the list, written as JSON
  stdlib_needs.py check PACKAGE_DIR [WHEEL...]
      under a cut standard library: imports every module of our package and every module it
      names, answers a bridge "hello", and installs each wheel as Pyodide loads one on demand;
      a missing module fails with its name
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import sys


def named_imports(package_dir: str) -> set[str]:
    """Every absolute module name imported anywhere under package_dir (ours excluded)."""
    names: set[str] = set()
    for folder, _dirs, files in os.walk(package_dir):
        for file in files:
            if not file.endswith(".py") or file == "__main__.py":  # the command line: CPython only
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
            if file.endswith(".py") and file != "__main__.py":
                path = os.path.relpath(os.path.join(folder, file), root)[:-3].replace(os.sep, ".")
                modules.append(path.removesuffix(".__init__"))
    return sorted(modules)


def try_import(name: str) -> bool:
    try:
        importlib.import_module(name)
        return True
    except ImportError:
        return False  # "from typing import Any": Any is not a module; marisa_trie: CPython only


def with_submodules(name: str) -> list[str]:
    """A package and every module in it (Pyodide's own: its JavaScript side imports them)."""
    import pkgutil
    package = importlib.import_module(name)
    found = [name]
    for module in pkgutil.walk_packages(getattr(package, "__path__", []), prefix=f"{name}."):
        found.append(module.name)
    return found


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


def find(package_dir: str, out: str, *extra: str) -> None:
    """extra: module names to import too; NAME.* imports a package with all its modules."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(package_dir)))
    wanted = [module for name in extra for module in (with_submodules(name[:-2]) if name.endswith(".*") else [name])]
    for name in sorted(named_imports(package_dir)) + wanted:
        try_import(name)
    for name in our_modules(package_dir):
        import_ours(name)
    with open(out, "w") as sink:
        json.dump(sorted(name for name in sys.modules if name.split(".")[0] != "wordtable"), sink, indent=0)


def install_wheel(wheel: str) -> None:
    """What loading a wheel on demand does in Python (pyodide._package_loader): unpack it with
    its metadata, then look the distributions up."""
    import importlib.metadata
    import tempfile
    import zipfile
    target = tempfile.mkdtemp()
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    sys.path.append(target)
    importlib.invalidate_caches()
    assert any(dist.metadata["Name"] for dist in importlib.metadata.distributions(path=[target]))


def check(package_dir: str, *wheels: str) -> None:
    """package_dir's modules import and its bridge answers; each wheel installs."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(package_dir)))
    missing = []
    for name in our_modules(package_dir):
        lacking = import_ours(name)
        if lacking:
            missing.append(f"{name} needs {lacking}")
    for name in sorted(named_imports(package_dir)):
        if name.split(".")[0] not in sys.stdlib_module_names:
            continue
        # "typing.Any" is a name, not a module: then its module must import.
        if not (try_import(name) or try_import(name.rpartition(".")[0] or name)):
            missing.append(f"our package imports {name}")
    for wheel in wheels:
        try:
            install_wheel(wheel)
        except (ModuleNotFoundError, LookupError) as error:  # LookupError: a codec
            missing.append(f"installing {os.path.basename(wheel)} needs {getattr(error, 'name', None) or error}")
    if missing:
        sys.exit("The cut standard library lacks: " + "; ".join(missing))
    from wordtable.bridge import handle
    reply = json.loads(handle(json.dumps({"op": "hello"})))
    if not reply["ok"]:
        sys.exit(f"hello failed under the cut standard library: {reply['error']['message']}")


if __name__ == "__main__":
    command, *arguments = sys.argv[1:]
    {"find": find, "check": check}[command](*arguments)
