"""What a page's Python holds between two requests, in one object.

The page keeps everything that must outlive the tab (records, saves); a session holds only
what is quicker to keep than to rebuild (games made, states replayed, warm-ups under way) and
the online tables and guests open in the page. The worker uses one session for the page's life
(bridge.handle); a test makes its own, with the dictionaries it chooses.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordtable.bridge.errors import BadRequest, Refused
from wordtable.lexicon.registry import LexiconRegistry, UnknownLexicon

if TYPE_CHECKING:
    from wordtable.engine.game import Record
    from wordtable.online import Guest, Host
    from wordtable.online.sealed_guest import SealedGuest
    from wordtable.online.sealed_host import SealedHost

# Replayed states kept, by record: enough for the page's back-and-forth between a few records.
STATES_KEPT = 8
# Warm-ups a page stopped asking for are dropped beyond this many.
WARM_UPS_KEPT = 8
# How long one call of game.warm_up works before answering: a request sent meanwhile waits
# for one slice at most.
WARM_SLICE_S = 0.02


@dataclass
class Replayed:
    """A record from the page and the game state it leads to."""

    record: Record
    game: Any
    bots: dict[str, Any]
    state: Any


@dataclass
class Session:
    """One page's Python: its dictionaries (registry), and what it keeps between requests."""

    registry: LexiconRegistry
    warm_slice_s: float = WARM_SLICE_S
    games: dict[str, tuple[Any, dict[str, Any]]] = field(default_factory=dict)  # id -> (game, its bots)
    states: dict[str, Any] = field(default_factory=dict)  # record JSON -> state: a move does not replay it all
    warming: dict[str, Iterator[None]] = field(default_factory=dict)  # game and options -> steps left
    reviewing: dict[str, Iterator[Any]] = field(default_factory=dict)  # record and seat -> review's steps left
    hosts: dict[str, Host | SealedHost] = field(default_factory=dict)  # online tables open in this page, by the page's id
    guests: dict[str, Guest | SealedGuest] = field(default_factory=dict)  # this page's seats at others' tables

    @classmethod
    def at(cls, site_root: Path | str) -> Session:
        """A session reading site files (dictionaries) from site_root, as the worker lays them out."""
        return cls(LexiconRegistry(Path(site_root)))

    def lexicon(self, name: str | None) -> Any:
        """A dictionary by name (None: the default one)."""
        try:
            return self.registry.get(name)
        except UnknownLexicon as error:
            raise Refused(str(error)) from None

    def game(self, game_id: str) -> tuple[Any, dict[str, Any]]:
        """A game's rules and bots, made on first use."""
        if game_id not in self.games:
            from wordtable.games import GAME_IDS, make  # GAME_IDS grows when a test registers a toy game
            if game_id not in GAME_IDS:
                raise BadRequest(f"unknown game {game_id[:40]!r}")
            try:
                self.games[game_id] = make(game_id, self.registry.get)
            except KeyError:
                raise Refused("This game is not built yet.") from None
        return self.games[game_id]

    def replayed(self, record_json: dict[str, Any]) -> Replayed:
        """The state a record from the page leads to, replayed unless kept from an earlier request."""
        from wordtable.engine.errors import GameError
        from wordtable.engine.game import Record, replay
        try:
            record = Record.from_json(record_json)
        except ValueError as error:
            raise BadRequest(f"not a game record ({error})") from None
        game, bots = self.game(record.game)
        state = self.states.get(_key(record))
        if state is None:
            try:
                # complete=False: an online table's record may hold the events drawn so far for a
                # move that still waits for its last one.
                state = replay(game, record, complete=False)
            except (GameError, UnknownLexicon) as error:
                raise Refused(f"This game record cannot be replayed: {error}") from None
            self.remember(record, state)
        return Replayed(record, game, bots, state)

    def remember(self, record: Record, state: Any) -> None:
        if len(self.states) > STATES_KEPT:
            self.states.clear()
        self.states[_key(record)] = state

    def forget_states(self) -> None:
        """Replays every record afresh from now on, as a page loading a save does."""
        self.states.clear()


def _key(record: Record) -> str:
    return json.dumps(record.to_json(), sort_keys=True)
