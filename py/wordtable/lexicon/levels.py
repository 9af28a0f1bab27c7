"""How common each word of a dictionary is (SCOWL's levels, 10 the commonest), compiled beside
its trie at build time, in the form the bots' vocabulary reads it: by length.

The bots build their everyday words a length at a time (vocabulary.EverydayWords), from the
dictionary's words of that length. So the file holds, for each length, one byte per word of
that length in A-to-Z order: the word's level, or 0 for a word the levels do not list. A
length's levels are then its words, sorted, zipped with its bytes; no word is spelled twice.
For `common` (61,000 words) that is 18 kB gzipped, where the words with their levels as text
were 130 kB.

The file: a first line `#levels L:COUNT ...` (the lengths in increasing order, each with its
number of words), then the bytes, length after length.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import groupby

HEADER = b"#levels"
VERSION = 1  # kept in the dictionaries' manifest: a new format makes the build write them again


class LevelsFormatError(ValueError):
    """The bytes are not a levels file, or not the levels of these words."""


def levels_bytes(words: Iterable[str], levels: Mapping[str, int]) -> bytes:
    """The levels file of a dictionary's words, from each listed word's level (1 to 255)."""
    ordered = sorted(words, key=lambda word: (len(word), word))
    counts: list[str] = []
    body = bytearray()
    for length, same_length in groupby(ordered, key=len):
        block = [levels.get(word, 0) for word in same_length]
        counts.append(f"{length}:{len(block)}")
        body.extend(block)
    return b" ".join([HEADER, *(count.encode() for count in counts)]) + b"\n" + bytes(body)


class Levels:
    """A levels file, read: each length's bytes, matched to that length's words on demand."""

    def __init__(self, data: bytes):
        head, newline, body = data.partition(b"\n")
        fields = head.split(b" ")
        if not newline or fields[0] != HEADER:
            raise LevelsFormatError("not a levels file")
        self._spans: dict[int, tuple[int, int]] = {}
        offset = 0
        try:
            for field in fields[1:]:
                length, count = (int(part) for part in field.split(b":"))
                self._spans[length] = (offset, offset + count)
                offset += count
        except ValueError as error:
            raise LevelsFormatError(f"a levels file's header is damaged: {field!r}") from error
        if offset != len(body):
            raise LevelsFormatError(f"a levels file holds {len(body)} levels for {offset} words")
        self._body = body

    def of_length(self, length: int, words: Iterable[str]) -> dict[str, int]:
        """The listed levels of the words of this length: `words` must be every word of the
        dictionary of that length (in any order), as the file was made from them."""
        ordered = sorted(words)
        start, end = self._spans.get(length, (0, 0))
        if end - start != len(ordered):
            raise LevelsFormatError(f"the levels of {length}-letter words are for {end - start} words, "
                                    f"not {len(ordered)}: not this dictionary's levels")
        return {word: level for word, level in zip(ordered, self._body[start:end]) if level}
