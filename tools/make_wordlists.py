"""Regenerate wordlists/*.txt from Debian's `scowl` package (SCOWL by Kevin Atkinson).

    sudo apt-get install scowl && python3 tools/make_wordlists.py

The generated lists are committed, so building the site never needs apt. What goes into each
list is decided here and described in wordlists/catalog.json.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
OUT = Path(__file__).resolve().parent.parent / "wordlists"

PLAIN_WORD = re.compile(r"[a-z]+")
# Wordsmith counts ' and - as letters. Debian's SCOWL has no hyphenated words at all, so in
# practice this admits the contractions; a player's own list can add hyphenated words.
WORDSMITH_WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*")

# name -> (SCOWL categories, highest level, include contractions)
RECIPES = {
    "common": (("english-words", "american-words"), 50, False),
    "standard": (("english-words", "american-words"), 70, False),
    "large": (("english-words", "american-words", "british-words"), 80, False),
    "british": (("english-words", "british-words"), 70, False),
    "wordsmith": (("english-words", "american-words"), 70, True),
}


def scowl_entries(category: str, max_level: int) -> list[str]:
    entries = []
    for path in sorted(SCOWL.glob(f"{category}.*")):
        if int(path.suffix[1:]) <= max_level:
            entries += path.read_text(encoding="utf-8").split()
    return entries


def build_list(categories: tuple[str, ...], max_level: int, contractions: bool) -> list[str]:
    # Capitalised entries (proper names, acronyms), possessives, digits and accented words
    # fail the pattern; SCOWL keeps proper names and abbreviations in files we never read.
    words = {w for c in categories for w in scowl_entries(c, max_level) if PLAIN_WORD.fullmatch(w)}
    if contractions:
        for entry in scowl_entries("english-contractions", max_level):
            lowered = entry.lower()  # "I'm" is a contraction, not a name
            if WORDSMITH_WORD.fullmatch(lowered):
                words.add(lowered)
    return sorted(words)


def main() -> None:
    if not SCOWL.is_dir():
        raise SystemExit("Debian's scowl package is missing: sudo apt-get install scowl")
    for name, (categories, level, contractions) in RECIPES.items():
        words = build_list(categories, level, contractions)
        (OUT / f"{name}.txt").write_text("\n".join(words) + "\n")
        print(f"{name}: {len(words)} words")
    shutil.copyfile(SCOWL_COPYRIGHT, OUT / "SCOWL-COPYRIGHT.txt")


if __name__ == "__main__":
    main()
