"""slide: the 15-puzzle at any size, shuffled by legal moves only, so always solvable."""

from __future__ import annotations

from ..boards import slide_sources, solved_slide
from ..commands import Command, Slide
from ..events import Event, Scored, Slid
from ..evolve import fold
from ..goals import ending
from ..grid import EMPTY, Cell, Grid, in_bounds
from ..level import Level
from ..rng import Draws
from ..state import IllegalMove, State

SHUFFLE_MOVES_PER_CELL = 20


def gap(grid: Grid) -> Cell:
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v == EMPTY:
                return (r, c)
    raise ValueError("a slide board without a gap")


def solve_points(level: Level, moves: int) -> int:
    """Points for solving: 100 a cell, less 10 a move, never under a tenth of that."""
    base = 100 * level.width * level.height
    return max(base // 10, base - 10 * moves)


def deal(level: Level, draws: Draws) -> Grid:
    """The level's own board when it gives one, else the solved board shuffled by legal slides."""
    if level.layout is not None:
        return level.template()
    height, width = level.height, level.width
    solved = solved_slide(height, width)
    work = [list(row) for row in solved]
    hole = (height - 1, width - 1)
    previous: Cell | None = None
    steps = SHUFFLE_MOVES_PER_CELL * height * width
    i = 0
    # Walk the gap at random, never straight back; keep going past the count until unsolved.
    while i < steps or tuple(tuple(row) for row in work) == solved:
        options = [n for n in slide_sources(hole, height, width) if n != previous]
        tile = options[draws.below(len(options))]
        work[hole[0]][hole[1]] = work[tile[0]][tile[1]]
        work[tile[0]][tile[1]] = EMPTY
        previous, hole = hole, tile
        i += 1
    return tuple(tuple(row) for row in work)


def decide(state: State, command: Slide) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    return play(state, command)[0]


def play(state: State, command: Slide) -> tuple[list[Event], State]:
    """The events of `command` in a game still playing, and the state they lead to."""
    cell = command.cell
    if not in_bounds(cell, state.level.height, state.level.width):
        raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
    empty = gap(state.grid)
    if cell not in slide_sources(empty, state.level.height, state.level.width):
        raise IllegalMove(f"{cell[0]},{cell[1]} is not next to the gap at {empty[0]},{empty[1]}",
                          said="Only a tile beside the gap can slide.")
    events: list[Event] = [Slid(cell, empty)]
    after = fold(state, events)
    if after.grid == solved_slide(state.level.height, state.level.width):
        events.append(Scored(solve_points(state.level, after.moves)))
        after = fold(after, events[-1:])
    end = ending(after)
    if end:
        after = fold(after, end)
    events += end
    return events, after


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    empty = gap(state.grid)
    return [Slide(n) for n in slide_sources(empty, state.level.height, state.level.width)]
