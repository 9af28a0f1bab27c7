"""Proofs that a lock pass is honest (issue 47, docs/fair-cards.md "Lock passes proved as they
arrive"), checked by every device before it seals a lock of its own to the pass's seat.

A lock pass keeps every card in its place: seat d, with mask m, replaces each card Y_j it received
by Z_j = x_j·Y_j, where x_j = k_j/m and k_j is its lock of position j, and publishes K_j = k_j·B.
Without a proof a modified client could put another position's card at one of its own positions
(and read that card with the locks the others seal to it), or write any card it likes on its own
hand. The proof, made non-interactive by Fiat–Shamir challenges over the whole pass:

- the mask's point M = m·B, and per position the factor's point U_j = x_j·B;
- per position, a Chaum–Pedersen proof that log_B U_j = log_{Y_j} Z_j (the card moved by the
  factor that took B to U_j, and by nothing else), with its own challenge, so that a device
  checks a position when it matters (a hand before it seals a lock to it, a card before it is
  opened): about two multiplications each, where checking all 124 at every deal would double it;
- one proof that log_B M = log_{U*} K*, where U* and K* are the sums of U_j and K_j with weights
  drawn from a hash of the pass: then K_j = m·U_j at every position but with chance 2^-128, so
  every lock point is the factor times the one mask.

Challenges are 128 bits (the proof's soundness), responses whole scalars. Nonces come from a
hash of the seat's secrets and the pass, never reused and never known to anyone else before the
audit, when the secrets are shown anyway. Points keep whatever small-order part a sender put in:
the relations hold for their prime-order parts, which are all the deal uses (every multiplication
of a received point clears the rest, sealed._times), and an honest seat's points have none; a
commitment on a received card is hashed times the cofactor, so that a small-order part there
neither breaks an honest seat's proof nor shows anything of its nonce.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordtable.engine import ed25519 as curve, sealed
from wordtable.engine.sealed import SealedError

CHALLENGE_BITS = 128
PROOF_DOMAIN = sealed.DOMAIN + b" lock proof"
# What this device has checked already (the pass's digest, the position or -1 for the lock
# points, and the proof's numbers there: a check depends on nothing else), so that a position
# checked when a hand was sealed is not checked again when it is opened.
_PROVEN: set[tuple[bytes, int, int, int]] = set()


@dataclass(frozen=True)
class LockProof:
    mask_point: bytes                 # M = m·B
    factors: tuple[bytes, ...]        # U_j = (k_j/m)·B, one per position
    challenges: tuple[int, ...]       # c_j, one per position (each position is checked alone)
    responses: tuple[int, ...]        # s_j = r_j + c_j·x_j
    aggregate: tuple[int, int]        # (c, s = r + c·m): every lock point is its factor times m

    def to_json(self) -> dict[str, Any]:
        return {"mask_point": self.mask_point.hex(), "factors": [factor.hex() for factor in self.factors],
                "challenges": [_challenge_hex(value) for value in self.challenges],
                "responses": [sealed.scalar_hex(value) for value in self.responses],
                "aggregate": [_challenge_hex(self.aggregate[0]), sealed.scalar_hex(self.aggregate[1])]}

    @classmethod
    def from_json(cls, data: Any, deck_size: int) -> LockProof:
        """ValueError (a SealedError for a bad number) unless it is what to_json writes."""
        if not isinstance(data, dict) or not all(
                isinstance(data.get(name), list) and len(data[name]) == deck_size
                for name in ("factors", "challenges", "responses")) \
                or not isinstance(data.get("aggregate"), list) or len(data["aggregate"]) != 2:
            raise ValueError(f"a lock pass's proof holds {deck_size} factor points, challenges and responses")
        return cls(sealed.hex_bytes(data.get("mask_point"), "a mask point"),
                   tuple(sealed.hex_bytes(factor, "a factor point") for factor in data["factors"]),
                   tuple(_challenge(value) for value in data["challenges"]),
                   tuple(sealed.response_number(value) for value in data["responses"]),
                   (_challenge(data["aggregate"][0]), sealed.response_number(data["aggregate"][1])))


def prove(received: Sequence[bytes], sent: Sequence[bytes], lock_points: Sequence[bytes],
          mask: int, locks: Sequence[int], context: str) -> LockProof:
    """The proof of a lock pass that turned `received` into `sent` with this mask and these
    locks (sealed.locked) and published these lock points (sealed.lock_point)."""
    unmask = pow(mask, -1, sealed.ORDER)
    factor_scalars = [lock * unmask % sealed.ORDER for lock in locks]
    factors = tuple(_encode(sealed._multiply_base(factor)) for factor in factor_scalars)
    mask_point = _encode(sealed._multiply_base(mask))
    digest = _digest(context, received, sent, lock_points, factors, mask_point)
    secret = mask.to_bytes(32, "little")
    challenges, responses = [], []
    for place, (lock, factor, card) in enumerate(zip(locks, factor_scalars, received)):
        nonce = _nonce(secret + lock.to_bytes(32, "little"), digest, place)
        challenge = _position_challenge(digest, place, _encode(sealed._multiply_base(nonce)),
                                        _cleared(sealed._multiply(nonce, sealed.member(card))))
        challenges.append(challenge)
        responses.append((nonce + challenge * factor) % sealed.ORDER)
    summed_factor = sealed.combination(list(zip(_weights(digest, len(locks)), map(sealed.member, factors))))
    nonce = _nonce(secret, digest, -1)
    challenge = _aggregate_challenge(digest, _encode(sealed._multiply_base(nonce)),
                                     _encode(sealed._multiply(nonce, summed_factor)))
    return LockProof(mask_point, factors, tuple(challenges), tuple(responses),
                     (challenge, (nonce + challenge * mask) % sealed.ORDER))


class Checker:
    """One lock pass's proof, checked a part at a time: every lock point at once (check_locks,
    a few milliseconds), each position when it matters (check_position: a hand's before a lock
    is sealed to it, a drawn card's before it is opened)."""

    def __init__(self, received: Sequence[bytes], sent: Sequence[bytes], lock_points: Sequence[bytes],
                 proof: LockProof, context: str):
        if not (len(sent) == len(lock_points) == len(proof.factors) == len(proof.responses) == len(received)):
            raise SealedError("a lock proof covers every position of the deck")
        self.received, self.sent, self.lock_points, self.proof = received, sent, lock_points, proof
        self.digest = _digest(context, received, sent, lock_points, proof.factors, proof.mask_point)

    def check_locks(self) -> None:
        """SealedError unless every lock point is its position's factor point times one mask."""
        challenge, response = self.proof.aggregate
        if (self.digest, -1, challenge, response) in _PROVEN:
            return
        weights = _weights(self.digest, len(self.received))
        summed_factor = sealed.combination(list(zip(weights, map(sealed.member, self.proof.factors))))
        summed_lock = sealed.combination(list(zip(weights, map(sealed.member, self.lock_points))))
        base_commitment = _subtract(sealed._multiply_base(response), challenge, sealed.member(self.proof.mask_point))
        factor_commitment = sealed.combination([(response, summed_factor), (challenge, curve._negate(summed_lock))])
        if _aggregate_challenge(self.digest, _encode(base_commitment), _encode(factor_commitment)) != challenge:
            raise SealedError("its proof does not show that its lock points are its locks of one mask")
        _PROVEN.add((self.digest, -1, challenge, response))

    def check_position(self, place: int) -> None:
        """SealedError unless the card at `place` is the card received there times the factor
        of its factor point (it was not moved, nor replaced)."""
        challenge, response = self.proof.challenges[place], self.proof.responses[place]
        if (self.digest, place, challenge, response) in _PROVEN:
            return
        factor = sealed.member(self.proof.factors[place])
        base_commitment = _subtract(sealed._multiply_base(response), challenge, factor)
        card_commitment = sealed.combination([(response, sealed.member(self.received[place])),
                                        (challenge, curve._negate(sealed.member(self.sent[place])))])
        if _position_challenge(self.digest, place, _encode(base_commitment), _cleared(card_commitment)) != challenge:
            raise SealedError(f"its proof does not show that its lock kept the card at position {place + 1} in its place")
        _PROVEN.add((self.digest, place, challenge, response))


def _subtract(point: curve.Point, scalar: int, other: curve.Point) -> curve.Point:
    """point - scalar·other."""
    return sealed._add_cached(point, sealed._cached(curve._negate(sealed.combination([(scalar, other)]))))


def _encode(point: curve.Point) -> bytes:
    return curve._encode(point)


def _cleared(point: curve.Point) -> bytes:
    """8·point, encoded: a commitment on a card received, which may carry a small-order part a
    hostile sender added (the next seat's multiplication clears it from the card, not from the
    commitment). Without this the sender could make an honest seat's proof fail, and learn the
    nonce's low bits; the relation is proved on the prime-order parts, all the deal uses."""
    return curve._encode(sealed.times_cofactor(point))


def _hash(*parts: bytes) -> bytes:
    digest = hashlib.sha512(PROOF_DOMAIN)
    for part in parts:
        digest.update(len(part).to_bytes(4, "little") + part)
    return digest.digest()


def _digest(context: str, received: Sequence[bytes], sent: Sequence[bytes], lock_points: Sequence[bytes],
            factors: Sequence[bytes], mask_point: bytes) -> bytes:
    return _hash(context.encode(), b"".join(received), b"".join(sent), b"".join(lock_points),
                 b"".join(factors), mask_point)


def _nonce(secret: bytes, digest: bytes, place: int) -> int:
    return int.from_bytes(_hash(b"nonce", secret, digest, str(place).encode()), "little") % (sealed.ORDER - 1) + 1


def _weights(digest: bytes, count: int) -> list[int]:
    stream = b"".join(_hash(b"weights", digest, str(block).encode()) for block in range((count + 3) // 4))
    return [int.from_bytes(stream[16 * place:16 * place + 16], "little") | 1 for place in range(count)]


def _position_challenge(digest: bytes, place: int, base_commitment: bytes, card_commitment: bytes) -> int:
    full = _hash(b"position", digest, str(place).encode(), base_commitment, card_commitment)
    return int.from_bytes(full[:CHALLENGE_BITS // 8], "little")


def _aggregate_challenge(digest: bytes, base_commitment: bytes, factor_commitment: bytes) -> int:
    full = _hash(b"locks", digest, base_commitment, factor_commitment)
    return int.from_bytes(full[:CHALLENGE_BITS // 8], "little")


def _challenge_hex(value: int) -> str:
    return value.to_bytes(CHALLENGE_BITS // 8, "little").hex()


def _challenge(data: Any) -> int:
    if not isinstance(data, str) or len(data) != CHALLENGE_BITS // 4 or not set(data) <= sealed.HEX_DIGITS:
        raise SealedError(f"a proof's challenge is {CHALLENGE_BITS // 4} lower-case hex digits")
    return int.from_bytes(bytes.fromhex(data), "little")
