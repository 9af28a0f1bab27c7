"""Wordsmith's numbers, pieces, options and state: the pieces' arithmetic, the dictionary's
words grouped by what they cost, each player's pool and sheet, a challenge's result, and how
they are written for a view. The rules that change them are in rules.py."""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from wordtable.engine.errors import BadOptions
from wordtable.engine.game import Outcome
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed
from wordtable.games.wordsmith.alphabet import ALPHABET, KINDS, Pieces
from wordtable.stepwise import SLICE_ITEMS, Build, Stepwise

GAME_ID = "wordsmith"
BOX: Pieces = (40, 40, 20, 20)
DIE = ("red", "red", "yellow", "yellow", "blue-star", "green-star")
SETUP_ROLLS = 2          # the four dice, rolled twice: 8 pieces
ROWS = 6                 # words per challenge
BOXES, FREE_BOXES = 12, 6
DONE_CLOCK_S = 60
WORD_BY_WORD_DICE = 3
MIN_LETTERS = 2
STUCK = "no word possible"          # DECISION: single letters are not words here (A and I are in the lists)
NONE: Pieces = (0, 0, 0, 0)
# English letter frequencies (per cent, rounded), for Advanced's "six random letters".
LETTER_WEIGHTS = {
    "e": 12.7, "t": 9.1, "a": 8.2, "o": 7.5, "i": 7.0, "n": 6.7, "s": 6.3, "h": 6.1, "r": 6.0, "d": 4.3,
    "l": 4.0, "c": 2.8, "u": 2.8, "m": 2.4, "w": 2.4, "f": 2.2, "g": 2.0, "y": 2.0, "p": 1.9, "b": 1.5,
    "v": 1.0, "k": 0.8, "j": 0.15, "x": 0.15, "q": 0.1, "z": 0.07,
}


def add(a: Pieces, b: Pieces) -> Pieces:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def minus(a: Pieces, b: Pieces) -> Pieces:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def one(kind: int) -> Pieces:
    return tuple(1 if k == kind else 0 for k in range(4))  # type: ignore[return-value]


def pieces_json(pieces: Pieces) -> dict[str, int]:
    return dict(zip(KINDS, pieces))


def spend(pool: Pieces, circles: int, cost: tuple[int, ...]) -> tuple[Pieces, int]:
    """What building `cost` from the pool takes: (pieces its circles must add, pieces left
    over — unspent circles included)."""
    short = (max(0, cost[0] - pool[0]), max(0, cost[1] - pool[1]), max(0, cost[2] - pool[2]), max(0, cost[3] - pool[3]))
    spare = max(0, pool[0] - cost[0]) + max(0, pool[1] - cost[1]) + max(0, pool[2] - cost[2]) + max(0, pool[3] - cost[3])
    return short, spare + max(0, circles - sum(short))


def has_new_letter_after(previous: str) -> Callable[[str], bool]:
    """The seed's rule: "Valid words include at least one new letter. You may not make a word
    by simply moving letters around from your previously claimed word. For example, you can't
    make GAB if you already made BAG."
    DECISION: letters count with their repeats. A word brings a new letter when it has a letter
    the previous word lacks, or a letter more times than the previous word has it: LOO after
    LO, TOOT after TOO and SEES after SEE build a second O, T or S, which is not moving letters
    around. A word whose letters are all among the previous word's (GAB after BAG, TO after TOO)
    is refused. The one check of the rule: claims, the app's search and the bots use it."""
    counts = Counter(previous)
    letters = frozenset(counts)

    def has_new_letter(word: str) -> bool:
        if not letters.issuperset(word):
            return True  # the quick answer for most words: a letter the previous word lacks
        return any(word.count(letter) > counts[letter] for letter in set(word))
    return has_new_letter


def next_word_needs(previous: str) -> str:
    """The new-letter rule for a player's next word, in their words (the page shows it)."""
    word = previous.upper()
    return f"a letter {word} lacks, or one of its letters more times than {word} has it"


WordGroups = tuple[list[tuple[Pieces, list[str]]], list[int]]
_SORTED: dict[int, tuple[Any, Stepwise[WordGroups]]] = {}


def word_groups(lexicon: Any) -> WordGroups:
    """The lexicon's words grouped by the pieces they take, the groups taking most pieces
    first, each group's words longest first; and each group's count of pieces, negated (for
    bisect). Built once per lexicon."""
    return word_groups_build(lexicon).value()


def word_groups_build(lexicon: Any) -> Stepwise[WordGroups]:
    """word_groups' build, for the warm-up to run a slice at a time."""
    cached = _SORTED.get(id(lexicon))
    if cached is None or cached[0] is not lexicon:
        cached = _SORTED[id(lexicon)] = (lexicon, Stepwise(lambda: _build_word_groups(lexicon)))
    return cached[1]


def _build_word_groups(lexicon: Any) -> Build[WordGroups]:
    by_cost = lexicon.cost_groups_build(ALPHABET)
    yield from by_cost.steps()
    ordered = []
    for count, (cost, words) in enumerate(by_cost.value().items(), 1):
        ordered.append((cost, sorted(words, key=lambda w: (-len(w), w))))
        if count % (SLICE_ITEMS // 4) == 0:
            yield
    ordered.sort(key=lambda group: (-sum(group[0]), group[0]))
    return ordered, [-sum(cost) for cost, _words in ordered]


def fitting_groups(lexicon: Any, pool: Pieces, circles: int, supply: Pieces, boxes_left: int,
                   adds: Pieces = (0, 0, 0, 0)) -> Iterator[tuple[int, list[str]]]:
    """(pieces left over, words) for each group of dictionary words with the same pieces that
    a player could build, most pieces first: from the pool, the circles (any piece the box
    still has) and `adds` (pieces the box could still add by rolling), leaving at most
    boxes_left over."""
    p0, p1, p2, p3 = pool
    groups, sizes = word_groups(lexicon)
    most = sum(pool) + circles + sum(adds)
    for index in range(bisect.bisect_left(sizes, -most), len(groups)):  # skip groups taking too many
        cost, words = groups[index]
        c0, c1, c2, c3 = cost
        s0, s1, s2, s3 = max(0, c0 - p0), max(0, c1 - p1), max(0, c2 - p2), max(0, c3 - p3)
        if s0 > supply[0] or s1 > supply[1] or s2 > supply[2] or s3 > supply[3]:
            continue  # every piece added comes from the box
        # What rolling cannot add, circles must: any piece each.
        by_circles = max(0, s0 - adds[0]) + max(0, s1 - adds[1]) + max(0, s2 - adds[2]) + max(0, s3 - adds[3])
        if by_circles > circles:
            continue
        over = max(0, p0 - c0) + max(0, p1 - c1) + max(0, p2 - c2) + max(0, p3 - c3) + max(0, circles - s0 - s1 - s2 - s3)
        if over <= boxes_left:
            yield over, words


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Wordsmith"
    players: int = option(2, "Players", minimum=1, maximum=4)
    lexicon: str = option("wordsmith", "Dictionary", kind="lexicon")
    challenges: int = option(3, "Challenges", minimum=1, maximum=3)
    secret: bool = option(False, "Secret Wordsmith: words checked at the end of each challenge")
    word_by_word: str = option("off", "Word by Word", choices=("off", "plain", "dice"),
                               legacy={False: "off", True: "dice"})  # it was yes/no, yes the dice
    advanced: bool = option(False, "Advanced: each row needs its required letter")
    required_from: str = option("word", "Where the required letters come from", choices=("word", "random"))
    crossed: tuple[int, ...] = option((), "White discard boxes crossed out, per player (mixed levels)",
                                      minimum=0, maximum=FREE_BOXES, kind="per_seat")

    def check(self) -> None:
        if self.crossed and len(self.crossed) != self.players:
            raise BadOptions("Give the crossed-out discard boxes for every player (or none).")

    @property
    def in_step(self) -> bool:
        """Word by Word, either reading: everyone claims a word before anyone claims the next."""
        return self.word_by_word != "off"

    @property
    def dice_per_word(self) -> bool:
        """Word by Word, advanced: three dice for everyone before each word, no own die."""
        return self.word_by_word == "dice"

    def crossed_for(self, seat: int) -> int:
        return self.crossed[seat] if self.crossed else 0


@dataclass(frozen=True)
class Player:
    """One player in the current challenge: their pool and sheet."""
    pool: Pieces
    claimed: tuple[str, ...] = ()   # in the order claimed (the previous word is the last)
    order: tuple[int, ...] = ()     # the row of each of them
    discards: int = 0
    crossed: int = 0                # white boxes crossed out (mixed levels)
    rolls: int = 0                  # rolls of their own die this challenge
    word_rolls: int = 0             # …of them since the current word began (Word by Word)
    picks: int = 0                  # pieces to choose (a star, or a sold-out kind, was rolled)
    circles: int = 0                # Word by Word with dice: stars to spend on any piece
    waiting: bool = False           # Word by Word: claimed (or passed), until everyone has
    finished: str = ""              # why they claim no more this challenge ("" while playing)

    @property
    def rows(self) -> tuple[str | None, ...]:
        """The sheet: each row's word, or None."""
        rows: list[str | None] = [None] * ROWS
        for row, word in zip(self.order, self.claimed):
            rows[row] = word
        return tuple(rows)

    @property
    def boxes_left(self) -> int:
        return BOXES - self.crossed - self.discards

    @property
    def bonus(self) -> int:
        return FREE_BOXES - max(0, self.discards - (FREE_BOXES - self.crossed))

    @property
    def score(self) -> int:
        """The sheet's points so far, as the sheet counts them: a point a letter, and the bonus
        (in Secret Wordsmith: if every word stands, the objections being checked at the end)."""
        return sum(len(word) for word in self.claimed) + self.bonus


@dataclass(frozen=True)
class SheetRow:
    word: str | None
    points: int
    refusal: str | None = None      # Secret Wordsmith: why the word scores 0


@dataclass(frozen=True)
class ChallengeResult:
    number: int
    required: str
    ended: str                      # in a player's words
    done_by: int | None
    rows: tuple[tuple[SheetRow, ...], ...]   # per seat
    discards: tuple[int, ...]
    crossed: tuple[int, ...]
    bonus: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    challenge: int
    players: tuple[Player, ...]
    supply: Pieces                  # what is left in the box
    required: str = ""              # Advanced: the six required letters, row by row
    done_by: int | None = None
    word_round: int = 0             # Word by Word: the word everyone is on (with dice: the rolls)
    last_roll: tuple[str, ...] = ()  # Word by Word with dice: the faces of the latest roll
    setup: tuple[str, ...] = ()     # the faces of this challenge's setup rolls
    results: tuple[ChallengeResult, ...] = ()
    outcome: Outcome | None = None


def totals_of(results: tuple[ChallengeResult, ...], seats: int) -> list[int]:
    return [sum(result.scores[seat] for result in results) for seat in range(seats)]


def result_json(result: ChallengeResult) -> dict[str, Any]:
    return {
        "challenge": result.number, "required": result.required or None, "ended": result.ended,
        "done_by": result.done_by,
        "sheets": [{"rows": [{"word": r.word, "points": r.points, "refusal": r.refusal} for r in rows],
                    "discards": d, "crossed": c, "bonus": b, "score": s}
                   for rows, d, c, b, s in zip(result.rows, result.discards, result.crossed, result.bonus, result.scores)],
    }
