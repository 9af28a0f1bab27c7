"""The bridge's side of the seats the host's page plays at an online table of sealed cards
(online.sealed_host): online.sealed_view, online.sealed_bot, online.sealed_ask. They answer as
game.view, game.bot and game.ask do, from the device of the seat asked about (the table's view,
without a seat, from any of the page's devices: each holds every public fact), never from a
record: no page holds the whole game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordtable.bridge.errors import BadRequest, Refused
from wordtable.bridge.games import _SEAT_VIEW
from wordtable.bridge.schema import Args, Operation, optional, required
from wordtable.bridge.session import Session

if TYPE_CHECKING:
    from wordtable.engine.sealed_table import Device
    from wordtable.online.sealed_host import SealedHost


def _sealed(session: Session, args: Args) -> SealedHost:
    from wordtable.online.sealed_host import SealedHost
    found = session.hosts.get(args["id"])
    if not isinstance(found, SealedHost):
        raise Refused("This online table of sealed cards is not open.")
    return found


def _device(table: SealedHost, seat: Any) -> Device:
    """The device of a seat this page plays; any of its devices for the table's view (None)."""
    if seat is None:
        return table.table.any_device
    device = table.table.devices.get(seat) if isinstance(seat, int) and seat >= 0 else None
    if device is None:
        raise Refused("That seat is played from another device: its cards are there only.")
    return device


def view(session: Session, args: Args) -> dict[str, Any]:
    table = _sealed(session, args)
    seat = args.get("seat")
    state = _device(table, seat).state
    game = table.game
    return {"view": game.view(state, seat), "actors": game.actors(state), "epoch": game.epoch(state),
            "suggests": game.suggests(state)}


def bot(session: Session, args: Args) -> dict[str, Any]:
    from wordtable.engine.bots import ask_bot
    table = _sealed(session, args)
    device = _device(table, args["seat"])
    bots = session.game(table.game.id)[1]
    if args["level"] not in bots:
        raise BadRequest(f"unknown bot level {args['level'][:20]!r}")
    if args["seat"] not in table.game.actors(device.state):
        raise Refused("It is not this bot's turn.")
    return {"move": ask_bot(bots[args["level"]], table.game, device.state, args["seat"], table.record.seed,
                            len(device.log))}


def ask(session: Session, args: Args) -> dict[str, Any]:
    table = _sealed(session, args)
    seat = args.get("seat")
    question = args["question"]
    if question not in table.game.questions:
        raise Refused(f"{table.game.title} has no question {question[:40]!r}.")
    return {"answer": table.game.answer(_device(table, seat).state, seat, question, args["args"])}


_ID = required("id", "string")

OPERATIONS: dict[str, Operation] = {
    "online.sealed_view": Operation(view, (_ID, optional("seat", "integer")), _SEAT_VIEW),
    "online.sealed_bot": Operation(bot, (_ID, required("seat", "integer"), required("level", "string")),
                                   (required("move", "object|null"),)),
    "online.sealed_ask": Operation(ask, (_ID, optional("seat", "integer"), required("question", "string"),
                                         optional("args", "object", {})), (required("answer", "any"),)),
}
