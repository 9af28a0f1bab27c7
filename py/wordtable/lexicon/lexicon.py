"""A dictionary a game can ask questions of, whatever it is made from."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from importlib import resources

from wordtable.lexicon import queries
from wordtable.lexicon.levels import Levels
from wordtable.lexicon.listing import Listing, ListingSource, listing_of, listing_of_list
from wordtable.lexicon.queries import Pattern, Tiles
from wordtable.lexicon.tries import DictTrie, MarisaFileTrie, Trie
from wordtable.stepwise import SLICE_ITEMS, Build, Stepwise

INDEXED_LENGTHS = 8  # patterns up to this long use the per-length word index
# Words of up to this many letters come from the trie's nodes near the root when the listing
# is not made yet (MarisaTrie.short_keys: some 20 ms on CPython for the default dictionary's
# words of up to four letters, a walk took 40): a first game of short words (Four Letter
# Words' daily) then decodes no whole trie. Longer lengths wait for the listing (the whole
# trie decoded and sorted, 80 ms; its five-letter words alone took a walk 94).
WALKED_LENGTHS = 4

try:  # the C++ library where it imports (CPython); the pure reader answers the same elsewhere
    import marisa_trie
except ImportError:  # Pyodide: no wasm build of marisa-trie exists
    marisa_trie = None


# Words taken out of the shipped lists as not words (abbreviations, units, letter
# names; wordlists/removed.txt says which and why) were accepted until then. A game recorded
# before keeps them: while its moves replay they count as words; a new move may not use them.
_REMOVED_ACCEPTED: ContextVar[bool] = ContextVar("removed_accepted", default=False)


@contextmanager
def removed_words_accepted() -> Iterator[None]:
    """Within this block, each shipped list also holds the words since taken out of it."""
    token = _REMOVED_ACCEPTED.set(True)
    try:
        yield
    finally:
        _REMOVED_ACCEPTED.reset(token)


@functools.cache
def removed_words(name: str) -> frozenset[str]:
    """The words taken out of the shipped list of this name (none for a player's own list)."""
    text = resources.files("wordtable.lexicon").joinpath("data", "removed.txt").read_text(encoding="utf-8")
    rows = (line.split("\t") for line in text.splitlines() if line and not line.startswith("#"))
    return frozenset(row[0] for row in rows if len(row) == 3 and name in row[2].split(","))


@dataclass(frozen=True)
class LexiconInfo:
    """What a player sees when choosing a dictionary."""

    name: str
    title: str
    description: str
    licence: str
    words: int
    custom: bool = False

    def to_json(self) -> dict:
        return asdict(self)


class NativeMarisaTrie(MarisaFileTrie):
    """The same file through marisa_trie for lookups and prefix listing; node walks (which the
    C++ binding does not expose) still go through the pure reader."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.native = marisa_trie.Trie()
        self.native.frombytes(data)

    def __contains__(self, word: str) -> bool:
        return word in self.native

    def keys(self, prefix: str = "") -> Iterator[str]:
        return iter(self.native.keys(prefix))


def open_trie(data: bytes, native: bool | None = None) -> Trie:
    use_native = marisa_trie is not None if native is None else native
    return NativeMarisaTrie(data) if use_native else MarisaFileTrie(data)


class Lexicon:
    """A word list with the queries the games need. `trie` holds the words, `listing` the
    words by length (made from the trie unless given), for what a trie is slow to list, and
    `levels` (when given) how common they are, which the bots' vocabulary reads."""

    def __init__(self, info: LexiconInfo, trie: Trie, listing: ListingSource | None = None,
                 levels: Levels | None = None):
        self.info = info
        self.trie = trie
        self.levels = levels
        self._listing_source = listing or listing_of(trie.all_keys_steps)
        self._by_length: dict[int, str] = {}  # length -> its words, one per line
        self._by_cost: dict[tuple, Stepwise[dict[tuple[int, ...], list[str]]]] = {}  # see cost_groups
        self.anagram_build: Stepwise[dict[str, tuple[str, ...]]] = Stepwise(self._build_anagrams)

    @classmethod
    def from_marisa(cls, info: LexiconInfo, data: bytes, native: bool | None = None,
                    levels: Levels | None = None) -> Lexicon:
        return cls(info, open_trie(data, native), levels=levels)

    @classmethod
    def from_words(cls, info: LexiconInfo, words: list[str], levels: Levels | None = None) -> Lexicon:
        return cls(info, DictTrie(words), listing_of_list(words), levels)

    def _listing(self) -> Listing:
        return self._listing_source.get(True)  # type: ignore[return-value]  # get(True) makes it

    def lengths(self) -> list[int]:
        """The lengths that have words, from the listing."""
        return self._listing().lengths()

    def listing_steps(self) -> Iterator[None]:
        """What a build over every word does first: the listing made, a slice a step, for a warm-up."""
        yield from self._listing_source.steps()

    def all_words(self) -> list[str]:
        """Every word: by length, then A to Z."""
        return self._listing().words()

    @property
    def name(self) -> str:
        return self.info.name

    def __contains__(self, word: str) -> bool:
        # The listing's set where it is made (it answers at once), else the trie: a look-up
        # never waits for the listing to be made.
        listing = self._listing_source.get(False)
        if word in (self.trie if listing is None else listing):
            return True
        return _REMOVED_ACCEPTED.get() and not self.info.custom and word in removed_words(self.info.name)

    def __len__(self) -> int:
        return len(self.trie)

    def words_of_length(self, length: int) -> list[str]:
        index = self._length_index(length)
        return index.split("\n") if index else []

    def match(self, pattern: Pattern, where: Callable[[str], bool] | None = None) -> list[str]:
        """Words fitting the pattern (and where). Short patterns run a regular expression over
        this lexicon's words of that length (a slice of the listing, or gathered once from the
        trie): a fixed-length pattern with free positions would otherwise walk every prefix of
        that length."""
        if len(pattern) > INDEXED_LENGTHS:
            return queries.match_pattern(self.trie, pattern, where)
        regex = re.compile("^" + "".join("[^\n]" if letters is None else
                                          "[" + "".join(re.escape(c) for c in sorted(letters)) + "]"
                                          for letters in pattern) + "$", re.MULTILINE)
        found = regex.findall(self._length_index(len(pattern)))
        return found if where is None else [word for word in found if where(word)]

    def _length_index(self, length: int) -> str:
        index = self._by_length.get(length)
        if index is None:
            listing = self._listing_source.get(length > WALKED_LENGTHS)
            if listing is not None:
                index = self._by_length[length] = listing.block(length)
                return index
            # The trie's nodes near the root alone give every word this short: each length at once.
            short = sorted(self.trie.short_keys(length))
            for size in range(1, length + 1):
                self._by_length.setdefault(size, "\n".join(word for word in short if len(word) == size))
            index = self._by_length[length]
        return index

    def find(self, pattern_text: str) -> list[str]:
        return self.match(queries.parse_pattern(pattern_text))

    def from_tiles(self, tiles: Tiles | str, min_length: int = 1, use_all: bool = False) -> list[str]:
        if isinstance(tiles, str):
            tiles = Tiles.parse(tiles)
        return queries.from_tiles(self.trie, tiles, min_length, use_all)

    def buildable(self, costs: Mapping[str, Sequence[int]], budget: Sequence[int], *, exact: bool = False,
                  new_letter_after: str | None = None, required: str | None = None,
                  min_length: int = 1) -> list[str]:
        """Every word whose characters, each costing a vector of pieces (`costs`: character ->
        counts per kind; a word with a character not in costs is never buildable), together fit
        the budget (counts per kind). Options: exact — only words using the whole budget;
        new_letter_after — only words holding a letter that word lacks (not a rearrangement
        of it); required — only words holding that letter. Longest first, then A to Z.
        The words are grouped by their cost once per lexicon and costs table, so a query looks
        at each distinct cost once, not at every word."""
        groups = self.cost_groups(costs)
        found = []
        for cost, words in groups.items():
            if exact and cost != tuple(budget) or not all(c <= b for c, b in zip(cost, budget)):
                continue
            found.extend(words)
        if new_letter_after is not None:
            before = set(new_letter_after)
            found = [w for w in found if not set(w) <= before]
        if required is not None:
            found = [w for w in found if required in w]
        if min_length > 1:
            found = [w for w in found if len(w) >= min_length]
        return sorted(found, key=lambda w: (-len(w), w))

    def cost_groups(self, costs: Mapping[str, Sequence[int]]) -> dict[tuple[int, ...], list[str]]:
        """The words grouped by their total cost (words with a character not in costs left
        out), built once per costs table."""
        return self.cost_groups_build(costs).value()

    def cost_groups_build(self, costs: Mapping[str, Sequence[int]]) -> Stepwise[dict[tuple[int, ...], list[str]]]:
        """cost_groups' build, for a warm-up to run a slice at a time."""
        key = tuple(sorted((char, tuple(cost)) for char, cost in costs.items()))
        build = self._by_cost.get(key)
        if build is None:
            build = self._by_cost[key] = Stepwise(lambda: self._build_cost_groups(key))
        return build

    def _build_cost_groups(self, key: tuple) -> Build[dict[tuple[int, ...], list[str]]]:
        yield from self.listing_steps()
        words = self.all_words()
        kinds = len(key[0][1]) if key else 0
        # Each character's cost packed into one integer, a field per kind wide enough for the
        # longest word, so a word's total is one sum over a map (3x faster than a loop).
        longest = max(map(len, words), default=0)
        width = (max((c for _char, cost in key for c in cost), default=0) * longest).bit_length() + 1
        packed = {char: sum(c << (width * kind) for kind, c in enumerate(cost)) for char, cost in key}
        allowed, price = frozenset(packed), packed.__getitem__
        by_total: dict[int, list[str]] = {}
        for start in range(0, len(words), SLICE_ITEMS):
            for word in words[start:start + SLICE_ITEMS]:
                if allowed.issuperset(word):
                    by_total.setdefault(sum(map(price, word)), []).append(word)
            yield
        mask = (1 << width) - 1
        return {tuple(total >> (width * kind) & mask for kind in range(kinds)): found
                for total, found in by_total.items()}

    def anagrams(self) -> dict[str, tuple[str, ...]]:
        """Words of letters a-z grouped by their letters in alphabetical order ("aet": ate, eat,
        tea), built once: a hand of cards asks which of its letter sets spell words, and a dict
        lookup answers faster than a walk of the trie."""
        return self.anagram_build.value()

    def _build_anagrams(self) -> Build[dict[str, tuple[str, ...]]]:
        yield from self.listing_steps()
        words = self.all_words()
        groups: dict[str, list[str]] = {}
        for start in range(0, len(words), SLICE_ITEMS):
            for word in words[start:start + SLICE_ITEMS]:
                if word.isascii() and word.isalpha():
                    groups.setdefault("".join(sorted(word)), []).append(word)
            yield
        found: dict[str, tuple[str, ...]] = {}
        for count, (letters, spelled) in enumerate(groups.items(), 1):
            found[letters] = tuple(spelled)
            if count % (4 * SLICE_ITEMS) == 0:
                yield
        return found

    def end_extensions(self, word: str) -> list[str]:
        return queries.end_extensions(self.trie, word)

    def front_extensions(self, word: str) -> list[str]:
        """Words made by adding letters at the front of word: a regular expression over each
        longer length's words. (A trie of the words spelled backwards answered this before; no
        game asks it often, and that trie doubled what a first visit fetched per dictionary.)"""
        ending = re.compile("^[^\n]+" + re.escape(word) + "$", re.MULTILINE)
        return sorted(found for length in range(len(word) + 1, self._longest_length() + 1)
                      for found in ending.findall(self._length_index(length)))

    def _longest_length(self) -> int:
        return max(self.lengths(), default=0)

    def insertions(self, word: str) -> list[str]:
        return queries.insertions(self.trie, word)

    def compounds(self, first: str, second: str) -> list[str]:
        return queries.compounds(self.trie, first, second)
