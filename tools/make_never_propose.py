"""Regenerate the list of words bots never propose from the npm package `naughty-words`: the
"List of Dirty, Naughty, Obscene, and Otherwise Bad Words" by Shutterstock (CC-BY-4.0).

    cd "$(mktemp -d)" && npm pack naughty-words@1.2.0
    python3 /path/to/tools/make_never_propose.py naughty-words-1.2.0.tgz

The tarball is checked against the sha256 pinned below and its package.json must still say
CC-BY-4.0. Writes, into py/wordtable/lexicon/data/ (package data: the browser reads it from our
wheel):
- never-propose.txt — the English list's single words of letters a-z, lowercased and sorted
  (phrases and entries with digits, hyphens or other characters are dropped), under a header
  naming the source and the licence;
- never-propose-LICENCE.txt — the attribution, what we changed, and the package's licence text.
Our own additions live in never-propose-ours.txt beside them, kept by hand. The output is
committed, so neither building nor running the app fetches anything.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tarfile
from pathlib import Path

PACKAGE = "naughty-words"
VERSION = "1.2.0"
TARBALL_SHA256 = "c34b05e10a97ec7b9e0c3dd91d09888187c0f08d0812eaea79679795585b217e"
LICENCE = "CC-BY-4.0"
SOURCE_URL = "https://github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words"
OUT = Path(__file__).resolve().parent.parent / "py" / "wordtable" / "lexicon" / "data"
WORD = re.compile(r"[a-z]+")

ATTRIBUTION = f"""\
The list of words Wordtable's bots never propose (never-propose.txt) is adapted from the
"List of Dirty, Naughty, Obscene, and Otherwise Bad Words" (English list) by Shutterstock,
{SOURCE_URL},
as published in the npm package {PACKAGE} {VERSION}, under the Creative Commons Attribution 4.0
International licence (CC BY 4.0), https://creativecommons.org/licenses/by/4.0/ (full text below).

Changes: only the single words made of letters a-z are kept, lowercased and sorted; phrases and
entries with digits, hyphens or other characters are left out. Wordtable adds the inflected
forms of every word when it loads the list (see wordtable/lexicon/vocabulary.py), and keeps
its own additions in never-propose-ours.txt.

----------------------------------------------------------------------------------------------
"""


def read_package(tarball: Path) -> tuple[dict, list, str]:
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != TARBALL_SHA256:
        sys.exit(f"{tarball} has sha256 {digest}, not the pinned {TARBALL_SHA256}")
    with tarfile.open(tarball) as archive:
        def text(name: str) -> str:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                sys.exit(f"{tarball} has no package/{name}")
            return member.read().decode("utf-8")

        return json.loads(text("package.json")), json.loads(text("en.json")), text("LICENSE")


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        sys.exit(__doc__)
    meta, entries, licence_text = read_package(Path(argv[0]))
    if (meta.get("name"), meta.get("version"), meta.get("license")) != (PACKAGE, VERSION, LICENCE):
        sys.exit(f"unexpected package.json: {meta.get('name')} {meta.get('version')} {meta.get('license')}")
    words = sorted({entry.strip().lower() for entry in entries if WORD.fullmatch(entry.strip().lower())})
    header = [
        "# Words Wordtable's bots and \"Suggest one\" never propose (players may still play them).",
        "# Source: \"List of Dirty, Naughty, Obscene, and Otherwise Bad Words\" (English) by Shutterstock,",
        f"#   {SOURCE_URL}",
        f"#   as in the npm package {PACKAGE} {VERSION} (tarball sha256 {TARBALL_SHA256[:16]}…).",
        "# Licence: CC BY 4.0; attribution, changes and licence text in never-propose-LICENCE.txt.",
        f"# Kept: the {len(words)} single words of letters a-z out of {len(entries)} entries (phrases dropped).",
        "# Made by tools/make_never_propose.py: do not edit by hand; our own additions are in",
        "# never-propose-ours.txt. Inflected forms (-s, -es, -ed, -ing, -ies) are added on loading.",
    ]
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "never-propose.txt").write_text("\n".join(header + words) + "\n", encoding="utf-8")
    (OUT / "never-propose-LICENCE.txt").write_text(ATTRIBUTION + licence_text, encoding="utf-8")
    print(f"never-propose.txt: {len(words)} words from {len(entries)} entries")


if __name__ == "__main__":
    main(sys.argv[1:])
