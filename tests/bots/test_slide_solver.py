"""The slide solver: every solvable board from 2x2 to 6x6 (and oblong ones) solved, quickly."""

from __future__ import annotations

import random

import pytest

from game.bots import SlideBot, Unsolvable, play_game, slide_solver, solve
from game.core import Level, Session, legal_commands
from game.core.boards import slide_solvable, solved_slide
from game.core.grid import Grid


def _random_board(height: int, width: int, rng: random.Random) -> Grid:
    while True:
        tiles = list(range(height * width))
        rng.shuffle(tiles)
        grid = tuple(tuple(tiles[r * width:(r + 1) * width]) for r in range(height))
        if slide_solvable(grid) and grid != solved_slide(height, width):
            return grid


def _level(height: int, width: int, grid: Grid | None = None) -> Level:
    data: dict[str, object] = {"format": 1, "id": f"s{height}x{width}", "name": "S", "mode": "slide",
                               "width": width, "height": height}
    if grid is not None:
        data["layout"] = [" ".join(str(v) if v else "_" for v in row) for row in grid]
    return Level.from_dict(data)


@pytest.mark.parametrize(("height", "width"), [
    (2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (4, 4), (4, 6), (5, 5), (6, 4), (6, 6),
    (12, 12), (5, 12),
])
def test_random_boards_are_solved_by_legal_slides(height: int, width: int) -> None:
    rng = random.Random(height * 100 + width)
    for _ in range(12 if height * width <= 36 else 2):   # a 12x12 plan is ~3,000 slides to replay
        grid = _random_board(height, width, rng)
        moves = solve(grid)
        # Played through the real rules: every slide legal, and the last one wins.
        session = Session.replay(_level(height, width, grid), 0, moves)
        assert session.state.status == "won"
        assert session.state.grid == solved_slide(height, width)


def test_3x3_solutions_are_optimal() -> None:
    # One of the two hardest 8-puzzle positions needs exactly 31 moves.
    assert len(solve(((8, 6, 7), (2, 5, 4), (3, 0, 1)))) == 31
    assert len(solve(((1, 2, 3), (4, 5, 6), (7, 0, 8)))) == 1


def test_a_6x6_board_is_solved_without_a_search_in_a_plan_a_player_can_follow(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Fast without a clock: past 3x3 no search runs at all (its cost could grow without bound),
    # the board is put in order row by row, and the plan stays short enough to follow as hints.
    searched: list[int] = []
    search = slide_solver._astar
    monkeypatch.setattr(slide_solver, "_astar",
                        lambda grid, *a: searched.append(len(grid) * len(grid[0])) or search(grid, *a))
    rng = random.Random(6)
    for grid in [_random_board(6, 6, rng) for _ in range(10)]:
        moves = solve(grid)
        assert 0 < len(moves) < 1000
        assert Session.replay(_level(6, 6, grid), 0, moves).state.status == "won"
    solve(_random_board(3, 3, rng))
    assert searched == [9]      # the 3x3 board was searched (the patch sees the solver's calls)


def test_solved_and_unsolvable_boards() -> None:
    assert solve(solved_slide(4, 4)) == []
    swapped = ((2, 1, 3), (4, 5, 6), (7, 8, 0))
    with pytest.raises(Unsolvable):
        solve(swapped)


def test_the_slide_bot_wins_shuffled_levels_and_replans() -> None:
    level = _level(5, 5)
    session = play_game(level, 4, SlideBot())
    assert session.state.status == "won"
    # Someone else moves a tile the bot did not plan for: it plans again and still wins.
    bot = SlideBot()
    other = Session(level, 9)
    planned = bot.choose(other.state)
    detour = next(c for c in legal_commands(other.state) if c != planned)
    other.play(detour)
    for _ in range(2000):
        if other.state.status != "playing":
            break
        other.play(bot.choose(other.state))
    assert other.state.status == "won"


def test_a_plan_is_the_same_whatever_the_solver_planned_before() -> None:
    # The solver keeps the ways its searches found (by board size and the cells they avoid);
    # a board's plan must not depend on which boards were planned before it in the process.
    from game.bots.person import solve_by_rows
    from game.bots.slide_solver import _gap_way, _pair_way, _tile_way

    rng = random.Random(66)
    boards = [_random_board(6, 6, rng) for _ in range(40)] + [_random_board(4, 7, rng) for _ in range(10)]
    warm = [(solve(grid), solve_by_rows(grid)) for grid in boards]
    cold = []
    for grid in boards:
        for kept in (_gap_way, _pair_way, _tile_way):
            kept.cache_clear()
        cold.append((solve(grid), solve_by_rows(grid)))
    assert warm == cold
    # The boards met the kept ways again (else this test would prove nothing about them).
    assert _gap_way.cache_info().hits > 0
