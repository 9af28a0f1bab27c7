"""Seeded randomness that gives the same numbers on CPython and in Pyodide.

random.Random (Mersenne Twister) is specified bit for bit; seeding with a string hashes it
with SHA-512, independent of PYTHONHASHSEED. Tests pin a few values so a change is noticed.
"""

from __future__ import annotations

import random


def rng_for(seed: int | str, *purpose: object) -> random.Random:
    """An independent stream for one purpose (say, a bot's choice at move 12)."""
    return random.Random(":".join(map(str, (seed, *purpose))))
