"""The bridge's side of play by link (wordtable.link): link.new, link.peek, link.open, link.move
and link.show. The page keeps each game's saved table (the "saved" of every reply) in its saves,
as the command-line device keeps it in its file; a link the page is given is opened here, and
`send` is the link the player sends next (the page's address and the payload in its fragment).
"""

from __future__ import annotations

from typing import Any

from wordtable.bridge.errors import Refused
from wordtable.bridge.schema import Args, Operation, optional, required
from wordtable.bridge.session import Session


def _table(session: Session, saved: dict[str, Any]) -> Any:
    from wordtable.link.table import LinkTable
    game_id = saved.get("game")
    game, _bots = session.game(game_id if isinstance(game_id, str) else "")
    try:
        return LinkTable.from_json(game, saved)
    except ValueError as error:
        raise Refused(f"This game by link is damaged: {error}") from None


def _reply(table: Any, site: str, again: bool = False, whole_to: int | None = None) -> dict[str, Any]:
    from wordtable.link.device import summary
    shown = _refusing(lambda: summary(table, site, again, whole_to))
    return {**shown, "saved": table.to_json()}  # after summary: it keeps what the link handed over


def _refusing(action: Any) -> Any:
    from wordtable.engine.errors import GameError
    from wordtable.link.codec import LinkError, SeatTaken
    try:
        return action()
    except SeatTaken as error:
        raise Refused(str(error), kind="seat-taken") from None
    except (LinkError, GameError) as error:
        raise Refused(str(error)) from None


def new(session: Session, args: Args) -> dict[str, Any]:
    """A new game by link, at this page's seat 0."""
    from wordtable.link.table import new_table
    from wordtable.online import clean_name
    game, _bots = session.game(args["game"])
    table = _refusing(lambda: new_table(game, args["players"], args["options"], clean_name(args["name"]) or "Player 1",
                                        args["strict_draws"]))
    return _reply(table, args["site"])


def peek(session: Session, args: Args) -> dict[str, Any]:
    """Which game a link is of (the page looks for its save before opening it)."""
    from wordtable.link.codec import decode
    from wordtable.link.table import ANOTHER_VERSION, LINK_VERSIONS
    from wordtable.online import clean_name
    payload = _refusing(lambda: decode(args["link"]))
    if payload.get("w") not in LINK_VERSIONS:
        raise Refused(ANOTHER_VERSION)
    table, game = payload.get("t"), payload.get("g")
    if not (isinstance(table, str) and isinstance(game, str)):
        raise Refused("This is not a Wordtable link.")
    names, sender = payload.get("names"), payload.get("from")
    name = names[sender] if isinstance(names, list) and isinstance(sender, int) and 0 <= sender < len(names) else None
    heads, to = payload.get("heads"), payload.get("to")
    free = isinstance(heads, list) and isinstance(to, int) and 0 <= to < len(heads) and heads[to] is None
    invitation = payload.get("since") == 0 and "o" in payload and free
    return {"table": table[:40], "game": game[:40], "invitation": invitation, "seat": to if invitation else None,
            "from": clean_name(name)}


def open_link(session: Session, args: Args) -> dict[str, Any]:
    """Takes a link: into the page's saved table of its game, or joining a new game's free seat."""
    from wordtable.link.codec import LinkError, decode
    from wordtable.link.table import joined_table
    payload = _refusing(lambda: decode(args["link"]))
    if args.get("saved"):
        table = _table(session, args["saved"])
        if table.table != payload.get("t"):
            raise Refused("This link is of another game than this one.")
        from wordtable.link.device import take_link
        table = _refusing(lambda: take_link(table, payload, lambda: _table(session, args["saved"])))
        return _reply(table, args["site"])
    game_id = payload.get("g")
    game, _bots = session.game(game_id if isinstance(game_id, str) else "")
    try:
        table = joined_table(game, payload, args.get("name", ""))
    except (LinkError, ValueError) as error:
        raise Refused(str(error)) from None
    return _reply(table, args["site"])


def move(session: Session, args: Args) -> dict[str, Any]:
    table = _table(session, args["saved"])
    _refusing(lambda: table.play(args["move"]))
    return _reply(table, args["site"])


def suggest(session: Session, args: Args) -> dict[str, Any]:
    """A medium bot's move for this page's player, on its own screen (None where the rules allow
    no suggestion: One Letter Better's "players decide" has no look-ups)."""
    from wordtable.link.device import bot_move
    table = _table(session, args["saved"])
    if table.state is None or not table.game.suggests(table.state):
        return {"move": None}
    return {"move": _refusing(lambda: bot_move(table, "medium", session.registry.get))}


def show(session: Session, args: Args) -> dict[str, Any]:
    """The game as the page's save holds it; `again`: its last link made anew (lost, or not
    sent); `whole_to`: the whole game in a link for that seat (a friend who lost theirs);
    `restored`: imported from an export, so it waits for a friend's link before it moves, unless
    `no_move_since`: its player says they made no move since that export."""
    table = _table(session, args["saved"])
    if args["restored"]:
        table.restored = True
    if args["no_move_since"]:
        table.played_on_since_restored()
    return _reply(table, args["site"], args["again"], args.get("whole_to"))


_SITE = required("site", "string")  # the page's address: the links open it
_REPLY = (
    required("game", "string"), required("kind", "string"), required("seat", "integer"),
    required("players", "array"), required("your_turn", "boolean"), required("over", "boolean"),
    required("outcome", "object|null"), required("not_final", "string|null"), required("forfeits", "array"),
    required("restored", "string|null"), required("waiting_for", "array"), required("send", "string|null"),
    required("send_to", "string|null"), required("view", "object|null"), required("note", "string|null"),
    required("pending", "string|null"), required("saved", "object"),
)

OPERATIONS: dict[str, Operation] = {
    "link.new": Operation(new, (required("game", "string"), required("players", "integer"),
                                optional("options", "object", {}), optional("name", "string", ""),
                                optional("strict_draws", "boolean", False), _SITE), _REPLY),
    "link.peek": Operation(peek, (required("link", "string"),), (
        required("table", "string"), required("game", "string"), required("invitation", "boolean"),
        required("seat", "integer|null"), required("from", "string|null"))),
    "link.open": Operation(open_link, (required("link", "string"), optional("saved", "object"),
                                       optional("name", "string", ""), _SITE), _REPLY),
    "link.move": Operation(move, (required("saved", "object"), required("move", "object"), _SITE), _REPLY),
    "link.suggest": Operation(suggest, (required("saved", "object"),), (required("move", "object|null"),)),
    "link.show": Operation(show, (required("saved", "object"), optional("again", "boolean", False),
                                  optional("whole_to", "integer|null", None), optional("restored", "boolean", False),
                                  optional("no_move_since", "boolean", False), _SITE), _REPLY),
}
