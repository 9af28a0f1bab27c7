"""Shared randomness at the host's table: what it holds of the draws (Draws) and that state
read back from a save (draws_from_json). engine.shared_random holds the commit-reveal exchange
itself."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from wordtable.engine.shared_random import Break, EventRound, SecretChain, is_link
from wordtable.engine.signing import is_public_key

Action = dict[str, Any]  # what the table is about to do: {"kind": "start" | "move" | "local" | "expire", …}


@dataclass
class Draws:
    """The host's side of an online game's shared randomness (engine.shared_random): its own
    secret chain, the guests' commitments, the events drawn so far (in the record's `shared`)
    and the one being drawn, with the action that waits for it."""

    chain_end: str                                        # the host's secret: in its own save only
    guests: list[int]                                     # guest seats: participants 1, 2, … (0 is the host)
    heads: dict[int, str] = field(default_factory=dict)   # guest seat -> its commitment, sent with join
    keys: dict[int, str] = field(default_factory=dict)    # guest seat -> its device's public key (engine.signing)
    signatures: dict[int, str] = field(default_factory=dict)  # guest seat -> its signed part of the draw under way
    evidence: dict[str, Any] | None = None                # what proves the break, for every device to check
    round: EventRound | None = None
    pending: Action | None = None
    broken: Break | None = None

    def __post_init__(self) -> None:
        self.chain = SecretChain(bytes.fromhex(self.chain_end))

    @classmethod
    def new(cls, guests: list[int]) -> Draws:
        return cls(secrets.token_hex(32), sorted(guests))

    def participant(self, seat: int) -> int:
        return 1 + self.guests.index(seat)

    def all_heads(self) -> list[str] | None:
        """Every commitment in participant order, once every guest has sent theirs."""
        if any(seat not in self.heads for seat in self.guests):
            return None
        return [self.chain.head()] + [self.heads[seat] for seat in self.guests]

    def waiting_for(self) -> list[int]:
        """The guest seats whose reveal the event being drawn waits for."""
        if self.round is None:
            return []
        return [self.guests[p - 1] for p in self.round.waiting_for() if p > 0]

    def to_json(self) -> dict[str, Any]:
        drawing = None if self.round is None else {"label": self.round.label, "reveals": {
            str(p): x for p, x in self.round.reveals.items()}, "signatures": {str(s): x for s, x in self.signatures.items()}}
        broken = None if self.broken is None else [self.broken.event, self.broken.seat, self.broken.reason]
        return {"chain": self.chain_end, "guests": self.guests, "heads": {str(k): v for k, v in self.heads.items()},
                "keys": {str(k): v for k, v in self.keys.items()},
                "drawing": drawing, "pending": self.pending, "broken": broken, "evidence": self.evidence}


def draws_from_json(data: Any, remote: list[int]) -> Draws:
    """The host's saved randomness, checked: ValueError when it is not what Draws.to_json wrote."""
    if not isinstance(data, dict):
        raise ValueError("the saved randomness is damaged")
    chain, guests, heads, keys = data.get("chain"), data.get("guests"), data.get("heads"), data.get("keys", {})
    evidence = data.get("evidence")
    pending, drawing, broken = data.get("pending"), data.get("drawing"), data.get("broken")
    if not (isinstance(chain, str) and is_link(chain) and isinstance(guests, list) and sorted(guests) == sorted(remote) == guests
            and isinstance(heads, dict) and all(k.isdigit() and int(k) in guests and is_link(v) for k, v in heads.items())
            and isinstance(keys, dict) and all(k.isdigit() and int(k) in guests and is_public_key(v) for k, v in keys.items())
            and (evidence is None or isinstance(evidence, dict))
            and (pending is None or (isinstance(pending, dict) and pending.get("kind") in ("start", "move", "local", "expire")))
            and (pending is None) == (drawing is None)
            and (broken is None or (isinstance(broken, list) and len(broken) == 3 and isinstance(broken[2], str)))):
        raise ValueError("the saved randomness is damaged")
    draws = Draws(chain, list(guests), {int(k): v for k, v in heads.items()}, {int(k): v for k, v in keys.items()},
                  pending=pending, evidence=evidence)
    if broken is not None:
        draws.broken = Break(broken[0], broken[1], broken[2])
    return draws
