"""The links a LinkTable opens: each checked before anything changes (its sender's signature,
the players it names, every move's author and the rules, the draws' parts against their
commitments, secrets shown against the public record, forfeits against their proofs), then
taken; a link that does not hold is refused with what the player can do."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import replay_states, with_shown
from wordtable.engine.owned import OwnedBreak, parse_shown
from wordtable.engine.shared_random import is_link
from wordtable.engine.signing import (
    chain_statement,
    is_public_key,
    link_statement,
    move_statement,
    shown_statement,
    signed_by,
    weak_key,
)
from wordtable.link import draws
from wordtable.link.codec import ANOTHER_VERSION, LinkError, SeatTaken
from wordtable.link.forfeit import (
    BROKEN,
    LINK_FIELDS,
    TWO_MOVES,
    UNSHOWN,
    TwoMoves,
    faults_json_ok,
    leaves_secret_unshown,
    prefix_digest,
    two_moves_refusal,
    unshown_evidence_refusal,
)
from wordtable.online.names import alike_to, clean_name
from wordtable.online.protocol import _int

if TYPE_CHECKING:
    from wordtable.link.table import LinkTable


def take(table: LinkTable, payload: dict[str, Any]) -> bool:
    """Adds what a link carries (checked first: LinkError, nothing changed, when it does
    not hold); whether anything was new."""
    if payload.get("w") != table.version():
        raise LinkError(ANOTHER_VERSION)
    before, moves_before = json.dumps(table.to_json(), sort_keys=True), len(table.record.moves)
    to = payload.get("to")
    if to != table.seat and payload.get("from") == table.seat:
        who = table.names[to] if _int(to) and to < table.players else None
        raise LinkError(f"This link was made on this device, for {who or 'the friend you invite'}: send it to "
                        "them. Opening it here changes nothing.")
    if to != table.seat:
        own_seat_given_away(table, payload)
        who = table.names[to] if _int(to) and to < table.players else None
        raise LinkError(f"This link was sent to {who or 'another player'}, not to you: open the link sent to you.")
    if not payload.keys() <= LINK_FIELDS:
        raise LinkError("This link is damaged.")
    check_sender(payload, table.keys, table.names)
    take_roster(table, payload)
    draws.take_aheads(table, payload)
    table.incoming_events = draws.events_of(payload)
    if table.record.shared is None and all(table.heads):
        draws.open_draws(table)
    elif table.event is not None:
        draws.fill_event(table)
    new = take_moves(table, payload)
    event_under_way(table, payload)
    relayed_forfeits(table, payload)
    shown_parts(table, payload)
    left_unshown(table, payload)
    table.incoming_events = {}
    for mine, theirs, most in ((table.known, payload.get("known"), len(table.record.moves)),
                               (table.shown_known, payload.get("shown_known"), len(table.shown)),
                               (table.events_known, payload.get("events_known"),
                                len(table.ledger.events) if table.ledger else 0)):
        for seat, count in enumerate(theirs[:table.players] if isinstance(theirs, list) else []):
            if _int(count):
                mine[seat] = max(mine[seat], min(count, most))
    if len(table.record.moves) > moves_before and payload.get("since") == 0:
        # The whole game from a friend, made now: it holds every move this player signed that
        # ever left their lost copy. (An old link opened again proves nothing of the kind.)
        table.restored = False
    table.own_duties()
    return new or json.dumps(table.to_json(), sort_keys=True) != before


def take_roster(table: LinkTable, payload: dict[str, Any]) -> None:
    named = False  # a player's name taken now (names already held are never judged again)
    for name in ("names", "heads", "keys"):
        values = payload.get(name)
        if values is None:
            continue
        if not (isinstance(values, list) and len(values) == table.players):
            raise LinkError("This link's list of players is damaged.")
        mine = getattr(table, name)
        for seat, value in enumerate(values):
            if value is None:
                continue
            valid = clean_name(value) == value or value == mine[seat] if name == "names" else (
                is_link(value) if name == "heads" else is_public_key(value))
            if name == "keys" and weak_key(value):
                raise LinkError(weak_key_refusal(seat))
            if not valid:
                raise LinkError("This link's list of players is damaged.")
            if mine[seat] is None:
                named |= name == "names"
                if name != "names" and value in mine:
                    raise LinkError("Two players of this link share a secret: it was copied, not made.")
                mine[seat] = value
            elif mine[seat] != value and seat == table.seat:
                raise SeatTaken(seat_taken_refusal(table, payload))
            elif mine[seat] != value:
                raise LinkError(f"This link gives seat {seat + 1} to another device than the one that joined "
                                "it: it belongs to another game (or the seat was taken twice).")
    if named:
        names_apart(table)
    take_chains(table, payload.get("chains"))


def own_seat_given_away(table: LinkTable, payload: dict[str, Any]) -> None:
    """A link for another seat that shows the table: when it comes from another seat's device
    this one knows (its signature holds) and gives this device's seat to another key, SeatTaken.
    (From a device claiming this seat too, nothing here tells which of the two joined first.)"""
    keys, sender = payload.get("keys"), payload.get("from")
    if isinstance(keys, list) and len(keys) == table.players and keys[table.seat] not in (None, table.keys[table.seat]) \
            and _int(sender) and sender < table.players and sender != table.seat and table.keys[sender] is not None:
        check_sender(payload, table.keys, table.names)
        raise SeatTaken(seat_taken_refusal(table, payload))


def seat_taken_refusal(table: LinkTable, payload: dict[str, Any]) -> str:
    """This device's own seat held by another device in a link from the table: this device
    joined by an invitation someone had used before (the table took theirs first)."""
    sender, holder = payload.get("from"), name_in(payload, table.seat)
    host = (table.names[sender] if _int(sender) and sender < table.players else None) or "whoever invited you"
    whose = f"{holder}'s" if holder else "another"
    # Each joiner's link invites the next seat: a seat still free has its invitation elsewhere.
    free = (" If a seat of this game is still free, whoever holds its invitation can send it to you: opened here, "
            "it offers you that seat.") if table.players > 2 else ""
    return (f"Your seat in this game (seat {table.seat + 1}) was taken by {whose} device before yours joined: the "
            f"invitation you opened had been used. This game goes on without this device; ask {host} for a game "
            f"of your own.{free}")


def branch_refusal(table: LinkTable, index: int, entry: list[Any]) -> LinkError:
    """A link whose move differs from the one held: when both carry the signature of the same
    player's device, that player signed two moves for one place in the game (TwoMoves: the
    device that opened it keeps the proof, see blame)."""
    seat, move, n, base, signature = entry
    held_seat, held_move = table.record.moves[index]
    held = table.record.signed.get("moves", {}).get(str(index)) if isinstance(table.record.signed, dict) else None
    proof = {"index": index, "moves": [[held_seat, held_move, *held] if isinstance(held, list) else None, entry]}
    if seat == held_seat and two_moves_refusal(proof, seat, table.table, table.keys[seat]) is None:
        name = table.names[seat] or f"Player {seat + 1}"
        return TwoMoves(f"{name} signed two different moves for move {index + 1}: this link's and the one this "
                        f"device holds, both signed by {name}'s device (an old copy of the game restored, or two "
                        "moves sent to two players).", seat, proof)
    return LinkError(diverged(table, f"its move {index + 1} is not the one this device holds"))


def diverged(table: LinkTable, how: str) -> str:
    """A link of this game that does not follow it here, with what the player can do."""
    me = table.names[table.seat] or "you"
    return (f"This link does not follow the game on this device: {how}, so one of the two devices holds an "
            "older copy of the game (an export restored) or a copy changed elsewhere. Nothing changed here. Ask "
            f"whoever sent it to send the whole game again (their screen's “Send {me} the whole game”), and "
            "open that instead.")


def names_apart(table: LinkTable) -> None:
    """Two players whose names read the same on a screen: a device that joined under another's
    name (this app's join refuses it), so the link is refused."""
    for seat, name in enumerate(table.names):
        if name is not None and (twin := alike_to(name, table.names[:seat])):
            raise LinkError(f"This link names two players alike (“{twin}” and “{name}”): it was not made "
                            "by this app, and is refused.")


def take_chains(table: LinkTable, chains: Any) -> None:
    """With parts ahead, each seat's head as its device signed it."""
    if chains is None:
        return
    if not (table.ahead and isinstance(chains, list) and len(chains) == table.players):
        raise LinkError("This link's list of players is damaged.")
    for seat, signature in enumerate(chains):
        if signature is None or table.chains[seat] is not None:
            continue
        if not signed_by(table.keys[seat], chain_statement(table.table, table.heads[seat] or ""), signature):
            raise LinkError(f"Seat {seat + 1}'s commitment to the draws is not signed by its device.")
        table.chains[seat] = signature


def take_moves(table: LinkTable, payload: dict[str, Any]) -> bool:
    since, moves, prefix = payload.get("since"), payload.get("moves"), payload.get("prefix")
    if not (_int(since) and isinstance(moves, list)):
        raise LinkError("This link is damaged.")
    if since > len(table.record.moves):
        raise LinkError(f"This link comes after one you have not opened yet (it starts after move {since}; you "
                        f"have {len(table.record.moves)}): open the earlier link first, or ask for it again.")
    if prefix != prefix_digest(table.table, table.record.options, table.record.moves[:since]):
        raise LinkError(diverged(table, "the moves before its own are not the ones held here"))
    new = False
    for index, entry in enumerate(moves, since):
        if not (isinstance(entry, list) and len(entry) == 5 and _int(entry[0]) and entry[0] < table.players
                and isinstance(entry[1], dict)):
            raise LinkError("This link is damaged.")
        seat, move, n, base, signature = entry
        if index < len(table.record.moves):
            if [seat, move] != list(table.record.moves[index]):
                raise branch_refusal(table, index, entry)
            continue
        if table.state is None or table.pending is not None:
            raise LinkError(stalled(table))
        apply_move(table, index, checked_move(table, index, entry))
        new = True
    return new


def stalled(table: LinkTable) -> str:
    """Why a link's moves cannot be replayed: the draw before them lacks some seat's part."""
    missing = [] if table.event is None else [table.names[seat] or f"Player {seat + 1}" for seat in range(table.players)
                                             if str(seat) not in table.event["parts"]]
    if not missing:
        return "This link's moves come before the game could go on: it is damaged."
    return (f"This link's moves go on after a draw it does not give {' and '.join(missing)}'s part of: it was "
            "changed by its sender's device, or made by another version of Wordtable.")


def checked_move(table: LinkTable, index: int, entry: list[Any]) -> dict[str, Any]:
    """Another seat's move as a link carries it, once its author's signature and the rules
    hold (the rules' verdict comes when it is applied: LinkError then)."""
    seat, move, n, base, signature = entry
    if not (_int(seat) and seat < table.players and isinstance(move, dict) and _int(n) and _int(base)
            and base == index and signed_by(table.keys[seat], move_statement(table.table, seat, n, base, move),
                                            signature)):
        raise LinkError(f"Move {index + 1} of this link is not signed by its player's device: nobody else can "
                        "move for them.")
    if seat == table.seat:
        # Signed by this device's own key: made on a copy of this game (an export restored
        # here is older than the moves it made since). Taken back, unless a secret part
        # moved with it: that stays on the copy that played it.
        if table.keep is not None:
            raise LinkError(f"This link holds your move {index + 1}, made on another copy of this game: your "
                            f"{table.game.kind.owned_name} stays on the device that played it, so go on playing there.")
        table.sent = max(table.sent, n)
    return {"kind": "move", "seat": seat, "move": move, "n": n, "base": base, "sig": signature}


def apply_move(table: LinkTable, index: int, action: dict[str, Any]) -> None:
    try:
        table.attempt(action)
    except GameError as error:
        raise LinkError(f"Move {index + 1} of this link breaks the rules: {error}") from None


def event_under_way(table: LinkTable, payload: dict[str, Any]) -> None:
    """A draw under way at the sender for a move not recorded yet: that move (signed by its
    author) opens the same draw here, with the parts given so far."""
    pending = payload.get("pending")
    if pending is None or table.event is not None or table.state is None:
        return  # none, or this device has it open (parts taken) or closed already
    if not (isinstance(pending, dict) and pending.get("kind") == "move"):
        return  # the start's draw: opened here when every player has joined
    k = len(table.opened_draws()[0].events) + 1  # (the game has started: its draws are open)
    if k not in table.incoming_events:
        return  # a draw this device has closed already
    entry = [pending.get(key) for key in ("seat", "move", "n", "base", "sig")]
    index = len(table.record.moves)
    apply_move(table, index, checked_move(table, index, entry))  # opens the draw, and takes its parts


def shown_parts(table: LinkTable, payload: dict[str, Any]) -> None:
    shown = payload.get("shown")
    if shown is None:
        return
    if not (isinstance(shown, dict) and table.over()):
        raise LinkError("This link shows secrets before the game is over.")
    for key, entry in shown.items():
        if not (key in draws.seat_keys(table) and isinstance(entry, list) and len(entry) == 2
                and parse_shown(entry[0]) is not None
                and signed_by(table.keys[int(key)], shown_statement(table.table, int(key), entry[0]), entry[1])):
            raise LinkError("A secret this link shows is not signed by its owner's device.")
        table.shown.setdefault(key, entry)
    take_shown(table)


def take_shown(table: LinkTable) -> None:
    """The record holds every secret part shown so far, signed, and each is checked against
    the public record as it comes: one that does not hold loses its player the game
    (link.forfeit), and stays in the record as the evidence."""
    if table.record.owned is None or not table.shown:
        return
    table.record.owned = {"seats": list(range(table.players)),
                         "shown": {s: part for s, (part, _sig) in table.shown.items()}}
    table.signatures()["shown"] = {s: sig for s, (_part, sig) in table.shown.items()}
    for _ in range(table.players):
        trial = table.record.but(owned={"seats": table.record.owned["seats"], "shown": {
            s: part for s, part in table.record.owned["shown"].items() if table.forfeits.get(s, {}).get("kind") != BROKEN}})
        try:
            with_shown(table.game, trial, list(replay_states(table.game, trial)))
            return
        except OwnedBreak as broken:
            where = "" if broken.move_index is None else f" (move {broken.move_index + 1})"
            table.forfeits[str(broken.seat)] = {"kind": BROKEN, "reason": broken.reason + where}


def left_unshown(table: LinkTable, payload: dict[str, Any]) -> None:
    """A link its sender's device made once the game was over, without the secret it kept:
    its player loses by forfeit, and the link, signed, is kept as the evidence."""
    sender = str(payload["from"])
    # (Even if their grid came through another player: an honest device shows it in every such link.)
    if (table.record.owned is not None and table.played_out() and sender not in table.forfeits
            and leaves_secret_unshown(payload, len(table.record.moves))):
        table.forfeits[sender] = {"kind": UNSHOWN, "evidence": payload}


def relayed_forfeits(table: LinkTable, payload: dict[str, Any]) -> None:
    """A forfeit another device saw, with its proof (the faulty player's own signed link, or
    their two signed moves), checked here before it is believed: everyone learns it."""
    relayed = payload.get("forfeits")
    if relayed is None:
        return
    if not faults_json_ok(relayed, table.players):
        raise LinkError("This link's list of forfeits is damaged.")
    table.told_forfeits[str(payload["from"])] = sorted(relayed)  # its sender knows them
    for seat, fault in relayed.items():
        evidence = fault.get("evidence")
        if fault["kind"] == TWO_MOVES:
            holds = two_moves_refusal(evidence, int(seat), table.table, table.keys[int(seat)]) is None
        else:
            holds = (fault["kind"] == UNSHOWN and table.played_out() and str(evidence.get("from")) == seat
                     and unshown_evidence_refusal(evidence, table.record) is None)
        if not holds:
            raise LinkError(f"This link says {table.names[int(seat)]} lost by forfeit, but the proof it carries does "
                            "not hold: it was changed by its sender's device.")
        # A proof stands even where the player's grid came too: every device decides alike.
        table.forfeits.setdefault(seat, {"kind": fault["kind"], "evidence": evidence})


def weak_key_refusal(seat: int) -> str:
    return f"Seat {seat + 1}'s device offers a signing key that anyone could sign for: this link is refused."


def check_sender(payload: dict[str, Any], keys: list[str | None], names: list[str | None] | None = None) -> None:
    """The link is exactly as its sender's device made it: signed by the key that device joined
    with (known here, or for a player not known yet, the one the link gives)."""
    sender, given = payload.get("from"), payload.get("keys")
    if not (_int(sender) and sender < len(keys)):
        raise LinkError("This link is damaged.")
    given_key = given[sender] if isinstance(given, list) and len(given) == len(keys) else None
    key = keys[sender] or given_key
    if weak_key(key):
        raise LinkError(weak_key_refusal(sender))
    statement = link_statement(str(payload.get("t")), payload)
    if signed_by(key, statement, payload.get("sig")):
        return
    if keys[sender] is not None and given_key not in (None, keys[sender]) and is_public_key(given_key) \
            and not weak_key(given_key) and signed_by(given_key, statement, payload.get("sig")):
        raise LinkError(second_joiner_refusal(payload, sender, (names or [None] * len(keys))[sender]))
    raise LinkError("This link was changed on the way (it is not as its sender's device made it): ask for it again.")


def name_in(payload: dict[str, Any], seat: int) -> str | None:
    """The name a link gives a seat, when it is one a player could have chosen (else None)."""
    names = payload.get("names")
    name = names[seat] if isinstance(names, list) and seat < len(names) else None
    return name if isinstance(name, str) and clean_name(name) == name else None


def second_joiner_refusal(payload: dict[str, Any], seat: int, holder: str | None) -> str:
    """A link from a second device that joined a seat this device knows another one holds:
    an invitation opened twice (in a group chat, say), the later one told apart."""
    late = name_in(payload, seat)
    late = late if late != holder else None
    holder = holder or f"Player {seat + 1}"
    who = f"“{late}”" if late else "someone else"
    return (f"{holder} has seat {seat + 1} already: this link comes from another device, where {who} opened the same "
            f"invitation later. The seat stays {holder}'s and this link changes nothing here. Tell {late or 'them'} "
            "the invitation was used; for a game of their own, start a new one.")
