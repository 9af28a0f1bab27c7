"""Reviewing a finished game of One Letter Better (wordtable.review): a turn is one turn of the
seat, from its draw (or take from the pile) to its end.

The measure is the game's own points: what the seat's score gained over the turn (a new word's
worth, the difference for lengthening its own word, a steal's whole worth; when players decide,
a word that stood a challenge counts double and one that fell counts nothing), read from the
seat's views before and after. A turn that ends a round counts the score the round ended with,
before the hands are subtracted: the hand left is not a play.

The best: every play the hand allowed once the seat began playing (after its draw and any swap
or STL-1, right before its first play, discard or end), found by the exhaustive search of the
hand and the table the bots use (plays.plays: new words, additions, red insertions, blue
replacements, steals, joins), one play at a time; a take of two or more cards binds the search
to plays of the bottom card, as the rules bind the seat. Plays making a word the app never
proposes are left out, and the tied words shown are the commonest few. A turn may make several
plays, so where the seat scored more over its turn than any single play offered, the best is
what it played. Only the seat's own view is used: its hand, the table and the discard pile,
never another hand or the stack."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.game import Move
from wordtable.games.one_letter_better.plays import plays
from wordtable.games.one_letter_better.state import PLAY_MOVES
from wordtable.lexicon.vocabulary import vocabulary
from wordtable.review import MAX_BEST_WORDS, Play, Reviewer, Step, Turn

STARTS = ("draw", "take")
DECIDES = (*PLAY_MOVES, "discard", "end")  # the first of these: the seat is playing its hand


@dataclass
class _Open:
    """A turn of the seat under way: where it began and what it has done."""
    start: Step
    decided: Step | None = None       # the step of the seat's first play, discard or end
    steps: list[Step] = field(default_factory=list)


def turns(game: Any, seat: int, steps: list[Step]) -> Iterator[Turn]:
    current: _Open | None = None
    number = 0
    for step in steps:
        move = step.move
        if current is None:
            if move is None or move["type"] not in STARTS:
                continue
            current = _Open(step)
        current.steps.append(step)
        if current.decided is None and move is not None and move["type"] in DECIDES:
            current.decided = step
        if _turn_over(seat, step):
            number += 1
            yield _turn(game, seat, number, current, step)
            current = None


def _turn_over(seat: int, step: Step) -> bool:
    """Whether the seat's turn has ended with this step: the turn passed, the round or the game
    ended, or (solo, where the turn comes straight back) a new draw is due. Putting taken cards
    back returns to the draw within the same turn."""
    before, after = step.before, step.after
    if after["phase"] == "over" or after["round"] != before["round"] or after["turn"] != seat:
        return True
    putting_back = step.move is not None and step.move["type"] == "put-back"
    return after["phase"] == "draw" and not putting_back


def _turn(game: Any, seat: int, number: int, current: _Open, last: Step) -> Turn:
    opened = current.start.before
    gained = _points(opened, last.after, seat) - opened["scores"][seat]
    played = Play(_words_made(seat, current, last), gained)
    decided = current.decided or current.start  # a turn always decides; the draw if not
    view = decided.before if current.decided else decided.after
    step = decided.index if current.decided else decided.index + 1
    best, moves = _best(game, view)
    if gained > best.points:
        return Turn(seat, number, step, played, played, _own_plays(current, step), _why_more(seat, current))
    note = "" if best.points else "The hand allowed no scoring play."
    return Turn(seat, number, step, played, best, moves, note)


def _why_more(seat: int, current: _Open) -> str:
    """Why the turn scored more than the best single play: a failed challenge's double, or
    several plays."""
    if any(s.mover != seat and s.after["round"] == s.before["round"]
           and s.after["scores"][seat] > s.before["scores"][seat] for s in current.steps):
        return "A challenge that failed doubled a play."
    if sum(s.move is not None and s.move["type"] in PLAY_MOVES for s in current.steps) > 1:
        return "Several plays scored more than any one."
    return "The play scored more than any the search found."


def _best(game: Any, view: dict[str, Any]) -> tuple[Play, tuple[Move, ...]]:
    """The single play worth most from this view, its tied words (the commonest few, never a
    word the app never proposes) and the move of the first."""
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    found: dict[str, tuple[int, Move]] = {}  # the word made -> its most points and their move
    for p in plays(game, view):
        if p.gain > 0 and (p.text not in found or p.gain > found[p.text][0]) and not words.blocked(p.text):
            found[p.text] = (p.gain, p.move)
    if not found:
        return Play((), 0), ()
    most = max(points for points, _move in found.values())
    tied = [text for text, (points, _move) in found.items() if points == most]
    shown = sorted(words.commonest(tied, at_least=MAX_BEST_WORDS), key=lambda w: (words.level(w), w))
    shown = (shown or sorted(tied))[:MAX_BEST_WORDS]
    return Play(tuple(shown), most), (found[shown[0]][1],)


def _points(opened: dict[str, Any], after: dict[str, Any], seat: int) -> int:
    """The seat's round score at the turn's end: where the turn ended the round, the score the
    round ended with, before the hands were subtracted."""
    results = after["results"]
    if len(results) > len(opened["results"]):
        return int(results[len(opened["results"])]["scores"][seat])
    return int(after["scores"][seat])


def _table(view: dict[str, Any], seat: int) -> set[tuple[int, str]]:
    """The seat's words on the table and out of play (protected, stolen three times)."""
    return {(w["id"], w["text"]) for w in (*view["words"], *view["out"]) if w["owner"] == seat and w["text"]}


def _words_made(seat: int, current: _Open, last: Step) -> tuple[str, ...]:
    """The words the seat made or changed this turn and kept: its table at the turn's end (or
    at the round's end) less its table at the start; a word that fell to a challenge is gone."""
    opened = current.start.before
    end = last.after
    made: list[str] = []
    if last.after["round"] != opened["round"]:
        end = last.before  # the deal cleared the table: its last view in this round
        if last.move is not None and last.move["type"] in PLAY_MOVES:
            made.append(_spelled(last.before, last.move))
    new = sorted(_table(end, seat) - _table(opened, seat))
    return tuple(dict.fromkeys([text for _id, text in new] + [w for w in made if w]))


def _spelled(view: dict[str, Any], move: Move) -> str:
    """The word a play of the seat's makes, from the view it was played in (the one play whose
    result the next view no longer shows: it ended the round)."""
    hand = {card["uid"]: card["letters"] for card in view["hand"] or ()}
    table = {word["id"]: word for word in view["words"]}

    def letters(entries: list[Any]) -> str:
        return "".join(e[1] if isinstance(e, list) else hand.get(e, "") for e in entries)

    kind, target = move["type"], table.get(move.get("word"))
    if kind == "word":
        return letters(move["cards"])
    if target is None:
        return ""
    cards = [c["letters"] for c in target["cards"]]
    if kind == "add":
        return letters(move["front"]) + target["text"] + letters(move["back"])
    if kind == "insert":
        return "".join(cards[:move["at"]]) + hand.get(move["card"], "") + "".join(cards[move["at"]:])
    if kind == "replace":
        kept = cards[move["count"]:] if move["side"] == "front" else cards[:-move["count"]]
        card = hand.get(move["card"], "")
        return card + "".join(kept) if move["side"] == "front" else "".join(kept) + card
    mine = table.get(move.get("with"))
    if mine is None:
        return ""
    return mine["text"] + target["text"] if move["first"] else target["text"] + mine["text"]


def _own_plays(current: _Open, step: int) -> tuple[Move, ...]:
    """The seat's own moves from `step` to its last play, to replay the turn's plays: only when
    nobody else moved among them (a challenge's answer is not the seat's to make)."""
    moves: list[Move] = []
    for s in current.steps:
        if s.index < step:
            continue
        if s.move is None:
            return ()
        moves.append(s.move)
    while moves and moves[-1]["type"] not in PLAY_MOVES:
        moves.pop()
    return tuple(moves)


REVIEWER = Reviewer(
    turn_name="turn",
    measure="points",
    best_from=("every play the hand allowed after the draw (an exhaustive search of the hand and the table), "
               "one play at a time; what the player scored where several plays made more"),
    turns=turns,
)
