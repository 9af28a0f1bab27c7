"""Proofs that a mask pass is a shuffle (issue 47, docs/fair-cards.md "Mask passes proved"):
every card the seat received, times its one mask, in an order it keeps secret, with no card
dropped, doubled or replaced. Checked by every device before it seals a lock to anyone, so that
the last masker cannot copy another hand's card onto its own (nor the dealer deal itself copies
of the cards it likes).

Seat d received X_1..X_N and sent Y_j = m·X_σ(j). The proof is Terelius and Wikström's proof of
a shuffle ("Proofs of restricted shuffles", 2010) for this case, where every card is multiplied by
the same secret m instead of re-encrypted:

- a commitment to the permutation, u_i = r_i·B + G_π(i) (π = σ⁻¹, G_1..G_N points nobody knows a
  logarithm of): the matrix it commits to is a permutation exactly when its columns sum to ones
  (∑u_i − ∑G_j = c·B) and, for a random vector e, the product of its entries of M·e is ∏e_i;
- e, 128-bit numbers from a hash of the decks and the commitment; e'_j = e_σ(j) is what
  A = ∑e_i·u_i opens to (A = a·B + ∑e'_j·G_j), and a chain Q_j = b_j·B + e'_j·Q_(j-1) from
  Q_0 = G_0 commits to the product of the e'_j (Q_N − ∏e_i·G_0 = d·B);
- one Schnorr-style proof of knowledge of a, the b_j, c, d, m and the e'_j themselves, the same
  e'_j in A, the chain and the cards' relation ∑e'_j·Y_j = m·∑e_i·X_i, made non-interactive with
  a 128-bit challenge from a hash of everything before it.

The checker sums every relation with random weights of its own into one combination of about
6N points, times the cofactor (a small-order part a hostile sender put in a point changes
nothing the deal uses, as sealed._times clears it). The proof is 5N + 8 numbers: 20 KB for 124 cards.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from wordtable.engine import ed25519 as curve, sealed
from wordtable.engine.sealed import SealedError

CHALLENGE_BITS = 128
PROOF_DOMAIN = sealed.DOMAIN + b" shuffle proof"
L = sealed.ORDER
# What this device has checked already (the proof's digest): a pass is checked once, whoever asks.
_PROVEN: set[bytes] = set()


@dataclass(frozen=True)
class ShuffleProof:
    permutation: tuple[bytes, ...]    # u_i, one per card received
    chain: tuple[bytes, ...]          # Q_1..Q_N
    chain_commitments: tuple[bytes, ...]  # B'_j = β_j·B + ε_j·Q_(j-1)
    commitments: tuple[bytes, bytes, bytes, bytes]  # A' = α·B + ∑ε_j·G_j, C' = γ·B, D' = δ·B, F' = ∑ε_j·Y_j − μ·F
    chain_responses: tuple[int, ...]  # β_j + v·b_j
    opening: tuple[int, ...]          # ε_j + v·e'_j
    responses: tuple[int, int, int, int]  # α + v·a, γ + v·c, δ + v·d, μ + v·m

    def to_json(self) -> dict[str, Any]:
        return {"permutation": _hex_points(self.permutation), "chain": _hex_points(self.chain),
                "chain_commitments": _hex_points(self.chain_commitments),
                "commitments": _hex_points(self.commitments),
                "chain_responses": [sealed.scalar_hex(value) for value in self.chain_responses],
                "opening": [sealed.scalar_hex(value) for value in self.opening],
                "responses": [sealed.scalar_hex(value) for value in self.responses]}

    @classmethod
    def from_json(cls, data: Any, deck_size: int) -> ShuffleProof:
        """ValueError (a SealedError for a bad number) unless it is what to_json writes."""
        sizes = {"permutation": deck_size, "chain": deck_size, "chain_commitments": deck_size, "commitments": 4,
                 "chain_responses": deck_size, "opening": deck_size, "responses": 4}
        if not isinstance(data, dict) or not all(isinstance(data.get(name), list) and len(data[name]) == size
                                                 for name, size in sizes.items()):
            raise ValueError(f"a mask pass's proof holds {deck_size} permutation, chain and opening numbers")
        points = {name: tuple(sealed.hex_bytes(item, "a proof's point") for item in data[name])
                  for name in ("permutation", "chain", "chain_commitments", "commitments")}
        numbers = {name: tuple(sealed.response_number(item) for item in data[name])
                   for name in ("chain_responses", "opening", "responses")}
        a_, c_, d_, f_ = points["commitments"]
        k_a, k_c, k_d, k_m = numbers["responses"]
        return cls(points["permutation"], points["chain"], points["chain_commitments"], (a_, c_, d_, f_),
                   numbers["chain_responses"], numbers["opening"], (k_a, k_c, k_d, k_m))


@cache
def generators(count: int) -> tuple[curve.Point, ...]:
    """G_0 (the chain's start) and G_1..G_count, one per place of the deck."""
    return tuple(sealed.member(sealed.hashed_point(f"shuffle generator {index}")) for index in range(count + 1))


@cache
def _start_comb(count: int) -> sealed.Comb:
    return sealed.comb(generators(count)[0])


def prove(received: Sequence[bytes], sent: Sequence[bytes], mask: int, order: Sequence[int],
          context: str) -> ShuffleProof:
    """The proof of a mask pass that turned `received` into `sent` with this mask and order
    (sealed.masked: sent[j] is mask·received[order[j]])."""
    count = len(received)
    gens = generators(count)
    seed = _hash(b"nonce", mask.to_bytes(32, "little"), bytes(str(list(order)), "ascii"), context.encode(),
                 b"".join(received), b"".join(sent))
    randoms = _scalars(seed, 4 * count + 4)
    blinds, chain_blinds, chain_nonces, openings_nonces = (randoms[k * count:(k + 1) * count] for k in range(4))
    alpha, gamma, delta, mu = randoms[4 * count:]
    place_of = [0] * count
    for place, source in enumerate(order):
        place_of[source] = place
    permutation = tuple(_encode(sealed._add_cached(sealed._multiply_base(blinds[source]),
                                                   sealed._cached(gens[1 + place_of[source]])))
                        for source in range(count))
    digest = _digest(context, received, sent, permutation)
    weights = _weights(digest, count)
    moved = [weights[source] for source in order]        # e'_j = e_σ(j)
    # Q_j = d_j·B + P_j·G_0 (P_j the product of e'_1..e'_j): the prover knows both numbers, so
    # each point of the chain, and each B'_j = (β_j + ε_j·d_(j-1))·B + ε_j·P_(j-1)·G_0, is two
    # multiplications of fixed points (combs), not a multiplication of the point before it.
    start = _start_comb(count)
    chain, chain_commitments, chain_log, chain_product = [], [], 0, 1
    for place in range(count):
        nonce = openings_nonces[place]
        chain_commitments.append(_encode(sealed._add_cached(
            sealed._multiply_base((chain_nonces[place] + nonce * chain_log) % L),
            sealed._cached(sealed.multiply_comb(start, nonce * chain_product % L)))))
        chain_log = (chain_blinds[place] + moved[place] * chain_log) % L
        chain_product = chain_product * moved[place] % L
        chain.append(_encode(sealed._add_cached(sealed._multiply_base(chain_log),
                                                sealed._cached(sealed.multiply_comb(start, chain_product)))))
    received_points = [sealed.member(card) for card in received]
    # F = ∑e_i·X_i, without any small-order part a hostile sender put in the X_i: F' shows
    # μ·F, and a small-order part there would show μ mod 8 (the checker's sum is cleared anyway)
    summed = sealed.combination(list(zip(weights, received_points)))
    summed = sealed.times_cofactor(sealed._multiply(sealed.INVERSE_OF_8, summed))
    opening_commitment = sealed.combination([(alpha, curve._BASE)] + list(zip(openings_nonces, gens[1:])))
    cards_commitment = sealed.combination(list(zip(openings_nonces, map(sealed.member, sent))) + [(L - mu, summed)])
    commitments = (_encode(opening_commitment), _encode(sealed._multiply_base(gamma)),
                   _encode(sealed._multiply_base(delta)), _encode(cards_commitment))
    challenge = _challenge(digest, chain, chain_commitments, commitments)
    opened_log = sum(blind * weight for blind, weight in zip(blinds, weights)) % L
    return ShuffleProof(permutation, tuple(chain), tuple(chain_commitments), commitments,
                        tuple((nonce + challenge * blind) % L for nonce, blind in zip(chain_nonces, chain_blinds)),
                        tuple((nonce + challenge * weight) % L for nonce, weight in zip(openings_nonces, moved)),
                        ((alpha + challenge * opened_log) % L, (gamma + challenge * sum(blinds)) % L,
                         (delta + challenge * chain_log) % L, (mu + challenge * mask) % L))


def check(received: Sequence[bytes], sent: Sequence[bytes], proof: ShuffleProof, context: str) -> None:
    """SealedError unless the proof shows that `sent` is every card of `received` times one
    secret number, in some order."""
    count = len(received)
    if not (len(sent) == len(proof.permutation) == len(proof.chain) == len(proof.chain_commitments)
            == len(proof.chain_responses) == len(proof.opening) == count > 0):
        raise SealedError("a shuffle proof covers every card of the deck")
    if not all(0 <= value < L for value in proof.chain_responses + proof.opening + proof.responses):
        raise SealedError("a proof's response is a number below the group's order")
    for card in sent:  # a mask of 0 would send only points of small order, which are no cards
        if curve._has_small_order(sealed.member(card)):
            raise SealedError("its deck holds a point outside the deck's group")
    digest = _digest(context, received, sent, proof.permutation)
    challenge = _challenge(digest, proof.chain, proof.chain_commitments, proof.commitments)
    key = _hash(digest, challenge.to_bytes(16, "little"), b"".join(
        sealed.scalar_hex(value).encode() for value in proof.chain_responses + proof.opening + proof.responses))
    if key in _PROVEN:
        return
    gens = generators(count)
    weights = _weights(digest, count)
    product = 1
    for weight in weights:
        product = product * weight % L
    # The checker's own random weights, one per relation: a false one cancels the others with
    # chance 2^-128 at most.
    rho = [secrets.randbits(CHALLENGE_BITS) | 1 for _ in range(count + 4)]
    rho_a, rho_c, rho_d, rho_f = rho[count:]
    k_a, k_c, k_d, k_m = proof.responses
    v = challenge
    terms: list[tuple[int, curve.Point]] = []
    # A: v·∑e_i·u_i + A' − k_A·B − ∑k_j·G_j;  C: v·(∑u_i − ∑G_j) + C' − k_C·B
    for weight, commitment in zip(weights, proof.permutation):
        terms.append(((rho_a * v * weight + rho_c * v) % L, sealed.member(commitment)))
    for opening, generator in zip(proof.opening, gens[1:]):
        terms.append(((-rho_a * opening - rho_c * v) % L, generator))
    # The chain, Q_0 = G_0: v·Q_j + B'_j − k_Bj·B − k_j·Q_(j-1);  D: v·(Q_N − ∏e_i·G_0) + D' − k_D·B
    chain = [sealed.member(point) for point in proof.chain]
    terms.append(((-rho[0] * proof.opening[0] - rho_d * v * product) % L, gens[0]))
    for place, point in enumerate(chain):
        # Q_j is in its own link (v) and in the next one's (−k_(j+1)), the last in D's (v)
        later = -rho[place + 1] * proof.opening[place + 1] if place + 1 < count else rho_d * v
        terms.append(((rho[place] * v + later) % L, point))
    for weight, commitment in zip(rho, proof.chain_commitments):
        terms.append((weight, sealed.member(commitment)))
    opening_commitment, base_c, base_d, cards_commitment = map(sealed.member, proof.commitments)
    terms += [(rho_a, opening_commitment), (rho_c, base_c), (rho_d, base_d), ((-rho_f) % L, cards_commitment)]
    # F: ∑k_j·Y_j − k_m·∑e_i·X_i − F'
    for opening, card in zip(proof.opening, sent):
        terms.append((rho_f * opening % L, sealed.member(card)))
    for weight, card in zip(weights, received):
        terms.append(((-rho_f * k_m * weight) % L, sealed.member(card)))
    base = (-rho_a * k_a - sum(r * k for r, k in zip(rho, proof.chain_responses)) - rho_c * k_c - rho_d * k_d) % L
    total = sealed._add_cached(sealed.bucket_combination(terms), sealed._cached(sealed._multiply_base(base)))
    if not sealed._is_neutral(sealed.times_cofactor(total)):
        raise SealedError("its proof does not show that its deck is the deck it received, masked and shuffled")
    _PROVEN.add(key)


def _encode(point: curve.Point) -> bytes:
    return curve._encode(point)


def _hex_points(points: Sequence[bytes]) -> list[str]:
    return [point.hex() for point in points]


def _hash(*parts: bytes) -> bytes:
    digest = hashlib.sha512(PROOF_DOMAIN)
    for part in parts:
        digest.update(len(part).to_bytes(4, "little") + part)
    return digest.digest()


def _digest(context: str, received: Sequence[bytes], sent: Sequence[bytes], permutation: Sequence[bytes]) -> bytes:
    return _hash(context.encode(), b"".join(received), b"".join(sent), b"".join(permutation))


def _scalars(seed: bytes, count: int) -> list[int]:
    return [int.from_bytes(_hash(b"scalar", seed, str(index).encode()), "little") % (L - 1) + 1
            for index in range(count)]


def _weights(digest: bytes, count: int) -> list[int]:
    stream = b"".join(_hash(b"weights", digest, str(block).encode()) for block in range((count + 3) // 4))
    return [int.from_bytes(stream[16 * place:16 * place + 16], "little") | 1 for place in range(count)]


def _challenge(digest: bytes, chain: Sequence[bytes], chain_commitments: Sequence[bytes],
               commitments: Sequence[bytes]) -> int:
    full = _hash(b"challenge", digest, b"".join(chain), b"".join(chain_commitments), b"".join(commitments))
    return int.from_bytes(full[:CHALLENGE_BITS // 8], "little")
