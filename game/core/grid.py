"""Board cells and grid constants: Cell = (row, col), row 0 at the top."""

from __future__ import annotations

import re
from typing import Callable, Iterator

Cell = tuple[int, int]
Row = tuple[int, ...]
Grid = tuple[Row, ...]

EMPTY = 0
"""A cell with no tile: between a clear and a refill, or the gap of a slide board."""
HOLE = -1
"""Not part of the board: nothing stands, falls or spawns there."""
PLAYER = -2
"""The chain mode's player token; it never falls."""
RAINBOW = 10
"""A match3 rainbow special: a tile of no kind (above every kind, so it is never in a run)."""
SOLID = -3
"""A cell a blocker unit fills (one that `frees` its cell when broken): no tile, never falls, is
never swapped; tiles fall past it as past a hole. Broken, its cell is EMPTY and ordinary."""
FALLER = 11
"""A faller unit's piece (units.FALLERS): never matches, is never swapped; it falls, and leaves
the board when it reaches the bottom cell of its chute."""

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))
ALL_EIGHT: tuple[Cell, ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def in_bounds(cell: Cell, height: int, width: int) -> bool:
    return 0 <= cell[0] < height and 0 <= cell[1] < width


def neighbours(cell: Cell, height: int, width: int, diagonal: bool = False) -> Iterator[Cell]:
    """The cells next to `cell` inside the board, 4 or 8 of them."""
    r, c = cell
    for dr, dc in ALL_EIGHT if diagonal else ORTHOGONAL:
        nr, nc = r + dr, c + dc
        if 0 <= nr < height and 0 <= nc < width:
            yield (nr, nc)


def are_orthogonal_neighbours(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def are_neighbours(a: Cell, b: Cell, diagonal: bool) -> bool:
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal:
        return max(dr, dc) == 1
    return dr + dc == 1


def lines_up(cell: Cell, need: int, same: Callable[[Cell], bool], height: int, width: int) -> bool:
    """Whether `cell` and the cells `same` accepts beside it make a straight line of `need` or
    more along its row or its column: a match3 run through `cell` (the editor asks it of tokens)."""
    for dr, dc in ((0, 1), (1, 0)):
        run = 1
        for sign in (1, -1):
            r, c = cell[0] + sign * dr, cell[1] + sign * dc
            while 0 <= r < height and 0 <= c < width and same((r, c)):
                run += 1
                r, c = r + sign * dr, c + sign * dc
        if run >= need:
            return True
    return False


def cells(height: int, width: int) -> Iterator[Cell]:
    """Every cell in reading order."""
    for r in range(height):
        for c in range(width):
            yield (r, c)


def format_cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


# Exactly the numbers format_cell writes: no leading zeros, no '-0'.
_NUMBER = re.compile(r"0|-?[1-9][0-9]*")


def parse_cell(text: str) -> Cell:
    """Read 'row,col' (plain ASCII whole numbers); raises ValueError on anything else."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"a cell is 'row,col', not {text!r}")
    # int() alone would also take '1_0', '+1', '01' and non-ASCII digits, whose text does
    # not round-trip; a move list must read back exactly as it was written.
    if not all(_NUMBER.fullmatch(p) for p in parts):
        raise ValueError(f"a cell is 'row,col' with whole numbers, not {text!r}")
    return (int(parts[0]), int(parts[1]))


def render(grid: Grid) -> str:
    """A readable text picture of a grid, one row a line (for messages and tests)."""
    def token(v: int) -> str:
        if v == HOLE:
            return "#"
        if v == PLAYER:
            return "P"
        if v == SOLID:
            return "S"
        if v == FALLER:
            return "D"
        if v == EMPTY:
            return "_"
        return str(v)
    return "\n".join(" ".join(token(v) for v in row) for row in grid)
