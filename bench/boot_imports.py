"""What Pyodide's own boot costs a first visit in standard library, and what a patch to its
Python side would save (issue 17: a first visit within 5 MB).

Inside Pyodide (under Node), after its boot: the static import graph of every module loaded
(module-level imports read from the standard library's sources), our package's imports added.
It then counts the compressed bytecode, in our cut standard library, that the first visit needs:
  - as today;
  - with `pyodide.webloop` (asyncio and its event loop) imported only when first used;
  - with, besides, `pyodide._package_loader`'s own imports deferred to its functions.
These are estimates from a static graph, not a built patch.

    .venv/bin/python bench/boot_imports.py   (after `python3 build.py`)

Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What Pyodide's JavaScript imports at boot (pyodide.asm.mjs: API.pyodide_py and the lines after
# it), and what Python's own start-up imports.
BOOT_ROOTS = ("pyodide", "pyodide.code", "pyodide.ffi", "pyodide._package_loader", "_pyodide._base",
              "_pyodide", "_pyodide._importhook", "pyodide._state", "site", "encodings", "encodings.utf_8",
              "zipimport", "runpy", "pkgutil")
# (what changes, modules no longer imported at boot, modules whose own imports wait for first use)
PATCHES = (
    ("today", (), ()),
    ("pyodide.webloop imported when asyncio is first used", ("pyodide.webloop",), ()),
    ("that, and pyodide._package_loader's imports deferred", ("pyodide.webloop",), ("pyodide._package_loader",)),
)


# -- inside Pyodide ---------------------------------------------------------------------------

def inside(full_zip: str, cut_zip: str, package_dir: str, out: str) -> None:
    import importlib

    from stdlib_needs import named_imports  # tools/stdlib_needs.py, copied beside this file

    full = zipfile.ZipFile(full_zip)
    cut = zipfile.ZipFile(cut_zip)
    sources = set(full.namelist())
    for name in cut.namelist():  # every module the cut library holds, so the graph covers them
        if name.endswith(".pyc"):
            try:
                importlib.import_module(name[:-4].replace("/", ".").removesuffix(".__init__"))
            except Exception:  # noqa: BLE001 (a module that cannot load here is simply not in the graph)
                pass
    loaded = set(sys.modules)
    graph = {module: module_imports(full, sources, module, loaded) for module in loaded}
    ours = sorted(name for name in named_imports(package_dir) if name in loaded)
    sizes = {module: compressed_size(cut, module) for module in loaded}
    results = []
    for label, lazy, deferred in PATCHES:
        needed = reach(graph, [root for root in BOOT_ROOTS if root not in lazy] + ours, set(lazy), set(deferred))
        results.append({"label": label, "bytes": sum(sizes[m] for m in needed),
                        "largest": sorted(((sizes[m], m) for m in needed), reverse=True)[:8]})
    total = sum(len(zlib.compress(cut.read(info), 6)) for info in cut.infolist())  # as deflated files
    with open(out, "w") as sink:
        json.dump({"results": results, "cut_zip_bytes": total}, sink)


def module_imports(full: zipfile.ZipFile, sources: set[str], module: str, loaded: set[str]) -> set[str]:
    """The loaded modules `module` imports at its top level (inside if/try/with too, not in functions)."""
    path = next((p for p in (module.replace(".", "/") + ".py", module.replace(".", "/") + "/__init__.py")
                 if p in sources), None)
    if path is None:
        return set()
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    names: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                names.add(base)
                names.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                for field in ("body", "orelse", "finalbody"):
                    visit(getattr(node, field, []) or [])
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(ast.parse(full.read(path)).body)
    prefixes = {".".join(name.split(".")[:i]) for name in names for i in range(1, name.count(".") + 2)}
    return prefixes & loaded


def compressed_size(cut: zipfile.ZipFile, module: str) -> int:
    """A module's bytecode deflated on its own (the zip stores it: the site gzips the whole)."""
    for name in (module.replace(".", "/") + ".pyc", module.replace(".", "/") + "/__init__.pyc"):
        try:
            return len(zlib.compress(cut.read(name), 6))
        except KeyError:
            pass
    return 0


def reach(graph: dict[str, set[str]], roots: list[str], lazy: set[str], deferred: set[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        module = todo.pop()
        if module in seen or module in lazy:
            continue
        seen.add(module)
        if module not in deferred:
            todo += graph.get(module, ())
    return seen


# -- on CPython -------------------------------------------------------------------------------

def main() -> None:
    sys.path.insert(0, str(ROOT))
    import build

    cut_zip = ROOT / "dist" / "pyodide" / build.STDLIB_SENT_NAME
    if not cut_zip.exists():
        sys.exit("build first: python3 build.py")
    with tempfile.TemporaryDirectory() as work_dir:
        work = Path(work_dir)
        shutil.copy(Path(__file__), work / "boot_imports.py")
        shutil.copy(build.TOOLS / "stdlib_needs.py", work / "stdlib_needs.py")
        shutil.copy(build.pyodide_dir() / "python_stdlib.zip", work / "full.zip")
        (work / "cut.zip").write_bytes(build.stdlib_zip(ROOT / "dist"))
        shutil.copytree(build.PACKAGE_SRC, work / "wordtable", ignore=shutil.ignore_patterns("__pycache__"))
        (work / "run.py").write_text("import sys; sys.path.insert(0, '.'); import boot_imports; "
                                     "boot_imports.inside('full.zip', 'cut.zip', 'wordtable', 'out.json')\n")
        subprocess.run(["node", str(build.TOOLS / "pyodide-run.mjs"), str(build.pyodide_dir()), str(work), "run.py"],
                       check=True)
        found = json.loads((work / "out.json").read_text())
    today = found["results"][0]["bytes"]
    print(f"Standard library a first visit fetches: {cut_zip.stat().st_size / 1e6:.2f} MB "
          f"(dist/pyodide/{build.STDLIB_SENT_NAME}, gzipped whole; its modules' bytecode: "
          f"{found['cut_zip_bytes'] / 1e6:.2f} MB deflated file by file).")
    print(f"Reached from Pyodide's boot and our package's imports (static graph): {today / 1e6:.2f} MB; "
          "the rest is kept whole (Pyodide's packages, codecs) or imported only while a game runs.\n")
    for result in found["results"]:
        saved = today - result["bytes"]
        print(f"{result['label']}: {result['bytes'] / 1e6:.2f} MB, {saved / 1e6:.2f} MB less")
        print("    largest: " + ", ".join(f"{name} {size / 1e3:.0f} KB" for size, name in result["largest"]))


if __name__ == "__main__":
    main()
