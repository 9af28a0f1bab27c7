"""The shipped lexicons on CPython: compiled from wordlists/ on first use, then loaded."""

from __future__ import annotations

import os
from pathlib import Path

from wordtable.lexicon.levels import Levels
from wordtable.lexicon.lexicon import Lexicon, LexiconInfo

REPO = Path(__file__).resolve().parents[3]


class UnknownLexicon(KeyError):
    def __str__(self) -> str:
        return f"no lexicon named {self.args[0]!r}"


def compiled_dir() -> Path:
    return Path(os.environ.get("WORDTABLE_LEXICONS", REPO / ".cache" / "lexicons"))


def manifest() -> dict:
    from wordtable.lexicon.compile import compile_all  # needs marisa_trie: CPython only
    return compile_all(REPO / "wordlists", compiled_dir())


def info_of(entry: dict) -> LexiconInfo:
    return LexiconInfo(entry["name"], entry["title"], entry["description"], entry["licence"],
                       entry["words"])


def available() -> list[LexiconInfo]:
    return [info_of(e) for e in manifest()["lexicons"]]


def default_name() -> str:
    return next(e["name"] for e in manifest()["lexicons"] if e["default"])


def load(name: str | None = None, native: bool | None = None) -> Lexicon:
    """The shipped lexicon `name` (the default one without a name), read once per process:
    a game asks its lexicon_for at every step, and a command-line replay asked thousands of
    times (a Wordsmith `verify` read the dictionary twice a move, 3-5 s a link)."""
    name = name or default_name()
    key = (str(compiled_dir()), name, native)
    if key not in _LOADED:
        _LOADED[key] = _read(name, native)
    return _LOADED[key]


_LOADED: dict[tuple[str, str, bool | None], Lexicon] = {}


def _read(name: str, native: bool | None) -> Lexicon:
    entries = {e["name"]: e for e in manifest()["lexicons"]}
    if name not in entries:
        raise UnknownLexicon(name)
    entry = entries[name]
    folder = compiled_dir()
    data = (folder / entry["files"]["words"]["file"]).read_bytes()
    levels = entry["files"].get("levels")
    return Lexicon.from_marisa(info_of(entry), data, native,
                               Levels((folder / levels["file"]).read_bytes()) if levels else None)

