"""The slide searches' estimates never exceed the fewest slides, held to a breadth-first search.

Every board within BALL slides of the goal is listed by a breadth-first search from it, with
its exact distance; a deeper board's exact distance (up to 20) is found by meeting that ball:
the least of k + ball distance over the boards k <= REACH slides from it (a shortest way from a
board within BALL + REACH slides passes through a board REACH slides along it, inside the ball).
Every board in the ball and a large sample of random boards 15 to 20 slides out are checked.
"""

from __future__ import annotations

import functools
import random
import zlib
from typing import Iterator

import pytest

from game.bots import slide_solver
from game.bots.slide_plan import SlidePlanner, _turned, weighted_search
from game.bots.slide_tables import PATTERNS, build_table, flat, solved_cells, table_name
from game.io import gate
from game.io.paths import assets_dir

DEEPEST = 20
BALL_MOST = 70_000   # boards in the ball: 61,865 within 14 slides of a 4x4 goal, 55,998 within 16 of 3x4
SAMPLE = 500   # deeper boards per shape


def _neighbours(h: int, w: int) -> tuple[tuple[int, ...], ...]:
    return slide_solver._sources(h, w)


def _slides(board: bytes, near: tuple[tuple[int, ...], ...]) -> Iterator[bytes]:
    """The boards one slide from `board`."""
    gap = board.index(0)
    for cell in near[gap]:
        b = bytearray(board)
        b[gap], b[cell] = b[cell], 0
        yield bytes(b)


def _ball(h: int, w: int, most: int) -> tuple[dict[bytes, int], int]:
    """Every board within `radius` slides of the goal with its distance, the radius the deepest
    whole level that keeps the ball within `most` boards."""
    near = _neighbours(h, w)
    goal = bytes(solved_cells(h, w))
    seen = {goal: 0}
    level = [goal]
    depth = 0
    while depth < DEEPEST:
        following = []
        for board in level:
            for nxt in _slides(board, near):
                if nxt not in seen:
                    following.append(nxt)
                    seen[nxt] = depth + 1
        if len(seen) > most:
            for board in following:
                del seen[board]
            break
        level = following
        depth += 1
    return seen, depth


def _distance(board: bytes, ball: dict[bytes, int], radius: int, reach: int, near: tuple[tuple[int, ...], ...]) -> int | None:
    """The exact fewest slides of `board` when at most radius + reach, else None."""
    best = ball.get(board)
    seen = {board}
    level = [board]
    for k in range(1, reach + 1):
        following = []
        for b0 in level:
            for nxt in _slides(b0, near):
                if nxt not in seen:
                    seen.add(nxt)
                    following.append(nxt)
                    d = ball.get(nxt)
                    if d is not None and (best is None or k + d < best):
                        best = k + d
        level = following
    return best if best is not None and best <= radius + reach else None


def _walk(h: int, w: int, length: int, rng: random.Random) -> bytes:
    near = _neighbours(h, w)
    board = bytearray(solved_cells(h, w))
    gap, before = h * w - 1, -1
    for _ in range(length):
        cell = rng.choice([c for c in near[gap] if c != before])
        board[gap], board[cell] = board[cell], 0
        before, gap = gap, cell
    return bytes(board)


def _estimates(h: int, w: int) -> list[tuple[str, object]]:
    """(name, estimate of a flat board) for each search's estimate on this shape."""
    found: list[tuple[str, object]] = [("manhattan + linear conflicts",
                                       lambda cells: slide_solver._heuristic(cells, w, h * w))]
    planner = SlidePlanner()
    if (h, w) == (4, 3):
        tables = planner.tables(3, 4)
        found.append(("pattern tables (on its side)", lambda cells: tables.estimate(
            flat(_turned(tuple(tuple(cells[r * w:(r + 1) * w]) for r in range(h)))))))
    else:
        tables = planner.tables(h, w)
        found.append(("pattern tables", tables.estimate))
    return found


@functools.cache
def _boards(h: int, w: int) -> tuple[dict[bytes, int], dict[bytes, int]]:
    """(every board within the ball's radius, a sample of boards from there to 20 slides out),
    each with its exact distance."""
    ball, radius = _ball(h, w, BALL_MOST)
    reach = DEEPEST - radius
    assert radius >= 14 and reach <= 6   # every board within 14 slides, checked whole
    near = _neighbours(h, w)
    rng = random.Random(h * 10 + w)
    deeper: dict[bytes, int] = {}
    while len(deeper) < SAMPLE:
        board = _walk(h, w, rng.randint(radius + 1, DEEPEST + 10), rng)
        d = _distance(board, ball, radius, reach, near)
        if d is not None and d > radius:
            deeper[board] = d
    assert max(deeper.values()) == DEEPEST and min(deeper.values()) == radius + 1
    return ball, deeper


SHAPES = [(4, 4), (3, 4), (4, 3)]


@pytest.mark.parametrize(("h", "w"), SHAPES)
def test_no_estimate_exceeds_the_fewest_slides(h: int, w: int) -> None:
    for name, estimate in _estimates(h, w):
        for boards in _boards(h, w):
            over = [(board, d) for board, d in boards.items() if estimate(tuple(board)) > d]  # type: ignore[operator]
            assert not over, f"{name} overestimates {len(over)} boards, e.g. {list(over[0][0])} at {over[0][1]}"


@pytest.mark.parametrize(("h", "w"), SHAPES)
def test_the_planner_finds_the_fewest_slides_near_the_goal(h: int, w: int) -> None:
    # Its first try is exact: on a board a few slides from solved the hint is the best move
    # there is, and the search with its estimate (on 4x4, also the board turned about its
    # diagonal) at weight 1 finds the fewest slides, never fewer (a wrong estimate would).
    ball, deeper = _boards(h, w)
    planner = SlidePlanner()
    picked = sorted(deeper.items())[:40] + sorted(ball.items())[-40:]
    for board, d in picked:
        grid = tuple(tuple(board[r * w:(r + 1) * w]) for r in range(h))
        plan = planner.plan(grid)
        assert len(plan) == d, (list(board), d, len(plan))
        if h == w:
            assert len(weighted_search(tuple(board), planner.tables(h, w), (1, 1), 10 ** 6) or ()) == d


def test_the_board_the_old_linear_conflict_overestimated() -> None:
    # Tile 11 is in conflict with 3 and 7, and 15 with 4, 7 and 12, but moving 11 and 15 out of
    # their lines clears every conflict: 2 x 2 on top of Manhattan's 9 makes 13, the truth.
    grid = ((1, 2, 11, 3), (5, 6, 15, 4), (9, 10, 7, 0), (13, 14, 12, 8))
    assert slide_solver._heuristic(flat(grid), 4, 16) == 13
    assert slide_solver.optimal_length(grid, 1_000_000) == 13


def test_a_shipped_table_is_what_its_script_makes() -> None:
    # The smallest of them (the 3x4 board's five tiles, about 3 s); the others are made the same way.
    pattern = PATTERNS[(3, 4)][1]
    shipped = zlib.decompress(gate.read_bytes(assets_dir() / "slide" / table_name(3, 4, pattern)))
    assert shipped == build_table(3, 4, pattern)
    assert max(v for v in shipped if v != 255) == 22   # its farthest placing, as first measured
