"""The dictionaries a running app knows: the shipped ones (loaded from a folder on first use)
and the player's own lists (handed over by the page, which keeps them in localStorage).

In the browser the folder is filled by the worker on demand: when a file is missing, the
registry raises NeedFiles naming it (with its sha256 when the manifest knows it), the worker
fetches it with that hash as subresource integrity, and asks again.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordtable.lexicon.lexicon import Lexicon, LexiconInfo

CUSTOM_PREFIX = "custom:"
MAX_CUSTOM_LISTS = 20


@dataclass(frozen=True)
class NeededFile:
    path: str            # relative to the site, e.g. "lexicons/standard.marisa"
    sha256: str | None   # known for lexicon files, from the manifest


class NeedFiles(Exception):
    def __init__(self, files: list[NeededFile]):
        super().__init__(", ".join(f.path for f in files))
        self.files = files


class UnknownLexicon(LookupError):
    pass


class LexiconRegistry:
    def __init__(self, site_root: Path):
        self.site_root = site_root
        self._manifest: list[dict] | None = None
        self._loaded: dict[str, Lexicon] = {}
        self._custom: dict[str, Lexicon] = {}

    def _read(self, needed: list[NeededFile]) -> list[bytes]:
        missing = [f for f in needed if not (self.site_root / f.path).exists()]
        if missing:
            raise NeedFiles(missing)
        return [(self.site_root / f.path).read_bytes() for f in needed]

    def manifest(self) -> list[dict]:
        if self._manifest is None:
            (data,) = self._read([NeededFile("lexicons/manifest.json", None)])
            self._manifest = json.loads(data)["lexicons"]
        return self._manifest

    def default_name(self) -> str:
        return next(e["name"] for e in self.manifest() if e["default"])

    def infos(self) -> list[LexiconInfo]:
        from wordtable.lexicon.lexicon import LexiconInfo
        shipped = [LexiconInfo(e["name"], e["title"], e["description"], e["licence"], e["words"])
                   for e in self.manifest()]
        return shipped + [lexicon.info for lexicon in self._custom.values()]

    def get(self, name: str | None = None) -> Lexicon:
        from wordtable.lexicon.levels import Levels
        from wordtable.lexicon.lexicon import Lexicon, LexiconInfo
        name = name or self.default_name()
        if name in self._custom:
            return self._custom[name]
        if name not in self._loaded:
            entry = next((e for e in self.manifest() if e["name"] == name), None)
            if entry is None:
                raise UnknownLexicon(f"There is no dictionary called “{name}”.")
            # The trie, and how common its words are where the dictionary says (the bots' `common`).
            kinds = [kind for kind in ("words", "levels") if kind in entry["files"]]
            data = dict(zip(kinds, self._read([self._file_of(entry, kind) for kind in kinds])))
            for kind in kinds:
                if entry["files"][kind].get("packed") == "gzip":
                    data[kind] = zlib.decompress(data[kind], wbits=31)  # the site sends them gzipped (build.py pack_tries)
            info = LexiconInfo(entry["name"], entry["title"], entry["description"], entry["licence"],
                               entry["words"])
            levels = Levels(data["levels"]) if "levels" in data else None
            self._loaded[name] = Lexicon.from_marisa(info, data["words"], levels=levels)
        return self._loaded[name]

    @staticmethod
    def _file_of(entry: dict, kind: str) -> NeededFile:
        return NeededFile(f"lexicons/{entry['files'][kind]['file']}", entry["files"][kind]["sha256"])

    def add_custom(self, list_id: str, title: str, words: list[str]) -> LexiconInfo:
        """Registers a player's list. The words are checked again: the page's copy may be old
        or tampered with, and a bad list must never break the app."""
        if not list_id.startswith(CUSTOM_PREFIX) or len(list_id) > 80:
            raise ValueError("a custom list id must look like 'custom:…'")
        if list_id not in self._custom and len(self._custom) >= MAX_CUSTOM_LISTS:
            raise ValueError(f"At most {MAX_CUSTOM_LISTS} lists of your own can be kept.")
        from wordtable.lexicon.custom import parse_word_list
        from wordtable.lexicon.lexicon import Lexicon, LexiconInfo
        parsed = parse_word_list("\n".join(words))
        title = (title.strip() or "My list")[:60]
        info = LexiconInfo(list_id, title, "A list you added on this device.",
                           "your own", len(parsed.words), custom=True)
        self._custom[list_id] = Lexicon.from_words(info, parsed.words)
        return info

    def remove_custom(self, list_id: str) -> None:
        self._custom.pop(list_id, None)
