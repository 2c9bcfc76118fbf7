"""Design warnings: what is legal in a level file yet almost surely not what its designer meant."""

from __future__ import annotations

from collections import deque

from .grid import Cell, neighbours
from .checking import Problem
from .level import Level
from .vocab import Mode


def design_warnings(level: Level) -> list[Problem]:
    """Warnings about a valid level (the editor shows them apart from problems; they never
    stop a level from loading): a reach goal the player can never get to, a level that can
    never end."""
    out: list[Problem] = []
    if level.mode != Mode.SLIDE and level.moves is None and level.goals.is_empty():
        out.append(Problem(("moves",), "no move limit and no goal: the level never ends "
                           "(set moves, or a score, collect or reach goal)"))
    reach, start = level.goals.reach, level.player_start
    if level.mode == Mode.CHAIN and reach is not None and start is not None \
            and reach not in _walkable_from(level, start):
        out.append(Problem(("goals", "reach"), f"the player can never get to {reach[0]},{reach[1]}: "
                           f"holes cut it off from the start at {start[0]},{start[1]}", reach))
    return out


def _walkable_from(level: Level, start: Cell) -> set[Cell]:
    """Every cell the player could ever walk to: any cell that is not a hole can hold a tile
    at some point (tiles fall and refill), so only holes block the way."""
    holes = level.holes
    seen = {start}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nxt in neighbours(cell, level.height, level.width, level.rules.diagonal):
            if nxt not in seen and nxt not in holes:
                seen.add(nxt)
                todo.append(nxt)
    return seen
