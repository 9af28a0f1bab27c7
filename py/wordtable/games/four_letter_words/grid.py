"""A Four Letter Words grid: its cells (a string of rows*cols letters, EMPTY for an empty cell),
the positions a word can take, where a word may be written under the reuse rule, and why not.
The rules (rules.py) decide when; the grid's geometry is here once, for them, the bots and the
online owner's device alike."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, cast

from wordtable.engine.game import Move

EMPTY = "."
DIRECTIONS = {"right": (0, 1), "down": (1, 0), "left": (0, -1), "up": (-1, 0)}
REUSE_RULE = "every word after your first must reuse 1 to 3 letters already written"


@dataclass(frozen=True)
class Placement:
    row: int
    col: int
    dir: str

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = DIRECTIONS[self.dir]
        return [(self.row + dr * i, self.col + dc * i) for i in range(4)]

    def to_move(self) -> Move:
        return {"type": "place", "row": self.row, "col": self.col, "dir": self.dir}


def windows(rows: int, cols: int) -> list[Placement]:
    """Every position a four-letter word can take in the grid."""
    found = []
    for row in range(rows):
        for col in range(cols):
            for name, (dr, dc) in DIRECTIONS.items():
                end_row, end_col = row + 3 * dr, col + 3 * dc
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    found.append(Placement(row, col, name))
    return found


Cells = tuple[int, int, int, int]  # a placement's cells as grid indexes, one per letter
Window = tuple[Placement, Cells]


def indexed_windows(rows: int, cols: int) -> list[Window]:
    # A placement has four cells (Placement.cells), which a tuple built from them cannot say.
    return [(w, cast(Cells, tuple(r * cols + c for r, c in w.cells()))) for w in windows(rows, cols)]


def placements(grid: str, word: str, all_windows: list[Window]) -> list[Placement]:
    """Where word may be written in this grid: reusing 1-3 letters, or anywhere if empty."""
    if grid.count(EMPTY) == len(grid):
        return [window for window, _cells in all_windows]  # a first word goes anywhere
    return [window for window, pick, letters in _reusing_windows(grid, all_windows) if pick(word) == letters]


# The bots ask where each of hundreds of words would go in one grid: the windows holding 1 to 3
# letters (the only ones the reuse rule allows) are found once per grid, not once per word.
# A window is kept with what picks a word's letters at its written cells (itemgetter: one
# C call per word) and those letters: one letter, or a tuple of them for several.
Picked = str | tuple[str, ...]
Reusing = tuple[Placement, Callable[[str], Picked], Picked]
_REUSING: dict[str, tuple[list[Window], list[Reusing]]] = {}


def _reusing_windows(grid: str, all_windows: list[Window]) -> list[Reusing]:
    """Each window with 1 to 3 letters written, and those letters by their place in the word."""
    cached = _REUSING.get(grid)
    if cached is not None and cached[0] is all_windows:
        return cached[1]
    found: list[Reusing] = []
    for window, cells in all_windows:
        offsets = [offset for offset, index in enumerate(cells) if grid[index] != EMPTY]
        if 1 <= len(offsets) <= 3:
            pick = itemgetter(*offsets)
            found.append((window, pick, pick("".join(grid[index] for index in cells))))
    if len(_REUSING) > 2000:
        _REUSING.clear()
    _REUSING[grid] = (all_windows, found)
    return found


def does_not_fit(grid: str, word: str, all_windows: list[Window]) -> str:
    """Why word has no place in this grid (placements found none), for its chooser: a grid with
    room still refuses a word that crosses none of its letters, so the reuse rule is said, with
    the word's letters the grid holds."""
    shown = word.upper()
    held = "".join(letter for letter in dict.fromkeys(shown) if letter.lower() in grid)
    reason = f"{shown} cannot go in your grid: {REUSE_RULE}"
    if not held:
        return f"{reason}, and your grid has no {listed(shown, 'or')}."
    if any(all(grid[index] == letter for index, letter in zip(cells, word)) for _window, cells in all_windows):
        return f"{reason} and write a new one: {shown} is in your grid already, and nowhere else has room for it."
    return f"{reason}, and where your grid has its {listed(held, 'and')}, there is no room for the rest of {shown} in line."


def listed(letters: str, conjunction: str) -> str:
    """Each letter once: "J, A or Z"."""
    unique = list(dict.fromkeys(letters))
    return unique[0] if len(unique) == 1 else f"{', '.join(unique[:-1])} {conjunction} {unique[-1]}"


def cell_name(row: int, col: int) -> str:
    """Spreadsheet-style: column letter, row number (A1 is the top-left cell)."""
    return f"{chr(ord('A') + col)}{row + 1}"
