"""Counted nouns as a player reads them: 1 move, 2 moves."""

from __future__ import annotations


# What the tile kinds are called (their shapes: the colour-blind palette keeps them), 1..9.
KIND_NAMES = ("ring", "triangle", "square", "diamond", "pentagon", "hexagon", "star", "cross", "heart")


def kind_name(kind: int) -> str:
    """A tile kind's name as the level texts say it ('square'); 'tile' for one without a name."""
    return KIND_NAMES[kind - 1] if 1 <= kind <= len(KIND_NAMES) else "tile"


def counted(n: int, noun: str) -> str:
    """`n` and the noun, plural unless n is one (every noun the game counts takes an s)."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
