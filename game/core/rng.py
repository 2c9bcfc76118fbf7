"""A tiny pure PRNG (SplitMix64): its whole state is one int that lives in State."""

from __future__ import annotations

import struct
from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TWO_53 = float(1 << 53)


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit value from any 64-bit value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


LANE = 128
"""below_many's lane width: a 64-bit draw times a 64-bit constant fits in it, so one big-int
multiplication makes every lane's product without one spilling into the next."""


def draw_lanes(n: int) -> tuple[int, int, int]:
    """What below_many needs for up to `n` draws: n lanes of 1, of i * GOLDEN (i = 1..n, each
    mod 2**64) and of MASK64 (the caller keeps them: they depend on n alone)."""
    ones = ((1 << (LANE * n)) - 1) // ((1 << LANE) - 1)
    steps = 0
    for i in range(n, 0, -1):
        steps = (steps << LANE) | ((i * GOLDEN) & MASK64)
    return ones, steps, ones * MASK64


def below_many(state: int, n: int, bound: int, lanes: tuple[int, int, int],
               plus: int = 0) -> tuple[list[int], int]:
    """What n calls of Draws(state).below(bound) give, and the state after them, worked out
    for all n at once: SplitMix64's steps are state + i * GOLDEN, so the n draws are one
    big int of n 128-bit lanes put through the mixer with a few big-int operations (a refill
    of a big board draws hundreds a step). `lanes`: draw_lanes(m) for some m >= n; `plus` is
    added to each draw (a refill's kinds count from 1)."""
    ones, steps, mask = lanes
    if ones >> (LANE * n):
        cut = (1 << (LANE * n)) - 1
        ones, steps, mask = ones & cut, steps & cut, mask & cut
    z = (state * ones + steps) & mask
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z ^= z >> 31   # each lane's low 64 bits are the draw (its upper half holds junk from the next)
    drawn = struct.unpack(f"<{2 * n}Q", z.to_bytes(16 * n, "little"))[::2]
    return [v % bound + plus for v in drawn], (state + n * GOLDEN) & MASK64


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
