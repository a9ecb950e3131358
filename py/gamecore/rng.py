"""The project's own seeded PRNG: identical sequences in CPython and Pyodide, state is one int.

SplitMix64 (Steele, Lea, Flood 2014). Not cryptographic; it only has to be deterministic, fast in pure
Python and well mixed. `random` is never used by the engine, so a game is exactly setup + action list.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int, stream: int = 0) -> int:
    """Initial state for a seed (any int) and an independent stream number."""
    return mix((seed * GOLDEN + stream * 0xD1B54A32D192ED03) & MASK64)


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next64(self) -> int:
        self.state = s = (self.state + GOLDEN) & MASK64
        return mix(s)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 1:
            return 0
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
