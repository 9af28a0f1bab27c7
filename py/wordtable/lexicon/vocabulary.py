"""The bots' vocabulary: which words of a game's agreed dictionary a bot may propose. Every
game's bots go through it, and so does "Suggest one", which asks a bot.

- Everyday words first: a bot draws from the words of the agreed dictionary that are also in
  the `common` list (SCOWL up to level 50, "words most people know").
- Never a word of the never-propose list, nor one of its inflected forms (see `forms`): slurs
  and vulgar words, kept as data beside this module — data/never-propose.txt, adapted from the
  "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" by Shutterstock (CC BY 4.0, see
  data/never-propose-LICENCE.txt; made by tools/make_never_propose.py), and
  data/never-propose-ours.txt, our own additions.
- The fallback: where no everyday word fits a bot's situation, the bot may propose the other
  words of the agreed dictionary, still never a never-propose word, so that it neither gets
  stuck nor much weaker (a player's own list, or the British one, holds many words `common`
  lacks).
- The commonest first: everyday words are not all equally known (ROOD, DADO, JABOT, THRUM
  and ERE are in `common`), so SCOWL's levels order them: `level` is 10, 20, 35 or 40 for the
  words of `common` its levels list (wordlists/everyday-levels.txt, made by
  tools/make_wordlists.py and compiled beside the trie: see levels.py), EVERYDAY_LEVEL for the
  rest of `common`, RARE_LEVEL for any other word. `commonest` keeps the commonest levels of
  some words, level by level until enough are kept; `sample_commonest` picks a few for
  showing. A length's levels are read as its everyday words are built.

Per game, where the game shows or proposes a word:
- Four Letter Words: the easy and medium bots (and so "Suggest one") choose among the
  commonest CANDIDATES words that fit; the hard bot weighs every everyday word that fits, as a
  rarer word can be the one that strikes the others.
- Shrdlu: every bot claims one of the commonest words it knows (any word wins the round, so
  this costs no strength); the examples shown after a round are the commonest solutions.
- Wordsmith: of the words taking the same pieces and as long, a bot thinks of the commonest
  first.
- Spell Write: between claims worth the same points, the commonest words; the words shown as
  missed at the end are the longest, the commonest first among equally long ones.
- One Letter Better: the easy bot plays only the commonest words its scoring plays make; the
  others weigh a word outside `common` at RARE_COST less and break ties by commonness.

This decides what bots say, never what the rules accept: players may play any word of the
agreed dictionary, never-propose words included.

Fast enough for the bots' per-move budgets: the never-propose set (with its forms) is built
once, the everyday words once per `common` lexicon (see EverydayWords; a game's warm-up builds
what its bots need), so each check is a set lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from importlib import resources
from random import Random
from typing import Any, TypeVar, cast

from wordtable.lexicon.lexicon import WALKED_LENGTHS as LISTING_NOT_NEEDED, Lexicon

EVERYDAY_LEXICON = "common"
NEVER_PROPOSE_FILES = ("never-propose.txt", "never-propose-ours.txt")
EVERYDAY_LEVEL = 50  # a word of `common` that its levels do not list (SCOWL 41-50)
RARE_LEVEL = 95      # any other word: a player's own list, or SCOWL beyond `common`
VOWELS = frozenset("aeiouy")
WALKED_LENGTHS = 6  # everyday words up to this long come from the length index; see EverydayWords

Item = TypeVar("Item")


def read_list(name: str) -> list[str]:
    """The words of one data file: one a line, '#' lines and blank lines skipped."""
    text = (resources.files(__package__) / "data" / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def forms(word: str) -> set[str]:
    """The word and its regular inflections: +s; +es after s, x, z, ch, sh; +ed and +ing,
    with a final e dropped (raped, raping) and a final consonant after a single vowel doubled
    (gypped, gypping; buggered and buggerred both, as stress decides); a final y after a
    consonant turned into -ies and -ied. A word of one syllable ending in consonant, vowel,
    consonant has only the doubled forms: SPICED and JAPED are other words. Never -er or -y
    (BUTTER is not a form of BUTT): forms the rule misses are listed in the data."""
    found = {word, word + "s"}
    if word.endswith(("s", "x", "z", "ch", "sh")):
        found.add(word + "es")
    if word.endswith("e"):
        found |= {word + "d", word[:-1] + "ing"}
    else:
        doubles = (len(word) >= 3 and word[-1] not in VOWELS | set("wx") and word[-2] in VOWELS
                   and word[-3] not in VOWELS)
        if doubles:
            found |= {word + word[-1] + "ed", word + word[-1] + "ing"}
        if not doubles or _syllables(word) > 1:
            found |= {word + "ed", word + "ing"}
    if len(word) >= 3 and word.endswith("y") and word[-2] not in VOWELS:
        found |= {word[:-1] + "ies", word[:-1] + "ied"}
    return found


def _syllables(word: str) -> int:
    """Groups of vowels (y counted as one): near enough to syllables for `forms`."""
    return sum(1 for i, char in enumerate(word) if char in VOWELS and (i == 0 or word[i - 1] not in VOWELS))


@lru_cache(maxsize=1)
def never_propose() -> frozenset[str]:
    """Every word bots never propose: the listed words and their forms."""
    return frozenset(form for name in NEVER_PROPOSE_FILES for word in read_list(name) for form in forms(word))


class EverydayWords:
    """The words of a `common` lexicon that are not never-propose words, by length, each from
    the lexicon's words-by-length listing, with their levels (the lexicon's, where it has them).
    Until the listing is made (decoded from the trie), short lengths walk the trie for their
    length; a longer one makes the listing, a slice a step in a warm-up. A game
    builds what its bots need in its warm-up, while the new-game form is open; a length asked
    for later, unbuilt, builds every length."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self._by_length: dict[int, frozenset[str]] = {}
        self._levels: dict[str, int] = {}  # the listed levels of the words of the lengths built
        self._complete = False  # every length built

    def level(self, word: str) -> int:
        """The word's level, if it is an everyday word its lexicon's levels list; else EVERYDAY_LEVEL."""
        self.of_length(len(word))
        return self._levels.get(word, EVERYDAY_LEVEL)

    def _keep(self, length: int, words: Iterable[str], blocked: frozenset[str]) -> None:
        """One length built: every word of that length in the lexicon, the blocked ones taken out."""
        words = frozenset(words)
        self._by_length[length] = words - blocked
        if self.lexicon.levels is not None:
            self._levels.update(self.lexicon.levels.of_length(length, words))

    def of_length(self, length: int) -> frozenset[str]:
        found = self._by_length.get(length)
        if found is None:
            self.build([length] if length <= WALKED_LENGTHS else None)
            found = self._by_length.get(length, frozenset())
        return found

    def build(self, lengths: Iterable[int] | None = None) -> None:
        """Builds these lengths (None: every length) now, if not built yet."""
        for _ in self.build_steps(lengths):
            pass

    def build_steps(self, lengths: Iterable[int] | None = None) -> Iterator[None]:
        """build(), for a warm-up: with the lexicon's listing, a length per step."""
        wanted = None if lengths is None else set(lengths) - set(self._by_length)
        if self._complete or wanted == set():
            return
        blocked = never_propose()
        if wanted is not None and max(wanted) <= LISTING_NOT_NEEDED:
            # Short words come from the listing when it is made, else from a walk of the trie:
            # a first game of short words (Four Letter Words) decodes no whole trie.
            for length in sorted(wanted):
                self._keep(length, self.lexicon.words_of_length(length), blocked)
                yield
            return
        yield from self.lexicon.listing_steps()  # the listing made from the trie, a slice a step
        every = wanted is None
        for length in sorted(set(self.lexicon.lengths()) - set(self._by_length) if wanted is None else wanted):
            self._keep(length, self.lexicon.words_of_length(length), blocked)
            yield
        self._complete = every


class Vocabulary:
    """What a bot may propose with one agreed dictionary; see the module's docstring."""

    def __init__(self, agreed: Lexicon, everyday_lexicon: Lexicon):
        self.agreed = agreed
        self.everyday_lexicon = everyday_lexicon
        self.everyday_words = _everyday_words(everyday_lexicon)

    @staticmethod
    def blocked(word: str) -> bool:
        """A never-propose word (or one of its forms), or a hyphenated word with one among its
        parts (the Wordsmith list's ASS-KISSER, and so SPIC-AND-SPAN too): no bot ever proposes it."""
        listed = never_propose()
        return word in listed or ("-" in word and any(part in listed for part in word.split("-")))

    def everyday(self, word: str) -> bool:
        """Whether a word of the agreed dictionary is an everyday word a bot may propose (in
        `common`, not a never-propose word)."""
        return word in self.everyday_words.of_length(len(word))

    def level(self, word: str) -> int:
        """How common a word is, by SCOWL's levels: lower is commoner (see the docstring). A
        word that is not everyday (not in this vocabulary's `common` list) is RARE_LEVEL,
        whatever its spelling's level: the levels order the everyday words."""
        if not self.everyday(word):
            return RARE_LEVEL
        return self.everyday_words.level(word)

    def commonest(self, items: Iterable[Item], word: Callable[[Item], str] | None = None,
                  at_least: int = 1) -> list[Item]:
        """Of prefer(items), in their order: those of the commonest level, and of the next
        levels in turn while fewer than `at_least` are kept."""
        kept = self.prefer(items, word)
        levels = [self.level(text) for text in _words_of(kept, word)]
        cutoff = _cutoff(levels, at_least)
        return [item for item, level in zip(kept, levels) if level <= cutoff]

    def sample_commonest(self, words: Iterable[str], count: int, rng: Random) -> list[str]:
        """Up to `count` of these words for showing, never a never-propose word: the commonest
        levels whole, then a random few of the next level to make up the count."""
        shown = [text for text in words if not self.blocked(text)]
        if len(shown) <= count:
            return shown
        levels = {text: self.level(text) for text in shown}
        cutoff = _cutoff(list(levels.values()), count)
        below = [text for text in shown if levels[text] < cutoff]
        at_cutoff = [text for text in shown if levels[text] == cutoff]
        return below + rng.sample(at_cutoff, count - len(below))

    def may_propose(self, word: str) -> bool:
        """Whether a bot may propose this word at all: in the agreed dictionary, not blocked."""
        return not self.blocked(word) and word in self.agreed

    def prefer(self, items: Iterable[Item], word: Callable[[Item], str] | None = None) -> list[Item]:
        """Of some words of the agreed dictionary (or items, with `word` giving each one's
        word), in their order: the everyday ones; if none is, the fallback: those that are not
        never-propose words. Empty only when every one is a never-propose word."""
        items = list(items)
        texts = _words_of(items, word)
        sets = {length: self.everyday_words.of_length(length) for length in {len(text) for text in texts}}
        everyday = [item for item, text in zip(items, texts) if text in sets[len(text)]]
        if everyday:
            return everyday
        return [item for item, text in zip(items, texts) if not self.blocked(text)]


def _words_of(items: list[Item], word: Callable[[Item], str] | None) -> list[str]:
    """Each item's word; without `word`, the items are the words (which mypy cannot see)."""
    return cast(list[str], items) if word is None else [word(item) for item in items]


def _cutoff(levels: list[int], at_least: int) -> int:
    """The commonest level such that at least `at_least` of these levels are at or below it
    (every level, when there are fewer)."""
    if not levels:
        return RARE_LEVEL
    ordered = sorted(levels)
    return ordered[min(at_least, len(ordered)) - 1]


def warm_up(lexicon_for: Callable[[str], Any], name: str, lengths: Iterable[int] | None = None) -> Iterator[None]:
    """A game's warm-up of its bots' vocabulary, a slice per step: the `common` list opened,
    then its everyday words of these lengths (None: all) with their levels, a length at a time."""
    found = vocabulary(lexicon_for, name)
    yield
    yield from found.everyday_words.build_steps(lengths)


_EVERYDAY: dict[int, EverydayWords] = {}
_VOCABULARIES: dict[tuple[int, int], Vocabulary] = {}
_KEPT = 8  # lexicons are few (the shipped ones and a player's own lists): a small cache


def _everyday_words(lexicon: Lexicon) -> EverydayWords:
    found = _EVERYDAY.get(id(lexicon))
    if found is None or found.lexicon is not lexicon:
        if len(_EVERYDAY) >= _KEPT:
            _EVERYDAY.clear()
        found = _EVERYDAY[id(lexicon)] = EverydayWords(lexicon)
    return found


def vocabulary(lexicon_for: Callable[[str], Any], name: str) -> Vocabulary:
    """The bots' vocabulary for the agreed dictionary `name`, as a game reaches its
    dictionaries (game.lexicon_for); built once per pair of dictionaries. Where lexicon_for
    knows no `common` list (a test's single made-up dictionary), the agreed dictionary's own
    words count as everyday."""
    agreed = lexicon_for(name)
    try:
        everyday = lexicon_for(EVERYDAY_LEXICON)
    except LookupError:
        everyday = agreed
    key = (id(agreed), id(everyday))
    found = _VOCABULARIES.get(key)
    if found is None or found.agreed is not agreed or found.everyday_lexicon is not everyday:
        if len(_VOCABULARIES) >= _KEPT:
            _VOCABULARIES.clear()
        found = _VOCABULARIES[key] = Vocabulary(agreed, everyday)
    return found
