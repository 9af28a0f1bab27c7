"""Reviewing a finished game of Spell Write (wordtable.review): a turn is a round, worth the
points its letter scored then.

What a seat played: the points its sheet gained in the round (the words it claimed, the bonus
point, less a point for a crossed-off letter or a claimed non-word). The best: every letter the
dice let it take in every empty square, with the most points the words through it (all of them
in friendly mode) could score, claimed shortest first as the rules allow: an exhaustive search
of that round's choices. It is the best of the round alone: a letter written where it scores
nothing now may be worth more later, which a round's review does not weigh. Only the seat's
own view is used: its sheet, the dice and what they let it take."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wordtable.games.spell_write.bots import _write, best_claims
from wordtable.games.spell_write.rules import EMPTY, LETTERS, SIZE, Sheet, SpellWrite, sheet_from_json
from wordtable.lexicon.vocabulary import vocabulary
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn

Cell = tuple[int, int]


def turns(game: SpellWrite, seat: int, steps: list[Step]) -> Iterator[Turn]:
    for step in steps:
        if step.move is None or step.move.get("type") != "write":
            continue
        before, after = step.before["sheets"][seat], step.after["sheets"][seat]
        played = Play(_claimed(before, after), after["score"] - before["score"])
        best, moves = _best(game, step.before)
        if played.points > best.points:  # a word no bot proposes (never-propose) scored more
            best, moves = played, (step.move,)
        yield Turn(seat, step.before["round"], step.index, played, best, moves)


def _claimed(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """The words a round scored, as one play ("he + her"), or none."""
    sheet = sheet_from_json(after)
    new = after["scored"][len(before["scored"]):]
    return (" + ".join("".join(sheet.at((r, c)) for r, c in cells) for cells in new),) if new else ()


def _best(game: SpellWrite, view: dict[str, Any]) -> tuple[Play, tuple[dict[str, Any], ...]]:
    """The most points any letter the dice offered scores in any empty square, the few tied
    plays' words (commonest first) and the move of the first of them."""
    sheet = sheet_from_json(view["sheets"][view["seat"]])
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if sheet.at((r, c)) == EMPTY]
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    for pick in (tuple(cell) for cell in view["pickable"]):
        for at in empty:
            written = _write(sheet, at, LETTERS[pick[0]][pick[1]])
            points, claims = best_claims(game, written, at, view["options"]["mode"], words)
            points -= pick in sheet.crossed
            text = _play_text(written, claims)
            if text not in found or points > found[text][0]:
                found[text] = (points, {"type": "write", "pick": list(pick), "at": list(at),
                                        "words": [{"cells": [list(c) for c in cells]} for cells in claims]})
    if not found:
        return Play((), 0), ()
    most = max(points for points, _move in found.values())
    # the commonest words first, as the bots prefer them (never a word the app never proposes)
    tied = sorted((text for text, (points, _move) in found.items() if points == most),
                  key=lambda text: (sum(words.level(word) for word in text.split(" + ") if word), text))
    shown = [text for text in tied if text][:MAX_BEST_WORDS]
    return Play(tuple(shown), most), (found[shown[0] if shown else tied[0]][1],)


def _play_text(sheet: Sheet, claims: list[list[Cell]]) -> str:
    return " + ".join("".join(sheet.at((r, c)) for r, c in cells) for cells in claims)


REVIEWER = Reviewer(
    turn_name="round",
    measure="points",
    best_from="every letter the dice offered in every empty square, with the words it makes (an exhaustive "
              "search of the round; a letter kept for later rounds is not weighed)",
    turns=turns,
)
