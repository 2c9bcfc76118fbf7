"""A tiny pure PRNG (SplitMix64): its whole state is one int that lives in State."""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TWO_53 = float(1 << 53)


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit value from any 64-bit value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(*parts: int | str) -> int:
    """A starting state from ints and strings (FNV-1a over their bytes, then mixed)."""
    h = 0xCBF29CE484222325
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else str(part).encode("ascii")
        for byte in data + b"\x1f":
            h = ((h ^ byte) * 0x100000001B3) & MASK64
    return mix64(h)


class Draws:
    """A cursor over the stream: draw numbers, then read `.state` to store it back.

    Only `decide` uses this; `evolve` takes the finished state from the event.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (n is small, so the modulo bias is below 2**-56)."""
        # next64 and mix64 written out: the deal and every refill call this once a tile.
        z = self.state = (self.state + GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (z ^ (z >> 31)) % n

    def fractions(self, n: int) -> list[float]:
        """n floats in [0, 1), each the top 53 bits of a next64() (one loop: a bot draws one for
        each of its options)."""
        z0 = self.state
        out = []
        for _ in range(n):
            z0 = (z0 + GOLDEN) & MASK64
            z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            out.append(((z ^ (z >> 31)) >> 11) / TWO_53)
        self.state = z0
        return out

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
