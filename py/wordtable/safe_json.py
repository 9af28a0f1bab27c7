"""JSON read from someone else (a friend's device, a file, a link): nesting is limited before
it is parsed, so a hostile text nested thousands deep is refused as unreadable, like any other
bad text, and never reaches Python's recursion limit (in Pyodide, a small stack)."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 64  # far beyond any view, move or record (they nest about ten deep)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')  # strings may hold brackets: they do not nest
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def depth(text: str) -> int:
    """How deep the JSON text's arrays and objects nest (of well-formed text; a bound otherwise)."""
    # Only the brackets outside strings, each a step in or out (map and accumulate run in C: a
    # record of a megabyte is read in milliseconds, in Pyodide too).
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


class TooDeep(ValueError):
    """The text nests deeper than anything Wordtable writes."""


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads, with TooDeep (a ValueError) for text nested deeper than max_depth."""
    if depth(text) > max_depth:
        raise TooDeep(f"it nests deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError as error:  # cannot happen below the limit; kept as a last guard
        raise TooDeep("it nests too deeply") from error
