"""The one small API every game implements (in the spirit of OpenSpiel's State and
python-chess's Board), so that one driver, one save format and one UI shell serve them all."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

Move = dict[str, Any]  # a small JSON object, e.g. {"type": "place", "row": 0, "col": 2, "dir": "down"}


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]          # several winners = a shared win (a draw among them)
    reason: str = ""


class Game(Protocol):
    id: str
    title: str

    def new(self, options: dict[str, Any], seed: int) -> Any:
        """A fresh state. Options are validated; bad options raise ValueError."""

    def seats(self, state: Any) -> int:
        """How many seats the game has."""

    def actors(self, state: Any) -> list[int]:
        """The seats that may act now (several at once in simultaneous phases)."""

    def apply(self, state: Any, seat: int, move: Move) -> Any:
        """The state after the move (the given state is not changed), or IllegalMove /
        MalformedMove with a message a player understands."""

    def legal_moves(self, state: Any, seat: int) -> list[Move]:
        """Every legal move of this seat now (games where enumeration is impossible may
        return representative moves and rely on apply's check)."""

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game goes on."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """Exactly what this seat may see (None: a spectator; everything public only)."""

    def reveal(self, state: Any) -> dict[str, Any]:
        """Everything in the state, secrets included: only for the replay of a finished game."""

    def move_text(self, before: Any, move: Move) -> str:
        """A move's short text form for records and replays, e.g. "chose SALT" (before: the
        state the move was played in)."""

    def undo_barrier(self, before: Any, after: Any) -> bool:
        """Whether the move from before to after revealed hidden information, drew on
        randomness or handed the turn on, so that it can no longer be taken back."""


@dataclass
class Record:
    """A game is (game, options, seed, moves); everything else derives from it."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, Move]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "options": self.options, "seed": self.seed,
                "moves": [[seat, move] for seat, move in self.moves]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        return cls(data["game"], dict(data["options"]), int(data["seed"]),
                   [(int(seat), dict(move)) for seat, move in data["moves"]])


def replay(game: Game, record: Record) -> Any:
    state = game.new(record.options, record.seed)
    for seat, move in record.moves:
        state = game.apply(state, seat, move)
    return state


def undo(game: Game, record: Record, seat: int) -> Record:
    """Takes back this seat's last move, following Board Game Arena's policy: only your own
    latest move, never across another player's action, never once the move revealed hidden
    information or a random outcome. Raises ValueError with the reason otherwise."""
    if not record.moves or record.moves[-1][0] != seat:
        raise ValueError("You can only take back your own last move, before anyone else acts.")
    shorter = Record(record.game, record.options, record.seed, record.moves[:-1])
    if game.undo_barrier(replay(game, shorter), replay(game, record)):
        raise ValueError("That move can no longer be taken back: the game has moved on.")
    return shorter
