"""One Letter Better's numbers, options and state: the cards, the words on the table, a play
awaiting its challenge, a round's result, and how cards and words are written for a view. The
rules that change them are in rules.py."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from wordtable.engine.errors import BadOptions, MalformedMove
from wordtable.engine.game import Outcome, is_int
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed
from wordtable.games.one_letter_better.deck import DECK, Card

HAND = 7               # cards dealt
TURN_HAND = 8          # cards a turn begins with
MAX_DISCARD = 4
BINDING_TAKE = 2       # cards taken from the pile from which the bottom one must be played
BONUS_FROM = 3         # the bonus counts cards above three
DEFAULT_BONUS = 5
MAX_STEALS = 3
MAX_TURNS = 400        # a round that somehow never ends stops here, as at the end of the deck
MAX_CARDS_IN_MOVE = 20
LOG_KEPT = 40          # lines of the public log a view carries
JUDGES = ("app", "players")

# Every physical card: its uid is its index here.
CARDS: tuple[Card, ...] = tuple(card for card in DECK for _ in range(card.count))
# A sealed deal (docs/fair-cards.md): a card this device has not opened is HIDDEN + its position
# in the round's deal, wherever the rules move it; the rules never look at one.
HIDDEN = 1000
PLAY_MOVES = ("word", "add", "insert", "replace", "join")

Entry = Any  # in a move: a card's uid, or [uid, letters] for a wild card
# A play's result: (state after, hand cards used, points scored, words the dictionary must
# hold, the worth of the word made).
Played = tuple[Any, set[int], int, tuple[str, ...], int]


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "One Letter Better"
    players: int = option(2, "Players", minimum=1, maximum=4)
    lexicon: str = option("standard", "Dictionary", kind="lexicon")
    # Four rounds, as the rules suggest: with two or four players each seat begins equally often.
    rounds: int = option(4, "Rounds", minimum=1, maximum=8, by_players={1: 1})
    # Chosen by simulation (bench/one_letter_better_balance.py): with medium bots a
    # round of two or three lasts five turns a player or more, with steals in nearly every
    # round (to 100 it lasted three); four players run through the deck in about six.
    # Until 2026-11-26 the default was 100 (a daily game's record held only the players).
    target: int = option(175, "Points that win a round (0: play to the end of the deck)", minimum=0, maximum=500,
                         by_players={1: 0}, earlier_default=(100, {1: 0}))
    judge: str = option("app", "Who checks the words", choices=JUDGES)
    family: bool = option(False, "Family scoring: a steal takes no points from the word's owner")
    bonus: tuple[int, ...] = option((), "Points per card above three, per player (handicap)",
                                    minimum=0, maximum=10, kind="per_seat", each=DEFAULT_BONUS)
    solo_pile: bool = option(False, "Solo: subtract the discard pile too")

    def check(self) -> None:
        if self.bonus and len(self.bonus) != self.players:
            raise BadOptions("Give the bonus per card for every player (or none).")

    def bonus_for(self, seat: int) -> int:
        return self.bonus[seat] if self.bonus else DEFAULT_BONUS

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def checks_words(self) -> bool:
        return self.judge == "app" or self.solo


@dataclass(frozen=True)
class Laid:
    """A card on the table, with the letters it spells (a wild's are chosen when played)."""
    uid: int
    letters: str


@dataclass(frozen=True)
class Word:
    id: int
    owner: int
    cards: tuple[Laid, ...]
    worth: int                 # what it counts in its owner's score
    steals: int = 0
    out: str = ""              # "protected" or "stolen three times" once out of play

    @property
    def text(self) -> str:
        return "".join(card.letters for card in self.cards)


@dataclass(frozen=True)
class Pending:
    """A play the others may still challenge ("players decide")."""
    before: Any                # the state before the play
    seat: int
    scored: int                # what the play scored (doubled when it stands)
    forfeit: int               # the word's worth, the challenger's when it falls
    words: tuple[str, ...]     # the words the dictionary must hold for the play to stand


@dataclass(frozen=True)
class RoundResult:
    scores: tuple[int, ...]     # before the hands were subtracted
    penalties: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    how: str                    # "target", "deck"
    winner: int | None          # who reached the target
    exempt: tuple[int, ...] = ()  # whose hand was not counted (the winner; at the deck's end, the top scorer)

    @property
    def final(self) -> tuple[int, ...]:
        return tuple(s - p for s, p in zip(self.scores, self.penalties))


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    round: int
    dealer: int
    stack: tuple[int, ...]                 # secret; the top card is stack[0]
    pile: tuple[int, ...]                  # the discard pile, bottom to top
    hands: tuple[tuple[int, ...], ...]
    words: tuple[Word, ...]                # on the table
    out: tuple[Word, ...]                  # out of play, for the record
    scores: tuple[int, ...]                # this round
    totals: tuple[int, ...]                # earlier rounds
    turn: int
    phase: str = "draw"                    # draw, play, challenge, trim
    must_play: int | None = None           # the bottom card taken from the pile
    taken: tuple[int, ...] = ()            # the cards taken from the pile this turn
    played: bool = False                   # a play this turn
    robbed: frozenset[int] = frozenset()   # seats that lost a card to STL-1 since their turn
    quiet: int = 0                         # turns in a row without a play, the stack empty
    turns: int = 0                         # turns this round
    all_turns: int = 0
    next_id: int = 0
    pending: Pending | None = None
    accepted: frozenset[int] = frozenset()
    trimming: int | None = None            # who discards down to eight
    unordered: tuple[int, ...] = ()        # online: the stack's order is not drawn yet (engine.cards)
    trim_ends_turn: bool = False
    log: tuple[tuple[int | None, str, int | None], ...] = ()  # (seat, what it did, whom), the latest kept
    results: tuple[RoundResult, ...] = ()
    outcome: Outcome | None = None
    sealed: bool = False                   # hands dealt sealed (fair_deal): cards are opened, not known
    showdown: tuple[str, int | None] | None = None  # sealed: the round is over (how, winner), hands being shown
    shown: frozenset[int] = frozenset()    # sealed: who has shown their hand

    def noted(self, seat: int | None, text: str, whom: int | None = None) -> State:
        """The state with a line added to the public log: seat did text (to whom)."""
        return replace(self, log=(self.log + ((seat, text, whom),))[-LOG_KEPT:])

    def challenged(self) -> Pending:
        """The play the others may challenge (the challenge phase)."""
        assert self.pending is not None, "no play waits for a challenge"
        return self.pending

    def trimmer(self) -> int:
        """Who discards down to eight (the trim phase)."""
        assert self.trimming is not None, "nobody is discarding down to eight"
        return self.trimming

    def __deepcopy__(self, memo: dict) -> State:
        # Deeply immutable (frozen dataclasses, tuples, frozensets), as Python treats a tuple of
        # strings: a copy would be equal and useless.
        return self


def card_of(uid: int) -> Card:
    return CARDS[uid]


def is_wild(uid: int) -> bool:
    return CARDS[uid].kind in ("wild", "double-wild")


def wild_size(uid: int) -> int:
    return 2 if CARDS[uid].kind == "double-wild" else 1


def penalty(uid: int) -> int:
    """What a card left in hand costs (red cards counted as positive)."""
    return abs(CARDS[uid].points)


def word_worth(cards: tuple[Laid, ...] | list[Laid], bonus: int) -> int:
    return sum(CARDS[c.uid].points for c in cards) + bonus * max(0, len(cards) - BONUS_FROM)


def check_entries(entries: Any, name: str, allow_empty: bool = False) -> None:
    if not isinstance(entries, list) or len(entries) > MAX_CARDS_IN_MOVE or (not entries and not allow_empty):
        raise MalformedMove(f"{name} must be a list of cards.")
    for entry in entries:
        if is_card(entry):
            continue
        if (isinstance(entry, list) and len(entry) == 2 and is_card(entry[0]) and isinstance(entry[1], str)
                and 1 <= len(entry[1]) <= 2):
            continue
        raise MalformedMove(f"Each card in {name} is a card number, or [number, letters] for a wild card.")


def is_card(value: Any) -> bool:
    """A card's number (never a card unopened by a sealed deal: a move names only cards it shows)."""
    return is_int(value) and 0 <= value < len(CARDS)


def is_hidden(entry: int) -> bool:
    return entry >= HIDDEN


def card_json(uid: int, letters: str | None = None) -> dict[str, Any]:
    card = CARDS[uid]
    return {"uid": uid, "id": card.id, "kind": card.kind, "letters": card.letters if letters is None else letters,
            "colour": card.colour, "points": card.points}


def word_json(word: Word) -> dict[str, Any]:
    return {"id": word.id, "owner": word.owner, "text": word.text, "worth": word.worth, "steals": word.steals,
            "out": word.out, "cards": [{**card_json(c.uid, c.letters), "wild": is_wild(c.uid)} for c in word.cards]}


def result_json(result: RoundResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "penalties": list(result.penalties), "final": list(result.final),
            "hands": [[card_json(u) for u in hand] for hand in result.hands], "how": result.how,
            "winner": result.winner,
            # a hand the rules leave uncounted though it holds cards: the screen says why it costs 0
            "kept": [seat for seat in result.exempt if result.hands[seat]]}


def replaced_at(values: tuple, index: int, value: Any) -> tuple:
    """The tuple with one item replaced (a seat's hand, score…)."""
    return values[:index] + (value,) + values[index + 1:]


def add_points(state: State, seat: int, points: int) -> State:
    return replace(state, scores=replaced_at(state.scores, seat, state.scores[seat] + points))
