"""The package's parts a first visit does not fetch (build.py PACKAGE_PARTS). In the browser the
wheel holds what a first game needs: the engine, the bridge, the dictionaries' reader and the
first game of the home screen. Play by link, online play and the other games are zips beside it,
each listed in our lock file with its sha256.

PartFinder, first on sys.meta_path, meets the first import of a module of a part that is not
here yet with NeedFiles: the bridge answers "need-files", the worker fetches the zip (checked
against its hash, from the offline cache once the service worker holds it) and asks the same
request again. Once the zip is here, the finder adds it where its package looks for modules,
and the import goes on as for any module. An operation imports what it needs before it changes
anything, so asking it again is safe. CPython never installs the finder: it imports from the
source tree."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from wordtable.lexicon.registry import NeededFile, NeedFiles


@dataclass(frozen=True)
class Part:
    file_name: str              # beside the wheel, in the site's pyodide/ folder
    sha256: str
    modules: tuple[str, ...]    # its packages and modules: "wordtable.link", "wordtable.verify"

    def holds(self, name: str) -> bool:
        return any(name == module or name.startswith(module + ".") for module in self.modules)


class PartFinder:
    """A meta path finder that finds nothing itself: it makes sure a part is here and on its
    packages' paths before the usual finders look for one of its modules."""

    def __init__(self, folder: Path, parts: list[Part]):
        self.folder, self.parts = folder, parts
        self.added: set[str] = set()

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        part = next((part for part in self.parts if part.holds(name)), None)
        if part is None or part.file_name in self.added:
            return None
        archive = self.folder / part.file_name
        if not archive.exists():
            raise NeedFiles([NeededFile(f"{self.folder.name}/{part.file_name}", part.sha256)])
        for package in sorted({module.rpartition(".")[0] for module in part.modules}):
            # A parent of the module asked for is imported already (wordtable, wordtable.games);
            # another part's module may have a parent not imported yet (the first game's folder,
            # whose review rides with the link part): imported now, from the wheel.
            importlib.import_module(package).__path__.append(f"{archive}/{package.replace('.', '/')}")
        # A new path entry gets its own zip importer: nothing to invalidate (and
        # importlib.invalidate_caches would import importlib.metadata, which the browser's
        # standard library leaves out).
        self.added.add(part.file_name)
        return None


def install(site_root: str, parts_json: str) -> PartFinder:
    """Called by the browser's worker once the wheel is on sys.path: parts_json is our lock's
    list of parts ({"file_name", "sha256", "modules"}), the zips fetched into site_root/pyodide."""
    parts = [Part(entry["file_name"], entry["sha256"], tuple(entry["modules"])) for entry in json.loads(parts_json)]
    finder = PartFinder(Path(site_root) / "pyodide", parts)
    sys.meta_path.insert(0, finder)  # a finder by protocol (find_spec)
    return finder
