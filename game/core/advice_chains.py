"""The chains worth weighing for a hint: for every cell a chain can end on, the longest path and
the one that serves the goals most (wanted tiles, the blockers under it and beside it),
plus those ending nearest a reach target. The search the hint and the bots ask (game.core.advice)."""

from __future__ import annotations

from .commands import Chain
from .goals import walk_steps
from collections.abc import Callable

from .grid import ORTHOGONAL, Cell, Grid, neighbours
from .rules.chain import Visits, chain_grid, chain_starts, good_chains, tiles_needed
from .state import State
from .units import chain_struck

# Node visits for the path search of one hint: a board of 8x8 with 6 kinds rarely needs 1000.
SEARCH_BUDGET = 6000
# Candidates compared a turn: the longest chains, the best for the goals, and those ending
# nearest a reach target.
LONGEST_KEPT = 16
GOAL_KEPT = 16
NEAREST_KEPT = 10


def walk_paths(grid: Grid, start: Cell, diagonal: bool, visits: Visits, budget: int,
               seen: Callable[[list[Cell]], None]) -> None:
    """Depth-first over the simple same-kind paths from `start`, calling `seen` on each: at
    most `budget` cells grown from, each also taken from the shared `visits`."""
    kind = grid[start[0]][start[1]]
    height, width = len(grid), len(grid[0])
    path: list[Cell] = [start]
    on = {start}
    left = [budget]

    def walk() -> None:
        seen(path)
        if left[0] <= 0 or not visits.take():
            return
        left[0] -= 1
        for n in neighbours(path[-1], height, width, diagonal):
            if grid[n[0]][n[1]] == kind and n not in on:
                path.append(n)
                on.add(n)
                walk()
                on.discard(n)
                path.pop()

    walk()


def goal_chains(state: State, budget: int = SEARCH_BUDGET) -> list[Chain]:
    """Legal chains worth comparing for the goals (at least one while the game is on).

    A path is one kind, so its end cell and length say what it eats; what it does to the
    blockers depends on the cells it crosses, so for each end cell the path that hits the most
    blocker layers (units.chain_struck) is kept beside the longest."""
    grid = chain_grid(state)   # locked tiles are never part of a path
    diagonal = state.level.rules.diagonal
    player = state.player
    need = tiles_needed(state.level.rules.min_chain, player is not None)
    starts = chain_starts(grid, player, diagonal)
    per_start = max(50, budget // max(1, len(starts)))
    struck, jellied = chain_struck(state.layers.counts)   # the blockers beside a path, and under it
    longest: dict[Cell, list[Cell]] = {}
    richest: dict[Cell, tuple[int, int, list[Cell]]] = {}
    reach = state.level.goals.reach
    crossing: list[list[Cell]] = []   # the longest path over the reach target (it counts on the way)

    # Each cell's blockers beside it (NEAR and COVER units) as bits (a path hits each once, however
    # often it passes): this runs for every path the search sees, so no sets.
    beside: dict[Cell, int] = {}
    for i, (r, c) in enumerate(sorted(struck)):
        for dr, dc in ORTHOGONAL:
            beside[(r + dr, c + dc)] = beside.get((r + dr, c + dc), 0) | 1 << i

    def hits(path: list[Cell]) -> int:
        near = 0
        on_jelly = 0
        for cell in path:
            near |= beside.get(cell, 0)
            on_jelly += cell in jellied
        return on_jelly + near.bit_count()

    def seen(path: list[Cell]) -> None:
        if len(path) < need:
            return
        end = path[-1]
        if len(path) > len(longest.get(end, ())):
            longest[end] = list(path)
        if jellied or struck:
            worth = hits(path)
            if worth and (worth, len(path)) > richest.get(end, (0, 0, []))[:2]:
                richest[end] = (worth, len(path), list(path))
        if reach is not None and reach in path and (not crossing or len(path) > len(crossing[0])):
            crossing[:] = [list(path)]

    visits = Visits(budget)
    for start in starts:
        walk_paths(grid, start, diagonal, visits, per_start, seen)
    paths = sorted(longest.values(), key=lambda p: (-len(p), p))
    kept = paths[:LONGEST_KEPT]
    rich = sorted(richest.values(), key=lambda wp: (-wp[0], -wp[1], wp[2]))
    kept += [p for _, _, p in rich[:GOAL_KEPT] if p not in kept]
    kept += [p for p in crossing if p not in kept]
    if reach is not None:
        steps = walk_steps(state.level, reach)
        near = sorted(paths, key=lambda p: (steps.get(p[-1], 1 << 20), -len(p), p))
        kept += [p for p in near[:NEAREST_KEPT] if p not in kept]
    head: tuple[Cell, ...] = (player,) if player is not None else ()
    chains = [Chain(head + tuple(path)) for path in kept]
    return chains or good_chains(state)
