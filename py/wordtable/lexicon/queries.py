"""Word queries the games need, written once over any trie (see tries.py).

Every query walks the trie a character at a time and prunes as early as it can, so the cost
follows the answer's size rather than the dictionary's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from wordtable.lexicon.tries import Trie

# A cursor is (node, label of the edge into node, characters of that label consumed so far).
Cursor = tuple[object, bytes, int]


def _start(trie: Trie) -> Cursor:
    return (trie.root, b"", 0)


def _next(trie: Trie, cursor: Cursor) -> Iterator[tuple[int, Cursor]]:
    """(next character as a byte value, cursor after it)."""
    node, label, offset = cursor
    if offset < len(label):
        yield label[offset], (node, label, offset + 1)
        return
    for child, child_label in trie.children(node):
        yield child_label[0], (child, child_label, 1)


def _at_word(trie: Trie, cursor: Cursor) -> bool:
    node, label, offset = cursor
    return offset == len(label) and trie.is_terminal(node)


# -- patterns -----------------------------------------------------------------------------------

Pattern = Sequence[frozenset[str] | None]  # allowed letters per position; None = any


def match_pattern(trie: Trie, pattern: Pattern,
                  where: Callable[[str], bool] | None = None) -> list[str]:
    """Words with exactly len(pattern) letters, letter i in pattern[i], and where(word) true."""
    allowed = [None if letters is None else {ord(c) for c in letters} for letters in pattern]
    length = len(allowed)
    found: list[str] = []
    stack: list[tuple[Cursor, bytes]] = [(_start(trie), b"")]
    while stack:
        cursor, text = stack.pop()
        depth = len(text)
        if depth == length:
            if _at_word(trie, cursor):
                word = text.decode()
                if where is None or where(word):
                    found.append(word)
            continue
        letters = allowed[depth]
        for char, after in _next(trie, cursor):
            if letters is None or char in letters:
                stack.append((after, text + bytes((char,))))
    return sorted(found)


def words_of_length(trie: Trie, length: int) -> list[str]:
    return match_pattern(trie, [None] * length)


_PATTERN_TOKEN = re.compile(r"\?|\[([a-z'\-]+)\]|([a-z'\-])")


def parse_pattern(text: str) -> list[frozenset[str] | None]:
    """`?` any letter, `[abc]` one of a set, a plain letter itself: `[etaoin]?[aeiou]??`."""
    pattern: list[frozenset[str] | None] = []
    pos = 0
    while pos < len(text):
        match = _PATTERN_TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"cannot read the pattern at {text[pos:]!r}: use ?, [abc] or letters")
        if match.group(0) == "?":
            pattern.append(None)
        else:
            pattern.append(frozenset(match.group(1) or match.group(2)))
        pos = match.end()
    if not pattern:
        raise ValueError("the pattern is empty")
    return pattern


# -- tiles -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tiles:
    """A multiset of tiles: single letters, multi-letter tiles such as "ing" (their letters in
    order), single wildcards (any one letter) and double wildcards (any two letters)."""

    pieces: tuple[str, ...] = ()
    wildcards: int = 0
    double_wildcards: int = 0

    @classmethod
    def parse(cls, text: str) -> Tiles:
        """`abc?(ing)` = a, b, c, a wildcard and the tile ING; `(??)` is a double wildcard."""
        pieces: list[str] = []
        wildcards = doubles = 0
        for match in re.finditer(r"\(([^)]*)\)|(.)", text.lower()):
            group, char = match.group(1), match.group(2)
            if group == "??":
                doubles += 1
            elif group is not None:
                if not re.fullmatch(r"[a-z'\-]{1,4}", group):
                    raise ValueError(f"a multi-letter tile must be 1-4 letters: ({group})")
                pieces.append(group)
            elif char == "?":
                wildcards += 1
            elif re.fullmatch(r"[a-z'\-]", char):
                pieces.append(char)
            elif not char.isspace():
                raise ValueError(f"not a tile: {char!r}")
        return cls(tuple(pieces), wildcards, doubles)

    @property
    def count(self) -> int:
        return len(self.pieces) + self.wildcards + self.double_wildcards


def from_tiles(trie: Trie, tiles: Tiles, min_length: int = 1, use_all: bool = False) -> list[str]:
    """Words that can be spelled with some (or, with use_all, every one) of the tiles."""
    singles: Counter[int] = Counter()
    multi: Counter[bytes] = Counter()
    for piece in tiles.pieces:
        raw = piece.encode()
        if len(raw) == 1:
            singles[raw[0]] += 1
        else:
            multi[raw] += 1
    found: set[str] = set()
    total = tiles.count

    # State: cursor, text so far, letters still owed by a tile in progress, tiles left.
    def walk(cursor: Cursor, text: bytes, owed: bytes, wild: int, double: int, used: int) -> None:
        if owed:
            for char, after in _next(trie, cursor):
                if char == owed[0]:
                    walk(after, text + owed[:1], owed[1:], wild, double, used)
            return
        if len(text) >= min_length and _at_word(trie, cursor) and (not use_all or used == total):
            found.add(text.decode())
        if used == total:
            return
        for char, after in _next(trie, cursor):
            grown = text + bytes((char,))
            if singles[char]:
                # A wildcard can do whatever this tile does, so never spend one instead.
                singles[char] -= 1
                walk(after, grown, b"", wild, double, used + 1)
                singles[char] += 1
            elif wild:
                walk(after, grown, b"", wild - 1, double, used + 1)
            if double:
                for second, after_two in _next(trie, after):
                    walk(after_two, grown + bytes((second,)), b"", wild, double - 1, used + 1)
            for piece, left in multi.items():
                if left and piece[0] == char:
                    multi[piece] -= 1
                    walk(after, grown, piece[1:], wild, double, used + 1)
                    multi[piece] += 1

    walk(_start(trie), b"", b"", tiles.wildcards, tiles.double_wildcards, 0)
    return sorted(found, key=lambda w: (-len(w), w))


# -- steals -----------------------------------------------------------------------------------

def end_extensions(trie: Trie, word: str) -> list[str]:
    """Words made by adding letters at the end of word."""
    return sorted(w for w in trie.keys(word) if w != word)


def insertions(trie: Trie, word: str) -> list[str]:
    """Words made by inserting exactly one letter anywhere in word."""
    raw = word.encode()
    found: set[str] = set()
    stack: list[tuple[Cursor, int, bytes, bool]] = [(_start(trie), 0, b"", False)]
    while stack:
        cursor, pos, text, inserted = stack.pop()
        if pos == len(raw):
            if inserted and _at_word(trie, cursor):
                found.add(text.decode())
            if inserted:
                continue
        for char, after in _next(trie, cursor):
            if pos < len(raw) and char == raw[pos]:
                stack.append((after, pos + 1, text + bytes((char,)), inserted))
            if not inserted:
                stack.append((after, pos, text + bytes((char,)), True))
    return sorted(found)


def compounds(trie: Trie, first: str, second: str) -> list[str]:
    """The words made by joining the two words, in either order."""
    return sorted({joined for joined in (first + second, second + first) if joined in trie})
