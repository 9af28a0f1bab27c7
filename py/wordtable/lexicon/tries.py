"""The tries queries walk: a MARISA file (pure-Python reader) or a player's own list in memory.

Both offer the same small navigation interface, so every query is written once:
    root                      the start node
    all_keys_steps()          every word, a slice of the work per step (a Build, see stepwise)
    short_keys(length)        every word of up to length letters, in no set order
    children(node)            (child, edge label as bytes) pairs
    is_terminal(node)         whether a word ends here
    __contains__(word), keys(prefix), __len__
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from wordtable.lexicon.marisa import MarisaTrie
from wordtable.stepwise import Build


class Trie(Protocol):
    @property
    def root(self) -> object: ...  # read only: a file trie's is the node 0, a dict trie's its top dict

    def children(self, node) -> Iterator[tuple[object, bytes]]: ...

    def is_terminal(self, node) -> bool: ...

    def all_keys_steps(self) -> Build[list[str]]: ...

    def short_keys(self, length: int) -> list[str]: ...

    def __contains__(self, word: str) -> bool: ...

    def keys(self, prefix: str = "") -> Iterator[str]: ...

    def __len__(self) -> int: ...


class MarisaFileTrie:
    """A MARISA file, read by the pure-Python reader (the same answers as marisa_trie)."""

    root = 0

    def __init__(self, data: bytes):
        self.reader = MarisaTrie(data)
        self.children = self.reader.trie.children
        self.is_terminal = self.reader.trie.is_terminal
        self.all_keys_steps = self.reader.all_keys_steps
        self.short_keys = self.reader.short_keys

    def __contains__(self, word: str) -> bool:
        return self.reader.lookup(word) is not None

    def keys(self, prefix: str = "") -> Iterator[str]:
        return self.reader.keys(prefix)

    def __len__(self) -> int:
        return len(self.reader)


class DictTrie:
    """A small in-memory trie for a player's own list (MARISA cannot be built in the browser).
    A node is a dict from one-byte labels to child nodes; the key None marks a word's end."""

    def __init__(self, words: Iterable[str]):
        self.root: dict = {}
        self._words = set()
        for word in words:
            node = self.root
            for byte in word.encode():
                node = node.setdefault(bytes((byte,)), {})
            node[None] = True
            self._words.add(word)

    def children(self, node: dict) -> Iterator[tuple[dict, bytes]]:
        for label in sorted(k for k in node if k is not None):
            yield node[label], label

    def is_terminal(self, node: dict) -> bool:
        return None in node

    def all_keys_steps(self) -> Build[list[str]]:
        return sorted(self._words)
        yield  # a generator that finishes at its first step

    def short_keys(self, length: int) -> list[str]:
        return [word for word in self._words if len(word) <= length]

    def __contains__(self, word: str) -> bool:
        return word in self._words

    def keys(self, prefix: str = "") -> Iterator[str]:
        return iter(sorted(w for w in self._words if w.startswith(prefix)))

    def __len__(self) -> int:
        return len(self._words)
