"""A player's own word list: normalised, validated, and refused with a clear reason when it
is not a word list at all."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

MAX_CHARS = 5_000_000      # about 500,000 words: far more than any real list, far less than a crash
MAX_WORD_LENGTH = 40
MIN_GOOD_SHARE = 0.5       # below this share of usable lines the text is not a word list
CUSTOM_WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*")


class WordListError(ValueError):
    """The text cannot be used as a word list; the message says why, for the player."""


@dataclass(frozen=True)
class ParsedWordList:
    words: list[str]            # sorted, unique
    rejected: int               # lines that were not words
    rejected_examples: list[str]  # a few of them with the reason, to show the player: "42 (no letters)"
    split: int = 0              # lines holding several words (commas, semicolons, tabs) taken apart
    split_examples: list[str] = field(default_factory=list)


def why_not_a_word(word: str) -> str:
    """What keeps a line out of a word list, for the player."""
    if len(word) > MAX_WORD_LENGTH:
        return f"longer than {MAX_WORD_LENGTH} letters"
    if not re.search(r"[a-z]", word):
        return "no letters"
    if " " in word:
        return "a space: one word per line"
    if re.search(r"[0-9]", word):
        return "digits"
    return "characters other than letters, apostrophes and hyphens"


def normalise(line: str) -> str:
    """Lowercase, trimmed, accents removed, typographic apostrophes and dashes made plain."""
    text = unicodedata.normalize("NFKD", line.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2010", "-").replace("\u2011", "-")


def parse_word_list(text: str) -> ParsedWordList:
    if len(text) > MAX_CHARS:
        raise WordListError(f"The list is too big: at most {MAX_CHARS:,} characters.")
    if "\x00" in text or sum(1 for c in text[:10_000] if ord(c) < 32 and c not in "\t\r\n") > 10:
        raise WordListError("This looks like a binary file, not a list of words.")
    words: set[str] = set()
    rejected: list[str] = []
    split: list[str] = []
    lines = 0
    for full_line in re.split(r"[\r\n]+", text):
        if full_line.lstrip().startswith("#"):
            continue  # a comment, commas and all
        parts = [part.strip() for part in re.split(r"[,;\t]+", full_line)]
        parts = [part for part in parts if part]
        if len(parts) > 1:
            split.append(full_line.strip()[:60])
        for line in parts:
            if line.startswith("#"):
                continue
            lines += 1
            word = normalise(line)
            if CUSTOM_WORD.fullmatch(word) and len(word) <= MAX_WORD_LENGTH:
                words.add(word)
            else:
                rejected.append(f"{line[:60]} ({why_not_a_word(word)})")
    if not words:
        raise WordListError("The list has no words: put one word on each line.")
    if len(words) < MIN_GOOD_SHARE * lines:
        raise WordListError(
            f"Only {len(words)} of {lines} lines are words: this does not look like a word list.")
    return ParsedWordList(sorted(words), len(rejected), rejected[:5], len(split), split[:3])
