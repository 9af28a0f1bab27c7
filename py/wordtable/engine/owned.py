"""Secrets that never leave their owner's device. In some games a seat's part of the
state is its own secret (Four Letter Words: the grid). Online, the host's device runs the table,
but it must not hold that part of a guest's state: the guest's device keeps it, runs the rules
on it, and sends the table only what the rules make public, with a commitment to the secret
after each change. When the game is over each guest shows its part (the moves it made on it and
the key of its commitments), and anyone replays it against the public record.

A game opts in with `Game.owned`: a subclass of OwnedPart, whose hooks are the only place that
knows what the secret part is. The table's record says which seats kept theirs
(`Record.owned`), and holds what each showed at the end.

Commitments: SHA-256 of the seat's key (32 random bytes, from the device's cryptographic random
source) and the secret part's text. The key is secret until the end, so a commitment says
nothing of the part; once the key is shown, each commitment binds the part it was made for.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from wordtable.engine.errors import RecordMismatch

KEY_HEX = 64
MAX_SECRET_MOVES = 400   # more than any game of ours writes in one seat's part


def new_key() -> str:
    return secrets.token_hex(KEY_HEX // 2)


def commitment(key: str, secret_text: str) -> str:
    return hashlib.sha256(f"wordtable-owned|{key}|{secret_text}".encode()).hexdigest()


def is_hex(value: Any, length: int) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)


class OwnedBreak(RecordMismatch):
    """What a seat showed at the end does not hold: its moves break the rules, a commitment it
    made is not its secret's, or a public claim it made was false. Names the seat and the move
    (its index in the record) where it first breaks."""

    def __init__(self, seat: int, move_index: int | None, reason: str):
        super().__init__(reason)
        self.seat, self.move_index, self.reason = seat, move_index, reason


@dataclass
class Keep:
    """What an owner's device keeps of its secret part: the key of its commitments, the secret
    moves the table has taken (shown at the end), the part as they left it, and the one secret
    move sent and not yet answered (move number, the move, the part after it)."""

    key: str = field(default_factory=new_key)
    moves: list[dict[str, Any]] = field(default_factory=list)
    part: str | None = None    # the game's text of it (None: as at the start)
    pending: tuple[int, dict[str, Any], str] | None = None  # (n, the secret move, the part after it)
    told: list[dict[str, Any]] = field(default_factory=list)  # every move of this seat the table took, as sent

    def shown(self) -> dict[str, Any]:
        return {"key": self.key, "moves": self.moves}

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "moves": self.moves, "part": self.part, "told": self.told,
                "pending": None if self.pending is None else list(self.pending)}

    @classmethod
    def from_json(cls, data: Any) -> Keep:
        """ValueError when it is not what to_json wrote."""
        if not isinstance(data, dict):
            raise ValueError("the saved secret part is damaged")
        key, moves, part, pending, told = (data.get(name) for name in ("key", "moves", "part", "pending", "told"))
        if not (is_hex(key, KEY_HEX) and isinstance(moves, list) and len(moves) <= MAX_SECRET_MOVES
                and all(isinstance(m, dict) for m in moves) and (part is None or isinstance(part, str))
                and isinstance(told, list) and all(isinstance(m, dict) for m in told)
                and (pending is None or (isinstance(pending, list) and len(pending) == 3
                                         and isinstance(pending[0], int) and isinstance(pending[1], dict)
                                         and isinstance(pending[2], str)))):
            raise ValueError("the saved secret part is damaged")
        return cls(key, list(moves), part, None if pending is None else tuple(pending), list(told))


def parse_shown(data: Any) -> tuple[str, list[dict[str, Any]]] | None:
    """(key, moves) from what a seat showed, or None when it is not that shape."""
    if not isinstance(data, dict):
        return None
    key, moves = data.get("key"), data.get("moves")
    if not (is_hex(key, KEY_HEX) and isinstance(moves, list) and len(moves) <= MAX_SECRET_MOVES
            and all(isinstance(m, dict) for m in moves)):
        return None
    return key, moves


class OwnedPart:
    """A game's hooks for a secret part kept on its owner's device. The table's side: hide the
    seats' parts at the start, and check what they show at the end. The owner's side: merge its
    part into the view the table sends, turn its player's move into the public move the table
    takes, and make the moves its device must make by itself."""

    def __init__(self, game: Any):
        self.game = game

    @property
    def name(self) -> str:
        """What it is, in a player's words ("grid"): the game's kind says (GameKind.owned_name)."""
        name: str = self.game.kind.owned_name
        return name

    # -- the table's side ----------------------------------------------------------------------

    def hide(self, state: Any, seats: list[int]) -> Any:
        """The state with these seats' secret parts unknown to the table."""
        raise NotImplementedError

    def check_shown(self, record: Any, states: list[Any], shown: dict[int, Any]) \
            -> tuple[list[Any], list[dict[str, Any]]]:
        """The record's public states (start, then after each move) replayed with what these
        seats showed: every state with their parts in it, and each move as it was made (a
        secret move where the record holds its public form); OwnedBreak at the first point
        where one does not hold."""
        raise NotImplementedError

    # -- the owner's side ----------------------------------------------------------------------

    def start_part(self, view: dict[str, Any]) -> Any:
        """The secret part at the start of the game (JSON)."""
        raise NotImplementedError

    def own_view(self, view: dict[str, Any], part: Any) -> dict[str, Any]:
        """The table's view with the owner's part merged in: what its screen draws."""
        raise NotImplementedError

    def outgoing(self, view: dict[str, Any], keep: Keep, move: dict[str, Any]) \
            -> tuple[dict[str, Any], tuple[dict[str, Any], Any] | None]:
        """The public move to send for the player's move, and (the secret move, the part after
        it) when it changes the part; IllegalMove when the rules forbid it on the owner's part."""
        raise NotImplementedError

    def warm(self, view: dict[str, Any]) -> None:
        """Loads what the owner's rules need (a dictionary) while nothing has changed yet."""

    def automatic(self, view: dict[str, Any], part: Any) -> dict[str, Any] | None:
        """A move the owner's device makes by itself, which at a table without secrets the rules
        would make (Four Letter Words: a chooser whose grid fits no word is out)."""
        return None
