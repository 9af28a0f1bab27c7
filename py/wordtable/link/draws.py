"""A game by link's random events, drawn with every device (a LinkTable's draws): each seat's
part revealed from its hash chain and signed (or, at a table that gives its parts ahead, derived
from the furthest part its device gave); an event closes once every part is in, and the action
that waited for it goes on. No part leaves a device before every seat has committed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from wordtable.engine.game import ledger_seed
from wordtable.engine.shared_random import CHAIN_LENGTH, LEDGER_RULES, NUMBERED_RULES, Ledger, derived, follows, is_link
from wordtable.engine.signing import reveal_statement, signed_by
from wordtable.link.codec import LinkError
from wordtable.online.protocol import _int

if TYPE_CHECKING:
    from wordtable.link.table import LinkTable


def give_part(table: LinkTable) -> None:
    assert table.event is not None  # given for the draw under way (LinkTable.own_duties)
    table.event["parts"][str(table.seat)] = own_part(table)
    close_event(table)


def own_part(table: LinkTable) -> list[str | None]:
    """This device's part of the open draw, signed for it (with parts ahead, the signed head
    covers every part)."""
    ledger, _seed = table.opened_draws()
    assert table.event is not None  # asked for the draw under way (give_part, parts_given_ahead)
    k = len(ledger.events) + 1
    x = table.chain.reveal(k)
    return [x, None if table.ahead else table.key.sign(reveal_statement(table.table, k, table.event["label"], x))]


def fill_event(table: LinkTable) -> None:
    """The open event's parts from the link being taken, each checked against its seat's
    chain and signature; the event closes once every part is in."""
    ledger, _seed = table.opened_draws()
    event = table.event
    assert event is not None  # filled once opened (LinkTable.attempt), or while open (incoming.take)
    k = len(ledger.events) + 1
    label, parts = table.incoming_events.pop(k, (event["label"], {}))
    if label != event["label"]:
        raise LinkError(f"This link's random event {k} is not the draw this game makes there.")
    for key, part in parts.items():
        if not (key in seat_keys(table) and isinstance(part, list)
                and len(part) == 2):
            raise LinkError("This link's random draw is damaged.")
        seat = int(key)
        if not (follows(ledger.last_links()[seat], part[0]) and signed_by(
                table.keys[seat], reveal_statement(table.table, k, label, part[0]), part[1])):
            raise LinkError(f"{table.names[seat]}'s part of random event {k} does not match their commitment.")
        event["parts"].setdefault(key, part)
    if table.ahead:
        parts_given_ahead(table, k)
    close_event(table)


def parts_given_ahead(table: LinkTable, k: int) -> None:
    """At a table whose devices give their parts ahead, event k takes each other seat's part
    from the furthest one it gave (its chain before it), and this device's own: so a move
    that drew in its player's turn replays here at once, with the moves after it."""
    assert table.event is not None  # (fill_event's)
    parts = table.event["parts"]
    for seat in range(table.players):
        key, held = str(seat), table.aheads.get(str(seat))
        if key in parts:
            continue
        if seat == table.seat:
            parts[key] = own_part(table)
        elif held is not None and held[0] >= k:
            parts[key] = [derived(held[1], held[0] - k), None]


def close_event(table: LinkTable) -> None:
    if table.event is None or len(table.event["parts"]) < table.players:
        return
    ledger, seed = table.opened_draws()
    round_ = ledger.next_round(table.event["label"])
    for seat in range(table.players):
        x, signature = table.event["parts"][str(seat)]
        given = table.ahead or signed_by(table.keys[seat], reveal_statement(
            table.table, round_.index, round_.label, x), signature)
        if round_.offer(seat, x) or not given:
            raise LinkError(f"{table.names[seat]}'s part of random event {round_.index} does not match their "
                            "commitment: this game cannot go on.")
    value = ledger.close(round_)
    seed.add(round_.label, value)
    table.record.shared = ledger.to_json()
    if not table.ahead:  # with parts ahead, the signed heads cover every part
        for seat in range(table.players):
            table.signatures()["reveals"][str(seat)].append(table.event["parts"][str(seat)][1])
    action, table.event, table.pending = table.pending, None, None
    assert action is not None  # an event is drawn for the action pending (LinkTable.attempt)
    table.attempt(action)
    if table.keep is not None and table.keep.pending is not None and action.get("seat") == table.seat:
        _n, secret, after = table.keep.pending
        table.keep.moves.append(secret)
        table.keep.part, table.keep.pending = after, None


def open_draws(table: LinkTable) -> None:
    """Every seat has joined: the commitments are fixed and the game starts (or waits for
    its first draw)."""
    if table.ahead and None in table.chains:
        raise LinkError("This link's list of players is damaged.")
    heads = cast(list[str], list(table.heads))  # every seat's: opened once all have joined (incoming.take)
    table.ledger = Ledger(heads, rules=NUMBERED_RULES if table.ahead else LEDGER_RULES)
    table.record.shared = table.ledger.to_json()
    # Each part signed for its draw, or (parts ahead) every part following from its seat's head, signed once.
    parts: dict[str, dict[str, Any]] = (
        {"heads": {str(s): signature for s, signature in enumerate(table.chains)}} if table.ahead
        else {"reveals": {str(s): [] for s in range(table.players)}})
    table.record.signed = {"table": table.table, "keys": {str(s): k for s, k in enumerate(table.keys)},
                          "moves": {}, **parts, "shown": {}}
    table.seed = ledger_seed(table.ledger, live=True)
    table.attempt({"kind": "start"})


def give_ahead(table: LinkTable, done: int) -> None:
    """This device's part of the draw `ahead` after the last one done (and with it every part
    before it: the draw under way, if any), unless it gave one as far already."""
    j = min(CHAIN_LENGTH - 1, done + table.ahead)  # the chain's end is its secret: never given
    mine = table.aheads.get(str(table.seat))
    if mine is None or mine[0] < j:
        table.aheads[str(table.seat)] = [j, table.chain.reveal(j)]


def take_aheads(table: LinkTable, payload: dict[str, Any]) -> None:
    """The other seats' parts given ahead that a link carries, each in its seat's chain (whose
    head its device signed); the furthest of each is kept."""
    given = payload.get("ahead")
    if given is None:
        return
    if not (table.ahead and isinstance(given, dict)):
        raise LinkError("This link's random draws are damaged.")
    for key, entry in given.items():
        seat = int(key) if key in seat_keys(table) else None
        if not (seat is not None and isinstance(entry, list) and len(entry) == 2 and _int(entry[0])
                and 1 <= entry[0] < CHAIN_LENGTH and is_link(entry[1]) and table.heads[seat] is not None):
            raise LinkError("This link's random draws are damaged.")
        if derived(entry[1], entry[0]) != table.heads[seat]:
            raise LinkError(f"{table.names[seat]}'s parts of the draws to come do not match their commitment.")
        held = table.aheads.get(key)
        if seat != table.seat and (held is None or entry[0] > held[0]):
            table.aheads[key] = list(entry)


def events_of(payload: dict[str, Any]) -> dict[int, tuple[str, dict[str, Any]]]:
    """The draws a link carries, finished or under way, by number (checked as they are used)."""
    entries = list(payload.get("events", [])) if isinstance(payload.get("events", []), list) else None
    if entries is None or (payload.get("event") is not None and not isinstance(payload["event"], list)):
        raise LinkError("This link's random draws are damaged.")
    if payload.get("event") is not None:
        entries.append(payload["event"])
    found = {}
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 3 and _int(entry[0]) and isinstance(entry[1], str)
                and isinstance(entry[2], dict)):
            raise LinkError("This link's random draws are damaged.")
        found[entry[0]] = (entry[1], entry[2])
    return found


def seat_keys(table: LinkTable) -> list[str]:
    """The seats as a link's objects name them: "0", "1", … and nothing else ("01" is not 1)."""
    return [str(seat) for seat in range(table.players)]
