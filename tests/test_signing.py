"""Ed25519 (engine.ed25519, our own, RFC 8032) against the RFC's test vectors and against a
well-kept library (python-ecdsa, a test dependency only), and what a device signs."""

from __future__ import annotations

import random

import pytest
from ecdsa import Ed25519, SigningKey, VerifyingKey
from ecdsa.keys import BadSignatureError

from wordtable.engine import ed25519
from wordtable.engine.signing import DeviceKey, is_public_key, move_statement, signed_by, weak_key

# RFC 8032, section 7.1: TEST 1 (the empty message) and TEST 2 (one byte).
VECTORS = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
]


@pytest.mark.parametrize(("secret", "public", "message", "signature"), VECTORS)
def test_the_rfc_8032_test_vectors(secret, public, message, signature):
    seed, msg = bytes.fromhex(secret), bytes.fromhex(message)
    assert ed25519.public_key(seed).hex() == public
    assert ed25519.sign(seed, msg).hex() == signature
    assert ed25519.verify(bytes.fromhex(public), msg, bytes.fromhex(signature))
    assert not ed25519.verify(bytes.fromhex(public), msg + b"!", bytes.fromhex(signature))


def test_the_same_keys_and_signatures_as_python_ecdsa_and_each_checks_the_others():
    rng = random.Random(34)
    for _ in range(40):
        seed, message = rng.randbytes(32), rng.randbytes(rng.randrange(300))
        theirs = SigningKey.from_string(seed, curve=Ed25519)
        public = theirs.get_verifying_key().to_string()
        assert ed25519.public_key(seed) == public
        signature = ed25519.sign(seed, message)
        assert signature == theirs.sign(message)  # both deterministic, as the RFC defines
        assert VerifyingKey.from_string(public, curve=Ed25519).verify(signature, message)
        forged = bytearray(signature)
        forged[rng.randrange(64)] ^= 1 << rng.randrange(8)
        assert not ed25519.verify(public, message, bytes(forged))
        with pytest.raises(BadSignatureError):
            VerifyingKey.from_string(public, curve=Ed25519).verify(bytes(forged), message)


def test_malformed_keys_and_signatures_are_refused_never_an_error():
    seed = bytes(range(32))
    public, signature = ed25519.public_key(seed), ed25519.sign(seed, b"m")
    s = int.from_bytes(signature[32:], "little")
    too_big = signature[:32] + (s + ed25519.L).to_bytes(32, "little")  # S must be below the group order
    no_point = (2**255 - 19 + 1).to_bytes(32, "little")  # y not below p
    for bad_public, bad_signature in [(public, too_big), (no_point, signature), (public, no_point + signature[32:]),
                                      (public[:31], signature), (public, signature[:63]), (b"", b"")]:
        assert not ed25519.verify(bad_public, b"m", bad_signature)
    for junk in [None, 5, "zz" * 32, "AB" * 32, ["x"]]:
        assert not signed_by(junk, b"m", signature.hex())
        assert not signed_by(public.hex(), b"m", junk)


# The eight points of small order, by their strict encodings (as listed in the literature on
# EdDSA's edge cases: the neutral point, the point of order 2, two of order 4, four of order 8).
SMALL_ORDER = [
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
]
NEUTRAL = SMALL_ORDER[0]
ANY_MESSAGE = NEUTRAL + "00" * 32  # R = the neutral point, S = 0: [0]B = R + [k]·neutral for every k


def test_a_small_order_key_is_refused_though_one_signature_would_check_for_every_message():
    # The attack (issue 42): a device joins with the neutral point as its key; then this one
    # signature "verifies" every statement, so anyone moves for that seat and its owner can
    # disown every move. The equation alone holds for it: the key must be refused.
    assert len(set(SMALL_ORDER)) == 8
    for message in (b"", b"move 16", bytes(range(200))):
        assert not signed_by(NEUTRAL, message, ANY_MESSAGE)
    for key in SMALL_ORDER:
        assert not ed25519.is_strong_public_key(bytes.fromhex(key))
        assert weak_key(key) and not is_public_key(key)
    honest = DeviceKey.new().public
    assert is_public_key(honest) and not weak_key(honest)


def test_a_key_not_strictly_encoded_is_refused():
    # y written as y + p (the same point, a second spelling), and the neutral point with x's sign set.
    p = 2**255 - 19
    for y in (3, 4, 5):
        canonical, second = y.to_bytes(32, "little"), (y + p).to_bytes(32, "little")
        assert ed25519.is_strong_public_key(canonical) and not ed25519.is_strong_public_key(second)
        assert weak_key(second.hex())
    assert not ed25519.is_strong_public_key(bytes.fromhex(NEUTRAL[:-2] + "80"))


def test_a_device_signs_a_move_for_one_table_seat_number_and_view_only():
    key = DeviceKey.new()
    assert DeviceKey.from_json(key.secret) == key
    with pytest.raises(ValueError):
        DeviceKey.from_json("not a key")
    move = {"type": "word", "word": "TEAM"}
    signature = key.sign(move_statement("a" * 64, 1, 3, 10, move))
    assert signed_by(key.public, move_statement("a" * 64, 1, 3, 10, move), signature)
    for other in [move_statement("b" * 64, 1, 3, 10, move), move_statement("a" * 64, 2, 3, 10, move),
                  move_statement("a" * 64, 1, 4, 10, move), move_statement("a" * 64, 1, 3, 9, move),
                  move_statement("a" * 64, 1, 3, 10, {"type": "word", "word": "MEAT"})]:
        assert not signed_by(key.public, other, signature)
    assert not signed_by(DeviceKey.new().public, move_statement("a" * 64, 1, 3, 10, move), signature)
