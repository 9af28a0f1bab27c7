"""Ed25519 signatures (RFC 8032, section 5.1), in pure Python: a guest's device signs what it
says at an online table, and anyone holding the record checks it, in the browser (Pyodide)
and with `python3 -m wordtable verify`, with nothing to install.

Why our own: the package has no runtime dependencies (it loads in Pyodide from our wheel
alone, and a record is checkable by any Python); the arithmetic below is the RFC's, checked
in tests against the RFC's test vectors and against a well-kept library (python-ecdsa).
Signing is deterministic, as the RFC defines it. Verification is the RFC's: S below the group
order, A and R decoded strictly, and [S]B = R + [k]A compared through the encoding; and a
key of small order is refused (is_strong_public_key): with one, a single fixed signature
checks for every message.
"""

from __future__ import annotations

import hashlib
from functools import cache

P = 2**255 - 19                                          # the field
L = 2**252 + 27742317777372353535851937790883648493      # the order of the base point
D = -121665 * pow(121666, P - 2, P) % P                   # the curve's constant d
SQRT_MINUS_ONE = pow(2, (P - 1) // 4, P)

Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, xy = T/Z
NEUTRAL: Point = (0, 1, 1, 0)


def _add(p: Point, q: Point) -> Point:
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = 2 * D * t1 * t2 % P
    d = 2 * z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _double(p: Point) -> Point:
    x1, y1, z1, _t1 = p
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1) % P
    g = a - b
    f = c + g
    return e * f % P, g * h % P, f * g % P, e * h % P


def _negate(p: Point) -> Point:
    x, y, z, t = p
    return (P - x) % P, y, z, (P - t) % P


def _multiply(scalar: int, point: Point) -> Point:
    result = NEUTRAL
    for bit in bin(scalar)[2:]:
        result = _double(result)
        if bit == "1":
            result = _add(result, point)
    return result


def _recover_x(y: int, sign: int) -> int | None:
    """x from y and x's lowest bit (RFC 8032, 5.1.3); None when no point has that y."""
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if v * x * x % P == (P - u) % P:
        x = x * SQRT_MINUS_ONE % P
    elif v * x * x % P != u:
        return None
    if x == 0 and sign:
        return None
    return P - x if x & 1 != sign else x


def _decode(data: bytes) -> Point | None:
    if len(data) != 32:
        return None
    number = int.from_bytes(data, "little")
    y, sign = number & ((1 << 255) - 1), number >> 255
    x = _recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % P)


def _has_small_order(point: Point) -> bool:
    """Whether [8]point is the neutral point: the point lies in the curve's eight-point subgroup."""
    x, y, z, _t = _double(_double(_double(point)))
    return x % P == 0 and (y - z) % P == 0


def is_strong_public_key(public: bytes) -> bool:
    """Whether `public` is a key a signature binds: the one strict encoding of a point outside
    the small subgroup. With the neutral point as a key, R = neutral and S = 0 check for any
    message: its owner could disown every move, and anyone could move for him."""
    point = _decode(public)
    return point is not None and not _has_small_order(point)


def _encode(point: Point) -> bytes:
    x, y, z, _t = point
    inverse = pow(z, -1, P)  # Z is never 0 for a point of the curve; Euclid's way, six times Fermat's speed
    x, y = x * inverse % P, y * inverse % P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _base_point() -> Point:
    """B: the point whose y is 4/5 and whose x is even (RFC 8032, 5.1)."""
    point = _decode((4 * pow(5, P - 2, P) % P).to_bytes(32, "little"))
    if point is None:
        raise ArithmeticError("the base point does not decode")
    return point


_BASE = _base_point()


@cache
def _base_powers() -> tuple[Point, ...]:
    """B, 2B, 4B, …, 2^254·B: [s]B is then additions only (a secret scalar has bit 254 set)."""
    powers, point = [], _BASE
    for _ in range(255):
        powers.append(point)
        point = _double(point)
    return tuple(powers)


def _multiply_base(scalar: int) -> Point:
    if scalar >> 255:
        raise ValueError("a scalar below 2^255 was expected")
    result = NEUTRAL
    for i, power in enumerate(_base_powers()):
        if scalar >> i & 1:
            result = _add(result, power)
    return result


def _hash_scalar(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little") % L


def _expanded(seed: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little") & ((1 << 254) - 8) | (1 << 254)
    return scalar, digest[32:]


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte secret seed."""
    if len(seed) != 32:
        raise ValueError("an Ed25519 secret is 32 bytes")
    return _encode(_multiply_base(_expanded(seed)[0]))


def sign(seed: bytes, message: bytes) -> bytes:
    """The 64-byte signature of `message` by the key of `seed`."""
    scalar, prefix = _expanded(seed)
    public = _encode(_multiply_base(scalar))
    r = _hash_scalar(prefix, message)
    encoded_r = _encode(_multiply_base(r))
    s = (r + _hash_scalar(encoded_r, public, message) * scalar) % L
    return encoded_r + s.to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether `signature` is the key `public`'s signature of `message`."""
    if len(public) != 32 or len(signature) != 64:
        return False
    a = _decode(public)
    s = int.from_bytes(signature[32:], "little")
    if a is None or _has_small_order(a) or s >= L or _decode(signature[:32]) is None:
        return False
    k = _hash_scalar(signature[:32], public, message)
    # [S]B - [k]A must be R: compared through the encoding, which is unique for each point.
    return _encode(_add(_multiply_base(s), _negate(_multiply(k, a)))) == signature[:32]
