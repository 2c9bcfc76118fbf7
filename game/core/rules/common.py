"""Pieces shared by the falling-tile modes: gravity along chutes and refilling from the top."""

from __future__ import annotations

from typing import Callable

from ..boards import chutes
from ..events import Event, Fell, Spawned
from ..grid import EMPTY, Cell, Grid
from ..rng import Draws


def gravity(grid: Grid, fixed: frozenset[Cell] | set[Cell] = frozenset()) -> Fell | None:
    """Every tile falls to the bottom of its chute, in order (a stable partition); `fixed`
    cells (locked tiles) are no part of a chute."""
    moves: list[tuple[Cell, Cell]] = []
    for chute in chutes(grid, fixed):
        tiles = [cell for cell in chute if grid[cell[0]][cell[1]] != EMPTY]
        if len(tiles) == len(chute):
            continue
        landing = chute[len(chute) - len(tiles):]
        for src, dst in zip(tiles, landing):
            if src != dst:
                moves.append((src, dst))
    return Fell(tuple(moves)) if moves else None


def refill(grid: Grid, kinds: int, draws: Draws) -> Spawned | None:
    """New tiles for every empty cell (after gravity these are the tops of the chutes)."""
    tiles: list[tuple[Cell, int]] = []
    for c in range(len(grid[0])):
        for r in range(len(grid)):
            if grid[r][c] == EMPTY:
                tiles.append(((r, c), draws.below(kinds) + 1))
    return Spawned(tuple(tiles), draws.state) if tiles else None


def settle(grid: Grid, kinds: int, draws: Draws, events: list[Event],
           fixed: frozenset[Cell] | set[Cell] = frozenset()) -> Grid:
    """Gravity then refill: append Fell and Spawned (when anything moved or came) to `events`."""
    fell = gravity(grid, fixed)
    if fell is not None:
        events.append(fell)
        work = [list(row) for row in grid]
        for (sr, sc), _ in fell.moves:
            work[sr][sc] = EMPTY
        for (sr, sc), (dr, dc) in fell.moves:
            work[dr][dc] = grid[sr][sc]
        grid = tuple(tuple(row) for row in work)
    spawned = refill(grid, kinds, draws)
    if spawned is not None:
        events.append(spawned)
        work = [list(row) for row in grid]
        for (r, c), kind in spawned.tiles:
            work[r][c] = kind
        grid = tuple(tuple(row) for row in work)
    return grid


SHUFFLE_ATTEMPTS = 100


def reshuffle(
    grid: Grid, draws: Draws, playable: Callable[[Grid], bool],
    fresh: Callable[[Grid], Grid | None],
) -> Grid | None:
    """The same tiles dealt again until `playable`; else fresh deals of the tile cells; else None."""
    spots = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0]
    tiles = [grid[r][c] for r, c in spots]
    for _ in range(SHUFFLE_ATTEMPTS):
        draws.shuffle(tiles)
        work = [list(row) for row in grid]
        for (r, c), kind in zip(spots, tiles):
            work[r][c] = kind
        dealt = tuple(tuple(row) for row in work)
        if playable(dealt):
            return dealt
    blank = tuple(tuple(EMPTY if v > 0 else v for v in row) for row in grid)
    for _ in range(SHUFFLE_ATTEMPTS):
        candidate = fresh(blank)
        if candidate is not None and playable(candidate):
            return candidate
    return None
