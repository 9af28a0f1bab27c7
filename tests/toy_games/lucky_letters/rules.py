"""Lucky Letters: players draw letter tiles from a bag, keep them hidden, and spell words.

Rules as implemented (a toy, to show that a game with chance and a hand per seat is one
folder and one registry line):
- 2 to 4 players. The bag holds the 40 tiles of BAG below; it is shuffled from the game's seed
  (online, with shared randomness: each draw picks its tiles at random from those left, so
  nobody, the host included, knows a tile before it is drawn). Each player is dealt five tiles,
  their hand, which only they see; everyone sees the scores, the words played and how many
  tiles are left in the bag. Seat 0 begins, then play goes round the table.
- On your turn, one of:
  - play a word of two to five letters spelled from your hand (each tile used once) that is in
    the agreed dictionary: it scores one point per letter, and five more for using all five
    tiles; then draw from the bag until you hold five tiles again (or the bag is empty);
  - swap: draw five new tiles, then put your old five back in the bag, which is shaken (the
    tiles left are shuffled anew); only while the bag holds at least five tiles;
  - pass.
- The game ends when every player in a row has passed, when a player has no tiles left, or
  after ten turns each. The highest score wins; tied players share the win.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from wordtable.engine.cards import draw, shuffled
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Game, GameKind, Move, Outcome
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed
from wordtable.lexicon.rules import WordRule

GAME_ID = "lucky-letters"
HAND = 5          # tiles in a full hand
SHORTEST = 2      # the shortest word
ALL_TILES_BONUS = 5
ROUNDS = 10       # turns each, at most
# 40 tiles: 16 vowels and 24 consonants.
BAG = "aaaa" "eeeee" "iii" "ooo" "u" "ttt" "nnn" "rrr" "sss" "ll" "dd" "h" "c" "m" "p" "g" "b" "y" "w"


def points(word: str) -> int:
    """What a word scores: a point a letter, and the bonus for a whole hand."""
    return len(word) + (ALL_TILES_BONUS if len(word) == HAND else 0)


def spelled_from(word: str, hand: tuple[str, ...] | list[str]) -> bool:
    """Whether the hand holds a tile for every letter of the word (each tile once)."""
    return not Counter(word) - Counter(hand)


def words_from(lexicon: Any, hand: tuple[str, ...] | list[str]) -> list[str]:
    """Every word of the dictionary the hand spells, longest first, then A to Z."""
    found = {word for word in lexicon.from_tiles("".join(hand), min_length=SHORTEST)
             if word.isascii() and word.isalpha() and word in lexicon}
    return sorted(found, key=lambda word: (-len(word), word))


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Lucky Letters"
    players: int = option(2, "Players", minimum=2, maximum=4)
    lexicon: str = option("standard", "Dictionary", kind="lexicon")


@dataclass(frozen=True)
class State:
    options: Options
    seed: Seed
    bag: tuple[str, ...]                  # secret: the order of the tiles to come
    hands: tuple[tuple[str, ...], ...]    # each seat's secret, kept in A to Z order
    scores: tuple[int, ...]
    unordered: tuple[int, ...] = ()       # online: the bag's groups whose order is not drawn yet (engine.cards)
    turn: int = 0
    turns: int = 0                        # turns taken so far
    passes: int = 0                       # passes in a row
    log: tuple[tuple[int, str, str], ...] = ()  # (seat, "play" | "swap" | "pass", word)
    outcome: Outcome | None = None


def _hand(tiles: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tiles))


class LuckyLetters(Game):
    id = GAME_ID
    title = "Lucky Letters"
    blurb = "Draw five letter tiles from the bag, keep them to yourself, and spell the longest words you can."
    minutes = 10
    kind = GameKind(chance=True, hidden="seats")  # the bag's order; each hand. Every legal move listed
    host_sees = ("holds every player's hand: the host's screen shows only their own, but the host could read the "
                 "others' with the browser's developer tools. Tiles are drawn at random together with every "
                 "player's device, so nobody can know the next tile in the bag.")
    Options = Options
    move_fields = {"play": frozenset({"word"}), "swap": frozenset(), "pass": frozenset()}
    word_rule = WordRule("a-z", SHORTEST, HAND, f"a word has {SHORTEST} to {HAND} letters, spelled from your hand.")

    # -- setup ---------------------------------------------------------------------------------

    def start(self, options: Options, seed: Seed) -> State:
        players = options.players
        deck = shuffled(seed, sorted(BAG), GAME_ID, "bag")
        dealt, (bag, unordered) = draw(seed, deck, HAND * players, GAME_ID, "deal")
        hands = tuple(_hand(dealt[seat::players]) for seat in range(players))
        return State(options, seed, bag, hands, (0,) * players, unordered)

    def _lexicon(self, state: State) -> Any:
        return self.lexicon_for(state.options.lexicon)

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        return [] if state.outcome else [state.turn]

    def check_fields(self, kind: str, move: Move) -> None:
        word = move.get("word")
        if kind == "play" and not (isinstance(word, str) and 0 < len(word) <= 20 and word.isascii()
                                   and word.isalpha() and word.islower()):
            raise MalformedMove("A word is written in small letters, a to z.")

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        if kind == "pass":
            return self._next(replace(state, passes=state.passes + 1, log=state.log + ((seat, "pass", ""),)))
        if kind == "swap":
            return self._swap(state, seat)
        word = move["word"]
        hand = state.hands[seat]
        reason = self.word_rule.shape_refusal(word)
        if reason:
            raise IllegalMove(reason)
        if not spelled_from(word, hand):
            raise IllegalMove(f"Your tiles do not spell {word.upper()}.")
        if word not in self._lexicon(state):
            raise IllegalMove(f"{word.upper()} is not in the {self._lexicon(state).info.title} dictionary.")
        left = list(hand)
        for letter in word:
            left.remove(letter)
        drawn, (bag, unordered) = self._refill(state, HAND - len(left))
        scores = list(state.scores)
        scores[seat] += points(word)
        hands = list(state.hands)
        hands[seat] = _hand(tuple(left) + drawn)
        after = replace(state, bag=bag, unordered=unordered, hands=tuple(hands), scores=tuple(scores), passes=0,
                        log=state.log + ((seat, "play", word),))
        return self._next(after)

    def _refill(self, state: State, count: int) -> tuple[tuple[str, ...], tuple[tuple[str, ...], tuple[int, ...]]]:
        """The tiles drawn from the bag (online: drawn at random now), and the bag left. Each
        draw is named by the turn it is drawn in."""
        if count <= 0 or not state.bag:
            return (), (state.bag, state.unordered)
        return draw(state.seed, (state.bag, state.unordered), count, GAME_ID, "draw", state.turns)

    def _swap(self, state: State, seat: int) -> State:
        if len(state.bag) < HAND:
            raise IllegalMove(f"You may swap only while the bag holds at least {HAND} tiles.")
        old = state.hands[seat]
        drawn, (left, _unordered) = draw(state.seed, (state.bag, state.unordered), HAND, GAME_ID, "swap", state.turns)
        # The old tiles go back in and the bag is shaken: nobody knows where they are (online the
        # whole bag is again one group whose order is not drawn).
        bag, unordered = shuffled(state.seed, sorted(left + old), GAME_ID, "shake", state.turns)
        hands = list(state.hands)
        hands[seat] = _hand(drawn)
        return self._next(replace(state, bag=bag, unordered=unordered, hands=tuple(hands), passes=0,
                                  log=state.log + ((seat, "swap", ""),)))

    def _next(self, state: State) -> State:
        """The turn handed on, or the game's end."""
        players = state.options.players
        state = replace(state, turns=state.turns + 1)
        if state.passes >= players:
            return self._finish(state, "every player passed")
        if not state.hands[state.turn]:
            return self._finish(state, "a player used every tile")
        if state.turns >= ROUNDS * players:
            return self._finish(state, f"after {ROUNDS} turns each")
        return replace(state, turn=(state.turn + 1) % players)

    @staticmethod
    def _finish(state: State, how: str) -> State:
        best = max(state.scores)
        winners = tuple(seat for seat, score in enumerate(state.scores) if score == best)
        return replace(state, outcome=Outcome(winners, f"the most points ({how})"))

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every word the hand spells, the swap (while the bag holds a hand) and the pass."""
        if seat not in self.actors(state):
            return []
        moves: list[Move] = [{"type": "play", "word": word} for word in words_from(self._lexicon(state), state.hands[seat])]
        if len(state.bag) >= HAND:
            moves.append({"type": "swap"})
        return [*moves, {"type": "pass"}]

    def offers(self, view: dict[str, Any]) -> dict[str, bool]:
        """The page shows the swap button from the view's bag count."""
        return {"swap": view["seat"] in view["waiting_for"] and view["bag"] >= HAND}

    def phase(self, state: State) -> str:
        return "play"

    def turns(self, state: State) -> int:
        return state.turns

    # -- what a player sees --------------------------------------------------------------------

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """A seat sees its own hand only; everyone sees the scores, the words played and how many
        tiles the bag holds. At the end every hand is shown."""
        over = state.outcome is not None
        return {
            "turn": state.turn, "round": min(state.turns // state.options.players + 1, ROUNDS), "rounds": ROUNDS,
            "bag": len(state.bag), "hand_size": HAND, "passes": state.passes,
            "hand": None if seat is None else list(state.hands[seat]),
            "hand_sizes": [len(hand) for hand in state.hands],
            "scores": list(state.scores),
            "log": [{"seat": s, "did": did, "word": word, "points": points(word) if word else 0}
                    for s, did, word in state.log],
            "hands": [list(hand) for hand in state.hands] if over else None,
        }

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """A hand as the views show it, and the bag's order (online there is none yet: each draw
        picks its tiles)."""
        if state.outcome is not None:
            return []
        if seat is None:
            return [list(state.bag)] if len(state.bag) > HAND and not state.unordered else []
        hand = state.hands[seat]
        return [list(hand)] if len(hand) >= 3 else []

    def reveal(self, state: State) -> dict[str, Any]:
        return {**self.view(state, None), "hands": [list(hand) for hand in state.hands], "bag_tiles": list(state.bag)}

    def move_text(self, before: State, move: Move) -> str:
        if move["type"] == "play":
            word = move["word"]
            return f"played {word.upper()} for {points(word)}"
        return "swapped tiles" if move["type"] == "swap" else "passed"

    def made_move(self, before: State, seat: int, move: Move) -> dict[str, Any] | None:
        """By link, a word played shows at once while the tiles drawn after it wait."""
        return {"word": move["word"], "points": points(move["word"])} if move["type"] == "play" else None
