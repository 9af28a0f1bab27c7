"""Reviewing a finished game of Wordsmith (wordtable.review): a turn is a word, worth its letters.

A turn is a word the seat claimed; and, where the seat let a word go that it could have
claimed, a missed last word: it stopped for the challenge, or the clock after "Done!" ran out
while it still had a word to claim (its played word is then none, 0).

The measure is a word's letters, as its row on the sheet scores them (hyphen and apostrophe
counting; in Secret Wordsmith a word refused at the end scores 0). DECISION, to keep it simple:
the bonus of the unticked blue boxes is left out, though a word's leftover pieces tick them.

The best is the longest word the seat could have claimed at that moment, found by an exhaustive
search of every dictionary word its pool builds (the game's own search, fitting_groups, over
the pool, its circles, the box and the discard boxes left), under the claim rules: a new letter
after its previous word, not claimed yet this challenge, a free row with its required letter.
The words shown are the commonest of those tied (never a word the app never proposes); a word
the seat played that the search does not propose (a never-propose word) is the best when it is
longer. Only the seat's own view just before the move is used: in Secret Wordsmith others'
words are hidden, and the rules let the same word stand on several sheets, so the best named is
legal all the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from wordtable.engine.game import Move
from wordtable.games.wordsmith.alphabet import KINDS, Pieces
from wordtable.games.wordsmith.rules import Wordsmith
from wordtable.games.wordsmith.state import MIN_LETTERS, ROWS, fitting_groups, has_new_letter_after
from wordtable.lexicon.vocabulary import Vocabulary, vocabulary
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn

TIME_UP = "time for the last words ran out"  # the challenge's "ended", as rules.py words it


def turns(game: Wordsmith, seat: int, steps: list[Step]) -> Iterator[Turn]:
    number = 0
    for step in steps:
        turn = _claim_turn(game, seat, step) or _missed_turn(game, seat, step)
        if turn is not None:
            number += 1
            yield Turn(seat, number, step.index, *turn)


def _claim_turn(game: Wordsmith, seat: int, step: Step) -> tuple[Play, Play, tuple[Move, ...], str] | None:
    """A word the seat claimed: its points against the longest it could have claimed."""
    move = step.move
    if move is None or move.get("type") != "claim":
        return None
    view = step.before
    word = str(move["word"]).strip().lower()
    points = len(word) if _stands_on_sheet(game, view, word, move.get("row")) else 0
    played = Play((word,), points)
    best, moves = _best(game, view)
    note = ""
    if points > best.points:  # a word the search never proposes: it was the best there
        mine: Move = {"type": "claim", "word": word} | ({"row": move["row"]} if "row" in move else {})
        best, moves = Play((word,), points), (mine,)
    elif points == 0:
        note = "The word was refused when the sheets were checked: it scored 0."
    return played, best, moves, note


def _missed_turn(game: Wordsmith, seat: int, step: Step) -> tuple[Play, Play, tuple[Move, ...], str] | None:
    """A last word let go: the seat stopped, or the clock after "Done!" ran out, while it could
    still claim one (with no star's piece left to choose first). None where it could not."""
    view, me = step.before, step.before["players"][seat]
    if me["finished"] or me["waiting"] or me["picks"]:
        return None
    if step.move is not None and step.move.get("type") == "stop":
        note = "Stopped with a word still to claim."
    elif step.mover != seat and _ended_by_the_clock(step):
        note = "The time for the last word ran out with a word still to claim."
    else:
        return None
    best, moves = _best(game, view)
    if best.points == 0:
        return None  # nothing to claim: stopping lost nothing
    return Play((), 0), best, moves, note


def _ended_by_the_clock(step: Step) -> bool:
    before, after = step.before["results"], step.after["results"]
    return len(after) > len(before) and after[len(before)]["ended"] == TIME_UP


def _stands_on_sheet(game: Wordsmith, view: dict[str, Any], word: str, row: Any) -> bool:
    """Whether a claimed word scores: a claim allowed during the challenge always does, but in
    Secret Wordsmith the sheet is checked at the end (the objections, against its own words)."""
    if not view["options"]["secret"]:
        return True
    me = view["players"][view["seat"]]
    earlier = {w for w in me["rows"] if w}
    required = view["required"]
    if word not in game.lexicon_for(view["options"]["lexicon"]) or word in earlier:
        return False
    if me["previous"] and not has_new_letter_after(me["previous"])(word):
        return False
    return not required or (isinstance(row, int) and required[row] in word)


def _best(game: Wordsmith, view: dict[str, Any]) -> tuple[Play, tuple[Move, ...]]:
    """The longest words the seat could claim from its view, the commonest few of them, and the
    claim of the first."""
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    found = _longest(words, view)
    if not found:
        return Play((), 0), ()
    shown = sorted(words.commonest(found, at_least=MAX_BEST_WORDS), key=lambda w: (words.level(w), w))
    shown = shown[:MAX_BEST_WORDS]
    return Play(tuple(shown), len(shown[0])), (_claim(view, shown[0]),)


def _longest(words: Vocabulary, view: dict[str, Any]) -> list[str]:
    """Every word tied for the longest that the seat may claim now, as its view tells: the
    pieces searched as the game searches them, each group's words longest first."""
    me = view["players"][view["seat"]]
    stands = _claim_rules(view)
    best, found = MIN_LETTERS, list[str]()
    for _over, group in fitting_groups(words.agreed, _pieces(me["pool"]), me["circles"], _pieces(view["supply"]),
                                       me["boxes_left"]):
        for word in group:
            if len(word) < best:
                break  # the group is longest first: nothing longer follows
            if stands(word) and not words.blocked(word):
                if len(word) > best:
                    best, found = len(word), []
                found.append(word)
    return found


def _claim_rules(view: dict[str, Any]) -> Callable[[str], bool]:
    """A word built from the pool that the seat may claim: new letter, not claimed yet (all the
    claims its view shows: in Secret Wordsmith its own, the only ones that count), a free row
    with its required letter."""
    me = view["players"][view["seat"]]
    taken = set(view["claimed"]) | {w for w in me["rows"] if w}
    new_letter = has_new_letter_after(me["previous"]) if me["previous"] else None
    letters = _free_letters(view)

    def stands(word: str) -> bool:
        if word in taken or (new_letter is not None and not new_letter(word)):
            return False
        return not view["required"] or not letters.isdisjoint(word)
    return stands


def _free_letters(view: dict[str, Any]) -> set[str]:
    me = view["players"][view["seat"]]
    return {view["required"][r] for r in range(ROWS) if not me["filled"][r]} if view["required"] else set()


def _claim(view: dict[str, Any], word: str) -> Move:
    """The claim of a word, on the first free row it fits (Advanced) as the game's own moves do."""
    if not view["required"]:
        return {"type": "claim", "word": word}
    me = view["players"][view["seat"]]
    row = next(r for r in range(ROWS) if not me["filled"][r] and view["required"][r] in word)
    return {"type": "claim", "word": word, "row": row}


def _pieces(counts: dict[str, int]) -> Pieces:
    return (counts[KINDS[0]], counts[KINDS[1]], counts[KINDS[2]], counts[KINDS[3]])


REVIEWER = Reviewer(
    turn_name="word",
    measure="letters",
    best_from="every word the pool could build then (an exhaustive search of the dictionary)",
    turns=turns,
)
