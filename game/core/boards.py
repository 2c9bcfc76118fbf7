"""Pure board analysis shared by the rules and the level checks: runs, chutes, slide parity."""

from __future__ import annotations

from .grid import EMPTY, Cell, Grid, HOLE, PLAYER


def run_cells(grid: Grid, min_match: int) -> set[Cell]:
    """Every cell in a row or column run of `min_match` or more alike tiles (crossings once)."""
    found: set[Cell] = set()
    height = len(grid)
    width = len(grid[0]) if height else 0
    for r, row in enumerate(grid):
        start = 0
        for c in range(1, width + 1):
            if c == width or row[c] != row[start] or row[start] <= 0:
                if c - start >= min_match and row[start] > 0:
                    found.update((r, k) for k in range(start, c))
                start = c
    for c in range(width):
        start = 0
        for r in range(1, height + 1):
            if r == height or grid[r][c] != grid[start][c] or grid[start][c] <= 0:
                if r - start >= min_match and grid[start][c] > 0:
                    found.update((k, c) for k in range(start, r))
                start = r
    return found


def has_run(grid: Grid, min_match: int) -> bool:
    return bool(run_cells(grid, min_match))


def chutes(grid: Grid) -> list[list[Cell]]:
    """Each column's chute, top to bottom: its cells that are neither a hole nor the player.

    Tiles fall along a chute past holes and past the player, which never falls.
    """
    height = len(grid)
    width = len(grid[0]) if height else 0
    return [
        [(r, c) for r in range(height) if grid[r][c] != HOLE and grid[r][c] != PLAYER]
        for c in range(width)
    ]


def solved_slide(height: int, width: int) -> Grid:
    """The slide goal: 1..N-1 row by row, the gap last."""
    n = height * width
    return tuple(
        tuple((r * width + c + 1) % n for c in range(width)) for r in range(height)
    )


def slide_inversions(grid: Grid) -> int:
    tiles = [v for row in grid for v in row if v != EMPTY]
    inversions = 0
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            if a > b:
                inversions += 1
    return inversions


def slide_solvable(grid: Grid) -> bool:
    """Whether legal slides can reach the solved board (the parity rule of the 15-puzzle).

    With an odd width a vertical slide jumps an even number of tiles, so the inversion
    parity never changes; with an even width each vertical slide flips it and moves the
    gap one row, so inversions + gap row keeps its parity.
    """
    height = len(grid)
    width = len(grid[0])
    inversions = slide_inversions(grid)
    if width % 2 == 1:
        return inversions % 2 == 0
    gap_row = next(r for r, row in enumerate(grid) if EMPTY in row)
    return (inversions + gap_row) % 2 == (height - 1) % 2
