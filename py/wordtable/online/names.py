"""Players' names as every screen shows them, and names that look alike.

A friend chooses their own name (online, or when joining a game by link), so a name is input
from someone else's device: it must not hide characters, pretend to be another player's name,
or reorder the text around it. `clean_name` is what the table keeps; `look_alike` says whether
two names would read the same on a screen, so a second "Ann" is refused.

The look-alike letters are facts from Unicode's confusables list (UTS #39, confusables.txt):
the Cyrillic and Greek letters drawn like Latin ones. A name written wholly in Cyrillic or
Greek keeps its letters; a Latin name with a few of them mixed in gets the Latin letters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

NAME_LENGTH = 24  # characters of a player's name, as the new-game form allows

# Drawn as nothing, though not format characters (category Cf, all dropped but the joiner inside
# emoji): Hangul fillers, the braille blank, the combining grapheme joiner, Khmer's inherent
# vowels, variation selectors (the emoji ones only after a symbol), Mongolian free variation
# selectors.
_INVISIBLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
              *range(0xFE00, 0xFE0E), *range(0xE0100, 0xE01F0)}
_DROPPED_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn")

# Cyrillic and Greek letters confusable with a Latin letter (UTS #39 confusables.txt).
_LATIN_LOOK = str.maketrans({
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y",
    "Һ": "h", "Ӏ": "I", "Ԁ": "d",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i",
    "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "п": "n",
    # Greek capitals and small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "ο": "o", "ν": "v", "ι": "i", "ρ": "p", "α": "a", "κ": "k", "υ": "u",
})


ZERO_WIDTH_JOINER, EMOJI_SELECTORS = "\u200d", ("\ufe0e", "\ufe0f")


def _kept(ch: str) -> bool:
    return ch.isspace() or (ord(ch) not in _INVISIBLE and unicodedata.category(ch) not in _DROPPED_CATEGORIES)


def _is_symbol(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk")


def _visible(text: str) -> str:
    """The characters a screen draws. The zero-width joiner and the emoji presentation selectors
    stay only inside emoji (a family, a red heart); anywhere else they hide in a name."""
    out: list[str] = []
    for index, ch in enumerate(text):
        after_symbol = bool(out) and _is_symbol(out[-1][-1])
        if ch in EMOJI_SELECTORS:
            keep = after_symbol
        elif ch == ZERO_WIDTH_JOINER:
            keep = after_symbol and index + 1 < len(text) and _is_symbol(text[index + 1])
        else:
            keep = _kept(ch)
        if keep:
            out.append(" " if ch.isspace() else ch)
    return "".join(out)


def _is_latin_letter(ch: str) -> bool:
    return ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN ")


def clean_name(text: Any) -> str | None:
    """A name a friend chose, as every screen shows it: compatibility-normalised (NFKC: full-width
    and styled letters become plain ones), without control, format, invisible or
    direction-changing characters, look-alike letters in a Latin name made Latin, spaces
    collapsed, at most NAME_LENGTH characters; None when nothing is left (the seat keeps the
    name it was given)."""
    if not isinstance(text, str):
        return None
    kept = _visible(unicodedata.normalize("NFKC", text[:1000]))
    if any(_is_latin_letter(ch) for ch in kept):
        kept = kept.translate(_LATIN_LOOK)
    name = unicodedata.normalize("NFC", " ".join(kept.split()))[:NAME_LENGTH].rstrip(" " + ZERO_WIDTH_JOINER)
    return name or None


def _skeleton(name: str) -> str:
    return "".join(name.translate(_LATIN_LOOK).casefold().split())


def look_alike(name: str, other: str) -> bool:
    """Whether two names would read the same on a screen: the same letters once look-alikes are
    made Latin, whatever their case and spaces ("ANN" and "Аnn", "Bo" and "B o")."""
    return _skeleton(name) == _skeleton(other)


def alike_to(name: str, others: Sequence[str | None]) -> str | None:
    """The first of `others` that `name` looks like, if any."""
    return next((other for other in others if other is not None and look_alike(name, other)), None)
