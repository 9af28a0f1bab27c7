"""A dictionary's words by length, as plain text: made at build time beside the MARISA files.

Listing every word (or every word of one length) means visiting every node of a trie, and the
browser's pure-Python MARISA reader needs more than a second for that; games need such lists
(Shrdlu's five-letter words, the letter-set index of One Letter Better, the cost groups of
Wordsmith). The same words as text are split in a few milliseconds.

The file: a first line `#lengths L:START:END ...`, then the words sorted by length and then
alphabetically, one per line. The words of length L are the body's characters START to END
(the body being everything after the first line), joined by newlines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import groupby

HEADER = "#lengths"
VERSION = 1  # kept in the dictionaries' manifest: a new format makes the build write them again


class ListingFormatError(ValueError):
    """The text is not a words-by-length listing."""


def listing_text(words: Iterable[str]) -> str:
    ordered = sorted(words, key=lambda word: (len(word), word))
    spans: list[str] = []
    body: list[str] = []
    offset = 0
    for length, same_length in groupby(ordered, key=len):
        block = "\n".join(same_length)
        spans.append(f"{length}:{offset}:{offset + len(block)}")
        body.append(block)
        offset += len(block) + 1
    return " ".join([HEADER, *spans]) + "\n" + "\n".join(body) + ("\n" if body else "")


class Listing:
    """The words of a listing: a length's block is a slice, the whole list is split once."""

    def __init__(self, text: str):
        header, _, self.body = text.partition("\n")
        fields = header.split(" ")
        if fields[0] != HEADER:
            raise ListingFormatError("not a words-by-length listing")
        self.spans: dict[int, tuple[int, int]] = {}
        try:
            for field in fields[1:]:
                length, start, end = (int(part) for part in field.split(":"))
                self.spans[length] = (start, end)
        except ValueError as error:
            raise ListingFormatError(f"a damaged length in the listing's first line: {field!r}") from error
        if any(not 0 <= start <= end <= len(self.body) for start, end in self.spans.values()):
            raise ListingFormatError("the listing's first line points past its words")
        self._words: list[str] | None = None
        self._set: frozenset[str] | None = None

    def block(self, length: int) -> str:
        """The words of this length, one per line (no newline after the last)."""
        start, end = self.spans.get(length, (0, 0))
        return self.body[start:end]

    def words(self) -> list[str]:
        if self._words is None:
            self._words = [word for length in sorted(self.spans) for word in self.block(length).split("\n")]
        return self._words

    def __contains__(self, word: str) -> bool:
        # A set answers a look-up some hundred times faster than the trie reader in the browser.
        if self._set is None:
            self._set = frozenset(self.words())
        return word in self._set

    def __len__(self) -> int:
        return len(self.words())


class ListingSource:
    """How a lexicon reaches its listing: get(False) answers None unless the listing is made
    already; get(True) makes it (which may raise registry.NeedFiles, so that the browser's
    worker fetches the file and asks again); at_hand() makes it only when its file is here
    (`present`), never asking for a fetch. make() is called once (None: the lexicon has no
    listing, and its trie answers everything)."""

    def __init__(self, make: Callable[[], Listing | None], present: Callable[[], bool] = lambda: True):
        self._make, self._present = make, present
        self._made: list[Listing | None] = []

    def get(self, required: bool) -> Listing | None:
        if not self._made and required:
            self._made.append(self._make())
        return self._made[0] if self._made else None

    def at_hand(self) -> Listing | None:
        return self.get(bool(self._made) or self._present())


def lazy_listing(make: Callable[[], Listing | None], present: Callable[[], bool] = lambda: True) -> ListingSource:
    return ListingSource(make, present)
