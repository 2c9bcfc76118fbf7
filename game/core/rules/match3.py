"""match3: swap two neighbours; every run explodes at once; tiles fall; cascades until still."""

from __future__ import annotations

from ..boards import run_cells
from ..commands import Command, Swap
from ..events import Cleared, Event, Lost, Reshuffled, Scored, SwapRejected, Swapped
from ..evolve import fold
from ..goals import ending
from ..grid import EMPTY, Cell, Grid, are_orthogonal_neighbours, in_bounds
from ..level import Level, LevelError, Problem
from ..rng import Draws
from ..state import PLAYING, IllegalMove, State
from .common import reshuffle, settle

POINTS_PER_TILE = 10
DEAL_ATTEMPTS = 200


def _line_through(grid: Grid | list[list[int]], r: int, c: int, kind: int) -> tuple[int, int]:
    """Lengths of the row run and column run that `kind` at (r, c) would be part of."""
    row = grid[r]
    width = len(row)
    left = c - 1
    while left >= 0 and row[left] == kind:
        left -= 1
    right = c + 1
    while right < width and row[right] == kind:
        right += 1
    height = len(grid)
    up = r - 1
    while up >= 0 and grid[up][c] == kind:
        up -= 1
    down = r + 1
    while down < height and grid[down][c] == kind:
        down += 1
    return right - left - 1, down - up - 1


def _makes_run(grid: Grid | list[list[int]], r: int, c: int, kind: int, min_match: int) -> bool:
    across, along = _line_through(grid, r, c, kind)
    return across >= min_match or along >= min_match


def swap_makes_run(grid: Grid, a: Cell, b: Cell, min_match: int) -> bool:
    """Whether swapping a and b makes a run through either of them."""
    (ar, ac), (br, bc) = a, b
    ka, kb = grid[ar][ac], grid[br][bc]
    if ka <= 0 or kb <= 0 or ka == kb:
        return False
    work = [list(row) for row in grid]
    work[ar][ac], work[br][bc] = kb, ka
    return _makes_run(work, ar, ac, kb, min_match) or _makes_run(work, br, bc, ka, min_match)


def legal_swaps(grid: Grid, min_match: int) -> list[Swap]:
    """Every swap of orthogonal neighbours that makes a run, in reading order."""
    height, width = len(grid), len(grid[0])
    work = [list(row) for row in grid]
    out: list[Swap] = []
    for r in range(height):
        for c in range(width):
            k = work[r][c]
            if k <= 0:
                continue
            for nr, nc in ((r, c + 1), (r + 1, c)):
                if nr >= height or nc >= width:
                    continue
                n = work[nr][nc]
                if n <= 0 or n == k:
                    continue
                work[r][c], work[nr][nc] = n, k
                if _makes_run(work, r, c, n, min_match) or _makes_run(work, nr, nc, k, min_match):
                    out.append(Swap((r, c), (nr, nc)))
                work[r][c], work[nr][nc] = k, n
    return out


def has_legal_swap(grid: Grid, min_match: int) -> bool:
    height, width = len(grid), len(grid[0])
    work = [list(row) for row in grid]
    for r in range(height):
        for c in range(width):
            k = work[r][c]
            if k <= 0:
                continue
            for nr, nc in ((r, c + 1), (r + 1, c)):
                if nr >= height or nc >= width:
                    continue
                n = work[nr][nc]
                if n <= 0 or n == k:
                    continue
                work[r][c], work[nr][nc] = n, k
                hit = _makes_run(work, r, c, n, min_match) or _makes_run(work, nr, nc, k, min_match)
                work[r][c], work[nr][nc] = k, n
                if hit:
                    return True
    return False


def fill(template: Grid, kinds: int, min_match: int, draws: Draws) -> tuple[Grid | None, str]:
    """Fill the EMPTY cells of `template` so that no run forms; (grid, '') or (None, why)."""
    work = [list(row) for row in template]
    for r, row in enumerate(work):
        for c, value in enumerate(row):
            if value != EMPTY:
                continue
            choices = [k for k in range(1, kinds + 1) if not _makes_run(work, r, c, k, min_match)]
            if not choices:
                return None, f"cell {r},{c} cannot take any of the {kinds} kinds without making a run"
            row[c] = choices[draws.below(len(choices))]
    grid = tuple(tuple(row) for row in work)
    if not has_legal_swap(grid, min_match):
        return None, "no swap on this board can ever make a run"
    return grid, ""


def deal(level: Level, draws: Draws) -> Grid:
    """A starting board: the fixed tiles, random ones elsewhere, no run, at least one swap."""
    template = level.template()
    why = ""
    for _ in range(DEAL_ATTEMPTS):
        grid, why = fill(template, level.kinds, level.rules.min_match, draws)
        if grid is not None:
            return grid
    raise LevelError([Problem(("layout",), f"cannot deal a starting board: {why} "
                              f"(tried {DEAL_ATTEMPTS} deals; add kinds, cells or fewer fixed tiles)")])


def cascade(grid: Grid, kinds: int, min_match: int, draws: Draws, events: list[Event]) -> Grid:
    """Clear, fall and refill until the board is still; append each step's events."""
    step = 1
    runs = run_cells(grid, min_match)
    while runs:
        cells = tuple(sorted(runs))
        events.append(Cleared(cells))
        events.append(Scored(POINTS_PER_TILE * len(cells) * step, step))
        work = [list(row) for row in grid]
        for r, c in cells:
            work[r][c] = EMPTY
        grid = tuple(tuple(row) for row in work)
        grid = settle(grid, kinds, draws, events)
        runs = run_cells(grid, min_match)
        step += 1
    return grid


def decide(state: State, command: Command) -> list[Event]:
    if not isinstance(command, Swap):
        raise IllegalMove(f"a match3 level takes swaps, not {command}")
    if state.status != PLAYING:
        raise IllegalMove(f"the game is over ({state.status})")
    level = state.level
    a, b = command.a, command.b
    for cell in (a, b):
        if not in_bounds(cell, level.height, level.width):
            raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
        if state.grid[cell[0]][cell[1]] <= 0:
            raise IllegalMove(f"{cell[0]},{cell[1]} holds no tile")
    if not are_orthogonal_neighbours(a, b):
        raise IllegalMove(f"{a[0]},{a[1]} and {b[0]},{b[1]} are not side by side")
    min_match = level.rules.min_match
    if not swap_makes_run(state.grid, a, b, min_match):
        return [SwapRejected(a, b)]
    events: list[Event] = [Swapped(a, b)]
    work = [list(row) for row in state.grid]
    work[a[0]][a[1]], work[b[0]][b[1]] = work[b[0]][b[1]], work[a[0]][a[1]]
    draws = Draws(state.rng)
    grid = cascade(tuple(tuple(row) for row in work), level.kinds, min_match, draws, events)
    after = fold(state, events)
    end = ending(after)
    if not end and not has_legal_swap(grid, min_match):
        dealt = reshuffle(
            grid, draws,
            lambda g: not run_cells(g, min_match) and has_legal_swap(g, min_match),
            lambda blank: fill(blank, level.kinds, min_match, draws)[0],
        )
        if dealt is None:
            end = [Lost()]
        else:
            events.append(Reshuffled(dealt, draws.state))
    return events + end


def legal_commands(state: State) -> list[Command]:
    if state.status != PLAYING:
        return []
    return list(legal_swaps(state.grid, state.level.rules.min_match))
