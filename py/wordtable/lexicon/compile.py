"""Compile wordlists/*.txt into MARISA files with marisa_trie (CPython, at build time).

    python -m wordtable.lexicon.compile WORDLISTS_DIR OUT_DIR

For each list in WORDLISTS_DIR/catalog.json: NAME.marisa (the words; the words by length are
decoded from it on the device, see listing.py), NAME.levels for a list the catalog gives
levels (how common its words are, see levels.py), plus OUT_DIR/manifest.json with each list's
name, description, licence, word count, and each file's size and sha256. Lists whose text did not change are not recompiled.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

import marisa_trie

from wordtable.lexicon.levels import VERSION as LEVELS_VERSION, levels_bytes

MANIFEST = "manifest.json"
LIST_WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*")


class WordListFileError(ValueError):
    """A shipped word list holds something that is not a word."""


def read_word_list(path: Path) -> list[str]:
    words = path.read_text(encoding="utf-8").split("\n")
    if words and words[-1] == "":
        words.pop()
    for number, word in enumerate(words, 1):
        if not LIST_WORD.fullmatch(word):
            raise WordListFileError(f"{path.name} line {number}: {word!r} is not a lowercase word")
    if len(set(words)) != len(words):
        raise WordListFileError(f"{path.name} repeats words")
    return words


def read_levels_text(text: str) -> dict[str, int]:
    """wordlists/everyday-levels.txt: '#' lines are comments, '@N' starts level N, then a word a line."""
    levels: dict[str, int] = {}
    level = 0
    for line in text.splitlines():
        if line.startswith("@"):
            level = int(line[1:])
        elif line and not line.startswith("#"):
            levels[line] = level
    return levels


def _file_entry(path: Path) -> dict:
    data = path.read_bytes()
    return {"file": path.name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def compile_all(wordlists: Path, out: Path) -> dict:
    catalog = json.loads((wordlists / "catalog.json").read_text())
    out.mkdir(parents=True, exist_ok=True)
    previous = {}
    if (out / MANIFEST).exists():
        previous = {e["name"]: e for e in json.loads((out / MANIFEST).read_text())["lexicons"]}
    entries = []
    for item in catalog["lexicons"]:
        name = item["name"]
        source = wordlists / f"{name}.txt"
        hashed = source.read_bytes() + (b"" if "levels" not in item else (wordlists / item["levels"]).read_bytes())
        source_sha = hashlib.sha256(hashed).hexdigest()
        main = out / f"{name}.marisa"
        (out / f"{name}.lengths.txt").unlink(missing_ok=True)  # the words by length as text, until issue 44
        levels = out / f"{name}.levels" if "levels" in item else None
        old = previous.get(name)
        if not (old and old["source_sha256"] == source_sha
                and old.get("levels") == LEVELS_VERSION and main.exists()
                and (levels is None or levels.exists())):
            words = read_word_list(source)
            marisa_trie.Trie(words).save(str(_beside(main)))
            os.replace(_beside(main), main)
            if levels is not None:
                listed = read_levels_text((wordlists / item["levels"]).read_text(encoding="utf-8"))
                _beside(levels).write_bytes(levels_bytes(words, listed))
                os.replace(_beside(levels), levels)
            count = len(words)
        else:
            count = old["words"]
        files = {"words": _file_entry(main)}
        if levels is not None:
            files["levels"] = _file_entry(levels)
        entries.append({
            "name": name, "title": item["title"], "description": item["description"],
            "licence": catalog["licence"], "default": bool(item.get("default")),
            "words": count, "source_sha256": source_sha, "levels": LEVELS_VERSION,
            "files": files,
        })
    manifest = {"lexicons": entries}
    # Written beside and renamed: another process reading the manifest meanwhile (tests and
    # tools load dictionaries at the same time) never sees a half-written file.
    _beside(out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    os.replace(_beside(out / MANIFEST), out / MANIFEST)
    return manifest


def _beside(path: Path) -> Path:
    """A temporary name next to path, this process's own."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    compile_all(Path(sys.argv[1]), Path(sys.argv[2]))
