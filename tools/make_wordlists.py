"""Regenerate wordlists/ from Debian's `scowl` package (SCOWL by Kevin Atkinson) and, for the
Wordsmith list's hyphenated words, Debian's `wordnet-base` (WordNet 3.0, Princeton University).

    sudo apt-get install scowl wordnet-base && python3 tools/make_wordlists.py

The generated lists are committed, so building the site never needs apt. What goes into each
list is decided here and described in wordlists/catalog.json and wordlists/README.md.

Not words (the seeds say abbreviations are not words): every list leaves out
- letter names: a single letter other than A and I, and a letter's plural written as the
  letter and S (BS, GS, RS, ES, YS) other than AS, IS, US and OS, which are other words;
- abbreviations and units: a word with no vowel (A E I O U; Y counts as a vowel, or GYM and
  MYTH would go) is an abbreviation, a unit or a string of letters (MF, KB, LX, LM, CSC, HHD)
  unless it is on REAL_VOWELLESS, a reviewed list of real words (HMM, SHH, BRR, NTH, TSK, CWM);
- acronyms: SCOWL's abbreviation lists, case-folded, also hold many ordinary words (ACT, AND,
  AIR, EAU), so they only nominate: ACRONYMS is the reviewed list of those they nominate that
  are acronyms, not words (DUI, MIRV, GIF). Nominated words with no vowel fall under the rule
  above.
A hyphenated word or a contraction is judged by its parts and also whole, by its letters alone
(L-P is LP, an abbreviation; H'M has no vowel).
Every word left out, and why, is written to wordlists/removed.txt.

How common a word is: SCOWL's levels order its words from the commonest (10) to the rarest
(95). The bots and the examples a game shows prefer the commonest words, so the tool also
writes the levels up to EVERYDAY_LEVELS[-1] to wordlists/everyday-levels.txt, which the build
compiles beside the `common` list's trie (wordtable.lexicon.levels), SCOWL's notice beside it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
WORDNET = Path("/usr/share/wordnet")
WORDNET_COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
OUT = Path(__file__).resolve().parent.parent / "wordlists"
REMOVED = "removed.txt"
PACKAGE_DATA = OUT.parent / "py" / "wordtable" / "lexicon" / "data"
LEVELS_FILE = "everyday-levels.txt"
EVERYDAY_LEVELS = (10, 20, 35, 40)  # the levels written; `common` goes on to 50
LEVEL_CATEGORIES = ("english-words", "american-words", "british-words")

PLAIN_WORD = re.compile(r"[a-z]+")
CONTRACTION = re.compile(r"[a-z]+(?:'[a-z]+)+")
HYPHENATED = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")
VOWELS = frozenset("aeiouy")

# Vowel-less words that are words: interjections, Welsh loans, an ordinal, a gamer's verb.
REAL_VOWELLESS = frozenset({
    "brr", "brrr", "crwth", "crwths", "cwm", "cwms", "hmm", "nth", "pfft", "phpht", "pht",
    "psst", "pssts", "pst", "psts", "pwn", "pwns", "sh", "shh", "ssh", "tsk", "tsks", "tsktsk",
    "tsktsks", "zzz"})
# Single letters that are words, and letter-plus-S spellings that are other words.
REAL_LETTER_WORDS = frozenset({"a", "i", "as", "is", "us", "os"})
# Reviewed among the words SCOWL's abbreviation lists nominate (case-folded): acronyms and
# initialisms that are not words in their own right. LASER, SCUBA, RADAR and the like are.
ACRONYMS = frozenset({
    "dso", "dui", "eniac", "flir", "fud", "gif", "gox", "igg", "kreep", "mib", "mips", "mirv",
    "mirvs", "moc", "mou", "obo", "rok", "rotl", "ruc", "saic", "sle", "suid", "tid", "toc",
    "wats", "yag"})

# name -> (SCOWL categories, highest level, contractions, hyphenated words)
RECIPES = {
    "common": (("english-words", "american-words"), 50, False, False),
    "standard": (("english-words", "american-words"), 70, False, False),
    "large": (("english-words", "american-words", "british-words"), 80, False, False),
    "british": (("english-words", "british-words"), 70, False, False),
    "wordsmith": (("english-words", "american-words"), 70, True, True),
}


def not_a_word(word: str, abbreviations: frozenset[str] = frozenset()) -> str | None:
    """Why a lowercase entry is not a word (see the module's docstring), or None. Without
    SCOWL's abbreviation lists only the reviewed ACRONYMS count as acronyms."""
    if word in REAL_LETTER_WORDS:
        return None
    if len(word) == 1 or (len(word) == 2 and word[1] == "s"):
        return "letter name"
    if not VOWELS & set(word):
        return None if word in REAL_VOWELLESS else "no vowel: abbreviation or unit"
    if word in ACRONYMS:
        if abbreviations and word not in abbreviations:
            raise ValueError(f"{word!r} is on ACRONYMS but not in SCOWL's abbreviation lists")
        return "acronym"
    return None


def scowl_entries(category: str, max_level: int = 95) -> list[str]:
    entries = []
    for path in sorted(SCOWL.glob(f"{category}.*")):
        if int(path.suffix[1:]) <= max_level:
            entries += path.read_text(encoding="utf-8").split()
    return entries


def scowl_abbreviations() -> frozenset[str]:
    """Every entry of every SCOWL abbreviation list (all spellings, all levels), case-folded."""
    names = {path.name.split(".")[0] for path in SCOWL.glob("*-abbreviations.*")}
    return frozenset(entry.lower() for name in names for entry in scowl_entries(name))


def wordnet_hyphenated() -> set[str]:
    """WordNet's hyphenated lemmas as WordNet spells them (X-ray, T-shirt, mother-in-law),
    lowercased, leaving out names: a part of two or more letters written with a capital
    (Sino-Tibetan, al-Qaeda). A single capital letter is how a letter is written (U-turn)."""
    found = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{pos}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue  # the licence at the top of the file
            fields = line.split()
            count = int(fields[3], 16)
            for lemma in fields[4:4 + 2 * count:2]:
                lemma = re.sub(r"\(\w+\)$", "", lemma)  # an adjective's position marker
                if HYPHENATED.fullmatch(lemma) and all(
                        len(part) == 1 or part.islower() for part in lemma.split("-")):
                    found.add(lemma.lower())
    return found


def hyphenated_words(words: set[str], abbreviations: frozenset[str]) -> set[str]:
    """WordNet's hyphenated words whose every part is a word of the list (or a single letter,
    as in X-RAY): no names' fragments, no abbreviations joined by a hyphen."""
    return {entry for entry in wordnet_hyphenated()
            if all(len(part) == 1 or (part in words and not not_a_word(part, abbreviations))
                   for part in entry.split("-"))}


def build_list(recipe: tuple, abbreviations: frozenset[str]) -> tuple[list[str], dict[str, str]]:
    """The list's words, and the entries left out as not words (word -> why)."""
    categories, max_level, contractions, hyphenated = recipe
    # Capitalised entries (proper names, acronyms), possessives, digits and accented words
    # fail the pattern; SCOWL keeps proper names and abbreviations in files we never read.
    entries = {w for c in categories for w in scowl_entries(c, max_level) if PLAIN_WORD.fullmatch(w)}
    removed = {w: why for w in entries if (why := not_a_word(w, abbreviations))}
    words = entries - set(removed)
    added = set()
    if contractions:
        for entry in scowl_entries("english-contractions", max_level):
            lowered = entry.lower()  # "I'm" is a contraction, not a name
            if CONTRACTION.fullmatch(lowered):
                added.add(lowered)
    if hyphenated:
        added |= hyphenated_words(words, abbreviations)
    # Judged whole as well, by its letters alone: L-P is LP (an abbreviation), H'M has no vowel.
    removed |= {w: why for w in added if (why := not_a_word(letters_of(w), abbreviations))}
    return sorted(words | (added - set(removed))), removed


def letters_of(entry: str) -> str:
    """An entry's letters, without its hyphens and apostrophes (X-RAY: xray)."""
    return entry.replace("-", "").replace("'", "")


def removed_text(removed: dict[str, tuple[str, list[str]]]) -> str:
    header = [
        "# Entries of SCOWL that the shipped lists leave out as not words, made by",
        "# tools/make_wordlists.py (its docstring states the rule; README.md explains it).",
        "# word<TAB>why<TAB>the lists it would otherwise be in",
    ]
    rows = [f"{word}\t{why}\t{','.join(lists)}" for word, (why, lists) in sorted(removed.items())]
    return "\n".join(header + rows) + "\n"


def everyday_levels(abbreviations: frozenset[str]) -> dict[int, list[str]]:
    """The words of each level in EVERYDAY_LEVELS, each word at the lowest level SCOWL gives it
    in any spelling list, not words (see not_a_word) left out."""
    lowest: dict[str, int] = {}
    for level in reversed(EVERYDAY_LEVELS):
        for category in LEVEL_CATEGORIES:
            path = SCOWL / f"{category}.{level}"
            for word in path.read_text(encoding="utf-8").split() if path.exists() else ():
                if PLAIN_WORD.fullmatch(word) and not not_a_word(word, abbreviations):
                    lowest[word] = level
    return {level: sorted(w for w, found in lowest.items() if found == level) for level in EVERYDAY_LEVELS}


def levels_text(levels: dict[int, list[str]]) -> str:
    header = [
        "# How common words are: SCOWL's level of each word up to level 40 (10 the commonest),",
        "# from SCOWL by Kevin Atkinson (SCOWL-COPYRIGHT.txt beside this file), made by",
        "# tools/make_wordlists.py. '@' and a number start a level; a word a line.",
    ]
    body = [line for level, words in levels.items() for line in (f"@{level}", *words)]
    return "\n".join(header + body) + "\n"


def main() -> None:
    if not SCOWL.is_dir() or not WORDNET.is_dir():
        raise SystemExit("Debian's scowl or wordnet-base is missing: sudo apt-get install scowl wordnet-base")
    abbreviations = scowl_abbreviations()
    removed: dict[str, tuple[str, list[str]]] = {}
    for name, recipe in RECIPES.items():
        words, left_out = build_list(recipe, abbreviations)
        (OUT / f"{name}.txt").write_text("\n".join(words) + "\n")
        for word, why in left_out.items():
            removed.setdefault(word, (why, []))[1].append(name)
        print(f"{name}: {len(words)} words, {len(left_out)} left out as not words")
    # Beside the lists, and in the package: a game recorded before a word was taken out still
    # replays (wordtable.lexicon.lexicon.removed_words_accepted).
    for folder in (OUT, PACKAGE_DATA):
        (folder / REMOVED).write_text(removed_text(removed))
    (OUT / LEVELS_FILE).write_text(levels_text(everyday_levels(abbreviations)))
    shutil.copyfile(SCOWL_COPYRIGHT, OUT / "SCOWL-COPYRIGHT.txt")
    shutil.copyfile(WORDNET_COPYRIGHT, OUT / "WORDNET-COPYRIGHT.txt")


if __name__ == "__main__":
    main()
