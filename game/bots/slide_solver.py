"""Slide solver: optimal A* on boards of up to 9 cells, row/column reduction on bigger ones.

The reduction (as a person solves the 15-puzzle) places the top row, then the left column,
shrinking the board until a 2x2 corner is left, which a tiny search finishes. Each tile walks
to its cell a step at a time (the gap goes round to the cell ahead, the tile slides in), never
touching placed tiles, with a breadth-first search over (tile cell, gap cell) where no step is
open; the last two tiles of a row or column go in with the usual two-step trick. Not optimal,
but a 12x12 board's plan takes a few milliseconds.
"""

from __future__ import annotations

import bisect
import heapq
from collections import deque
from functools import lru_cache
from typing import AbstractSet, Hashable, Mapping, TypeVar

from game.core import Grid, Slide, slide_solvable, slide_sources, solved_slide

# A* is exact and quick on 3x3 and smaller; past this many expanded nodes, reduce instead.
ASTAR_CELLS = 9
ASTAR_NODE_LIMIT = 200_000


class Unsolvable(ValueError):
    """A slide board whose tiles cannot be put in order by legal slides."""


@lru_cache(maxsize=64)
def _sources(h: int, w: int) -> tuple[tuple[int, ...], ...]:
    """Per flat cell of the gap, the flat cells whose tile may slide into it.

    The core's slide rule (slide_sources), tabled once per size: the searches below run on
    flat indices for speed, but never decide for themselves which tile can move.
    """
    return tuple(tuple(r * w + c for r, c in slide_sources(divmod(i, w), h, w)) for i in range(h * w))


class _Board:
    """A mutable flat board that records every cell the gap moves to (one Slide each)."""

    def __init__(self, grid: Grid) -> None:
        self.h = len(grid)
        self.w = len(grid[0])
        self.cells = [v for row in grid for v in row]
        self.gap = self.cells.index(0)
        self.moves: list[int] = []
        self.sources = _sources(self.h, self.w)

    def nbrs(self, i: int) -> tuple[int, ...]:
        """The cells whose tile may slide into cell i (were the gap there)."""
        return self.sources[i]

    def slide(self, i: int) -> None:
        """The tile at `i` (next to the gap) slides into the gap."""
        self.cells[self.gap], self.cells[i] = self.cells[i], 0
        self.gap = i
        self.moves.append(i)

    def where(self, tile: int) -> int:
        return self.cells.index(tile)

    def move_gap(self, target: int, locked: set[int]) -> None:
        """Walk the gap to `target` without disturbing `locked` cells."""
        if not self.gap_to(target, locked):
            raise Unsolvable(f"the gap cannot reach cell {divmod(target, self.w)}")

    def gap_to(self, target: int, blocked: AbstractSet[int], also: int | None = None) -> bool:
        """Walk the gap to `target` around `blocked` cells (and the cell `also`) by a shortest
        way; False (and no slide made) when it cannot get there."""
        gap = self.gap
        if gap == target:
            return True
        if target in blocked or target == also:
            return False
        if target in self.sources[gap]:
            self.slide(target)   # next to the gap: the breadth-first walk's first step
            return True
        frozen = blocked if isinstance(blocked, frozenset) else frozenset(blocked)
        way = _gap_way(self.h, self.w, frozen, gap, target, also)
        if way is None:
            return False
        for i in way:
            self.slide(i)
        return True

    def move_tile(self, tile: int, target: int, locked: set[int]) -> None:
        """Bring `tile` to `target`, never touching `locked`: a step at a time toward it (the gap
        walks round to the cell ahead, then the tile slides in), as a person does; where no step
        toward it is open, the exact search over (tile cell, gap cell) finishes the way.

        Each step's walk is short (the gap starts beside the tile), so a tile costs about its
        distance, not the board's area: a 12x12 plan takes milliseconds."""
        pos = self.where(tile)
        w = self.w
        frozen = frozenset(locked)   # the searches' ways are kept by the cells they avoid
        while pos != target:
            (pr, pc), (tr, tc) = divmod(pos, w), divmod(target, w)
            steps = []
            if pr != tr:
                steps.append(pos + (w if tr > pr else -w))
            if pc != tc:
                steps.append(pos + (1 if tc > pc else -1))
            gr, gc = divmod(self.gap, w)
            steps.sort(key=lambda n: abs(n // w - gr) + abs(n % w - gc))
            for n in steps:
                if n not in locked and self.gap_to(n, frozen, pos):
                    self.slide(pos)   # the tile steps into the gap ahead of it
                    pos = n
                    break
            else:
                self.search_tile(tile, target, frozen)
                return

    def search_tile(self, tile: int, target: int, locked: AbstractSet[int]) -> None:
        """Bring `tile` to `target` (searching tile and gap together), never touching `locked`."""
        pos = self.where(tile)
        if pos == target:
            return
        frozen = locked if isinstance(locked, frozenset) else frozenset(locked)
        way = _tile_way(self.h, self.w, frozen, pos, self.gap, target)
        if way is None:
            raise Unsolvable(f"tile {tile} cannot reach cell {divmod(target, self.w)}")
        for i in way:
            self.slide(i)

    def move_pair(self, x: int, x_to: int, y: int, y_to: int, locked: set[int]) -> None:
        """Bring tiles x and y home together: an exact search over (x cell, y cell, gap cell).

        The fallback for the boards where the two-step trick traps the gap (one plan in two
        on 6x6)."""
        way = _pair_way(self.h, self.w, frozenset(locked), self.where(x), self.where(y), self.gap,
                        x_to, y_to)
        if way is None:
            raise Unsolvable(f"tiles {x} and {y} cannot both reach their cells")
        for i in way:
            self.slide(i)

    def snapshot(self) -> tuple[list[int], int, int]:
        return list(self.cells), self.gap, len(self.moves)

    def restore(self, snap: tuple[list[int], int, int]) -> None:
        self.cells, self.gap = list(snap[0]), snap[1]
        del self.moves[snap[2]:]


# A plan walks the gap and its tiles through the same few situations again and again, on every
# board of a size (the walks of 300 games of a 6x6 level: 2,566 different ones in 201,847), so
# the searches below keep their ways. Each is a pure function of its arguments (the board's
# size and the cells to avoid, never its tiles), so keeping them changes no plan.
WAYS_KEPT = 1 << 14


@lru_cache(maxsize=WAYS_KEPT)
def _gap_way(h: int, w: int, blocked: frozenset[int], gap: int, target: int,
             also: int | None) -> tuple[int, ...] | None:
    """The cells the gap moves to (in order) on a shortest way from `gap` to `target` around
    `blocked` and the cell `also` (None: there is none): breadth first, stopping where it
    reaches `target`."""
    sources = _sources(h, w)
    back = [-2] * (h * w)   # -2: not reached; else the cell it was reached from
    back[gap] = -1
    if also is not None:
        back[also] = also   # never entered
    queue = [gap]
    for cur in queue:   # breadth first: the list grows behind the loop
        for n in sources[cur]:
            if back[n] == -2 and n not in blocked:
                back[n] = cur
                if n == target:
                    break
                queue.append(n)
        else:
            continue
        break
    if back[target] == -2:
        return None
    path = []
    cur = target
    while cur != gap:
        path.append(cur)
        cur = back[cur]
    return tuple(reversed(path))


@lru_cache(maxsize=WAYS_KEPT)
def _tile_way(h: int, w: int, locked: frozenset[int], pos0: int, gap0: int,
              target: int) -> tuple[int, ...] | None:
    """The cells the gap moves to (in order) that bring the tile at `pos0` to `target` never
    touching `locked`, by a shortest way (None: there is none): a breadth-first search over
    (tile cell, gap cell) that stops at the first state reached with the tile home (the one a
    search that looked at states as it took them from the queue would stop at, by the same way)."""
    size = h * w
    free = [tuple(n for n in near if n not in locked) for near in _sources(h, w)]
    # A search state (tile cell, gap cell) is the number pos * size + gap.
    start = pos0 * size + gap0
    back: dict[int, int] = {start: -1}
    queue = [start]
    goal = -1
    for state in queue:   # breadth first: the list grows behind the loop
        pos, gap = divmod(state, size)
        for n in free[gap]:
            # The gap steps onto n; when n holds our tile, the tile steps into the gap.
            if n == pos:
                nxt = gap * size + n
                if nxt not in back:
                    back[nxt] = state
                    if gap == target:
                        goal = nxt
                        break
                    queue.append(nxt)
            else:
                nxt = pos * size + n
                if nxt not in back:
                    back[nxt] = state
                    queue.append(nxt)
        if goal >= 0:
            break
    if goal < 0:
        return None
    path: list[int] = []
    cur = goal
    while cur != start:
        path.append(cur % size)
        cur = back[cur]
    return tuple(reversed(path))


# The pair search too (the last two tiles of the bottom rows: 229 different situations in
# 5,860 searches over 500 games of a 6x6 level).
@lru_cache(maxsize=WAYS_KEPT)
def _pair_way(h: int, w: int, locked: frozenset[int], x_at: int, y_at: int, gap_at: int,
              x_to: int, y_to: int) -> tuple[int, ...] | None:
    """The cells the gap moves to (in order) that bring the tiles at x_at and y_at to x_to and
    y_to never touching `locked`, by a shortest way (None: there is none).

    A breadth-first search over (x cell, y cell, gap cell), numbering only the cells not locked
    so its states fit a flat list; it stops at the first state reached with both home (the one a
    search that looked at states as it took them from the queue would stop at, by the same way).
    """
    cells = [i for i in range(h * w) if i not in locked]   # search index -> cell
    size = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    sources = _sources(h, w)
    free = [tuple(index[n] for n in sources[cell] if n in index) for cell in cells]
    square = size * size
    # A search state (x, y, gap: search indices) is the number (px * size + py) * size + gap.
    start = (index[x_at] * size + index[y_at]) * size + index[gap_at]
    home = index[x_to] * square + index[y_to] * size   # a state minus its gap, both tiles home
    back = [-2] * (square * size)   # -2: not reached; else the state it was reached from
    back[start] = -1
    goal = start if start - start % size == home else -1
    queue = [start]
    for state in queue:   # breadth first: the list grows behind the loop
        if goal >= 0:
            break
        pxy, gap = divmod(state, size)
        px, py = divmod(pxy, size)
        base = pxy * size
        for n in free[gap]:
            # The gap steps onto n; a tile there steps into the gap.
            if n == px:
                nxt = gap * square + py * size + n
                if back[nxt] == -2:
                    back[nxt] = state
                    if nxt - n == home:
                        goal = nxt
                        break
                    queue.append(nxt)
            elif n == py:
                nxt = px * square + gap * size + n
                if back[nxt] == -2:
                    back[nxt] = state
                    if nxt - n == home:
                        goal = nxt
                        break
                    queue.append(nxt)
            else:
                nxt = base + n
                if back[nxt] == -2:
                    back[nxt] = state
                    queue.append(nxt)
    if goal < 0:
        return None
    path: list[int] = []
    cur = goal
    while cur != start:
        path.append(cells[cur % size])
        cur = back[cur]
    return tuple(reversed(path))


def _place_last_two(b: _Board, x_at: int, y_at: int, step: int, locked: set[int]) -> None:
    """Put the last two tiles of a row (step = width) or a column (step = 1) in place.

    The trick: park y where x belongs and x next to it (`step` further), walk the gap to
    y's home, then turn both in. When that traps the gap, search the pair exactly.
    """
    x, y = _goal_tile(b.w, b.h, x_at), _goal_tile(b.w, b.h, y_at)
    if b.cells[x_at] != x or b.cells[y_at] != y:
        snap, before = b.snapshot(), set(locked)
        park = x_at + step
        try:
            b.move_tile(y, x_at, locked)
            b.move_tile(x, park, locked | {x_at})
            b.move_gap(y_at, locked | {x_at, park})
            b.slide(x_at)
            b.slide(park)
        except Unsolvable:
            b.restore(snap)
            locked.clear()
            locked.update(before)
            b.move_pair(x, x_at, y, y_at, locked)
    locked.update((x_at, y_at))


def _goal_tile(w: int, h: int, i: int) -> int:
    return (i + 1) % (w * h)


def _solve_row(b: _Board, top: int, left: int, locked: set[int]) -> None:
    w = b.w
    for c in range(left, w - 2):
        i = top * w + c
        b.move_tile(_goal_tile(w, b.h, i), i, locked)
        locked.add(i)
    _place_last_two(b, top * w + w - 2, top * w + w - 1, w, locked)


def _solve_column(b: _Board, top: int, left: int, locked: set[int]) -> None:
    w, h = b.w, b.h
    for r in range(top, h - 2):
        i = r * w + left
        b.move_tile(_goal_tile(w, h, i), i, locked)
        locked.add(i)
    _place_last_two(b, (h - 2) * w + left, (h - 1) * w + left, 1, locked)


def _finish_corner(b: _Board, top: int, left: int) -> None:
    """Breadth-first search over the last 2x2 corner (at most 12 arrangements)."""
    w = b.w
    corner = [top * w + left, top * w + left + 1, (top + 1) * w + left, (top + 1) * w + left + 1]
    goal = tuple(_goal_tile(w, b.h, i) for i in corner)
    start = tuple(b.cells[i] for i in corner)
    back: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    queue = deque([start])
    # The corner is a 2x2 board of its own, listed in reading order.
    adjacent = _sources(2, 2)
    while queue:
        cur = queue.popleft()
        if cur == goal:
            break
        g = cur.index(0)
        for n in adjacent[g]:
            nxt = list(cur)
            nxt[g], nxt[n] = nxt[n], 0
            key = tuple(nxt)
            if key not in back:
                back[key] = (cur, n)
                queue.append(key)
    if goal not in back:
        raise Unsolvable("the last corner cannot be put in order (the board is unsolvable)")
    steps: list[int] = []
    node = back[goal]
    while node is not None:
        prev, n = node
        steps.append(corner[n])
        node = back[prev]
    for i in reversed(steps):
        b.slide(i)


def _reduce(grid: Grid) -> list[int]:
    b = _Board(grid)
    top, left = 0, 0
    locked: set[int] = set()
    while b.h - top > 2 or b.w - left > 2:
        rows, cols = b.h - top, b.w - left
        if rows > 2 and (rows >= cols or cols <= 2):
            _solve_row(b, top, left, locked)
            top += 1
        else:
            _solve_column(b, top, left, locked)
            left += 1
    _finish_corner(b, top, left)
    return b.moves


def _heuristic(cells: tuple[int, ...], w: int, n: int) -> int:
    """Manhattan distance plus linear conflicts: never more than the fewest slides.

    In a line (a row or a column), the tiles that belong in it and stand in the wrong order
    among themselves cannot all stay in it: all but the longest run already in order (not
    necessarily side by side) must step out of the line and back, two slides Manhattan distance
    does not count. A row's conflicts are slides across it and a column's along it, so the two
    kinds add up (Hansson, Mayer and Yung, 1992)."""
    total = 0
    rows: dict[int, list[int]] = {}
    cols: dict[int, list[int]] = {}
    for i, t in enumerate(cells):
        if t == 0:
            continue
        r, c = divmod(i, w)
        gr, gc = divmod(t - 1, w)
        total += abs(r - gr) + abs(c - gc)
        if r == gr:
            rows.setdefault(r, []).append(gc)
        if c == gc:
            cols.setdefault(c, []).append(gr)
    for line in (*rows.values(), *cols.values()):
        if len(line) > 1:
            total += 2 * (len(line) - _longest_in_order(line))
    return total


def _longest_in_order(line: list[int]) -> int:
    """The length of the longest increasing subsequence of `line` (patience sorting)."""
    tops: list[int] = []
    for x in line:
        at = bisect.bisect_left(tops, x)
        if at == len(tops):
            tops.append(x)
        else:
            tops[at] = x
    return len(tops)


Key = TypeVar("Key", bound=Hashable)


def walk_back(back: Mapping[Key, tuple[Key, int] | None], end: Key) -> list[int]:
    """The cells the gap moved to, in order, on a search's way to `end` (`back`: each position
    reached, with the position and the cell it was reached from; None at the start)."""
    steps: list[int] = []
    node = back[end]
    while node is not None:
        prev, moved = node
        steps.append(moved)
        node = back[prev]
    return steps[::-1]


def _astar(grid: Grid, node_limit: int = ASTAR_NODE_LIMIT) -> list[int] | None:
    """An optimal solution (a list of cells the gap moves to), or None past the node limit."""
    h, w = len(grid), len(grid[0])
    n = w * h
    start = tuple(v for row in grid for v in row)
    goal = tuple(v for row in solved_slide(h, w) for v in row)
    nbrs = _sources(h, w)
    best_cost = {start: 0}
    back: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    heap = [(_heuristic(start, w, n), 0, start)]
    expanded = 0
    while heap:
        _, cost, cur = heapq.heappop(heap)
        if cur == goal:
            return walk_back(back, cur)
        if cost > best_cost.get(cur, cost):
            continue
        expanded += 1
        if expanded > node_limit:
            return None
        g = cur.index(0)
        for j in nbrs[g]:
            nxt = list(cur)
            nxt[g], nxt[j] = nxt[j], 0
            key = tuple(nxt)
            if cost + 1 < best_cost.get(key, 1 << 30):
                best_cost[key] = cost + 1
                back[key] = (cur, j)
                heapq.heappush(heap, (cost + 1 + _heuristic(key, w, n), cost + 1, key))
    return None


def _tidy(start_gap: int, moves: list[int]) -> list[int]:
    """Drop a slide that a later slide undoes at once (the gap going there and straight back)."""
    gaps = [start_gap]
    for m in moves:
        if len(gaps) >= 2 and gaps[-2] == m:
            gaps.pop()
        else:
            gaps.append(m)
    return gaps[1:]


def optimal_length(grid: Grid, node_limit: int) -> int | None:
    """The fewest slides that solve `grid`, when a search of at most `node_limit` positions
    proves it (any size; a board near solved is quick even at 4x4), else None."""
    if not slide_solvable(grid):
        return None
    found = _astar(grid, node_limit)
    return None if found is None else len(found)


def optimal_solution(grid: Grid, node_limit: int) -> list[Slide] | None:
    """The fewest slides that solve `grid`, when a search of at most `node_limit` positions
    finds them, else None (a board of the wrong parity: None too)."""
    if not slide_solvable(grid):
        return None
    found = _astar(grid, node_limit)
    w = len(grid[0])
    return None if found is None else [Slide(divmod(i, w)) for i in found]


def solve(grid: Grid) -> list[Slide]:
    """Slides that take `grid` to the solved board (none when it is solved already).

    Raises Unsolvable for a board of the wrong parity.
    """
    if not slide_solvable(grid):
        raise Unsolvable("this slide board cannot be solved")
    h, w = len(grid), len(grid[0])
    if grid == solved_slide(h, w):
        return []
    moves: list[int] | None = None
    if w * h <= ASTAR_CELLS:
        moves = _astar(grid)
    if moves is None:
        flat = [v for row in grid for v in row]
        moves = _tidy(flat.index(0), _reduce(grid))
    return [Slide(divmod(i, w)) for i in moves]
