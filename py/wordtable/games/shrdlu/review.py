"""Reviewing a finished game of Shrdlu (wordtable.review): a turn is a round, worth its card.

What a seat played: the card it won with its word, or with a right call of shrdlu (1), or
nothing (0). The best: the card, which any word that fits wins (the exhaustive solver knows
them all) or, where none fits, a call of shrdlu; so a round lost is a point missed, whoever
was faster. The words shown for the best are the commonest that fit (never a word the app
never proposes), as the end of a round shows them. The spread is on the table for everyone:
nothing a seat could not see goes in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wordtable.games.shrdlu.rules import Shrdlu
from wordtable.lexicon.vocabulary import vocabulary
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn


def turns(game: Shrdlu, seat: int, steps: list[Step]) -> Iterator[Turn]:
    started = 0  # the step at which the round under way was dealt
    for step in steps:
        before, after = step.before["results"], step.after["results"]
        if len(after) > len(before):
            result = after[len(before)]
            if seat in step.before["players_in"]:
                yield _round_turn(game, seat, step.before, result, len(before) + 1, started)
            started = step.index + 1


def _round_turn(game: Shrdlu, seat: int, view: dict[str, Any], result: dict[str, Any], number: int, started: int) -> Turn:
    won = result["winner"] == seat
    played = Play((result["word"],) if won and result["word"] else (), int(won))
    lexicon = view["options"]["lexicon"]
    found = game.solutions_for(lexicon, tuple(card["id"] for card in result["spread"]))
    if not found:
        return Turn(seat, number, started, played, Play((), 1), ({"type": "shrdlu"},),
                    "No word fits: calling shrdlu won the card.")
    shown = vocabulary(game.lexicon_for, lexicon).commonest(found, at_least=MAX_BEST_WORDS)[:MAX_BEST_WORDS]
    note = "" if shown else "Only words the app never proposes fit."
    best = tuple(sorted(shown)) or (found[0],)
    return Turn(seat, number, started, played, Play(tuple(sorted(shown)), 1), ({"type": "claim", "word": best[0]},), note)


REVIEWER = Reviewer(
    turn_name="round",
    measure="cards",
    best_from="every word that fits the spread (the solver's exhaustive search)",
    turns=turns,
)
