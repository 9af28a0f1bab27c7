"""A device's games by link, as a JSON file (the command line's device; the page keeps the
same per game in its saves), and what each command prints: one JSON object with the game, this
device's seat, whether it is its turn, whether the game is over and how, and `send`, the link
to give the next player (or None)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wordtable import safe_json
from wordtable.engine.errors import GameError
from wordtable.link import codec
from wordtable.link.codec import LinkError
from wordtable.link.forfeit import TwoMoves
from wordtable.link.table import ANOTHER_VERSION, LINK_VERSIONS, RESTORED, LinkTable, joined_table, new_table

DEVICE_FORMAT = 1
DEFAULT_SITE = "http://127.0.0.1:8000/"  # where `python3 build.py serve` serves the game


class Device:
    """The games on one device: {"wordtable_device": 1, "games": {game: saved LinkTable}}."""

    def __init__(self, path: Path, lexicon_for: Callable[[str], Any]):
        self.path, self.lexicon_for = path, lexicon_for
        self.games: dict[str, Any] = {}
        if path.exists():
            try:
                data = safe_json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError):
                raise LinkError(f"{path} is not a device file (or it is damaged): nothing was changed.") from None
            if not (isinstance(data, dict) and data.get("wordtable_device") == DEVICE_FORMAT
                    and isinstance(data.get("games"), dict)):
                raise LinkError(f"{path} is not a device file (or it is damaged): nothing was changed.")
            self.games = data["games"]

    def save(self) -> None:
        text = json.dumps({"wordtable_device": DEVICE_FORMAT, "games": self.games}, separators=(",", ":"))
        temporary = self.path.with_name(self.path.name + ".saving")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, self.path)  # all or nothing: a save is never half written

    def table(self, table_id: str) -> LinkTable:
        from wordtable.games import REGISTRY, make
        saved = self.games.get(table_id)
        if saved is None:
            raise LinkError(f"There is no game {table_id!r} on this device.")
        if not isinstance(saved, dict) or not isinstance(saved.get("game"), str) or saved["game"] not in REGISTRY:
            raise LinkError(f"The game {table_id!r} on this device is damaged.")
        game, _bots = make(saved["game"], self.lexicon_for)
        try:
            return LinkTable.from_json(game, saved)
        except ValueError as error:
            raise LinkError(str(error)) from None

    def put(self, table: LinkTable) -> None:
        self.games[table.table] = table.to_json()


def summary(table: LinkTable, site: str, again: bool = False, whole_to: int | None = None) -> dict[str, Any]:
    """What a command prints about a game, `send` included: the link for the next player when
    this device has something new to tell them (or, `again`, the last one made anew; or, with
    `whole_to`, the whole game for that seat)."""
    outcome = table.outcome()
    # Whom this device waits for: the players to act, or before the game starts, those whose part
    # of its first draw it lacks.
    actors = (table.owing() if table.state is None
              else table.parts_missing() if table.own_move_pending()
              else table.game.actors(table.state) if not table.over() else [])
    to: int | None
    payload: dict[str, Any] | None
    if whole_to is not None:
        to, payload = whole_to, table.hand_over_whole(whole_to)
    else:
        to = table.recipient(again)
        payload = None if to is None else table.hand_over(to)
    send = None if payload is None else f"{site}#{codec.FRAGMENT}{codec.encode(payload)}"
    return {"game": table.table, "kind": table.game.id, "seat": table.seat, "players": table.names,
            "your_turn": table.your_turn(), "over": table.over(), "outcome": outcome,
            "not_final": not_final(table), "forfeits": table.forfeit_lines(),
            "restored": RESTORED if table.restored and not table.over() else None,
            "waiting_for": [table.names[seat] for seat in actors if seat != table.seat],
            "send": send, "send_to": None if to is None else table.names[to],  # None: an invitation to a friend
            "view": table.screen_view(), "note": table.game.by_link_note(parts_ahead=bool(table.ahead), started=True),
            "pending": pending_move(table)}


def pending_move(table: LinkTable) -> str | None:
    """This player's move, made but waiting for the others' parts of the draw it needs: said at
    once, so it does not look lost."""
    pending = table.pending
    if pending is None or not table.own_move_pending():  # (own_move_pending: a pending move)
        return None
    move = table.game.move_text(table.state, pending["move"])
    missing = [table.names[seat] or f"Player {seat + 1}" for seat in table.parts_missing() if seat != table.seat]
    who = " and ".join(missing) or "the others"
    return f"Your move is made: {move}. What is drawn next needs {who}'s part: send the link; {who}'s reply brings it."


def not_final(table: LinkTable) -> str | None:
    """Said while a game is over but someone's secret is not shown yet (and they have not lost
    by forfeit, link.forfeit): its result is not final."""
    missing = [table.names[seat] or f"Player {seat + 1}" for seat in table.unshown()]
    if not missing:
        return None
    secret = table.game.kind.owned_name
    who = missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"
    return (f"Over, waiting for {who} to show the {secret} kept on their device: until then this result is not "
            "final, and nothing of their game can be checked.")


def new(device: Device, game_id: str, players: int, options: dict[str, Any], name: str,
        strict_draws: bool = False) -> LinkTable:
    from wordtable.games import REGISTRY, make
    if game_id not in REGISTRY:
        raise LinkError(f"There is no game {game_id!r}: {', '.join(REGISTRY)}.")
    from wordtable.online import clean_name
    game, _bots = make(game_id, device.lexicon_for)
    try:
        table = new_table(game, players, options, clean_name(name) or "Player 1", strict_draws)
    except GameError as error:
        raise LinkError(f"That game cannot be set up: {error}") from None
    device.put(table)
    return table


def open_link(device: Device, link: str, name: str) -> LinkTable:
    """Takes a link into the device: joins the free seat of a new game's invitation."""
    from wordtable.games import REGISTRY, make
    payload = codec.decode(link)
    if payload.get("w") not in LINK_VERSIONS:
        raise LinkError(ANOTHER_VERSION)
    game_id, table_id = payload.get("g"), payload.get("t")
    if not isinstance(game_id, str) or game_id not in REGISTRY or not isinstance(table_id, str) or len(table_id) > 40:
        raise LinkError("This link is of a game this app does not have.")
    if table_id in device.games:
        table = device.table(table_id)
        if table.game.id != game_id:
            raise LinkError("This link is of another game than the one on this device with its name.")
        table = take_link(table, payload, lambda: device.table(table_id))
    else:
        game, _bots = make(game_id, device.lexicon_for)
        table = joined_table(game, payload, name)
    device.put(table)
    return table


def take_link(table: LinkTable, payload: dict[str, Any], fresh: Callable[[], LinkTable]) -> LinkTable:
    """The table with what a link carries (LinkError, nothing changed, when it does not hold).
    A link proving that a player signed two moves for one turn ends the game with that player
    at fault: `fresh()` (the table as saved, untouched by the refused link) keeps the proof."""
    try:
        if not table.take(payload):
            raise LinkError("You have opened this link already: there is nothing new in it.")
        return table
    except TwoMoves as two_moves:
        kept = fresh()
        kept.blame(two_moves)
        return kept


def bot_move(table: LinkTable, level: str, lexicon_for: Callable[[str], Any], seed: int = 0) -> dict[str, Any]:
    """The move a bot of that level makes for this device's player, on its own screen's view."""
    from wordtable.games import make
    _game, bots = make(table.game.id, lexicon_for)
    if level not in bots:
        raise LinkError(f"There is no bot {level!r}: {', '.join(bots)}.")
    view = table.screen_view()
    if view is None or not table.your_turn():
        raise LinkError("It is not your move: send the link to the next player, or wait for theirs.")
    move = bots[level](table.game, view, random.Random(f"{table.table}:{len(table.record.moves)}:{seed}"))
    if move is None:
        raise LinkError("The bot has no move to make here.")
    return {key: value for key, value in move.items() if key != "after_ms"}


def play(device: Device, table_id: str, move: dict[str, Any] | None, bot: str | None, seed: int = 0) -> LinkTable:
    table = device.table(table_id)
    if bot is not None:
        move = bot_move(table, bot, device.lexicon_for, seed)
    try:
        table.play(move or {})
    except GameError as error:
        raise LinkError(str(error)) from None
    device.put(table)
    return table
