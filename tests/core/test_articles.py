"""Hand-made tests from the articles' own examples (tile crush, Draw3P, perfect field, fifteen)."""

from __future__ import annotations

from collections import deque

import pytest

from corekit import (
    Grid, level, ref_gravity, ref_legal_swaps, ref_runs, ref_slide_solvable, ref_stabilise,
    ref_swapped, solved,
)
from game.core import (
    EMPTY, HOLE, PLAYER, Chain, Chained, Cleared, Fell, IllegalMove, LevelError, PlayerMoved,
    Scored, Session, Slid, Slide, Spawned, Swap, SwapRejected, Swapped, Won, decide, fold, legal_commands,
    new_game, run_cells,
)


def matrix(text: str) -> list[list[int]]:
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]


def from_article(text: str) -> Grid:
    """The article's matrix rows are the board's columns, gravity pulling to each row's end:
    so the board is the transpose (matrix row i, item j -> board row j, column i)."""
    m = matrix(text)
    return tuple(tuple(m[c][r] for c in range(len(m))) for r in range(len(m[0])))


# -- tile crush (tile-crush-array-solution.txt) ----------------------------------------------

ARTICLE_BOARD = """
0 2 4 0 5 4 4 4 2
1 3 2 1 5 1 2 3 4
1 5 5 3 1 1 0 4 3
2 4 3 5 0 4 3 5 5
0 1 2 0 4 5 3 5 5
0 3 4 4 0 4 3 1 0
0 0 1 5 1 2 4 0 4
3 2 4 4 4 1 3 1 3
5 1 2 5 1 5 0 5 2
"""

# `gravity Board`, as printed in the article.
ARTICLE_GRAVITY = """
0 0 2 4 5 4 4 4 2
1 3 2 1 5 1 2 3 4
0 1 5 5 3 1 1 4 3
0 2 4 3 5 4 3 5 5
0 0 1 2 4 5 3 5 5
0 0 0 3 4 4 4 3 1
0 0 0 1 5 1 2 4 4
3 2 4 4 4 1 3 1 3
0 5 1 2 5 1 5 5 2
"""

# `3 <: +/ ((runs &. |:) >. runs)"2 ...`: the tiles that explode, as printed in the article.
ARTICLE_MASK = """
0 0 0 0 0 1 1 1 0
0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0
0 0 0 0 1 1 1 0 0
0 0 0 0 0 1 0 0 0
0 0 1 1 1 1 0 0 0
0 0 0 0 0 1 0 0 0
"""

# `update Board`: the stabilised board (the article shows it only as a picture). Worked by hand
# from ARTICLE_GRAVITY, in the article's coordinates (matrix row = board column):
#   step 1: 12 tiles at once: 4-4-4 on rows 0, 5 and 7, and 1-1-1 down item 5 of rows 6..8;
#   step 2: after the fall, 3-3-3 down item 6 of rows 3..5 and 5-5-5 along row 8 (items 5..7);
#   step 3: 5-5-5 along row 4 (items 6..8); then nothing lines up.
ARTICLE_STABLE = """
0 0 0 0 0 2 4 5 2
1 3 2 1 5 1 2 3 4
0 1 5 5 3 1 1 4 3
0 0 2 4 3 5 4 5 5
0 0 0 0 0 0 1 2 4
0 0 0 0 0 0 0 3 1
0 0 0 0 1 5 2 4 4
0 0 0 0 3 2 3 1 3
0 0 0 0 0 5 1 2 2
"""


def test_article_gravity_is_a_stable_partition_toward_the_end_of_each_row() -> None:
    assert ref_gravity(from_article(ARTICLE_BOARD)) == from_article(ARTICLE_GRAVITY)


def test_core_finds_exactly_the_articles_explosion_mask() -> None:
    board = from_article(ARTICLE_GRAVITY)
    mask = from_article(ARTICLE_MASK)
    want = {(r, c) for r, row in enumerate(mask) for c, v in enumerate(row) if v}
    assert run_cells(board, 3) == want
    assert ref_runs(board, 3) == want
    assert len(want) == 12


def test_article_board_stabilises_to_the_worked_result() -> None:
    stable = ref_stabilise(from_article(ARTICLE_BOARD))
    assert stable == from_article(ARTICLE_STABLE)
    assert run_cells(stable, 3) == set()


def test_core_cascade_after_the_articles_swap_matches_the_reference_step_by_step() -> None:
    """The article's own move: swap (1 4; 2 4) on the stabilised board, i.e. board cells
    (4,1) and (4,2). Every cascade step of the core must be one explosion of all runs at once
    followed by the article's gravity; only the refill (not in the article) is ours."""
    # The article's empty cells sit above every tile once it is stable, so no tile can ever
    # fall into them again: as a level they are holes over each column's chute.
    stable = tuple(tuple(HOLE if v == 0 else v for v in row) for row in from_article(ARTICLE_STABLE))
    lv = level("match3", 9, 9, kinds=5,
               layout=[" ".join("#" if v == HOLE else str(v) for v in row) for row in stable])
    state = new_game(lv, 7)
    assert state.grid == stable
    a, b = (4, 1), (4, 2)
    swapped = ref_swapped(stable, a, b)
    assert ref_runs(swapped, 3) == {(2, 2), (3, 2), (4, 2)}    # 5-5-5 down board column 2
    events = decide(state, Swap(a, b))
    assert events[0] == Swapped(a, b)
    s = fold(state, events[:1])
    assert s.grid == swapped
    step = 0
    i = 1
    while i < len(events) and isinstance(events[i], Cleared):
        step += 1
        cleared = events[i]
        assert isinstance(cleared, Cleared)
        assert set(cleared.cells) == ref_runs(s.grid, 3) and len(set(cleared.cells)) == len(cleared.cells)
        scored = events[i + 1]
        assert scored == Scored(10 * len(cleared.cells) * step, step)
        exploded = fold(s, events[i:i + 2])
        i += 2
        if isinstance(events[i], Fell):
            s = fold(exploded, events[i:i + 1])
            i += 1
        else:
            s = exploded
        assert s.grid == ref_gravity(exploded.grid), f"step {step}: the article's gravity"
        spawned = events[i]
        assert isinstance(spawned, Spawned)
        # new tiles fill every space the explosion left, entering at the top of each chute
        assert sorted(c for c, _ in spawned.tiles) == sorted(
            (r, c) for r, row in enumerate(s.grid) for c, v in enumerate(row) if v == EMPTY)
        s = fold(s, [spawned])
        i += 1
    assert step >= 1
    end = fold(state, events)
    assert not ref_runs(end.grid, 3)
    assert all(v != EMPTY for row in end.grid for v in row)
    assert end.score == sum(e.points for e in events if isinstance(e, Scored))
    assert end.moves == 1


def test_crossing_runs_explode_together_and_count_once() -> None:
    """A T of 1s: the swap completes a row of 5 and a column of 3 through one cell; all 7
    tiles clear in one step and the crossing cell counts once."""
    lv = level("match3", 5, 5, kinds=5, layout=[
        "2 3 2 4 5",
        "4 5 1 2 3",
        "1 1 3 1 1",
        "3 2 1 5 2",
        "5 4 1 3 4",
    ], rules={"specials": False})   # the plain rule; tests/core/test_specials.py has the rainbow it makes
    s = Session(lv, 1)
    events = s.play(Swap((0, 0), (0, 1)))    # 2 and 3 trade places: no run
    assert events == [SwapRejected((0, 0), (0, 1))]
    assert s.commands == [] and s.state.moves == 0 and s.state == s.initial
    events = s.play(Swap((2, 2), (1, 2)))    # the 1 at (1,2) drops into the row of 1s
    assert events[0] == Swapped((2, 2), (1, 2))
    assert events[1] == Cleared(((2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (4, 2)))
    assert events[2] == Scored(70, 1)
    assert s.state.collected_of(1) >= 7 and s.state.moves == 1


# -- Draw3P (draw-and-match-with-player.txt) --------------------------------------------------

DRAW3P = [
    "1 2 3 1 2 3 1",
    "2 3 1 2 3 1 2",
    "3 1 2 3 1 2 3",
    "1 2 3 2 3 3 1",
    "2 3 1 3 2 1 2",
    "3 1 2 P 1 2 3",
    "1 2 3 1 2 3 1",
]


def test_draw3p_walk_tiles_fall_past_the_player() -> None:
    """The article's board (7x7, 3 items, diagonals on): the player at (5,3) walks up-right to
    (4,4) and up-left to (3,3), eating two 2s. It stays on (3,3); the cell it left, (5,3), is
    below it, so the tiles above it in column 3 fall past it (2,3 lands on 4,3)."""
    lv = level("chain", 7, 7, kinds=3, layout=DRAW3P, rules={"min_chain": 3, "diagonal": True})
    s = Session(lv, 3)
    assert s.state.player == (5, 3)
    before = s.state.grid
    events = s.play(Chain(((5, 3), (4, 4), (3, 3))))
    assert events[:3] == [Chained(((5, 3), (4, 4), (3, 3))), PlayerMoved((5, 3), (4, 4)),
                          PlayerMoved((4, 4), (3, 3))]
    assert events[3] == Scored(20, 1)
    fell = events[4]
    assert isinstance(fell, Fell)
    assert sorted(fell.moves) == sorted([
        # column 3: 0,1,2 and 4 fall one chute step; 2 -> 4 skips the player on 3
        ((0, 3), (1, 3)), ((1, 3), (2, 3)), ((2, 3), (4, 3)), ((4, 3), (5, 3)),
        # column 4: the eaten (4,4) is refilled from above
        ((0, 4), (1, 4)), ((1, 4), (2, 4)), ((2, 4), (3, 4)), ((3, 4), (4, 4)),
    ])
    spawned = events[5]
    assert isinstance(spawned, Spawned)
    assert sorted(c for c, _ in spawned.tiles) == [(0, 3), (0, 4)]
    after = s.state
    assert after.player == (3, 3) and after.grid[3][3] == PLAYER
    assert after.grid[4][3] == before[2][3] and after.grid[5][3] == before[4][3]
    assert after.grid[6][3] == before[6][3], "nothing falls into the bottom row"
    assert after.collected_of(2) == 2 and after.moves == 1


def test_draw3p_player_never_falls_even_over_empty_space() -> None:
    """The player walks down and leaves space above: tiles fill it, the player stays put."""
    lv = level("chain", 7, 7, kinds=3, layout=DRAW3P, rules={"min_chain": 2})
    s = Session(lv, 1)
    events = s.play(Chain(((5, 3), (6, 4))))      # down-right onto a 2
    assert s.state.player == (6, 4)
    fell = [e for e in events if isinstance(e, Fell)][0]
    assert ((4, 3), (5, 3)) in fell.moves         # the tile above drops into the left cell
    assert all(src != (6, 4) and dst != (6, 4) for src, dst in fell.moves)


def test_draw3p_chain_rules() -> None:
    rows = list(DRAW3P)
    rows[6] = "1 2 3 1 1 3 1"          # P(5,3) -> (6,3) -> (6,4): two 1s, side by side
    lv = level("chain", 7, 7, kinds=3, layout=rows, rules={"min_chain": 3, "diagonal": False})
    s = Session(lv, 1)
    # start on the player: any other start is refused
    with pytest.raises(IllegalMove, match="starts on the player"):
        s.play(Chain(((4, 4), (3, 4), (3, 5))))
    # diagonal steps are refused when rules.diagonal is off
    with pytest.raises(IllegalMove, match="side by side"):
        s.play(Chain(((5, 3), (4, 4), (3, 3))))
    # min_chain counts the player: P + one tile is too short for 3
    with pytest.raises(IllegalMove, match="at least 3"):
        s.play(Chain(((5, 3), (5, 4))))
    # one kind only: (5,4) is 1, (4,4) is 2
    with pytest.raises(IllegalMove, match="one kind"):
        s.play(Chain(((5, 3), (5, 4), (4, 4))))
    # no repeats
    with pytest.raises(IllegalMove, match="twice"):
        s.play(Chain(((5, 3), (6, 3), (5, 3))))
    # only tiles: the path may not run off the board
    with pytest.raises(IllegalMove, match="outside"):
        s.play(Chain(((5, 3), (6, 3), (7, 3))))
    assert s.commands == [] and s.state.moves == 0
    # legal_commands offers the longest chains: here the player's 1-1-1 loop around (6,3)
    assert set(legal_commands(s.state)) == {Chain(((5, 3), (5, 4), (6, 4), (6, 3))),
                                            Chain(((5, 3), (6, 3), (6, 4), (5, 4)))}
    events = s.play(Chain(((5, 3), (6, 3), (6, 4))))
    assert events[0] == Chained(((5, 3), (6, 3), (6, 4))) and s.state.player == (6, 4)
    assert s.state.collected_of(1) == 2


def test_chain_without_a_player_starts_anywhere_and_clears_its_tiles() -> None:
    rows = [r.replace("P", "1") for r in DRAW3P]
    lv = level("chain", 7, 7, kinds=3, layout=rows, rules={"min_chain": 3, "diagonal": True})
    s = Session(lv, 1)
    assert s.state.player is None
    with pytest.raises(IllegalMove, match="at least 3"):
        s.play(Chain(((0, 0), (1, 1))))           # two tiles: min_chain counts tiles here
    events = s.play(Chain(((0, 2), (1, 1), (2, 0))))   # 3, 3, 3 down a diagonal
    assert events[:2] == [Chained(((0, 2), (1, 1), (2, 0))), Cleared(((0, 2), (1, 1), (2, 0)))]
    assert events[2] == Scored(30, 1)
    assert s.state.collected_of(3) == 3 and s.state.moves == 1


# -- the perfect field (match3-perfect-field.txt) ----------------------------------------------

@pytest.mark.parametrize("kinds", range(3, 10))
def test_new_boards_have_no_free_match_and_a_move(kinds: int) -> None:
    sizes = [(3, 3), (3, 5), (8, 8), (9, 9), (5, 12)]
    for width, height in sizes:
        lv = level("match3", width, height, kinds=kinds)
        for seed in range(12):
            grid = new_game(lv, seed).grid
            assert not ref_runs(grid, 3), f"free match on {width}x{height}, seed {seed}"
            assert ref_legal_swaps(grid, 3), f"no move on {width}x{height}, seed {seed}"


@pytest.mark.parametrize("min_match", [3, 4, 5])
def test_tight_fields_with_holes_and_longer_runs(min_match: int) -> None:
    lv = level("match3", 5, 5, kinds=3, rules={"min_match": min_match}, layout=[
        ". . # . .",
        ". . . . .",
        "# . . . #",
        ". . . . .",
        ". . # . .",
    ])
    for seed in range(30):
        grid = new_game(lv, seed).grid
        assert grid[0][2] == grid[2][0] == grid[2][4] == grid[4][2] == -1
        assert not ref_runs(grid, min_match)
        assert ref_legal_swaps(grid, min_match)


def test_a_field_that_can_never_have_a_move_is_a_level_error_saying_why() -> None:
    # a row of holes cuts every column: a 2-cell chute can never hold a run of 3 down,
    # and a 5-wide row of 3 kinds... has runs; use a board of single cells between holes.
    lv = level("match3", 5, 3, kinds=3, layout=[
        ". # . # .",
        "# . # . #",
        ". # . # .",
    ])
    with pytest.raises(LevelError, match="no swap"):
        new_game(lv, 1)


def test_a_run_longer_than_the_board_is_refused_naming_the_rule() -> None:
    with pytest.raises(LevelError) as info:
        level("match3", 4, 3, rules={"min_match": 5})
    assert [p.path for p in info.value.problems] == [("rules", "min_match")]


# -- fifteen (fifteen-puzzle-love.txt) --------------------------------------------------------

def reachable_from_solved(height: int, width: int) -> set[Grid]:
    """Every board legal slides reach from the solved one (breadth first)."""
    start = solved(height, width)
    seen = {start}
    todo = deque([start])
    while todo:
        g = todo.popleft()
        gr, gc = next((r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v == EMPTY)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = gr + dr, gc + dc
            if 0 <= r < height and 0 <= c < width:
                rows = [list(row) for row in g]
                rows[gr][gc], rows[r][c] = rows[r][c], EMPTY
                n = tuple(tuple(row) for row in rows)
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
    return seen


@pytest.mark.parametrize("height,width", [(2, 3), (3, 2), (2, 4)])
def test_fifteen_shuffle_reaches_only_solvable_boards_never_solved(height: int, width: int) -> None:
    reachable = reachable_from_solved(height, width)
    lv = level("slide", width, height)
    starts = set()
    for seed in range(60):
        grid = new_game(lv, seed).grid
        assert grid in reachable, f"seed {seed} dealt a board legal slides cannot solve"
        assert grid != solved(height, width), f"seed {seed} dealt a solved board"
        starts.add(grid)
    assert len(starts) > 10, "the shuffle really shuffles"


@pytest.mark.parametrize("size", [3, 4, 5, 8, 12])
def test_fifteen_shuffle_is_solvable_at_every_size(size: int) -> None:
    for seed in range(20):
        for w, h in ((size, size), (size, 3)):
            grid = new_game(level("slide", w, h), seed).grid
            assert ref_slide_solvable(grid) and grid != solved(h, w)


def bfs_solution(grid: Grid) -> list[tuple[int, int]]:
    """The cells to slide, in order, to solve a small board (breadth first)."""
    height, width = len(grid), len(grid[0])
    goal = solved(height, width)
    back: dict[Grid, tuple[Grid, tuple[int, int]] | None] = {grid: None}
    todo = deque([grid])
    while todo:
        g = todo.popleft()
        if g == goal:
            break
        gr, gc = next((r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v == EMPTY)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = gr + dr, gc + dc
            if 0 <= r < height and 0 <= c < width:
                rows = [list(row) for row in g]
                rows[gr][gc], rows[r][c] = rows[r][c], EMPTY
                n = tuple(tuple(row) for row in rows)
                if n not in back:
                    back[n] = (g, (r, c))
                    todo.append(n)
    path = []
    g = goal
    while back[g] is not None:
        prev, cell = back[g]  # type: ignore[misc]
        path.append(cell)
        g = prev
    return path[::-1]


def test_fifteen_is_won_when_solved() -> None:
    lv = level("slide", 3, 2)
    s = Session(lv, 5)
    moves = bfs_solution(s.state.grid)
    assert moves
    for i, cell in enumerate(moves):
        assert s.state.status == "playing"
        events = s.play(Slide(cell))
        assert isinstance(events[0], Slid) and events[0].src == cell
    assert s.state.grid == solved(2, 3)
    assert s.state.status == "won" and isinstance(events[-1], Won)
    assert s.state.score == max(100 * 6 // 10, 100 * 6 - 10 * len(moves))
    assert legal_commands(s.state) == []
    with pytest.raises(IllegalMove, match="over"):
        s.play(Slide(moves[-1]))


def test_fifteen_given_layout_is_that_board_and_one_slide_wins() -> None:
    lv = level("slide", 3, 3, layout=["1 2 3", "4 5 6", "7 _ 8"])
    s = Session(lv, 1)
    assert s.state.grid == ((1, 2, 3), (4, 5, 6), (7, 0, 8))
    with pytest.raises(IllegalMove, match="not next to the gap"):
        s.play(Slide((0, 0)))
    events = s.play(Slide((2, 2)))
    assert events[0] == Slid((2, 2), (2, 1)) and events[-1] == Won()


@pytest.mark.parametrize("height,width", [(2, 3), (3, 2), (2, 4)])
def test_the_solvability_oracle_agrees_with_breadth_first_search(height: int, width: int) -> None:
    """The parity rule the property tests use, checked on every board of a small size."""
    from itertools import permutations
    from math import factorial
    reachable = reachable_from_solved(height, width)
    n = height * width
    count = 0
    for perm in permutations(range(n)):
        grid = tuple(tuple(perm[r * width:(r + 1) * width]) for r in range(height))
        assert ref_slide_solvable(grid) == (grid in reachable)
        count += grid in reachable
    assert count == len(reachable) and count * 2 == factorial(n), "exactly half are solvable"
