"""The bridge's side of an online table hosted in this page: online.host, invite, receive,
local, expire, disconnected.

The protocol objects live in the session while the page is open; the page keeps each table's
save (its "saved" reply) and reopens the table from it after a reload.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordtable.bridge.errors import BadRequest, Refused
from wordtable.bridge.games import EPOCH, in_time
from wordtable.bridge.schema import Args, Operation, optional, required, short_strings
from wordtable.bridge.session import Session
from wordtable.lexicon.registry import UnknownLexicon

if TYPE_CHECKING:
    from wordtable.online import Host
    from wordtable.online.sealed_host import SealedHost

    Table = Host | SealedHost

MAX_SEATS = 8


def host(session: Session, args: Args) -> dict[str, Any]:
    """Opens (or reopens from its save) the table of an online game in this browser."""
    table = _restored(session, args) if args.get("saved") else _new_table(session, args)
    session.hosts[args["id"]] = table
    return {"saved": table.to_json(), **_table_state(table)}


def _restored(session: Session, args: Args) -> Table:
    """The save holds its own record and names (one saved mid-draw replays only at the table)."""
    from wordtable.online import Host
    from wordtable.online.sealed_host import SealedHost
    game_id = args["record"].get("game")
    game, _bots = session.game(game_id if isinstance(game_id, str) else "")
    try:
        if args["saved"].get("sealed") is True:
            return SealedHost.from_json(game, args["saved"])
        return Host.from_json(game, args["saved"])
    except (KeyError, TypeError, ValueError, AttributeError, UnknownLexicon) as error:  # GameError is a ValueError
        raise Refused(f"The online table could not be restored: {error}") from None


def _new_table(session: Session, args: Args) -> Table:
    from wordtable.online import Draws, Host
    replayed = session.replayed(args["record"])
    game, record = replayed.game, replayed.record
    if "names" not in args:
        raise BadRequest("missing argument 'names'")
    names = short_strings(args, "names", MAX_SEATS)
    if len(names) != game.seats(replayed.state):
        raise BadRequest("argument 'names' must name every seat")
    if not all(0 <= seat < len(names) for seat in args["remote"]):
        raise BadRequest("argument 'remote' must list seats")
    # shared: every random event drawn with every player by commit and reveal, so that no
    # device, the host's included, can choose what is drawn.
    remote = sorted(set(args["remote"]))
    if args["sealed"]:  # hands dealt by every device together: see online.sealed_host
        return _sealed_table(game, record, names, remote)
    draws = Draws.new(remote) if args["shared"] else None
    if draws is not None and remote and game.kind.owned_parts and str(record.options.get("lexicon", "")).startswith("custom:"):
        raise Refused(f"Online, each friend's device checks their own {game.kind.owned_name} against the dictionary, so this game "
                      "needs one that comes with Wordtable: your own word lists stay in this browser.")
    return Host(game, record, names, remote, draws=draws)


def _sealed_table(game: Any, record: Any, names: list[str], remote: list[int]) -> SealedHost:
    from wordtable.online.sealed_host import SealedHost
    if game.sealed_cards is None:
        raise BadRequest(f"{game.title} has no hands to deal sealed")
    if record.moves:
        raise BadRequest("a game of sealed cards starts online: its record has no moves yet")
    try:
        return SealedHost(game, record, names, remote)
    except ValueError as error:
        raise Refused(f"This game cannot be dealt sealed: {error}") from None


def _table(session: Session, args: Args) -> Table:
    found = session.hosts.get(args["id"])
    if found is None:
        raise Refused("This online table is not open.")
    return found


def _table_state(table: Table) -> dict[str, Any]:
    """Shared randomness: whether the game has started, whom it waits for, and whose broken
    commitment stopped it. Sealed cards: whether every seat has joined, whom the deal or the
    locks owed wait for, and whose message stopped the game."""
    from wordtable.online.host import SHOW_WITHIN_MS  # online is imported only once it is used
    from wordtable.online.sealed_host import SealedHost
    if isinstance(table, SealedHost):
        stop = table.table.stop
        return {"started": table.started, "waiting": table.waiting_for(), "drawing": table.started,
                "showing": False, "show_due": [], "show_within_ms": SHOW_WITHIN_MS, "sealed": True,
                "version": len(table.table.entries), "code": table.table.table_code(), "audited": table.table.audited,
                "broken": None if stop is None else {"seat": stop.seat, "reason": f"The game has stopped: {stop.reason}."}}
    broken = table.draws.broken if table.draws is not None else None
    return {"started": table.state is not None, "waiting": table.waiting_for(),
            "drawing": table.draws is not None and table.draws.round is not None, "showing": bool(table.not_shown()),
            "show_due": table.show_due(), "show_within_ms": SHOW_WITHIN_MS,
            "broken": None if broken is None else {"seat": broken.seat, "reason": f"The game has stopped: {broken.reason}."}}


def _reply(table: Table, outgoing: list[tuple[str, str]]) -> dict[str, Any]:
    return {"outgoing": [[peer, text] for peer, text in outgoing], "record": table.record.to_json(),
            "saved": table.to_json(), "connected": table.connected_seats(), "names": table.names, **_table_state(table)}


def invite(session: Session, args: Args) -> dict[str, Any]:
    table = _table(session, args)
    try:
        token = table.invite(args["seat"])
    except ValueError as error:
        raise BadRequest(str(error)) from None
    return {"token": token, "saved": table.to_json()}


def receive(session: Session, args: Args) -> dict[str, Any]:
    table = _table(session, args)
    return _reply(table, table.receive(args["peer"], args["text"]))


def _in_time(args: Args, table: Table) -> None:
    """As game.play's epoch. A table whose game has not started (its first draw under way)
    has no epoch yet: the move is refused by the table itself, saying why."""
    from wordtable.online.sealed_host import SealedHost
    if isinstance(table, SealedHost):
        state = table.table.any_device.state
        if "epoch" in args and args["epoch"] != table.game.epoch(state):
            raise Refused("Too late: the table moved on.")
    elif table.state is not None:
        in_time(args, table.game, table.state)


def local(session: Session, args: Args) -> dict[str, Any]:
    """A move made at the host's own screen."""
    table = _table(session, args)
    _in_time(args, table)
    return _reply(table, table.play_local(args["seat"], args["move"]))


def expire(session: Session, args: Args) -> dict[str, Any]:
    """The table's clock ran out: only the host's page calls this, never a guest's message."""
    table = _table(session, args)
    _in_time(args, table)
    return _reply(table, table.expire())


def unshown(session: Session, args: Args) -> dict[str, Any]:
    """The host's clock: these seats stayed at the table without showing what they kept (only the
    host's page calls this, never a guest's message)."""
    table = _table(session, args)
    return _reply(table, table.forfeit_unshown(args["seats"]))


def disconnected(session: Session, args: Args) -> dict[str, Any]:
    table = _table(session, args)
    return _reply(table, table.disconnected(args["peer"]))


_ID = required("id", "string")  # the page's name for the table
_TABLE_STATE = (required("started", "boolean"), required("waiting", "array", items="integer"),
                required("drawing", "boolean"), required("showing", "boolean"), required("broken", "object|null"),
                required("show_due", "array", items="integer"), required("show_within_ms", "integer"),
                optional("sealed", "boolean"), optional("version", "integer"), optional("code", "string|null"),
                optional("audited", "boolean"))
_REPLY = (required("outgoing", "array", items="array"), required("record", "object"), required("saved", "object"),
          required("connected", "array", items="integer"), required("names", "array", items="string"), *_TABLE_STATE)

OPERATIONS: dict[str, Operation] = {
    "online.host": Operation(host, (
        _ID, required("record", "object"), optional("names", "array", items="string"),
        optional("remote", "array", [], items="integer"), optional("saved", "object"), optional("shared", "boolean", False),
        optional("sealed", "boolean", False),
    ), (required("saved", "object"), *_TABLE_STATE)),
    "online.invite": Operation(invite, (_ID, required("seat", "integer")), (
        required("token", "string"), required("saved", "object"))),
    "online.receive": Operation(receive, (_ID, required("peer", "string"), required("text", "string")), _REPLY),
    "online.local": Operation(local, (_ID, required("seat", "integer"), required("move", "object"), EPOCH), _REPLY),
    "online.expire": Operation(expire, (_ID, EPOCH), _REPLY),
    "online.unshown": Operation(unshown, (_ID, required("seats", "array", items="integer")), _REPLY),
    "online.disconnected": Operation(disconnected, (_ID, required("peer", "string")), _REPLY),
}
