"""A dictionary's words by length, made on the device from its trie (nothing more travels).

Games list words (Shrdlu's five-letter words, the letter-set index of One Letter Better, the
cost groups of Wordsmith); a walk of every node of a trie takes the browser's pure-Python
MARISA reader more than a second, but one pass over the trie's bits decodes every key some
seven times quicker (`MarisaTrie.all_keys_steps`), a slice at a time for a warm-up. The words
are then kept by length, each length's words as one text (a regular expression over it
answers a pattern query), and as a set for look-ups.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable

from wordtable.stepwise import Build, Stepwise


class Listing:
    """A lexicon's words by length, then A to Z: a length's words are one text (`block`)."""

    def __init__(self, words: Iterable[str]):
        ordered = sorted(words)
        ordered.sort(key=len)  # stable: A to Z within a length (quicker than one key of two parts)
        sizes = list(map(len, ordered))
        self._words = ordered
        self._blocks: dict[int, str] = {}
        start = 0
        while start < len(ordered):  # a length's words are one run: its end found by bisection
            end = bisect.bisect_right(sizes, sizes[start], start)
            self._blocks[sizes[start]] = "\n".join(ordered[start:end])
            start = end
        self._set: frozenset[str] | None = None

    def lengths(self) -> list[int]:
        """The lengths that have words, shortest first."""
        return list(self._blocks)

    def block(self, length: int) -> str:
        """The words of this length, one per line (no newline after the last)."""
        return self._blocks.get(length, "")

    def words(self) -> list[str]:
        return self._words

    def __contains__(self, word: str) -> bool:
        # A set answers a look-up some hundred times faster than the trie reader in the browser.
        if self._set is None:
            self._set = frozenset(self._words)
        return word in self._set

    def __len__(self) -> int:
        return len(self._words)


class ListingSource:
    """How a lexicon reaches its listing: get(False) answers None unless the listing is made
    already; get(True) makes it (all that is left at once); steps() makes it a slice a step,
    for a warm-up. The build may raise (registry.NeedFiles): then it starts over when next asked."""

    def __init__(self, build: Callable[[], Build[Listing]]):
        self._build = Stepwise(build)

    def get(self, required: bool) -> Listing | None:
        return self._build.value() if required or self._build.built else None

    def steps(self) -> Iterable[None]:
        return self._build.steps()


def listing_of(words: Callable[[], Build[list[str]]]) -> ListingSource:
    """A listing made from what a build of every word returns (a trie's decode, a slice a step)."""
    def build() -> Build[Listing]:
        found = yield from words()
        yield  # then sorted: a step of its own
        return Listing(found)
    return ListingSource(build)


def listing_of_list(words: list[str]) -> ListingSource:
    """A listing of words already in memory (a player's own list)."""
    def build() -> Build[Listing]:
        return Listing(words)
        yield  # a generator that finishes at its first step
    return ListingSource(build)
