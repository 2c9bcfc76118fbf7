"""The layout's plain tokens, which every mechanic's own tokens build on (level_format has the rest)."""

from __future__ import annotations

RANDOM_TOKEN = "."
HOLE_TOKEN = "#"
PLAYER_TOKEN = "P"
GAP_TOKEN = "_"
RAINBOW_TOKEN = "*"


def is_digits(tok: str) -> bool:
    # str.isdigit() also accepts '²' and '１', which int() refuses or a file should not hold.
    return tok.isascii() and tok.isdigit()
