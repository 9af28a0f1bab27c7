"""A complaint: a device that found a fault only it can see shows every other device how to
check it (docs/fair-cards.md "A fourth attack", finding 1), so that every page of the table
stops alike, naming the same seat. Mixed into sealed_table.Device.

What only one device can see, and what its complaint carries for the others:
- a lock sealed to it (in a lock pass, a draw's locks, STL-1's pass-on) that does not match its
  owner's lock point: the secret it shares with the sender (Diffie–Hellman), with a proof that
  it is that secret (a Chaum–Pedersen proof of equal logarithms over its own key), so that
  anyone can unseal that one lock from the sender's message and compare it with the point;
- a lock pass's proof that fails where only it checked (its hand, a card it drew, the hands it
  seals to before it locks): the pass and the positions, which anyone can check;
- a shuffle proof that fails (checked first by the seat that locks first): the pass.
A complaint that does not hold names its own sender. (Showing a shared secret shows the locks
that one sender sealed to the complainer: the cards of its hand stay under its own locks, but a
card STL-1 moved between the two, whose every lock passed sealed between them, opens. The game
is over either way.)
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

from wordtable.engine import ed25519 as curve, fair_deal, sealed
from wordtable.engine.fair_deal import DealFault
from wordtable.engine.sealed_game import SealedFault, is_index

if TYPE_CHECKING:
    from wordtable.engine.sealed_game import Round

PROOF_DOMAIN = sealed.DOMAIN + b" shared secret proof"


def prove_shared(secret: int, other_public: bytes, rng: random.Random) -> dict[str, str]:
    """The secret this key shares with other_public, and a proof that it is: log_B(own public) =
    log_P(shared), P the other public's prime-order part (as shared_secret multiplies it)."""
    other = _cleared(other_public)
    shared = sealed.shared_secret(secret, other_public)
    nonce = sealed.scalar_from(rng.randbytes(64))
    first, second = sealed._multiply_base(nonce), sealed.combination([(nonce, other)])
    challenge = _challenge(sealed.public_point(secret), other, shared, curve._encode(first), curve._encode(second))
    response = (nonce + challenge * secret) % sealed.ORDER
    return {"shared": shared.hex(), "first": curve._encode(first).hex(), "second": curve._encode(second).hex(),
            "response": sealed.scalar_hex(response)}


def shared_proved(public: bytes, other_public: bytes, proof: Any) -> bytes | None:
    """The shared secret a proof shows for public's key and other_public (None: it does not)."""
    try:
        if not isinstance(proof, dict):
            return None
        shared, first, second = (sealed.hex_bytes(proof.get(name), "a point") for name in ("shared", "first", "second"))
        # Each in the prime-order group (the secret of two honest keys is): a small-order part
        # added to the secret would hold in the proof and change the pad it unseals with.
        if any(sealed.shared_secret(1, point) != point for point in (shared, first, second)):
            return None
        response = sealed.hex_number(proof.get("response"), "a response")
        other = _cleared(other_public)
        challenge = _challenge(public, other, shared, first, second)
        negated = sealed.ORDER - challenge
        if curve._encode(sealed.combination([(response, sealed.member(_base())), (negated, sealed.member(public))])) != first:
            return None
        if curve._encode(sealed.combination([(response, other), (negated, sealed.member(shared))])) != second:
            return None
        return shared
    except (sealed.SealedError, ValueError):
        return None


def _cleared(public: bytes) -> curve.Point:
    """The prime-order part of a received public point (what shared_secret multiplies)."""
    return sealed.member(sealed.shared_secret(1, public))


def _base() -> bytes:
    return sealed.public_point(1)


def _challenge(public: bytes, other: curve.Point, shared: bytes, first: bytes, second: bytes) -> int:
    digest = hashlib.sha512(PROOF_DOMAIN)
    for part in (public, curve._encode(other), shared, first, second):
        digest.update(part)
    return int.from_bytes(digest.digest(), "little") % sealed.ORDER


class Complaints:
    """The device's side of complaints."""

    if TYPE_CHECKING:  # the device's (sealed_table.Device)
        seat: int | None
        seats: int
        key_secret: int
        publics: list[bytes | None]
        rounds: dict[int, Round]
        log: list[dict[str, Any]]
        rng: random.Random

        def _made(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]: ...

    def complaint(self, evidence: dict[str, Any]) -> list[dict[str, Any]]:
        """The message that shows the others a fault this device found (fair_deal's evidence)."""
        if self.seat is None:
            return []
        message = {"kind": "complaint", "seat": self.seat, **evidence}
        if "sealed" in evidence:
            source = evidence["sealed"]["from"]
            public = self.publics[source]
            assert public is not None, "a lock sealed to this device came from a seat with a key"
            message["proof"] = prove_shared(self.key_secret, public, self.rng)
        return self._made([message])

    def _complaint(self, sender: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Another device's complaint, checked here: it ends the game, naming the seat at
        fault (the complainer's, when what it says does not hold)."""
        number = message.get("round")
        dealing = self.rounds.get(number) if is_index(number, 2**31) else None
        if dealing is None:
            raise ValueError("a complaint about a round not dealt")
        found = f" (found by seat {sender + 1}'s device, checked on this one)"
        try:
            if "shuffle" in message:
                if not is_index(message["shuffle"], len(dealing.masks)) or len(dealing.masks) < self.seats:
                    raise ValueError("a complaint names a shuffle of the deal")
                dealing.deal.check_shuffles([message["shuffle"]])
            elif "proof" in message and "positions" in message:
                culprit, positions = message["proof"], message["positions"]
                if not is_index(culprit, len(dealing.locks)) or not isinstance(positions, list) \
                        or not all(is_index(p, dealing.layout.deck_size) for p in positions):
                    raise ValueError("a complaint names a lock pass and its positions")
                dealing.deal.check(positions, seats=[culprit])
            else:
                self._check_sealed(sender, message, dealing)
        except DealFault as fault:
            raise SealedFault(fault.seat, str(fault) + found) from None
        raise SealedFault(sender, "it said another seat's message did not hold, and it does")

    def _check_sealed(self, sender: int, message: dict[str, Any], dealing: Round) -> None:
        """DealFault when the lock the complaint names, unsealed with the shared secret it
        proves, does not match its owner's lock point."""
        about = message.get("sealed")
        if not isinstance(about, dict) or not is_index(about.get("from"), self.seats) \
                or not is_index(about.get("owner"), self.seats) or not is_index(about.get("position"), dealing.layout.deck_size) \
                or about["from"] == sender or len(dealing.locks) <= about["owner"]:
            raise ValueError("a complaint names a lock sealed to its sender")
        source, owner, position, value = about["from"], about["owner"], about["position"], about.get("value")
        if not isinstance(value, str) or not self._was_sealed(dealing, source, sender, owner, position, value):
            raise ValueError("a complaint names a sealed lock its sender was not sent")
        own, theirs = self.publics[sender], self.publics[source]
        shared = None if own is None or theirs is None else shared_proved(own, theirs, message.get("proof"))
        if shared is None:
            raise ValueError("a complaint's shared secret is not proved")
        lock = sealed.unseal_lock(value, shared, fair_deal.lock_context(dealing.number, position, source, sender, owner))
        if not 0 < lock < sealed.ORDER or sealed.lock_point(lock) != dealing.locks[owner].lock_points[position]:
            raise DealFault(source, f"the lock of seat {owner + 1} it sealed to seat {sender + 1} for position "
                                    f"{position + 1} does not match that seat's lock point")

    def _was_sealed(self, dealing: Round, source: int, receiver: int, owner: int, position: int, value: Any) -> bool:
        """Whether `source` sent `receiver` this sealed lock of owner's at position: in its
        lock pass, its locks of a draw, or STL-1's pass-on (each in this device's log)."""
        if owner == source and len(dealing.locks) > source and position in dealing.layout.hand(receiver) \
                and dealing.locks[source].sealed_locks.get(position) == value:
            return True
        for message in self.log:
            if message.get("seat") != source or message.get("to") != receiver or message.get("round") != dealing.number:
                continue
            locks = message.get("locks") or {}
            if message.get("kind") == "locks" and owner == source and locks.get(str(position)) == value:
                return True
            if message.get("kind") == "pass-on" and message.get("position") == position and locks.get(str(owner)) == value:
                return True
        return False
