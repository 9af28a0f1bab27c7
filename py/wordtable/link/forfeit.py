"""Losing by forfeit in a game by link whose players keep a secret on their devices (Four
Letter Words' grids): the result is final only once every secret is shown and checked, and a
player who will not show theirs, or shows one that does not hold, loses.

Three faults, each kept with what proves it, so that any device (or `verify`) can check it:
- "unshown": the player's device signed a link made after the game was over (every move it
  carries ends the game) without the secret it kept. An honest device shows its secret in
  every link it makes once it knows the game is over, so a link without it is a refusal to show.
  The signed link is the evidence.
- "broken": what the player showed does not match the commitments and the claims they made
  (engine.owned.OwnedBreak). The record holds the signed secret; replaying it finds the fault.
- "two moves": the player's device signed two different moves for one place in the game (an
  old copy of a device file restored and played again, or two moves sent to two friends). The
  two signed moves are the evidence, and the game ends there, in any game by link: nobody can
  say which branch is the game, and the player who made two cannot be let choose.

A player who simply sends nothing more cannot be told from one who is slow: with no clock by
link, such a game stays "over, not final", and the screens say whom it waits for.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from wordtable.engine.game import Record
from wordtable.engine.signing import link_statement, move_statement, signed_by
from wordtable.link.codec import LinkError
from wordtable.online.protocol import _int

# Every field a link may carry (LinkTable.payload): a link with another is refused, so that
# nobody can pad a link (kept whole as evidence, and passed on) with what no check reads.
LINK_FIELDS = frozenset({"w", "g", "t", "n", "from", "to", "since", "prefix", "moves", "known", "shown_known", "o",
                         "names", "heads", "keys", "chains", "events_known", "events", "event", "pending", "ahead",
                         "shown", "forfeits", "sig"})
MOVE_TEXT_MAX = 4_000  # far more than any game's move: a longer one is no move, and proves nothing

UNSHOWN = "unshown"
BROKEN = "broken"
TWO_MOVES = "two moves"


class TwoMoves(LinkError):
    """A link's move differs from the one held for the same place, and both are signed by the
    same player's device: `proof` is {"index": place, "moves": [held, other]}, each move as a
    link carries it ([seat, move, n, base, signature])."""

    def __init__(self, message: str, seat: int, proof: dict[str, Any]):
        super().__init__(message)
        self.seat, self.proof = seat, proof


def two_moves_refusal(proof: Any, seat: int, table: str, key: Any) -> str | None:
    """Why `proof` does not show that seat's device (key) signed two different moves for one
    place in the game `table` (None: it shows it)."""
    if not (isinstance(proof, dict) and _int(proof.get("index")) and isinstance(proof.get("moves"), list)
            and len(proof["moves"]) == 2 and all(isinstance(entry, list) and len(entry) == 5 for entry in proof["moves"])):
        return "it is damaged"
    index = proof["index"]
    (seat_a, move_a, n_a, base_a, signature_a), (seat_b, move_b, n_b, base_b, signature_b) = proof["moves"]
    if not (seat_a == seat_b == seat and base_a == base_b == index and isinstance(move_a, dict)
            and isinstance(move_b, dict) and _int(n_a) and _int(n_b)):
        return "its moves are not that player's, for one place in the game"
    if move_a == move_b:
        return "its two moves are the same"
    if max(len(json.dumps(move_a)), len(json.dumps(move_b))) > MOVE_TEXT_MAX:
        return "its moves are too long to be moves"
    if not (signed_by(key, move_statement(table, seat, n_a, base_a, move_a), signature_a)
            and signed_by(key, move_statement(table, seat, n_b, base_b, move_b), signature_b)):
        return "its moves are not both signed by that player's device"
    return None


def prefix_digest(table: str, options: dict[str, Any], moves: list[tuple[int, dict[str, Any]]]) -> str:
    """What both sides must hold alike before a link's new moves: the game's options and its
    first moves, in a digest."""
    text = json.dumps([table, options, [[seat, move] for seat, move in moves]], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def moves_known_to_sender(payload: dict[str, Any]) -> int:
    """How many moves the sender's device held when it made the link: it sends every move from
    `since` on."""
    since: int = payload["since"]  # (checked whole when the link was taken: incoming.take_moves)
    return since + len(payload["moves"])


def leaves_secret_unshown(payload: dict[str, Any], moves_to_end: int) -> bool:
    """Whether a link (already checked and taken) was made by a device that knew the game was
    over, `moves_to_end` moves in, yet does not show its own secret."""
    return moves_known_to_sender(payload) == moves_to_end and str(payload["from"]) not in (payload.get("shown") or {})


def unshown_evidence_refusal(evidence: Any, record: Record) -> str | None:
    """Why a kept link does not prove its sender left their secret unshown after the end of
    this record's game (None: it proves it). The record must be of a finished game by link."""
    signed = record.signed if isinstance(record.signed, dict) else {}
    table, keys = signed.get("table"), signed.get("keys")
    if not (isinstance(evidence, dict) and isinstance(table, str) and isinstance(keys, dict)):
        return "it is not a link of this game"
    if not (evidence.keys() <= LINK_FIELDS and isinstance(evidence.get("shown", {}), dict)):
        return "it is damaged"
    sender, since, moves = evidence.get("from"), evidence.get("since"), evidence.get("moves")
    if not (_int(sender) and _int(since) and isinstance(moves, list) and evidence.get("t") == table):
        return "it is not a link of this game"
    if not signed_by(keys.get(str(sender)), link_statement(table, evidence), evidence.get("sig")):
        return f"it is not signed by seat {sender + 1}'s device"
    if since + len(moves) != len(record.moves) or evidence.get("prefix") != prefix_digest(table, record.options,
                                                                                          record.moves[:since]):
        return "it does not end where this record ends"
    if any(not isinstance(entry, list) or entry[:2] != list(record.moves[index])
           for index, entry in enumerate(moves, since)):
        return "its moves are not this record's"
    if str(sender) in (evidence.get("shown") or {}):
        return f"it shows seat {sender + 1}'s secret"
    return None


def forfeit_line(name: str, fault: dict[str, Any], secret: str | None) -> str:
    """What every screen says of a player who lost by forfeit."""
    if fault.get("kind") == TWO_MOVES:
        place = fault.get("evidence", {}).get("index", 0) + 1
        return (f"{name} loses by forfeit: they signed two different moves for move {place} (an old copy of the game "
                "played again, or two moves sent to two players), so the game ends here.")
    if fault.get("kind") == UNSHOWN:
        return (f"{name} loses by forfeit: their device sent a link after the end without the {secret} it kept, so "
                "nothing of their game can be checked.")
    return f"{name} loses by forfeit: what they showed of their {secret} does not hold: {fault.get('reason', '')}."


def faults_json_ok(faults: Any, players: int) -> bool:
    """A device file's forfeits: {seat: {"kind": UNSHOWN or TWO_MOVES, "evidence": …} or {"kind":
    BROKEN, "reason": text}} (a relayed list, too: each proof is checked where it is used)."""
    return isinstance(faults, dict) and all(
        isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 3 and int(seat) < players
        and isinstance(fault, dict) and fault.get("kind") in (UNSHOWN, BROKEN, TWO_MOVES)
        and (fault["kind"] == BROKEN or isinstance(fault.get("evidence"), dict)) for seat, fault in faults.items())
