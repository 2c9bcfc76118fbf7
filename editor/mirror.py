"""Mirror painting: the cells a stroke paints mirrored across the board's middle, for a size and a mirror mode (no arcade)."""

from __future__ import annotations

import enum
from collections.abc import Iterable

Cell = tuple[int, int]


class Mirror(enum.Enum):
    """Which axes a stroke is mirrored across: the board's middle column, middle row, or both."""

    OFF = "off"
    LEFT_RIGHT = "left-right"
    UP_DOWN = "up-down"
    BOTH = "both"

    @property
    def flips_columns(self) -> bool:
        """Mirrored left to right: across the vertical line through the board's middle."""
        return self in (Mirror.LEFT_RIGHT, Mirror.BOTH)

    @property
    def flips_rows(self) -> bool:
        """Mirrored up to down: across the horizontal line through the board's middle."""
        return self in (Mirror.UP_DOWN, Mirror.BOTH)

    def next(self) -> Mirror:
        """The key M steps through the modes in this order, back round to off."""
        order = list(Mirror)
        return order[(order.index(self) + 1) % len(order)]


def flip(cell: Cell, width: int, height: int, columns: bool, rows: bool) -> Cell:
    """One cell's image across the middle column (`columns`) and/or the middle row (`rows`)."""
    r, c = cell
    return (height - 1 - r if rows else r, width - 1 - c if columns else c)


def flips(mirror: Mirror) -> list[tuple[bool, bool]]:
    """The (columns, rows) flips that make a stroke's images, the stroke itself first."""
    out = [(False, False)]
    if mirror.flips_columns:
        out.append((True, False))
    if mirror.flips_rows:
        out.append((False, True))
    if mirror.flips_columns and mirror.flips_rows:
        out.append((True, True))
    return out


def mirrored(cells: Iterable[Cell], width: int, height: int, mirror: Mirror) -> list[Cell]:
    """The cells with their images under `mirror` (each once, the given cells first, then
    their images in order): on a width x height board, so a cell on the board stays on it."""
    out: list[Cell] = []
    seen: set[Cell] = set()
    given = list(cells)
    for columns, rows in flips(mirror):
        for cell in given:
            image = flip(cell, width, height, columns, rows)
            if image not in seen:
                seen.add(image)
                out.append(image)
    return out
