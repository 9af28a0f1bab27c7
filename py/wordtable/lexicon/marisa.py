"""A pure-Python reader of MARISA trie files, as written by marisa_trie.Trie.save().

The marisa_trie extension cannot be imported in Pyodide, so the browser reads the same files
with this module. The layout follows the MARISA format (facts, not code, taken from the C++
library): a 16-byte header, then a LOUDS trie made of bit vectors (tree shape, terminal flags,
link flags, each with a rank index and select hints), one label byte per node, a flat vector
of link high bits, and either a tail buffer or a next-level trie holding the multi-byte edge
labels (stored reversed), then a (node, label) -> child cache and two 32-bit words.
Every vector is little-endian and padded to 8 bytes.

Besides lookup, key by id, prefix and predictive search, the reader exposes node navigation
(`children`, `is_terminal`) so that queries can walk the trie and prune early.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections import deque
from collections.abc import Callable, Generator, Iterator
from itertools import chain, compress, repeat

from wordtable.stepwise import Stepwise

HEADER = b"We love Marisa.\0"
INVALID_EXTRA = 0xFFFFFF
INDEX_AFTER = 2              # a node whose scan passes this many children gets an index
MAX_INDEXED_NODES = 50_000   # bounds the memory those indexes take
WORD_MASK = (1 << 64) - 1

_BYTES = tuple(bytes((b,)) for b in range(256))
_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")  # '0'/'1' characters to bytes 0/1

# For selecting the n-th set bit of a byte without a loop over bits.
_POP8 = tuple(bin(b).count("1") for b in range(256))
_SELECT8 = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


class MarisaFormatError(ValueError):
    """The bytes are not a MARISA trie this reader understands."""


class _Cursor:
    def __init__(self, data: memoryview):
        self.data = data
        self.pos = 0

    def take(self, size: int) -> memoryview:
        if self.pos + size > len(self.data):
            raise MarisaFormatError("the file ends too early")
        chunk = self.data[self.pos:self.pos + size]
        self.pos += size
        return chunk

    def u32(self) -> int:
        return int.from_bytes(self.take(4), "little")

    def u64(self) -> int:
        return int.from_bytes(self.take(8), "little")

    def vector(self, item_size: int = 1) -> memoryview:
        total = self.u64()
        if total % item_size:
            raise MarisaFormatError("a vector's size is not a whole number of items")
        chunk = self.take(total)
        self.take((8 - total % 8) % 8)
        return chunk


def _select_in_word(word: int, n: int) -> int:
    """Position of the n-th (0-based) set bit of a 64-bit word."""
    shift = 0
    while True:
        byte = word >> shift & 0xFF
        count = _POP8[byte]
        if n < count:
            return shift + _SELECT8[byte][n]
        n -= count
        shift += 8


class BitVector:
    """Bits with the rank index MARISA stores (one absolute count per 512 bits and seven
    relative counts); select runs a binary search over that index."""

    __slots__ = ("units", "size", "num_1s", "abs", "lo", "hi", "_zeros_before")

    def __init__(self, cursor: _Cursor):
        units = cursor.vector(8)
        self.units = units.cast("Q") if len(units) else ()
        self.size = cursor.u32()
        self.num_1s = cursor.u32()
        ranks = cursor.vector(12)
        triples = ranks.cast("I") if len(ranks) else memoryview(b"").cast("I")
        self.abs = triples[0::3].tolist()
        self.lo = triples[1::3].tolist()
        self.hi = triples[2::3].tolist()
        cursor.vector(4)  # select0 hints: bisect over the rank index is fast enough here
        cursor.vector(4)  # select1 hints
        self._zeros_before: list[int] | None = None

    def __getitem__(self, i: int) -> int:
        return self.units[i >> 6] >> (i & 63) & 1

    def bits(self) -> str:
        """Every bit as '0' or '1', the first bit first (one big integer's binary form: far
        quicker than reading the bits one by one)."""
        as_int = int.from_bytes(bytes(self.units), "little") if len(self.units) else 0
        return bin(as_int)[:1:-1][:self.size].ljust(self.size, "0")

    def ones(self) -> list[int]:
        """The positions of every 1 bit, in order."""
        flags = self.bits().encode().translate(_BIT_VALUES)
        return list(compress(range(len(flags)), flags))

    def _relative(self, block: int, part: int) -> int:
        if part < 5:
            lo = self.lo[block]
            return (0, lo & 0x7F, lo >> 7 & 0xFF, lo >> 15 & 0xFF, lo >> 23 & 0x1FF)[part]
        hi = self.hi[block]
        return (hi & 0x1FF, hi >> 9 & 0x1FF, hi >> 18 & 0x1FF)[part - 5]

    def rank1(self, i: int) -> int:
        """Number of 1 bits before position i."""
        block = i >> 9
        count = self.abs[block]
        part = i >> 6 & 7
        if part:
            count += self._relative(block, part)
        if i & 63:
            count += (self.units[i >> 6] & ((1 << (i & 63)) - 1)).bit_count()
        return count

    def select1(self, n: int) -> int:
        """Position of the n-th (0-based) 1 bit."""
        block = bisect.bisect_right(self.abs, n) - 1
        n -= self.abs[block]
        unit = block * 8
        units = self.units
        while True:
            count = units[unit].bit_count()
            if n < count:
                return unit * 64 + _select_in_word(units[unit], n)
            n -= count
            unit += 1

    def select0(self, n: int) -> int:
        """Position of the n-th (0-based) 0 bit."""
        if self._zeros_before is None:
            self._zeros_before = [512 * b - a for b, a in enumerate(self.abs)]
        block = bisect.bisect_right(self._zeros_before, n) - 1
        n -= self._zeros_before[block]
        unit = block * 8
        units = self.units
        while True:
            zeros = ~units[unit] & WORD_MASK
            count = zeros.bit_count()
            if n < count:
                return unit * 64 + _select_in_word(zeros, n)
            n -= count
            unit += 1


class FlatVector:
    """Fixed-width integers packed into 64-bit units."""

    __slots__ = ("data", "value_size", "mask", "size")

    def __init__(self, cursor: _Cursor):
        self.data = bytes(cursor.vector(8)) + bytes(8)  # padding: reads never run off the end
        self.value_size = cursor.u32()
        self.mask = cursor.u32()
        self.size = cursor.u64()
        if self.value_size > 32:
            raise MarisaFormatError("a flat vector claims values wider than 32 bits")

    def __getitem__(self, i: int) -> int:
        pos = i * self.value_size
        start = pos >> 3
        return int.from_bytes(self.data[start:start + 5], "little") >> (pos & 7) & self.mask

    def all_values(self) -> list[int]:
        """Every item at once: the units as one binary string cut into fields, each parsed in
        C (a slice and a shift an item in Python cost more than the item)."""
        size, count = self.value_size, self.size
        if not size or not count:  # every value is 0
            return [0] * count
        width = size * count
        digits = format(int.from_bytes(self.data, "little") & ((1 << width) - 1), f"0{width}b")
        return list(map(int, re.findall(f".{{{size}}}", digits), repeat(2)))[::-1]  # the last item's digits come first


class Tail:
    """The ends of edge labels when they are not kept in a next-level trie."""

    __slots__ = ("buf", "end_flags")

    def __init__(self, cursor: _Cursor):
        self.buf = bytes(cursor.vector(1))
        self.end_flags = BitVector(cursor)

    def restore(self, offset: int) -> bytes:
        if self.end_flags.size == 0:  # text mode: NUL-terminated strings
            return self.buf[offset:self.buf.index(0, offset)]
        end = offset
        while not self.end_flags[end]:
            end += 1
        return self.buf[offset:end + 1]


class LoudsTrie:
    """One level of a MARISA trie. Level 0 holds the keys; deeper levels hold edge labels."""

    def __init__(self, cursor: _Cursor):
        self.louds = BitVector(cursor)
        self.terminal = BitVector(cursor)
        self.link_flags = BitVector(cursor)
        self.bases = bytes(cursor.vector(1))
        self.extras = FlatVector(cursor)
        self.tail = Tail(cursor)
        self.next: LoudsTrie | None = None
        if self.link_flags.num_1s and not self.tail.buf:
            self.next = LoudsTrie(cursor)
        cache = cursor.vector(12)
        cache_words = cache.cast("I") if len(cache) else memoryview(b"").cast("I")
        self.cache_parent = cache_words[0::3].tolist()
        self.cache_child = cache_words[1::3].tolist()
        self.cache_link = cache_words[2::3].tolist()
        self.cache_mask = len(self.cache_parent) - 1
        self.num_l1_nodes = cursor.u32()
        self.config = cursor.u32()
        self._labels: dict[int, bytes] = {}  # link -> restored label, filled as queries go
        self._first_child: dict[int, int] = {}  # node -> LOUDS position of its first child
        self._child_index: dict[int, dict[int, tuple[int, bytes]]] = {}  # busy node -> children

    def _children_start(self, node: int) -> int:
        """LOUDS position of node's first child. Memoised: select is the costliest step of a
        walk, and the nodes near the root are visited by nearly every query."""
        pos = self._first_child.get(node)
        if pos is None:
            pos = self.louds.select0(node) + 1
            if len(self._first_child) < 300_000:
                self._first_child[node] = pos
        return pos

    # -- edge labels ------------------------------------------------------------------------

    def _link(self, node: int) -> int:
        return self.bases[node] | self.extras[self.link_flags.rank1(node)] << 8

    def restore_link(self, link: int) -> bytes:
        """The full label of a multi-byte edge, in reading order."""
        label = self._labels.get(link)
        if label is None:
            label = self.next._restore_upward(link) if self.next else self.tail.restore(link)
            if len(self._labels) < 200_000:
                self._labels[link] = label
        return label

    def _restore_upward(self, node: int) -> bytes:
        # Deeper levels store labels reversed, so walking up to the root reads them forwards.
        out = bytearray()
        while True:
            if self.link_flags[node]:
                out += self.restore_link(self._link(node))
            else:
                out.append(self.bases[node])
            if node <= self.num_l1_nodes:
                return bytes(out)
            node = self.louds.select1(node) - node - 1

    def label(self, node: int) -> bytes:
        """The label of the edge that enters node."""
        if self.link_flags[node]:
            return self.restore_link(self._link(node))
        return self.bases[node:node + 1]

    # -- every node at once -----------------------------------------------------------------
    # LOUDS numbers the nodes breadth first and lists each node's children as a run of 1 bits
    # closed by a 0, so one pass over the bits gives every node's parent, and each node's text
    # is its parent's text and its own label: no select, no rank, no walk per node. A depth's
    # nodes are consecutive, and their parents are the depth above's.

    def _child_counts(self) -> list[int]:
        """How many children each node has, node 0 (the root) first."""
        return list(map(len, self.louds.bits().split("0")))[1:]

    @staticmethod
    def _depths(counts: list[int], max_depth: int | None) -> list[int]:
        """Where each depth's nodes start, the root's depth 0 first, and where the last ends:
        every depth, or those up to max_depth."""
        bounds = [0, 1]
        while bounds[-2] < bounds[-1] and (max_depth is None or len(bounds) - 2 < max_depth):
            bounds.append(bounds[-1] + sum(counts[bounds[-2]:bounds[-1]]))
        return bounds

    def _label_steps(self, stop: int) -> Generator[None, None, list[bytes]]:
        """The label entering each node below stop, in reading order."""
        labels = list(map(_BYTES.__getitem__, self.bases[:stop]))
        linked = self.link_flags.ones()
        linked = linked[:bisect.bisect_left(linked, stop)]  # link ids count from the first node
        if linked:
            restore: Callable[[int], bytes]  # a link's label: from the next trie, or the tail
            if self.next is not None:
                deeper = yield from self.next._upward_steps()
                restore = deeper.__getitem__
            else:
                restore = self.tail.restore
            extras = self.extras.all_values()[:len(linked)]
            links = map(operator.or_, map(self.bases.__getitem__, linked), map(operator.lshift, extras, repeat(8)))
            deque(map(labels.__setitem__, linked, map(restore, links)), maxlen=0)  # each linked node's label, set in C
            yield
        return labels

    def _text_steps(self, counts: list[int], bounds: list[int], labels: list[bytes],
                    upward: bool) -> Generator[None, None, list[bytes]]:
        """Each node's text from the root, depth by depth (one map a depth, no Python loop a
        node): its parent's then its label (upward: its label then its parent's, as a deeper
        level's labels, stored reversed, are read from node to root)."""
        texts = [b""]
        for start, end in zip(bounds, bounds[1:-1]):
            parents = chain.from_iterable(map(repeat, texts[start:end], counts[start:end]))
            own = labels[end:end + sum(counts[start:end])]
            texts.extend(map(operator.add, own, parents) if upward else map(operator.add, parents, own))
            yield
        return texts

    def _upward_steps(self) -> Generator[None, None, list[bytes]]:
        """A deeper level: each node's label as the level above restores it (restore_link)."""
        counts = self._child_counts()
        bounds = self._depths(counts, None)
        labels = yield from self._label_steps(bounds[-1])
        return (yield from self._text_steps(counts, bounds, labels, upward=True))

    def key_steps(self, max_depth: int | None = None) -> Generator[None, None, list[bytes]]:
        """Level 0: every key by key id, a slice at a time; or, given max_depth, the keys that
        end within that many edges of the root (every key of up to max_depth bytes among them)."""
        counts = self._child_counts()
        bounds = self._depths(counts, max_depth)
        labels = yield from self._label_steps(bounds[-1])
        texts = yield from self._text_steps(counts, bounds, labels, upward=False)
        terminals = self.terminal.ones()
        return [texts[node] for node in terminals[:bisect.bisect_left(terminals, bounds[-1])]]

    # -- navigation -------------------------------------------------------------------------

    def children(self, node: int) -> Iterator[tuple[int, bytes]]:
        """(child, edge label) for each child of node, in stored order."""
        louds = self.louds
        pos = self._children_start(node)
        child = pos - node - 1
        link_id = -1
        while louds[pos]:
            if self.link_flags[child]:
                link_id = self.link_flags.rank1(child) if link_id < 0 else link_id + 1
                yield child, self.restore_link(self.bases[child] | self.extras[link_id] << 8)
            else:
                yield child, self.bases[child:child + 1]
            child += 1
            pos += 1

    def is_terminal(self, node: int) -> bool:
        return bool(self.terminal[node])

    def key_id(self, node: int) -> int:
        return self.terminal.rank1(node)

    def find_child(self, node: int, query: bytes, pos: int) -> tuple[int, int] | None:
        """The child of node whose edge label matches query at pos, and the position after it;
        None if no edge matches. The label may run past the query's end only if partial."""
        first = query[pos]
        slot = (node ^ node << 5 ^ first) & self.cache_mask
        if self.cache_mask >= 0 and self.cache_parent[slot] == node:
            link = self.cache_link[slot]
            if link >> 8 != INVALID_EXTRA:
                label = self.restore_link(link)
                if label[0] == first:
                    if query.startswith(label, pos):
                        return self.cache_child[slot], pos + len(label)
                    return None
            elif link & 0xFF == first:
                return self.cache_child[slot], pos + 1
        index = self._child_index.get(node)
        if index is not None:
            found = index.get(first)
            if found is None:
                return None
            child, label = found
            return (child, pos + len(label)) if query.startswith(label, pos) else None
        # The children() loop written out: this is the hot path of every lookup.
        louds_units = self.louds.units
        link_units = self.link_flags.units
        bases = self.bases
        louds_pos = self._children_start(node)
        child = first_child = louds_pos - node - 1
        link_id = -1
        while louds_units[louds_pos >> 6] >> (louds_pos & 63) & 1:
            if link_units[child >> 6] >> (child & 63) & 1:
                link_id = self.link_flags.rank1(child) if link_id < 0 else link_id + 1
                label = self.restore_link(bases[child] | self.extras[link_id] << 8)
                if label[0] == first:
                    if query.startswith(label, pos):
                        return child, pos + len(label)
                    return None
            elif bases[child] == first:
                return child, pos + 1
            child += 1
            louds_pos += 1
            if child - first_child == INDEX_AFTER and len(self._child_index) < MAX_INDEXED_NODES:
                # Many children: index them by first byte once instead of scanning each time.
                self._child_index[node] = {label[0]: (c, label) for c, label in self.children(node)}
                return self.find_child(node, query, pos)
        return None


class MarisaTrie:
    """Read-only view of a saved marisa_trie.Trie: the same answers as the C++ library."""

    def __init__(self, data: bytes | bytearray | memoryview):
        view = memoryview(data)
        if bytes(view[:16]) != HEADER:
            raise MarisaFormatError("not a MARISA trie (the header is missing)")
        cursor = _Cursor(view)
        cursor.take(16)
        try:
            self.trie = LoudsTrie(cursor)
        except (IndexError, TypeError, ValueError) as error:
            if isinstance(error, MarisaFormatError):
                raise
            raise MarisaFormatError(f"damaged MARISA trie ({error})") from error
        self.size = self.trie.terminal.num_1s

    @classmethod
    def load(cls, path) -> MarisaTrie:
        with open(path, "rb") as f:
            return cls(f.read())

    def __len__(self) -> int:
        return self.size

    def _descend(self, key: bytes) -> int | None:
        trie = self.trie
        indexed = trie._child_index.get
        node, pos, length = 0, 0, len(key)
        while pos < length:
            index = indexed(node)
            if index is not None:  # find_child's fast path, inlined: lookups live here
                found = index.get(key[pos])
                if found is None:
                    return None
                node, label = found
                if len(label) > 1 and not key.startswith(label, pos):
                    return None
                pos += len(label)
                continue
            step = trie.find_child(node, key, pos)
            if step is None:
                return None
            node, pos = step
        return node

    def lookup(self, key: str) -> int | None:
        """The key's id, or None if the key is not in the trie."""
        node = self._descend(key.encode())
        if node is None or not self.trie.is_terminal(node):
            return None
        return self.trie.key_id(node)

    def __contains__(self, key: str) -> bool:
        return self.lookup(key) is not None

    def restore_key(self, key_id: int) -> str:
        """The key with this id."""
        if not 0 <= key_id < self.size:
            raise KeyError(key_id)
        trie = self.trie
        node = trie.terminal.select1(key_id)
        reversed_key = bytearray()
        while node:
            reversed_key += trie.label(node)[::-1]
            if node <= trie.num_l1_nodes:
                break
            node = trie.louds.select1(node) - node - 1
        return bytes(reversed_key[::-1]).decode()

    def all_keys_steps(self) -> Generator[None, None, list[str]]:
        """Every key, by key id (restore_key(i) is the i-th), decoded in one pass over the
        trie a slice at a time: some 7x quicker than a walk of every node (keys())."""
        return _decoded((yield from self.trie.key_steps()))

    def short_keys(self, length: int) -> list[str]:
        """Every key of up to length bytes (in no set order), from a decode of the nodes that
        near the root alone: a fraction of a whole decode, and quicker than a walk."""
        found = Stepwise(lambda: self.trie.key_steps(length)).value()
        return _decoded([key for key in found if len(key) <= length])

    def prefixes(self, query: str) -> list[str]:
        """Keys that are prefixes of query (including query itself), shortest first."""
        raw = query.encode()
        trie = self.trie
        found = [""] if trie.is_terminal(0) else []
        node, pos = 0, 0
        while pos < len(raw):
            step = trie.find_child(node, raw, pos)
            if step is None:
                break
            node, pos = step
            if trie.is_terminal(node):
                found.append(raw[:pos].decode())
        return found

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Keys that start with prefix, in the trie's depth-first order."""
        raw = prefix.encode()
        trie = self.trie
        node, pos, text = 0, 0, b""
        while pos < len(raw):
            matched = None
            for child, label in trie.children(node):
                if label[0] == raw[pos]:
                    matched = child, label
                    break
            if matched is None:
                return
            child, label = matched
            # A label may run past the prefix: then it must agree with what the prefix has left.
            if not (raw.startswith(label, pos) or label.startswith(raw[pos:])):
                return
            node, pos, text = child, pos + len(label), text + label
        yield from (k.decode() for k in self._walk(node, text))

    def _walk(self, node: int, text: bytes) -> Iterator[bytes]:
        trie = self.trie
        if trie.is_terminal(node):
            yield text
        stack = [iter(trie.children(node))]
        texts = [text]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                texts.pop()
                continue
            child, label = step
            child_text = texts[-1] + label
            if trie.is_terminal(child):
                yield child_text
            stack.append(iter(trie.children(child)))
            texts.append(child_text)


def _decoded(keys: list[bytes]) -> list[str]:
    joined = b"\n".join(keys).decode().split("\n") if keys else []  # one decode, not one a key
    return joined if len(joined) == len(keys) else [key.decode() for key in keys]  # a key held a newline
