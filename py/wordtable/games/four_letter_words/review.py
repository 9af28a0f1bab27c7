"""Reviewing a finished game of Four Letter Words (wordtable.review): a turn is a word the seat
had to write, worth the room its grid kept.

No turn of this game scores by itself: a player lasts by keeping room for the words to come.
So the measure is the room a placement leaves: how many of the game's allowed four-letter
words still fit the grid after it (as the hard bot weighs its placements). What a seat played:
that count after where it wrote the word; nothing for a strike or three Xs taken while the
word fitted. The best: every place the word fitted, each weighed the same way (an exhaustive
search of the placements). A word that fitted nowhere is a turn with nothing to gain.

A choice is not reviewed: what a chosen word is worth is in the others' grids, which its
chooser never saw (the chooser's own writing of it is reviewed like anyone's). Only the seat's
own view is used: its grid, the word and where the rules let it go."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from wordtable.games.four_letter_words.grid import Placement, cell_name
from wordtable.games.four_letter_words.rules import FourLetterWords, Options
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn

ANSWERS = ("place", "xs", "strike")
SKIPS = {"strike": "a strike", "xs": "three Xs"}


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
    room = {tuple(p): _room(game, options, grid, Placement(*p), word) for p in view["placements"]}
    if not room:
        return Turn(seat, count, step.index, Play((), 0), Play((), 0), (move,),
                    f"{word.upper()} fitted nowhere in the grid: {SKIPS[move['type']]} was the only answer.")
    played = Play((word,), room[(move["row"], move["col"], move["dir"])]) if move["type"] == "place" else Play((), 0)
    most = max(room.values())
    best = sorted(place for place, count in room.items() if count == most)
    note = f"{SKIPS[move['type']].capitalize()} while {word.upper()} fitted." if move["type"] != "place" else ""
    if len(best) > MAX_BEST_WORDS:
        note = (note + f" {len(best)} places were as good.").strip()
    return Turn(seat, count, step.index, played, Play(_places(word, best), most), (Placement(*best[0]).to_move(),), note)


def _room(game: FourLetterWords, options: Options, grid: str, placement: Placement, word: str) -> int:
    """How many allowed words still fit the grid once the word is written there."""
    cells = list(grid)
    for (r, c), letter in zip(placement.cells(), word):
        cells[r * options.cols + c] = letter
    return game.fitting_count_for("".join(cells), options)


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
