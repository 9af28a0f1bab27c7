"""Ghost: players take turns saying a letter, adding it to the end of a growing fragment.

Rules as implemented (a toy, after the parlour game):
- 2 to 4 players; seat 0 begins, then play goes round the table. Nothing is drawn at random
  and nothing is secret.
- A letter may be said only if the fragment it makes still begins some word of four or more
  letters in the dictionary (no bluffing, so no challenges).
- Whoever completes a word of four or more letters loses; every other player wins.
- A player may also give up on their turn: they lose, every other player wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Game, GameKind, Move, Outcome
from wordtable.engine.options import GameOptions, option
from wordtable.engine.rng import Seed
from wordtable.lexicon.rules import WordRule

GAME_ID = "ghost"
SHORTEST = 4  # a completed word shorter than this does not count
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def begins_a_word(lexicon: Any, fragment: str) -> bool:
    """Whether some word of SHORTEST letters or more begins with the fragment."""
    return any(len(word) >= SHORTEST for word in lexicon.trie.keys(fragment))


@dataclass(frozen=True)
class Options(GameOptions):
    title: ClassVar[str] = "Ghost"
    players: int = option(2, "Players", minimum=2, maximum=4)
    lexicon: str = option("standard", "Dictionary", kind="lexicon")


@dataclass(frozen=True)
class State:
    options: Options
    fragment: str = ""
    turn: int = 0
    loser: int | None = None
    outcome: Outcome | None = None


class Ghost(Game):
    id = GAME_ID
    title = "Ghost"
    blurb = "Say a letter, and do not be the one who completes a word."
    minutes = 5
    kind = GameKind()  # no chance, nothing hidden, every legal move listed
    Options = Options
    move_fields = {"say": frozenset({"letter"}), "give_up": frozenset()}
    word_rule = WordRule("a-z", SHORTEST, None, f"a word counts from {SHORTEST} letters.")

    def start(self, options: Options, seed: Seed) -> State:
        return State(options)

    def actors(self, state: State) -> list[int]:
        return [] if state.outcome else [state.turn]

    def check_fields(self, kind: str, move: Move) -> None:
        if kind == "say" and not (isinstance(move.get("letter"), str) and len(move["letter"]) == 1
                                  and move["letter"] in LETTERS):
            raise MalformedMove("Say one letter, a to z.")

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        if kind == "give_up":
            return self._lost(state, seat, "the loser gave up")
        fragment = state.fragment + move["letter"]
        if not self.begins_a_word(state, fragment):
            raise IllegalMove(f"No word of {SHORTEST} or more letters begins with {fragment.upper()}.")
        after = replace(state, fragment=fragment)
        if len(fragment) >= SHORTEST and fragment in self._lexicon(state):
            return self._lost(after, seat, f"{fragment.upper()} is a word")
        return replace(after, turn=(seat + 1) % state.options.players)

    def _lost(self, state: State, seat: int, how: str) -> State:
        winners = tuple(s for s in range(state.options.players) if s != seat)
        return replace(state, loser=seat, outcome=Outcome(winners, how))

    def _lexicon(self, state: State) -> Any:
        return self.lexicon_for(state.options.lexicon)

    def begins_a_word(self, state: State, fragment: str) -> bool:
        return begins_a_word(self._lexicon(state), fragment)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.actors(state):
            return []
        says = [{"type": "say", "letter": letter} for letter in LETTERS
                if self.begins_a_word(state, state.fragment + letter)]
        return [*says, {"type": "give_up"}]

    def phase(self, state: State) -> str:
        return "say"

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"fragment": state.fragment, "turn": state.turn, "loser": state.loser}

    def reveal(self, state: State) -> dict[str, Any]:
        return self.view(state, None)

    def move_text(self, before: State, move: Move) -> str:
        return "gave up" if move["type"] == "give_up" else f"said {move['letter'].upper()}"

    def undo_barrier(self, before: State, after: State) -> bool:
        return after.outcome is not None or after.turn != before.turn
