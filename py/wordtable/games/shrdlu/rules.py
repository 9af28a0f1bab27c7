"""Shrdlu (Kevan Davis): find a word whose letters obey a row of cards, before anyone else.

Rules as implemented (seed 002; decisions marked DECISION are ours and written in the
how-to-play page too):
- The deck: fifteen cards (CARDS below): four letter sets, six constraints, four plain
  asterisks and one asterisk that deals a sixth card. Shuffled from the game's seed; online
  with shared randomness, each deal draws its cards at random from those left (engine.cards).
- A round deals five cards in a row, six when the special asterisk is among them and the deck
  is not empty. The answer has exactly one letter per card, each letter obeying its card.
- The first valid word (obeying every card and in the agreed dictionary) wins the round and
  takes the leftmost card. The other cards go to the bottom of the deck in random order.
- "Shrdlu!": a player who believes no word fits calls it, if nobody has this round. The app's
  solver decides at once when no word exists (the caller wins the round). Otherwise the others
  have 30 seconds; a word found wins as usual, and when time is up the caller wins. The caller
  may not answer that round.
- Eleven rounds (until fewer than five cards are left); most cards wins. A tie: the tied
  players play one tiebreak round with the whole deck reshuffled; its winner wins.
- DECISION (one player, practice): no clock and no opponents. The player may give up a round
  ("pass"); a "shrdlu!" call is right only when no word exists. A round nobody wins discards
  its leftmost card, so the game still has eleven rounds.
- Each card's meaning is CARDS[card].fits, written once; see its text and examples there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeAlias

from wordtable.engine.cards import draw, put_under, shuffled
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Deadline, Game, GameKind, Move, Outcome
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed, cosmetic_rng
from wordtable.lexicon.rules import WordRule
from wordtable.lexicon.vocabulary import vocabulary, warm_up as bots_warm_up

GAME_ID = "shrdlu"
SPREAD = 5
COUNTDOWN_S = 30
EXAMPLES_SHOWN = 8

Fits = Callable[[str, int], bool]  # (word, position) -> does the letter there obey the card


def _letter_set(letters: str) -> Fits:
    return lambda word, i: word[i] in letters


def _adjacent(word: str, i: int) -> bool:
    # Alphabetically next to another letter of the word (B with A or C), at any position.
    return any(j != i and abs(ord(other) - ord(word[i])) == 1 for j, other in enumerate(word))


def _earliest(word: str, i: int) -> bool:
    # No letter of the word comes before it; another copy of the same letter is fine.
    return word[i] == min(word)


def _later(word: str, i: int) -> bool:
    # Later than the previous letter; on the first card, later than the word's final letter.
    return word[i] > word[i - 1]  # word[-1] is the final letter when i == 0


def _repeat_final_3(word: str, i: int) -> bool:
    # The same letter as one of the last three letters, not counting itself.
    return any(j != i and word[j] == word[i] for j in range(max(0, len(word) - 3), len(word)))


def _only_1(word: str, i: int) -> bool:
    return word.count(word[i]) == 1


def _repeat_any(word: str, i: int) -> bool:
    # The same letter appears somewhere else in the word.
    return word.count(word[i]) > 1


def _any(word: str, i: int) -> bool:
    return True


@dataclass(frozen=True)
class Card:
    id: str
    title: str           # as printed on the card
    rule: str            # what it asks of its letter, in our words
    fits: Fits
    broken: str          # why a letter breaks it, true of that letter ({L}: the letter)
    letters: str | None = None  # letter-set cards: the set (lets the solver narrow by pattern)
    sixth: bool = False  # the special asterisk: deal a sixth card


CARDS: dict[str, Card] = {card.id: card for card in [
    Card("etaoin", "ETAOIN", "One of E, T, A, O, I, N.", _letter_set("etaoin"),
         "{L} is not one of E, T, A, O, I, N", "etaoin"),
    Card("shrdlu", "SHRDLU", "One of S, H, R, D, L, U.", _letter_set("shrdlu"),
         "{L} is not one of S, H, R, D, L, U", "shrdlu"),
    Card("cmfwyp", "CMFWYP", "One of C, M, F, W, Y, P.", _letter_set("cmfwyp"),
         "{L} is not one of C, M, F, W, Y, P", "cmfwyp"),
    Card("aeiou", "AEIOU", "A vowel: A, E, I, O or U.", _letter_set("aeiou"), "{L} is not a vowel", "aeiou"),
    Card("adjacent", "Alphabetically adjacent to another letter",
         "Next in the alphabet to another letter of the word: B with A or C somewhere else.", _adjacent,
         "no other letter of the word is next to {L} in the alphabet"),
    Card("earliest", "Alphabetically earliest letter in the word",
         "No letter of the word comes before it in the alphabet (the same letter again is fine).", _earliest,
         "another letter of the word comes before {L} in the alphabet"),
    Card("later", "Alphabetically later than previous letter",
         "Later in the alphabet than the letter before it; on the first card, later than the last letter.", _later,
         "{L} is not later in the alphabet than the letter before it (on the first card: the word's last letter)"),
    Card("repeat-final-3", "Repeat any of the final 3 letters",
         "The same letter as one of the word's last three letters, not counting itself.", _repeat_final_3,
         "{L} is not among the word's last three letters (not counting itself)"),
    Card("only-1", "Only 1 of this letter", "This letter appears nowhere else in the word.", _only_1,
         "{L} appears elsewhere in the word too"),
    Card("repeat-any", "Repeat any letter", "This letter appears somewhere else in the word too.", _repeat_any,
         "{L} appears nowhere else in the word"),
    Card("*", "*", "Any letter.", _any, ""),
    Card("*6", "* · deal a sixth card", "Any letter; this round has six cards (unless the deck is empty).", _any,
         "", sixth=True),
]}
DECK = ("etaoin", "shrdlu", "cmfwyp", "aeiou", "adjacent", "earliest", "later", "repeat-final-3",
        "only-1", "repeat-any", "*", "*", "*", "*", "*6")
ROUNDS = len(DECK) - SPREAD + 1  # each round takes one card, until fewer than a spread are left


def breaks(spread: tuple[str, ...] | list[str], word: str) -> int | None:
    """The position of the first card the word breaks, or None when it obeys every card."""
    for i, card in enumerate(spread):
        if not CARDS[card].fits(word, i):
            return i
    return None


def pattern_of(spread: tuple[str, ...] | list[str]) -> list[frozenset[str] | None]:
    """The letter-set cards as a dictionary pattern; the other cards are checked word by word."""
    cards = [CARDS[c] for c in spread]
    return [frozenset(card.letters) if card.letters else None for card in cards]


def solve(lexicon: Any, spread: tuple[str, ...] | list[str]) -> list[str]:
    """Every word of the lexicon that fits the spread, in alphabetical order."""
    checks = [(i, CARDS[c].fits) for i, c in enumerate(spread) if not CARDS[c].letters and c not in ("*", "*6")]

    def obeys(word: str) -> bool:
        return word.isalpha() and all(fits(word, i) for i, fits in checks)

    return sorted(lexicon.match(pattern_of(spread), obeys))


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Shrdlu"
    players: int = option(2, "Players", minimum=1, maximum=8)  # one plays for practice
    lexicon: str = option("standard", "Dictionary", kind="lexicon")


@dataclass(frozen=True)
class RoundResult:
    spread: tuple[str, ...]
    winner: int | None
    word: str | None
    how: str                      # "word", "shrdlu" (the call was right or time ran out), "pass"
    caller: int | None
    count: int                    # how many words fitted
    examples: tuple[str, ...]     # some of them


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    deck: tuple[str, ...]                  # secret: the order of the cards to come
    spread: tuple[str, ...]
    won: tuple[tuple[str, ...], ...]       # the cards each seat has taken
    round: int = 1
    players_in: tuple[int, ...] = ()       # who may answer: everyone, or the tied players
    caller: int | None = None
    countdown: bool = False
    tiebreak: bool = False
    results: tuple[RoundResult, ...] = ()
    outcome: Outcome | None = None
    unordered: tuple[int, ...] = ()        # online: the deck's groups whose order is not drawn yet (engine.cards)


class Shrdlu(Game):
    id = GAME_ID
    title = "Shrdlu"
    blurb = ("Five cards (sometimes six), a rule on each, one word. Be the first to find a word that fits "
             "the spread — or bet that none exists.")
    minutes = 15
    # The deck's order. A race: every player may act at any moment, and the first valid claim wins.
    kind = GameKind(chance=True, hidden="table", complete_moves=False, realtime=True, by_link="no")
    host_sees = ("deals each spread at random together with every player's device when it is dealt: the host "
                 "can no more know the cards to come than anyone else. But the host's device sees each spread a "
                 "moment before it reaches the others, and when two claims race, it judges which came first by "
                 "when each reached it.")
    Options: TypeAlias = Options  # the class, so that methods can annotate with it
    word_rule = WordRule("a-z", 5, 6, "a spread asks for a word of five or six letters.")
    move_fields = {"claim": frozenset({"word"}), "shrdlu": frozenset(), "time-up": frozenset(), "pass": frozenset()}
    clock_moves = frozenset({"time-up"})  # only the table's clock ends a countdown

    def __init__(self, lexicon_for: Callable[[str], Any]):
        super().__init__(lexicon_for)
        self._solutions: dict[tuple[str, tuple[str, ...]], list[str]] = {}

    # -- setup and queries ---------------------------------------------------------------------

    def start(self, options: Options, seed: Seed) -> State:
        deck, unordered = shuffled(seed, DECK, "shrdlu", "deck")
        state = State(options, seed, deck, (), ((),) * options.players,
                      players_in=tuple(range(options.players)), unordered=unordered)
        return self._deal(state)

    def solutions(self, state: State, spread: tuple[str, ...] | None = None) -> list[str]:
        return self.solutions_for(state.options.lexicon, state.spread if spread is None else spread)

    def solutions_for(self, lexicon_name: str, spread: tuple[str, ...]) -> list[str]:
        key = (lexicon_name, tuple(spread))
        if key not in self._solutions:
            if len(self._solutions) > 256:
                self._solutions.clear()
            self._solutions[key] = solve(self.lexicon_for(lexicon_name), spread)
        return self._solutions[key]

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """Builds the dictionary's indexes for five- and six-letter words, so the first
        round's solving does not pay for them, and the bots' everyday words of those lengths."""
        name = Options.parse(options).lexicon
        lexicon = self.lexicon_for(name)
        yield from lexicon.listing_steps()  # the words by length, decoded from the trie a slice a step
        for length in (SPREAD, SPREAD + 1):
            lexicon.words_of_length(length)
            yield
        yield from bots_warm_up(self.lexicon_for, name, [SPREAD, SPREAD + 1])

    @staticmethod
    def _deal(state: State) -> State:
        when = (state.round, state.tiebreak)
        spread, deck = draw(state.seed, (state.deck, state.unordered), SPREAD, "shrdlu", "deal", *when)
        if any(CARDS[c].sixth for c in spread) and deck[0]:
            sixth, deck = draw(state.seed, deck, 1, "shrdlu", "sixth", *when)
            spread += sixth
        return replace(state, spread=spread, deck=deck[0], unordered=deck[1], caller=None, countdown=False)

    def claim_refusal(self, state: State, word: str) -> str | None:
        """Why this word does not win the round, for the player; None when it does."""
        n = len(state.spread)
        if len(word) != n or not word.isascii() or not word.isalpha():
            return f"The answer has {n} letters, one per card."
        position = breaks(state.spread, word)
        if position is not None:
            card = CARDS[state.spread[position]]
            letter = word[position].upper()
            # Said as what is wrong with this letter: the card's own rule ("This letter appears
            # somewhere else in the word too") read as a false statement about it.
            return f"Letter {position + 1} ({letter}) breaks the card “{card.title}”: {card.broken.format(L=letter)}."
        lexicon = self.lexicon_for(state.options.lexicon)
        if word not in lexicon:
            return f"{word.upper()} fits the cards but is not in the {lexicon.info.title} dictionary."
        return None

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        return [] if state.outcome else list(state.players_in)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Representative: the winning claims, the call, and the practice pass (the time-up
        after a call is the table's clock's, no seat's)."""
        if seat not in self.actors(state):
            return []
        moves: list[Move] = []
        if seat != state.caller:
            moves += [{"type": "claim", "word": w} for w in self.solutions(state)]
        if state.caller is None:
            moves.append({"type": "shrdlu"})
        if self._solo(state):
            moves.append({"type": "pass"})
        return moves

    def check_fields(self, kind: str, move: Move) -> None:
        if kind == "claim" and (not isinstance(move.get("word"), str) or len(move["word"]) > 40):
            raise MalformedMove("A claim needs a word.")

    def not_your_turn(self, state: State, seat: int) -> str:
        return "Only the tied players play the tiebreak round." if state.tiebreak else "You are not playing this game."

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        if kind == "claim":
            if seat == state.caller:
                raise IllegalMove("You called shrdlu: you cannot answer this round.")
            word = move["word"].strip().lower()
            reason = self.claim_refusal(state, word)
            if reason:
                raise IllegalMove(reason)
            return self._end_round(state, seat, word, "word")
        if kind == "shrdlu":
            if state.caller is not None:
                raise IllegalMove("Someone already called shrdlu this round.")
            if not self.solutions(state):  # the caller is right: no word exists
                return self._end_round(replace(state, caller=seat), seat, None, "shrdlu")
            if self._solo(state):  # nobody else to search: the call is simply wrong
                return self._end_round(replace(state, caller=seat), None, None, "shrdlu")
            return replace(state, caller=seat, countdown=True)
        if kind == "time-up":
            if not state.countdown:
                raise IllegalMove("No countdown is running.")
            return self._end_round(state, state.caller, None, "shrdlu")
        if not self._solo(state):
            raise IllegalMove("Passing is only for practice games; call shrdlu if you think no word fits.")
        return self._end_round(state, None, None, "pass")

    @staticmethod
    def _solo(state: State) -> bool:
        return state.options.players == 1

    def _end_round(self, state: State, winner: int | None, word: str | None, how: str) -> State:
        found = self.solutions(state)
        # The words the app shows as examples are words it proposes: the commonest solutions,
        # never one of the never-propose list.
        examples = vocabulary(self.lexicon_for, state.options.lexicon).sample_commonest(
            found, EXAMPLES_SHOWN, cosmetic_rng(state.seed, "shrdlu", "examples", state.round))
        result = RoundResult(state.spread, winner, word, how, state.caller, len(found), tuple(sorted(examples)))
        won = list(state.won)
        if winner is not None:
            won[winner] = won[winner] + state.spread[:1]
        deck, unordered = put_under(state.seed, (state.deck, state.unordered), state.spread[1:],
                                    "shrdlu", "bottom", state.round, state.tiebreak)
        state = replace(state, won=tuple(won), deck=deck, unordered=unordered, results=state.results + (result,),
                        round=state.round + 1, caller=None, countdown=False)
        if state.tiebreak:
            return replace(state, outcome=Outcome((winner,) if winner is not None else tuple(state.players_in),
                                                  "won the tiebreak round"))
        if len(state.deck) >= SPREAD:
            return self._deal(state)
        return self._finish(state)

    def _finish(self, state: State) -> State:
        most = max(len(cards) for cards in state.won)
        leaders = tuple(seat for seat, cards in enumerate(state.won) if len(cards) == most)
        if len(leaders) == 1 or self._solo(state):
            return replace(state, spread=(), outcome=Outcome(leaders, "took the most cards"))
        deck, unordered = shuffled(state.seed, DECK, "shrdlu", "tiebreak")
        return self._deal(replace(state, deck=deck, unordered=unordered, tiebreak=True, players_in=leaders))

    def deadline(self, state: State) -> Deadline | None:
        """After a call the others have COUNTDOWN_S seconds; then the caller wins the round."""
        if state.countdown and state.caller is not None and state.outcome is None:
            return Deadline(COUNTDOWN_S * 1000, state.caller, {"type": "time-up"})
        return None

    def epoch(self, state: State) -> list[Any]:
        """A claim made on another round's spread is too late, whatever the words."""
        return [state.round, state.tiebreak]

    def turns(self, state: State) -> int:
        return len(state.results)

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """The deck's order, as ids and as the cards a view would show (online there is none
        yet: each deal draws its cards)."""
        if seat is not None or len(state.deck) <= 3 or state.unordered:
            return []
        return [list(state.deck), [card_json(card) for card in state.deck[:3]]]

    # -- what a player sees --------------------------------------------------------------------

    def phase(self, state: State) -> str:
        return "countdown" if state.countdown else "race"

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everyone sees the same table; the deck's order (and the seed) stay secret."""
        return {
            "round": state.round, "rounds": ROUNDS, "tiebreak": state.tiebreak, "players_in": list(state.players_in),
            "spread": [card_json(c) for c in state.spread], "deck_left": len(state.deck),
            "caller": state.caller, "countdown_s": COUNTDOWN_S,
            "cards_won": [len(cards) for cards in state.won],
            "results": [result_json(r) for r in state.results],
        }

    def reveal(self, state: State) -> dict[str, Any]:
        return {**self.view(state, None), "deck": list(state.deck)}

    @staticmethod
    def move_text(before: State, move: Move) -> str:
        kind = move["type"]
        if kind == "claim":
            return f"answered {move['word'].upper()}"
        return {"shrdlu": "called shrdlu!", "time-up": "time ran out", "pass": "passed"}[kind]


def card_json(card_id: str) -> dict[str, Any]:
    card = CARDS[card_id]
    return {"id": card.id, "title": card.title, "rule": card.rule, "letters": card.letters,
            "sixth": card.sixth}


def result_json(result: RoundResult) -> dict[str, Any]:
    return {"spread": [card_json(c) for c in result.spread], "winner": result.winner, "word": result.word, "how": result.how,
            "caller": result.caller, "count": result.count, "examples": list(result.examples)}
