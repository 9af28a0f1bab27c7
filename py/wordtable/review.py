"""After the game: each turn of a finished game reviewed from its record, for one seat or all.

For every turn of a seat (a round, a spread, a claim, as the game counts them) the review says
what the seat played and its points, the best that position allowed and its points, in the
game's own measure (a game's review module says which measure, and whether the best comes from
an exhaustive search or its strongest bot's). Only what the seat knew is used: the game's
reviewer receives the seat's own views before and after each move of the record (never a
state), and the seat's own moves; another seat's move reaches it only as the change it made to
that view. A record is reviewed only when it is over and checks (wordtable.verify).

Each game declares how its turns are reviewed in `games/<folder>/review.py` as REVIEWER (a
Reviewer); this module drives it and writes the summary once for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.game import Game, Move, Record, replay_states, shown_replay

REVIEW_VERSION = 1
MAX_BEST_WORDS = 5  # ties: the few best, not a list of a hundred


@dataclass(frozen=True)
class Play:
    """What a turn played or could have played: its words (none: a pass, a call, no word) and
    its points in the game's review measure."""
    words: tuple[str, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"words": list(self.words), "points": self.points}


@dataclass(frozen=True)
class Turn:
    seat: int
    turn: int       # the game's own count, from 1 (round, spread, claim…)
    step: int       # the record's moves made before this turn: the replay's frame it faced
    played: Play
    best: Play
    # Moves that play the best, made by the seat from the state at `step` in turn (the tests
    # replay them: every best the review names is legal there); () where no move of the seat's
    # own reaches it alone (a placement whose worth hangs on what others choose later).
    best_moves: tuple[Move, ...] = ()
    note: str = ""  # a short line where the numbers need one ("nobody could: calling was right")

    @property
    def missed(self) -> int:
        return max(0, self.best.points - self.played.points)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "turn": self.turn, "step": self.step, "played": self.played.to_json(),
                "best": self.best.to_json(), "missed": self.missed, "note": self.note}


@dataclass(frozen=True)
class Step:
    """One move of the record as one seat saw it: its view before and after, and the move
    itself only when the seat made it (another's move may hold what the seat never saw)."""
    index: int      # the move's place in the record, from 0
    mover: int
    move: Move | None
    # The seat's view of the state after n moves: made when a reviewer first reads it (a seat's
    # views of every state, for every seat, were half of a long game's review).
    view_at: Callable[[int], dict[str, Any]] = field(repr=False, compare=False)

    @property
    def before(self) -> dict[str, Any]:
        return self.view_at(self.index)

    @property
    def after(self) -> dict[str, Any]:
        return self.view_at(self.index + 1)


@dataclass(frozen=True)
class Reviewer:
    """How a game reviews its turns (a game's review module declares one as REVIEWER)."""
    turn_name: str    # what a turn is called in this game: "round", "spread", "turn"
    measure: str      # what the points are, for the page and the note: "points the word scored"
    best_from: str    # where the best comes from: an exhaustive search of what, or which bot's
    # (game, seat, every step as that seat saw it) -> the seat's turns, a turn at a time
    turns: Callable[[Any, int, list[Step]], Iterator[Turn]]
    # The summary after a player's name, where "scored" does not fit the measure
    line: str = "scored {played:,} of the {best:,} {measure} their positions offered: {share}%."


class NotReviewable(ValueError):
    """A record that cannot be reviewed (not over, does not check): its message is for a player."""


@dataclass
class Review:
    game: str
    seats: list[int]
    reviewer: Reviewer
    turns: list[Turn] = field(default_factory=list)

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: the points played and offered over its turns, and the share."""
        rows = []
        for seat in self.seats:
            mine = [turn for turn in self.turns if turn.seat == seat]
            played, best = sum(t.played.points for t in mine), sum(t.best.points for t in mine)
            share = share_of(played, best)
            rows.append({"seat": seat, "turns": len(mine), "played": played, "best": best, "share": share,
                         "best_turns": sum(t.missed == 0 for t in mine),
                         "line": summary_line(played, best, share, self.reviewer)})
        return rows

    def to_json(self, share_label: str = "") -> dict[str, Any]:
        """The review as JSON; with share_label ("daily 2026-12-02"), each seat's line to share."""
        summary = self.summary()
        if share_label:
            from wordtable.games import game_class
            title = game_class(self.game).title
            summary = [{**row, "share": share_line(self, row["seat"], title, share_label)} for row in summary]
        return {"game": self.game, "version": REVIEW_VERSION, "turn_name": self.reviewer.turn_name,
                "measure": self.reviewer.measure, "best_from": self.reviewer.best_from,
                "turns": [turn.to_json() for turn in self.turns], "summary": summary}


def share_of(played: int, best: int) -> int:
    """The share of the best that was played, from 0 to 100: where points can be lost (Spell
    Write's crossed-off letters), a total below nothing is 0%, and where nothing could be gained
    or every position cost points, playing the best there was is 100%."""
    if best <= 0:
        return 100 if played >= best else 0
    return max(0, min(100, round(100 * played / best)))


def summary_line(played: int, best: int, share: int, reviewer: Reviewer) -> str:
    """The line after a name: "scored 212 of the 305 points their positions offered: 70%"."""
    if best <= 0 and played >= best:
        return f"had no {reviewer.measure} to gain in any position."
    return reviewer.line.format(played=played, best=best, share=share, measure=reviewer.measure)


def share_line(review: Review, seat: int, title: str, label: str) -> str:
    """A result to share, like Wordle's: a square per turn and the share, never a word (no
    spoilers, whenever it is shared): green for a best play, yellow for half of the best or
    more, white for less."""
    row = next(r for r in review.summary() if r["seat"] == seat)
    squares = "".join("🟩" if t.missed == 0 else "🟨" if 2 * t.played.points >= t.best.points else "⬜"
                      for t in review.turns if t.seat == seat)
    return f"Wordtable · {title} {label}\n{row['played']}/{row['best']} {review.reviewer.measure} ({row['share']}%)\n{squares}"


def reviewing(game: Game, record: Record, reviewer: Reviewer, seat: int | None = None) -> Iterator[Turn]:
    """The turns of a finished record, a turn at a time (the page asks for a slice at a time).
    NotReviewable if the game is not over. The record must have been checked (see review)."""
    # Online, a grid kept on its owner's device is in the record as a public move ("written"):
    # the review takes the move as its owner made it, shown at the end (shown_replay checks it).
    states, made = shown_replay(game, record, list(replay_states(game, record)))
    if game.outcome(states[-1]) is None:
        raise NotReviewable("The review opens once the game is over.")
    seats = list(range(game.seats(states[-1]))) if seat is None else [seat]
    for reviewed in seats:
        view_at = _views(game, states, reviewed)
        steps = [Step(index, mover, made[index] if mover == reviewed else None, view_at)
                 for index, (mover, _public) in enumerate(record.moves)]
        yield from reviewer.turns(game, reviewed, steps)


def _views(game: Game, states: list[Any], seat: int) -> Callable[[int], dict[str, Any]]:
    """The seat's view of each state, each made once, when first asked for."""
    made: dict[int, dict[str, Any]] = {}

    def view_at(index: int) -> dict[str, Any]:
        if index not in made:
            made[index] = game.view(states[index], seat)
        return made[index]
    return view_at


def review(data: Any, lexicon_for: Callable[[str], Any], seat: int | None = None) -> Review:
    """The whole review of a record (or a save holding one), once it is over and checks."""
    *_slices, result = review_steps(data, lexicon_for, seat)
    assert result is not None  # the steps end with the review
    return result


def review_steps(data: Any, lexicon_for: Callable[[str], Any], seat: int | None = None) -> Iterator[Review | None]:
    """The review a slice at a time, for the page (the bridge's game.review): None after the
    record's check and after each turn, then the whole review. NotReviewable as review."""
    record, game, reviewer, seats = prepared(data, lexicon_for, seat)
    yield None
    result = Review(record.game, seats, reviewer)
    for turn in reviewing(game, record, reviewer, seat):
        result.turns.append(turn)
        yield None
    yield result


def prepared(data: Any, lexicon_for: Callable[[str], Any], seat: int | None) -> tuple[Record, Game, Reviewer, list[int]]:
    """The record checked (NotReviewable with the verdict's message if it does not hold or is not
    over), its game, the game's reviewer and the seats to review."""
    from wordtable.games import make, reviewer_of
    from wordtable.verify import find_record, verify
    verdict = verify(data, lexicon_for)
    if not verdict.ok:
        raise NotReviewable(f"This game cannot be reviewed: {verdict.message}")
    if not verdict.finished:
        raise NotReviewable("The review opens once the game is over.")
    record = Record.from_json(find_record(data))
    game, _bots = make(record.game, lexicon_for)
    states = list(replay_states(game, record))
    players = game.seats(states[-1])
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
        raise NotReviewable(f"This game has seats 0 to {players - 1}; there is no seat {seat}.")
    reviewer = reviewer_of(record.game)
    if reviewer is None:
        raise NotReviewable(f"This version cannot review a game of {game.title} yet.")
    return record, game, reviewer, list(range(players)) if seat is None else [seat]


def top_words(scored: dict[str, int], limit: int = MAX_BEST_WORDS) -> Play:
    """The best of some words scored (word -> points): every word tied for the most, up to a
    few, in alphabetical order; no word at all is worth 0."""
    if not scored:
        return Play((), 0)
    most = max(scored.values())
    return Play(tuple(sorted(word for word, points in scored.items() if points == most)[:limit]), most)
