"""What a guest's device signs at an online table, and how a record's signatures are checked.

At a table opened under SIGNED_RULES, each guest's device makes a signing key when it joins
(DeviceKey, Ed25519) and sends its public key with its commitment. From then on every move,
every part of a random draw and the secret part it shows at the end carries the device's
signature over a statement naming the table (the host's commitment), what is said and where
it belongs. The record keeps them (Record.signed):

  {"keys":    {seat: public key},                 every guest seat, one key each
   "table":   T,                                  (a game played by link: every seat signs, each
                                                  seat's commitment is the seat's, T names it)
   "moves":   {move index: [n, base, signature]   a guest's n-th move, made on view `base`
               or "clock"},                       the table's clock played it for that seat
   "reveals": {seat: [signature per event]},      its part of each random event, for that draw
                                                  (by link with parts given ahead, NUMBERED_RULES,
   "heads":   {seat: signature}},                 instead: its commitment, which every part follows)
   "shown":   {seat: signature}}                  its secret part shown at the end

So a host can neither put a move in a guest's mouth, drop one guest move and replay another,
nor alter what a guest showed: `record_refusal` names the first place a record does not hold
what a device signed, and whom it blames.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordtable.engine import ed25519
from wordtable.engine.shared_random import NUMBERED_RULES

SIGNED_RULES = 3  # engine.shared_random's online rules from which guests sign (LEDGER_RULES)
CLOCK = "clock"


def _is_hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and all(ch in "0123456789abcdef" for ch in value)


def is_public_key(value: Any) -> bool:
    """A signing key as a device gives it: 64 hex digits of a strong Ed25519 key (weak_key)."""
    return _is_hex(value, 64) and ed25519.is_strong_public_key(bytes.fromhex(value))


def weak_key(value: Any) -> bool:
    """Well-formed, but a key a signature cannot bind (small order or not strictly encoded):
    a device that offers one is refused, with this said."""
    return _is_hex(value, 64) and not ed25519.is_strong_public_key(bytes.fromhex(value))


@dataclass(frozen=True)
class DeviceKey:
    """A device's signing key for one table: its secret stays in that device's save."""

    secret: str  # 64 hex digits

    @classmethod
    def new(cls) -> DeviceKey:
        return cls(secrets.token_hex(32))

    @classmethod
    def from_json(cls, value: Any) -> DeviceKey:
        if not _is_hex(value, 64):
            raise ValueError("the saved signing key is damaged")
        return cls(value)

    @property
    def public(self) -> str:
        return ed25519.public_key(bytes.fromhex(self.secret)).hex()

    def sign(self, statement: bytes) -> str:
        return ed25519.sign(bytes.fromhex(self.secret), statement).hex()


def signed_by(public: Any, statement: bytes, signature: Any) -> bool:
    """Whether `signature` is the key `public`'s over `statement` (False for anything unreadable)."""
    if not (_is_hex(public, 64) and _is_hex(signature, 128)):
        return False  # (ed25519.verify refuses a weak key itself: is_public_key's check, done once)
    return ed25519.verify(bytes.fromhex(public), statement, bytes.fromhex(signature))


def _statement(kind: str, table: str, *fields: Any) -> bytes:
    return json.dumps(["wordtable", kind, table, *fields], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True).encode()


def move_statement(table: str, seat: int, n: int, base: int, move: Any) -> bytes:
    """A guest's n-th move at the table, made on view `base` (it is never played before it)."""
    return _statement("move", table, seat, n, base, move)


def reveal_statement(table: str, k: int, label: str, part: str) -> bytes:
    """A guest's part of random event k, given for the draw `label` only."""
    return _statement("reveal", table, k, label, part)


def chain_statement(table: str, head: str) -> bytes:
    """A device's commitment at a table by link whose parts go ahead of their draws: every part
    it gives follows from this head, so the one signature covers them all."""
    return _statement("chain", table, head)


def shown_statement(table: str, seat: int, part: Any) -> bytes:
    """The secret part a guest's device kept, as it showed it at the end."""
    return _statement("shown", table, seat, part)


def stopped_statement(table: str, seat: int, reason: str) -> bytes:
    """A guest's device stopping the game, and why: the others believe it only when signed."""
    return _statement("stopped", table, seat, reason)


def sealed_statement(table: str, seat: int, message: Any, after: Any = None) -> bytes:
    """A message of a sealed deal (engine.sealed_table) as its seat's device made it, after the
    entries `after` names (online.sealed_play): the table relays it, and cannot change it, make
    one up for a guest, or carry it into another history. (No `after`: a page of before 2026-12-04.)"""
    if after is None:
        return _statement("sealed", table, seat, message)
    return _statement("sealed", table, seat, message, after)


def link_statement(table: str, payload: dict[str, Any]) -> bytes:
    """A whole link of a game by link (wordtable.link), as its sender's device made it: nothing
    in it can be changed on the way, by anyone who saw it."""
    return _statement("link", table, {key: value for key, value in payload.items() if key != "sig"})


@dataclass(frozen=True)
class SignatureFault:
    """Where a record does not hold what a device signed: `seat` is the one whose signature
    is missing or wrong (the table wrote the record, so the host answers for it)."""

    seat: int
    move_index: int | None
    reason: str


def record_refusal(record: Any, states: Sequence[Any], game: Any) -> SignatureFault | str | None:
    """Whether a record holds exactly what its guests' devices signed. `states`: the state
    before each move (a clock's move must be the deadline then). A str when the record cannot
    be read as signed at all; None when every signature holds (or the table did not sign)."""
    shared = record.shared
    rules = shared.get("rules", 1) if isinstance(shared, dict) else 0
    if type(rules) is not int or rules < SIGNED_RULES:
        return None if record.signed is None else "the record carries signatures its online rules do not have"
    signed = record.signed
    if not isinstance(signed, dict):
        return "the record has no signatures from its players' devices, though its table asked for them"
    keys, heads = signed.get("keys"), shared.get("heads")
    if isinstance(keys, dict) and (weak := sorted(k for k, v in keys.items() if weak_key(v) and k.isdigit())):
        return (f"player {int(weak[0]) + 1}'s signing key is one that anyone could sign for, "
                "so no signature of it means anything")
    by_link = "table" in signed  # no host: every seat signs, and is its commitment's participant
    if not (isinstance(keys, dict) and isinstance(heads, list) and heads and all(
            k.isascii() and k.isdigit() and is_public_key(v) for k, v in keys.items())
            and len(keys) == len(heads) - (0 if by_link else 1) and len(set(keys.values())) == len(keys)
            and (not by_link or (isinstance(signed["table"], str) and sorted(map(int, keys)) == list(range(len(heads)))))):
        return "the record's list of its players' signing keys is not readable"
    if rules >= NUMBERED_RULES and not by_link:
        return "the record's online rules are those of a game by link, but it was not played by link"
    table = signed["table"] if by_link else heads[0]
    seats = {int(k): v for k, v in keys.items()}
    first = 0 if by_link else 1  # the commitment of each signing seat's, in seat order
    parts_fault = (_heads_fault(heads, signed.get("heads"), seats, table) if rules >= NUMBERED_RULES
                   else _reveals_fault(shared, signed.get("reveals"), seats, table, first))
    return (_moves_fault(record, signed.get("moves"), seats, table, states, game) or parts_fault
            or _shown_fault(record, signed.get("shown"), seats, table))


def _moves_fault(record: Any, moves: Any, seats: dict[int, str], table: str, states: Sequence[Any],
                 game: Any) -> SignatureFault | str | None:
    if not isinstance(moves, dict) or not all(k.isascii() and k.isdigit() for k in moves):
        return "the record's signed moves are not readable"
    last: dict[int, int] = {}
    for index, (seat, move) in enumerate(record.moves):
        entry = moves.get(str(index))
        if seat not in seats:
            if entry is not None:
                return f"move {index + 1} is signed, though its seat is not played from another device"
            continue
        if entry == CLOCK:
            deadline = game.deadline(states[index]) if index < len(states) else None
            if deadline is None or (deadline.seat, deadline.move) != (seat, move):
                return SignatureFault(seat, index, "the table says its clock played it, but no clock had run out")
            continue
        if not (isinstance(entry, list) and len(entry) == 3 and all(
                type(x) is int and 0 <= x < 2**31 for x in entry[:2])):
            return SignatureFault(seat, index, "it is not signed by their device")
        n, base, signature = entry
        if n <= last.get(seat, 0) or base > index:
            return SignatureFault(seat, index, "their device signed it for another place in the game")
        if not signed_by(seats[seat], move_statement(table, seat, n, base, move), signature):
            return SignatureFault(seat, index, "it is not the move their device signed")
        last[seat] = n
    if any(int(k) >= len(record.moves) for k in moves):
        return "the record has signatures for moves it does not hold"
    return None


def _reveals_fault(shared: dict[str, Any], reveals: Any, seats: dict[int, str], table: str,
                   first: int) -> SignatureFault | str | None:
    events = shared.get("events")
    if not (isinstance(reveals, dict) and isinstance(events, list)
            and set(reveals) == {str(seat) for seat in seats}
            and all(isinstance(v, list) and len(v) == len(events) for v in reveals.values())):
        return "the record's signed parts of its random draws are not readable"
    for k, event in enumerate(events, 1):
        if not (isinstance(event, list) and len(event) == 2 and isinstance(event[0], str) and isinstance(event[1], list)):
            return f"random event {k} is not readable"
        for p, seat in enumerate(sorted(seats), first):
            part = event[1][p] if p < len(event[1]) else ""
            if not signed_by(seats[seat], reveal_statement(table, k, event[0], part), reveals[str(seat)][k - 1]):
                return SignatureFault(seat, None, f"their part of random event {k} is not the one their device gave "
                                                  "for that draw")
    return None


def _heads_fault(heads: list[str], signatures: Any, seats: dict[int, str], table: str) -> SignatureFault | str | None:
    """Each seat's commitment signed by its device (the ledger checks every part against it)."""
    if not (isinstance(signatures, dict) and set(signatures) == {str(seat) for seat in seats}):
        return "the record's signed commitments are not readable"
    for seat in sorted(seats):
        if not signed_by(seats[seat], chain_statement(table, heads[seat]), signatures[str(seat)]):
            return SignatureFault(seat, None, "their commitment to the draws is not the one their device signed")
    return None


def _shown_fault(record: Any, shown: Any, seats: dict[int, str], table: str) -> SignatureFault | str | None:
    parts = record.shown()
    if not (isinstance(shown, dict) and set(shown) == {str(seat) for seat in parts}):
        return "the record's signed secrets are not those it shows"
    for seat, part in parts.items():
        if seat not in seats or not signed_by(seats[seat], shown_statement(table, seat, part), shown[str(seat)]):
            return SignatureFault(seat, None, "what the record shows of their secret is not what their device showed")
    return None
