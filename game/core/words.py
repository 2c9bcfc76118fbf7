"""Counted nouns and the tile kinds' names as a player reads them: 1 move, 2 moves, a square."""

from __future__ import annotations


# What the tile kinds are called (their shapes: the colour-blind palette keeps them), 1..9.
KIND_NAMES = ("ring", "triangle", "square", "diamond", "pentagon", "hexagon", "star", "cross", "heart")


def kind_name(kind: int) -> str:
    """A tile kind's name as the level texts say it ('square'); 'tile' for one without a name."""
    return KIND_NAMES[kind - 1] if 1 <= kind <= len(KIND_NAMES) else "tile"


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def number_word(n: int) -> str:
    """A small count in words ('three'), as a sentence says it; larger ones in digits."""
    return NUMBER_WORDS.get(n, str(n))


def counted(n: int, noun: str) -> str:
    """`n` and the noun, plural unless n is one (every noun the game counts takes an s)."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
