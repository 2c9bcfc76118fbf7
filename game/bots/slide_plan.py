"""The slide hint's planner: the fewest or nearly the fewest slides on 3x4, 4x3 and 4x4 boards, by weighted A* over pattern tables.

Weighted A* (each position weighed by the slides made plus a weight times the tables' estimate
of the slides left) finds a plan at most `weight` times the fewest slides, and in practice within
a few percent of them, looking at thousands of positions where the exact search on a hard 4x4
board looks at millions. Each try in TRIES has an allowance of positions; past it the next,
heavier try starts (quicker, its bound looser), and the row-by-row reduction answers last, so a
plan always comes. Other sizes are planned as slide_solver.solve plans them: 3x3 exactly, 5x5
and larger row by row, at once.
"""

from __future__ import annotations

import heapq

from typing import ClassVar

from game.core import Command, Grid, Mode, Slide, State, legal_commands, play, slide_solvable, solved_slide

from .slide_solver import Unsolvable, _sources, optimal_length, solve, walk_back
from .slide_tables import PATTERNS, PatternTables, flat, load_tables

# (weight as a fraction, positions looked at before the next try). The first try is exact (it
# finishes nearly every 3x4 and 4x3 board, and a 4x4 board within about 30 slides: a daily);
# the second's plan is at most 1.4x the fewest slides (on Korf's 100 15-puzzles 1.06x on
# average, 1.21x at most: bench/slide_hint.py); the third, at most 2x, answers the rare board
# the second cannot finish in its allowance (one of Korf's 100).
TRIES: tuple[tuple[tuple[int, int], int], ...] = (((1, 1), 5_000), ((7, 5), 50_000), ((2, 1), 60_000))


def weighted_search(cells: tuple[int, ...], tables: PatternTables, weight: tuple[int, int],
                    node_limit: int) -> list[int] | None:
    """The cells the gap moves to, in order, that solve the flat board `cells` (a board of the
    tables' shape) in at most weight[0] / weight[1] times the fewest slides; None when the
    search looks at more than `node_limit` positions first.

    A square board is also looked up across its diagonal (the board turned about it is as many
    slides from its goal), and the estimate is the larger of the two. Both are consistent (one
    slide changes one table's entry by at most one), so a position once expanded is never
    expanded again. Ties go to the position with fewer slides left, which walks straight down a
    good line."""
    h, w = tables.height, tables.width
    num, den = weight
    near = _sources(h, w)
    tabs = tables.tables
    count = len(tabs)
    # Per tile, its table and weight there; square boards twice over: the second half for the
    # tile it becomes on the board turned about its diagonal (in its cell turned likewise).
    group, unit = list(tables.group), list(tables.weight)
    spot = list(range(h * w))
    mirrored = h == w
    if mirrored:
        other = [0] + [(t - 1) % w * w + (t - 1) // w + 1 for t in range(1, h * w)]
        group += [count + tables.group[other[t]] for t in range(h * w)]
        unit += [tables.weight[other[t]] for t in range(h * w)]
        spot = [i % w * w + i // w for i in range(h * w)]
        tabs = tabs + tabs
    half = h * w
    goal = bytes(flat(solved_slide(h, w)))
    start = bytes(cells)
    codes = [0] * len(tabs)
    for i, t in enumerate(cells):
        if t:
            codes[group[t]] += i * unit[t]
            if mirrored:
                codes[group[half + t]] += spot[i] * unit[half + t]
    sums = [sum(tabs[k][codes[k]] for k in range(count)),
            sum(tabs[k][codes[k]] for k in range(count, len(tabs)))]
    est = max(sums)
    back: dict[bytes, tuple[bytes, int] | None] = {start: None}
    best = {start: 0}
    closed: set[bytes] = set()
    heap = [(est * num, est, 0, start, cells.index(0), tuple(codes), sums[0], sums[1])]
    expanded = 0
    while heap:
        _, _, g, state, gap, codes0, a, b = heapq.heappop(heap)
        if state == goal:
            return walk_back(back, state)
        if state in closed:
            continue
        closed.add(state)
        expanded += 1
        if expanded > node_limit:
            return None
        g1 = g + 1
        for cell in near[gap]:
            tile = state[cell]
            board = bytearray(state)
            board[gap], board[cell] = tile, 0
            nxt = bytes(board)
            if nxt in closed or best.get(nxt, g1 + 1) <= g1:
                continue
            new = list(codes0)
            k = group[tile]
            table = tabs[k]
            code = new[k] = codes0[k] + (gap - cell) * unit[tile]
            a1 = a - table[codes0[k]] + table[code]
            b1 = b
            if mirrored:
                k = group[half + tile]
                table = tabs[k]
                code = new[k] = codes0[k] + (spot[gap] - spot[cell]) * unit[half + tile]
                b1 = b - table[codes0[k]] + table[code]
            est1 = a1 if a1 > b1 else b1
            best[nxt] = g1
            back[nxt] = (state, cell)
            heapq.heappush(heap, (g1 * den + est1 * num, est1, g1, nxt, cell, tuple(new), a1, b1))
    return None


def _turned(grid: Grid) -> Grid:
    """A board on its side (rows become columns), renumbered so its own goal is the turned
    goal: the tile that belongs at (r, c) becomes the one that belongs at (c, r)."""
    h, w = len(grid), len(grid[0])
    n = h * w

    def renumber(t: int) -> int:
        if t == 0:
            return 0
        r, c = divmod(t - 1, w)
        return (c * h + r + 1) % n

    return tuple(tuple(renumber(grid[r][c]) for r in range(h)) for c in range(w))


class SlidePlanner:
    """Plans for slide boards, keeping each shape's pattern tables once read (a few
    megabytes, read on the first plan of that shape)."""

    _shared: ClassVar[SlidePlanner | None] = None

    def __init__(self) -> None:
        self._tables: dict[tuple[int, int], PatternTables] = {}

    @classmethod
    def shared(cls) -> SlidePlanner:
        """The process's planner, made on first use: every slide bot's hints read the tables
        once, not once a game."""
        if cls._shared is None:
            cls._shared = cls()
        return cls._shared

    def tables(self, height: int, width: int) -> PatternTables:
        shape = (height, width)
        if shape not in self._tables:
            self._tables[shape] = load_tables(height, width)
        return self._tables[shape]

    def plan(self, grid: Grid) -> list[Slide]:
        """Slides that solve `grid` (none when it is solved); Unsolvable for a board of the
        wrong parity."""
        h, w = len(grid), len(grid[0])
        if (h, w) not in PATTERNS and (w, h) not in PATTERNS:
            return solve(grid)
        if not slide_solvable(grid):
            raise Unsolvable("this slide board cannot be solved")
        if (h, w) in PATTERNS:
            moves = self._search(grid)
            return solve(grid) if moves is None else [Slide(divmod(i, w)) for i in moves]
        moves = self._search(_turned(grid))   # planned on its side: cell (r, c) there is (c, r) here
        return solve(grid) if moves is None else [Slide(divmod(i, h)[::-1]) for i in moves]

    def fewest(self, grid: Grid, node_limit: int) -> int | None:
        """The fewest slides that solve `grid`, when a search of at most `node_limit` positions
        proves it, else None (a board of the wrong parity: None too). On the shapes with tables
        the exact search (weight 1) weighs positions by the tables' estimate, which is
        admissible, so the first plan it finds is the fewest: on random 4x4 boards it proves
        half within 20,000 positions, where Manhattan distance and linear conflict prove none."""
        h, w = len(grid), len(grid[0])
        if (h, w) not in PATTERNS and (w, h) not in PATTERNS:
            return optimal_length(grid, node_limit)
        if not slide_solvable(grid):
            return None
        board = grid if (h, w) in PATTERNS else _turned(grid)
        found = weighted_search(flat(board), self.tables(len(board), len(board[0])), (1, 1), node_limit)
        return None if found is None else len(found)

    def _search(self, grid: Grid) -> list[int] | None:
        tables = self.tables(len(grid), len(grid[0]))
        cells = flat(grid)
        for weight, limit in TRIES:
            moves = weighted_search(cells, tables, weight, limit)
            if moves is not None:
                return moves
        return None


class SlideBot:
    """Plays the planner's plan, and plans again whenever the board is not where it expects
    (so a hint the player follows is never planned twice)."""

    name = "slide"

    def __init__(self, seed: int = 0, planner: SlidePlanner | None = None) -> None:
        self.plan: list[Slide] = []
        self.expect: Grid | None = None
        self.planner = planner or SlidePlanner.shared()

    def choose(self, state: State) -> Command:
        if state.level.mode != Mode.SLIDE:
            raise ValueError("the slide bot plays slide levels only")
        if state.grid != self.expect or not self.plan:
            self.plan = self.planner.plan(state.grid)
            if not self.plan:
                return legal_commands(state)[0]
        move = self.plan.pop(0)
        # The board the move leaves, as the core plays it (slides draw nothing from the RNG).
        self.expect = play(state, move)[1].grid
        return move
