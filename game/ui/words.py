"""Counted nouns as a player reads them: 1 move, 2 moves."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """`n` and the noun, plural unless n is one (every noun the game counts takes an s)."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
