"""Hints and a simple bot: pick a legal move from the core's own list (never a rule of our own)."""

from __future__ import annotations

import random
from typing import Sequence

from game.core import Chain, Command, Event, Mode, Slid, Slide, State, Swap, decide, fold, legal_commands
from game.core import solved_slide

Cell = tuple[int, int]


def _slide_cost(grid: tuple[tuple[int, ...], ...], goal: dict[int, Cell]) -> int:
    # Sum of each tile's distance from home: a cheap, greedy guide, not a solver.
    return sum(abs(r - goal[v][0]) + abs(c - goal[v][1])
               for r, row in enumerate(grid) for c, v in enumerate(row) if v > 0)


def best_slide(state: State, options: Sequence[Slide], avoid: Cell | None) -> Slide:
    """The legal slide that brings the tiles closest to home, never `avoid` (undoing the last)."""
    solved = solved_slide(state.height, state.width)
    goal = {v: (r, c) for r, row in enumerate(solved) for c, v in enumerate(row) if v > 0}
    best: tuple[int, Slide] | None = None
    for move in options:
        if move.cell == avoid:
            continue
        # The board after the move, as the core plays it (no slide rule of our own here).
        after = fold(state, decide(state, move))
        cost = _slide_cost(after.grid, goal)
        if best is None or cost < best[0]:
            best = (cost, move)
    return best[1] if best is not None else options[0]


def undo_cell(events: Sequence[Event]) -> Cell | None:
    """The cell whose slide would undo the batch's slide (the tile now sits where the gap was)."""
    for e in events:
        if isinstance(e, Slid):
            return e.dst
    return None


def hint(state: State, avoid: Cell | None = None) -> Command | None:
    """A legal move worth showing: match3's first swap, the best chain, a greedy next slide."""
    options = legal_commands(state)
    if not options:
        return None
    if state.level.mode == Mode.SLIDE:
        return best_slide(state, [o for o in options if isinstance(o, Slide)], avoid)
    return options[0]


def hint_cells(command: Command) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """(cells to glow, path to draw arrows along) for a hinted command."""
    if isinstance(command, Swap):
        return (command.a, command.b), ()
    if isinstance(command, Chain):
        return tuple(command.path), tuple(command.path)
    return (command.cell,), ()


def bot_move(state: State, rng: random.Random, avoid: Cell | None = None) -> Command | None:
    """A bot's move: a random legal one (match3, slide) or one of the best chains."""
    options = legal_commands(state)
    if not options:
        return None
    if state.level.mode == Mode.CHAIN:
        return options[rng.randrange(min(3, len(options)))]
    if state.level.mode == Mode.SLIDE and rng.random() < 0.7:
        return best_slide(state, [o for o in options if isinstance(o, Slide)], avoid)
    return options[rng.randrange(len(options))]
