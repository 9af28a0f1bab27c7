"""The bridge's side of this page's seat at another browser's table: online.guest and
online.guest_*.

A guest's moves not yet answered, and its secrets for shared randomness, survive a reload
through the page's save (the "saved" of every reply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordtable.bridge.errors import Refused
from wordtable.bridge.games import VERDICT
from wordtable.bridge.schema import Args, Operation, optional, required
from wordtable.bridge.session import Session

if TYPE_CHECKING:
    from wordtable.online import Guest
    from wordtable.online.sealed_guest import SealedGuest


def guest(session: Session, args: Args) -> dict[str, Any]:
    """Joins a table with an invitation token, or comes back to it from the page's save."""
    from wordtable.online import Guest, clean_name
    from wordtable.online.sealed_guest import SealedGuest
    from wordtable.online.sealed_host import SEALED_TOKEN
    kind = SealedGuest if args["token"].startswith(SEALED_TOKEN) else Guest  # its cards on this device
    seat: Guest | SealedGuest = kind(args["token"], lexicon_for=session.registry.get, name=clean_name(args.get("name")))
    if args.get("saved"):
        try:
            seat.restore(args["saved"])
        except ValueError:
            raise Refused("This game's saved moves are damaged: ask the host for a new invitation.") from None
    session.guests[args["id"]] = seat
    # Kept by the page at once: a reload before the table answers joins with the same commitment.
    return {"outgoing": seat.hello(), "saved": seat.saved()}


def _joined(session: Session, args: Args) -> Guest | SealedGuest:
    found = session.guests.get(args["id"])
    if found is None:
        raise Refused("This online game is not open.")
    return found


def _reply(seat: Guest | SealedGuest, outgoing: list[str], **extra: Any) -> dict[str, Any]:
    outcomes, answers = seat.collect()
    return {"outgoing": outgoing, "seat": seat.seat, "version": seat.version, "view": seat.screen_view(),
            "actors": seat.actors, "refusals": seat.refusals[-5:], "pending": len(seat.pending),
            "outcomes": outcomes, "answers": answers, "away": seat.away, "waiting": seat.waiting,
            "started": seat.started, "showing": seat.showing, "broken": seat.broken, "error": seat.error,
            "other_version": seat.other_version, "shared": seat.host_head is not None,
            "record_ready": seat.record_ready(), "record_copy": seat.record_copy, "players": seat.players,
            "code": _code(seat), "audited": _audited(seat),
            **extra, "saved": seat.saved()}


def _code(seat: Guest | SealedGuest) -> str | None:
    """A table of sealed cards: its code, the same on every screen (SealedPlay.table_code)."""
    from wordtable.online.sealed_guest import SealedGuest
    return seat.play.table_code() if isinstance(seat, SealedGuest) and seat.play is not None else None


def _audited(seat: Guest | SealedGuest) -> bool | None:
    """A table of sealed cards: whether this device has audited every deal (at the end)."""
    from wordtable.online.sealed_guest import SealedGuest
    return seat.play.audited if isinstance(seat, SealedGuest) and seat.play is not None else None


def receive(session: Session, args: Args) -> dict[str, Any]:
    seat = _joined(session, args)
    return _reply(seat, seat.receive(args["text"]))


def move(session: Session, args: Args) -> dict[str, Any]:
    seat = _joined(session, args)
    outgoing = seat.move(args["move"])
    return _reply(seat, outgoing, n=seat.sent)


def ask(session: Session, args: Args) -> dict[str, Any]:
    seat = _joined(session, args)
    number, outgoing = seat.ask(args["question"], args["args"])
    return _reply(seat, outgoing, q=number)


def check(session: Session, args: Args) -> dict[str, Any]:
    """The periodic divergence check: the host answers only when the guest's view is off."""
    seat = _joined(session, args)
    return _reply(seat, seat.check())


def verify(session: Session, args: Args) -> dict[str, Any]:
    """A guest's "Check this game" on the record the table sent at the end."""
    from wordtable.online import Guest
    from wordtable.verify import Verdict, verify, verify_as_guest
    seat = _joined(session, args)
    if not isinstance(seat, Guest):  # sealed cards: the record is every entry this page took
        record = seat.final_record()
        if record is None:
            return Verdict(False, "The game is checked once it is over and every device has shown its keys.",
                           checked=False).to_json()
        return verify(record, session.registry.get).to_json()
    return verify_as_guest(seat, session.registry.get).to_json()


def record(session: Session, args: Args) -> dict[str, Any]:
    """The record the table sent at the end (null until every part of it is in), for the
    guest's "Review this game" (game.review checks it before it reviews it)."""
    return {"record": _joined(session, args).final_record()}


def hello(session: Session, args: Args) -> dict[str, Any]:
    """Says hello again to a table (after its page reloaded), then the divergence check."""
    seat = _joined(session, args)
    return _reply(seat, seat.hello() + seat.check())


_ID = required("id", "string")  # the page's name for its seat at the table
_REPLY = (
    required("outgoing", "array", items="string"), required("seat", "integer|null"), required("version", "integer"),
    required("view", "object|null"), required("actors", "array", items="integer"),
    required("refusals", "array", items="string"), required("pending", "integer"),
    required("outcomes", "array", items="object"), required("answers", "array", items="object"),
    required("away", "array", items="integer"), required("waiting", "array", items="integer"),
    required("started", "boolean"), required("showing", "boolean"), required("broken", "object|null"),
    required("error", "string|null"), required("other_version", "boolean"), required("shared", "boolean"),
    required("record_ready", "boolean"), required("record_copy", "string"), required("players", "array", items="string"),
    required("saved", "object"), optional("code", "string|null"), optional("audited", "boolean|null"),
)

OPERATIONS: dict[str, Operation] = {
    "online.guest": Operation(guest, (
        _ID, required("token", "string"), optional("name", "string"), optional("saved", "object"),
    ), (required("outgoing", "array", items="string"), required("saved", "object"))),
    "online.guest_receive": Operation(receive, (_ID, required("text", "string")), _REPLY),
    "online.guest_move": Operation(move, (_ID, required("move", "object")), (*_REPLY, required("n", "integer"))),
    "online.guest_ask": Operation(ask, (_ID, required("question", "string"), optional("args", "object", {})), (
        *_REPLY, required("q", "integer"))),
    "online.guest_hello": Operation(hello, (_ID,), _REPLY),
    "online.guest_check": Operation(check, (_ID,), _REPLY),
    "online.guest_verify": Operation(verify, (_ID,), VERDICT),
    "online.guest_record": Operation(record, (_ID,), (required("record", "object|null"),)),
}
