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


def _sources(level: Level) -> dict[Cell, tuple[Cell, ...]]:
    """slide_sources of every cell of the level's board (kept with the level)."""
    height, width = level.height, level.width
    return level.kept("slide sources", lambda: {
        (r, c): slide_sources((r, c), height, width) for r in range(height) for c in range(width)})


def _slides(level: Level) -> dict[Cell, tuple[Slide, ...]]:
    """For each gap cell, the slides into it, as commands (immutable: kept with the level)."""
    return level.kept("slides", lambda: {
        gap: tuple(Slide(n) for n in sources) for gap, sources in _sources(level).items()})


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
    sources = _sources(level)
    i = 0
    # Walk the gap at random, never straight back; keep going past the count until unsolved.
    while i < steps or tuple(tuple(row) for row in work) == solved:
        options = [n for n in sources[hole] if n != previous]
        tile = options[draws.below(len(options))]
        work[hole[0]][hole[1]] = work[tile[0]][tile[1]]
        work[tile[0]][tile[1]] = EMPTY
        previous, hole = hole, tile
        i += 1
    return tuple(tuple(row) for row in work)


class Facts:
    """What a slide move needs of a board, kept with its State (the state's `cache`): where the
    gap is and how many tiles are not home, so a move costs the same on any board size; and
    the last move played from it with where it led (a bot that looks at a move's outcome, then
    plays it, pays for it once)."""

    __slots__ = ("gap", "misplaced", "last")

    def __init__(self, gap: Cell, misplaced: int) -> None:
        self.gap = gap
        self.misplaced = misplaced
        self.last: tuple[Slide, list[Event], State] | None = None


def facts_of(state: State) -> Facts:
    """The state's Facts, worked out from its grid once and kept with it."""
    cached = state.cache
    if isinstance(cached, Facts):
        return cached
    width = state.level.width
    misplaced = sum(1 for r, row in enumerate(state.grid) for c, v in enumerate(row)
                    if v != EMPTY and v != r * width + c + 1)
    found = Facts(gap(state.grid), misplaced)
    object.__setattr__(state, "cache", found)   # a fact of the grid, invisible to ==
    return found


def decide(state: State, command: Slide) -> list[Event]:
    """The events of `command` in a game still playing (game.decide checked both)."""
    return play(state, command)[0]


def play(state: State, command: Slide) -> tuple[list[Event], State]:
    """The events of `command` in a game still playing, and the state they lead to.

    Only the one or two rows the tile crosses are built anew, and whether the board is solved
    is a count kept with the state: a slide costs the same on a 3x3 and a 12x12 board."""
    level = state.level
    height, width = level.height, level.width
    cell = command.cell
    if not in_bounds(cell, height, width):
        raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
    facts = facts_of(state)
    last = facts.last
    if last is not None and last[0] == command:
        return list(last[1]), last[2]
    empty = facts.gap
    if cell not in _sources(level)[empty]:
        raise IllegalMove(f"{cell[0]},{cell[1]} is not next to the gap at {empty[0]},{empty[1]}",
                          said="Only a tile beside the gap can slide.")
    events: list[Event] = [Slid(cell, empty)]
    (sr, sc), (dr, dc) = cell, empty
    rows = list(state.grid)
    tile = rows[sr][sc]
    if sr == dr:
        row = list(rows[sr])
        row[dc], row[sc] = tile, EMPTY
        rows[sr] = tuple(row)
    else:
        src, dst = list(rows[sr]), list(rows[dr])
        src[sc], dst[dc] = EMPTY, tile
        rows[sr], rows[dr] = tuple(src), tuple(dst)
    home = divmod(tile - 1, width)
    misplaced = facts.misplaced - (home != cell) + (home != empty)
    moves = state.moves + 1
    score = state.score
    if not misplaced:
        events.append(Scored(solve_points(level, moves)))
        score += solve_points(level, moves)
    # What fold gives for Slid (and Scored), built directly.
    after = state.after(tuple(rows), score=score, moves=moves)
    # A board with a tile off its home is not solved: only the move limit can end the game then.
    end = ending(after) if not misplaced or (level.moves is not None and moves >= level.moves) else []
    if end:
        after = fold(after, end)
    events += end
    object.__setattr__(after, "cache", Facts(cell, misplaced))
    facts.last = (command, list(events), after)
    return events, after


def legal_commands(state: State) -> list[Command]:
    """The legal commands of a game still playing (game.legal_commands checked that)."""
    return list(_slides(state.level)[facts_of(state).gap])
