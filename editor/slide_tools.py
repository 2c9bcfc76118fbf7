"""Slide designers' tools: the solved board, a shuffle by legal slides, and how many moves it takes."""

from __future__ import annotations

import functools
import random
from concurrent.futures import Future, ThreadPoolExecutor

from game.bots.slide_plan import SlidePlanner
from game.bots.slide_solver import Unsolvable
from game.core import EMPTY, GAP_TOKEN, Grid, slide_solvable, slide_sources, solved_slide

from .model import Cells, Draft

OPTIMAL_CELLS = 16          # boards up to 4x4 get an optimal answer when the search stays small
OPTIMAL_NODES = 20_000      # positions searched at most, so the editor never stalls on one


def solved_cells(width: int, height: int) -> Cells:
    """The solved layout as tokens: 1..N-1 row by row, the gap last."""
    return to_cells(solved_slide(height, width))


def to_cells(grid: Grid) -> Cells:
    return tuple(tuple(GAP_TOKEN if v == EMPTY else str(v) for v in row) for row in grid)


def to_grid(draft: Draft) -> Grid | None:
    """The draft's board as a slide grid, or None while it is not a whole permutation."""
    n = draft.width * draft.height
    try:
        grid = tuple(tuple(EMPTY if t == GAP_TOKEN else int(t) for t in row) for row in draft.cells)
    except ValueError:
        return None
    if sorted(v for row in grid for v in row) != list(range(n)):
        return None
    return grid


def shuffled(draft: Draft, moves: int, seed: int) -> Cells:
    """The board after `moves` random legal slides (never straight back), from the draft's own
    board when it is whole and solvable, else from the solved one: always solvable, as the
    game's deal is (legal slides keep a board's parity, so an unsolvable board stays one)."""
    grid = to_grid(draft)
    if grid is None or not slide_solvable(grid):
        grid = solved_slide(draft.height, draft.width)
    cells = [list(row) for row in grid]
    rng = random.Random(seed)
    gap = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == EMPTY)
    previous = None
    for _ in range(moves):
        # The core's slide rule says which tiles may move into the gap.
        choices = [s for s in slide_sources(gap, draft.height, draft.width) if s != previous]
        src = rng.choice(choices)
        cells[gap[0]][gap[1]], cells[src[0]][src[1]] = cells[src[0]][src[1]], EMPTY
        previous, gap = gap, src
    return to_cells(tuple(tuple(row) for row in cells))


@functools.lru_cache(maxsize=32)
def solution_length(grid: Grid) -> tuple[int, bool] | None:
    """(moves, optimal) to solve `grid`: optimal by search on boards up to 4x4 when the search
    stays small (the hint's pattern tables guide it on 3x4, 4x3 and 4x4), else the length the
    hint's planner finds (an upper bound, within a few percent); None if unsolvable."""
    if not slide_solvable(grid):
        return None
    if len(grid) * len(grid[0]) <= OPTIMAL_CELLS:
        found = SlidePlanner.shared().fewest(grid, OPTIMAL_NODES)
        if found is not None:
            return found, True
    try:
        return len(SlidePlanner.shared().plan(grid)), False   # the hint's plan: near the fewest
    except Unsolvable:
        return None


# The solution line's words, each short enough for the properties panel (it clipped "(the
# solver's; fewer may exist)" to "fewer ma...").
SOLUTION_CHARS = 46
PLACE_EVERY_TILE = "solution: place every tile and the gap"
COUNTING = "solution: counting moves..."


def solution_words(found: tuple[int, bool] | None) -> str:
    """What the solver found (moves, whether the fewest; None: no solution), in words."""
    if found is None:
        return "solution: none: swap two tiles (unsolvable)"
    moves, optimal = found
    if moves == 0:
        return "solution: already solved (shuffle it)"
    return f"solution: {moves} moves" + (" (the fewest)" if optimal else " (maybe fewer exist)")


class SolutionCounter:
    """The solution length of the board being edited, counted on a worker thread so that a
    hard 4x4 never stalls painting; the text says "counting" until it is known."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="slide-solution")
        self._grid: Grid | None = None
        self._future: Future[tuple[int, bool] | None] | None = None

    def text(self, draft: Draft) -> str:
        """The properties panel's solution line (SOLUTION_CHARS at most: the panel's width)."""
        grid = to_grid(draft)
        if grid is None:
            return PLACE_EVERY_TILE
        if grid != self._grid or self._future is None:
            self._grid = grid
            self._future = self._pool.submit(solution_length, grid)
        if not self._future.done():
            return COUNTING
        return solution_words(self._future.result())
