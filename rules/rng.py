"""A small seeded random generator that gives the same numbers on every machine and Python.

`random.Random` is stable in practice, but its algorithms are CPython details; a game seed must
replay the same deal forever, so the project owns its generator (SplitMix64). Its whole state is
one integer, so a game state can carry it and serialize it.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def fresh_seed() -> int:
    """A random seed for `seed=None`: 53 bits, so it stays exact in JSON everywhere."""
    return secrets.randbits(53)


class Rng:
    """SplitMix64. `state` is a 64-bit integer; the same state gives the same sequence."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
