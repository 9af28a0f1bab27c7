"""Reviewing a finished game of Four Letter Words (wordtable.review): a turn is a word the seat
had to write, worth the room its grid kept.

No turn of this game scores by itself: a player lasts by keeping room for the words to come.
So the measure is the room a placement leaves: how many of the game's allowed four-letter
words still fit the grid after it (as the hard bot weighs its placements). What a seat played:
that count after where it wrote the word, or after its three Xs (the X variant); nothing for a
strike taken while the word fitted. The best: every place the word fitted, each weighed the
same way (an exhaustive search of the placements), or the Xs where they kept more. A word that
fitted nowhere leaves nothing to choose but its Xs or a strike: what they kept is the best
there was (where Xs might have gone is not searched).

A choice is not reviewed: what a chosen word is worth is in the others' grids, which its
chooser never saw (the chooser's own writing of it is reviewed like anyone's). Only the seat's
own view is used: its grid, the word and where the rules let it go."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any, cast

from wordtable.games.four_letter_words.grid import Placement, cell_name
from wordtable.games.four_letter_words.rules import FourLetterWords, Options
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn

ANSWERS = ("place", "xs", "strike")
SKIPS = {"strike": "a strike", "xs": "three Xs"}
ONLY_ANSWER = {"strike": "a strike was the only answer", "xs": "three Xs were the only answer"}


def turns(game: FourLetterWords, seat: int, steps: list[Step]) -> Iterator[Turn]:
    count = 0
    for step in steps:
        if step.move is None or step.move.get("type") not in ANSWERS or "grid" not in step.before:
            continue
        count += 1
        yield _turn(game, seat, step, count)


def _turn(game: FourLetterWords, seat: int, step: Step, count: int) -> Turn:
    view, move = step.before, step.move
    assert move is not None  # turns() reviews the seat's own moves
    options = cast(Options, Options.parse(view["options"]))
    grid, word = "".join(view["grid"]), view["word"]
    room = {tuple(p): _room(game, options, _written(options, grid, Placement(*p), word)) for p in view["placements"]}
    # Three Xs keep room too (the X variant): as much as the grid after them leaves.
    crossed = _room(game, options, "".join(step.after["grid"])) if move["type"] == "xs" else 0
    if not room:
        played = Play((), crossed)
        return Turn(seat, count, step.index, played, played, (move,),
                    f"{word.upper()} fitted nowhere in the grid: {ONLY_ANSWER[move['type']]}.")
    played = Play((word,), room[(move["row"], move["col"], move["dir"])]) if move["type"] == "place" else Play((), crossed)
    most = max(room.values())
    if played.points > most:  # Xs that kept more room than any place for the word
        return Turn(seat, count, step.index, played, played, (move,),
                    f"Three Xs kept more room than any place for {word.upper()}.")
    best = sorted(place for place, count in room.items() if count == most)
    note = f"{_capital(SKIPS[move['type']])} while {word.upper()} fitted." if move["type"] != "place" else ""
    if len(best) > MAX_BEST_WORDS:
        note = (note + f" {len(best)} places were as good.").strip()
    return Turn(seat, count, step.index, played, Play(_places(word, best), most), (Placement(*best[0]).to_move(),), note)


def _written(options: Options, grid: str, placement: Placement, word: str) -> str:
    cells = list(grid)
    for (r, c), letter in zip(placement.cells(), word):
        cells[r * options.cols + c] = letter
    return "".join(cells)


@lru_cache(maxsize=4096)
def _room(game: FourLetterWords, options: Options, grid: str) -> int:
    """How many allowed words still fit the grid. Words may read in every direction, so a grid
    turned over or round keeps the same count: the review asks once per shape (an empty grid's
    first word has 112 places on 7x7 and about 14 shapes; every seat writes it)."""
    if grid != _canonical(grid, options.rows, options.cols):
        return _room(game, options, _canonical(grid, options.rows, options.cols))
    return game.fitting_count_for(grid, options)


def _canonical(grid: str, rows: int, cols: int) -> str:
    """The least of the grid's mirror images (and, square, its turns by a quarter)."""
    lines = [grid[r * cols:(r + 1) * cols] for r in range(rows)]
    images = [lines, lines[::-1], [line[::-1] for line in lines], [line[::-1] for line in lines[::-1]]]
    if rows == cols:
        images += [["".join(column) for column in zip(*image)] for image in images]
    return min("".join(image) for image in images)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _places(word: str, places: list[tuple[Any, ...]]) -> tuple[str, ...]:
    """The best places, as a record says them: "FEAR at B3 going right" (the page shows a text
    in mixed case as it is, a word in lower case in capitals)."""
    return tuple(f"{word.upper()} at {cell_name(row, col)} going {direction}" for row, col, direction in places[:MAX_BEST_WORDS])


REVIEWER = Reviewer(
    turn_name="word",
    measure="words that still fit",
    best_from="every place the word fitted, weighed by how many allowed words still fit the grid after it (an "
              "exhaustive search of the placements; choices are not scored: their worth is in grids their "
              "chooser never saw)",
    turns=turns,
    line="kept room for {played:,} of the {best:,} words their best places would have kept: {share}%.",
)
