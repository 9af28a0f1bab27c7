"""The links a LinkTable sends: whom the next one goes to, and what it carries for them (the
moves and draws they have not seen, the parts given ahead, the secrets shown, the forfeits with
their proofs), signed by this device."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from wordtable.engine.signing import link_statement
from wordtable.link import draws
from wordtable.link.codec import LinkError
from wordtable.link.forfeit import BROKEN, prefix_digest
from wordtable.online.protocol import _int

if TYPE_CHECKING:
    from wordtable.link.table import LinkTable


def recipient(table: LinkTable, again: bool = False) -> int | None:
    """Whom this device's next link goes to: the first seat after this one, in seat order,
    that has not joined, must act, owes a part of the draw, or has not seen the end, and that
    the last link handed over (unless `again`) did not already tell all this device knows."""
    if table.your_turn() or table.restored:  # a restored copy asks for the whole game first
        return None
    seat = next_needed(table)
    if seat is None or (not again and table.handed.get(str(seat)) == digest(table, seat)):
        return None
    return seat


def digest(table: LinkTable, to: int) -> str:
    """All this device knows, in short: a link to `to` says something new when it changed."""
    knows = [len(table.record.moves), len(table.ledger.events) if table.ledger else 0, sorted(table.shown), sorted(table.forfeits),
             None if table.event is None else sorted(table.event["parts"]), [h is not None for h in table.heads]]
    return hashlib.sha256(json.dumps([to, knows]).encode()).hexdigest()[:32]


def hand_over(table: LinkTable, to: int) -> dict[str, Any]:
    """The link's payload for `to`, given to the player to send now."""
    table.handed[str(to)] = digest(table, to)
    return link_for(table, to)


def hand_over_whole(table: LinkTable, to: int) -> dict[str, Any]:
    """The whole game in a link for `to`: for a player who lost a link or their saved game
    and restored an older copy (an export). Their next link says again what they hold."""
    if not (_int(to) and to < table.players and to != table.seat and table.heads[to] is not None):
        raise LinkError("The whole game can be sent only to another player who has joined it.")
    table.known[to] = table.events_known[to] = table.shown_known[to] = 0
    return hand_over(table, to)


def next_needed(table: LinkTable) -> int | None:
    for step in range(1, table.players):
        seat = (table.seat + step) % table.players
        if table.heads[seat] is None:
            return seat
        if table.state is None and table.event is None:
            continue
        owes = table.event is not None and str(seat) not in table.event["parts"]
        acts = table.state is not None and not table.over() and seat in table.game.actors(table.state)
        behind = table.over() and (table.known[seat] < len(table.record.moves)
                                  or table.shown_known[seat] < len(table.shown) or untold(table, seat))
        if owes or acts or behind:
            return seat
    return None


def link_for(table: LinkTable, to: int) -> dict[str, Any]:
    since, signed = min(table.known[to], len(table.record.moves)), table.record.signed
    moves = [[seat, move, *signed["moves"][str(i)]] if signed else [seat, move]
             for i, (seat, move) in enumerate(table.record.moves[since:], since)]
    table.known[table.seat] = len(table.record.moves)
    table.shown_known[table.seat] = len(table.shown)
    payload: dict[str, Any] = {
        "w": table.version(), "g": table.game.id, "t": table.table, "n": table.players, "from": table.seat, "to": to,
        "since": since, "prefix": prefix_digest(table.table, table.record.options, table.record.moves[:since]), "moves": moves,
        "known": table.known, "shown_known": table.shown_known}
    if since == 0:  # what joining and starting need: the table's options and every player
        payload.update(o=table.record.options, names=table.names, heads=table.heads, keys=table.keys)
        if table.ahead:
            payload["chains"] = table.chains
    ledger = table.ledger
    done = len(ledger.events) if ledger else 0
    table.events_known[table.seat] = done
    payload["events_known"] = table.events_known
    if ledger and done > table.events_known[to] and not table.ahead:  # finished draws the recipient has not seen
        payload["events"] = [[k, label, {str(seat): [x, table.signatures()["reveals"][str(seat)][k - 1]]
                                         for seat, x in enumerate(parts)}]
                             for k, (label, parts) in enumerate(ledger.events, 1) if k > table.events_known[to]]
    if table.event is not None:
        payload["event"] = [len(table.opened_draws()[0].events) + 1, table.event["label"],
                            {} if table.ahead else table.event["parts"]]
        payload["pending"] = table.pending
    # Every part travels ahead (the recipient derives each draw's parts from these), but only
    # once every seat has committed to its chain: a part given before would let a player who
    # has yet to join try chain after chain, see each deal, and join with the one they like.
    if table.ahead and None not in table.heads:
        draws.give_ahead(table, done)
        payload["ahead"] = {seat: entry for seat, entry in table.aheads.items() if seat != str(to)}
    if table.shown:
        payload["shown"] = table.shown
    proved = {seat: fault for seat, fault in table.forfeits.items() if fault["kind"] != BROKEN}
    if proved:  # each with its proof, for the devices that did not see it
        payload["forfeits"] = proved
        table.told_forfeits[str(to)] = sorted(proved)
    payload["sig"] = table.key.sign(link_statement(table.table, payload))
    travelled: dict[str, Any] = json.loads(json.dumps(payload))  # as it travels: no list shared with this table
    return travelled


def untold(table: LinkTable, seat: int) -> bool:
    """Whether that seat may not know yet of a forfeit this device holds the proof of."""
    return bool({key for key, fault in table.forfeits.items() if fault["kind"] != BROKEN}
                - set(table.told_forfeits.get(str(seat), [])))
