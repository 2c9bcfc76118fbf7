"""Slide designers' tools: the solved board, shuffles by legal slides, the solution length, tiles
past 9 typed by number (issue 13, point 19)."""

from __future__ import annotations

import dataclasses
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
from hypothesis import given, settings
from hypothesis import strategies as st

from driving import SCREENSHOTS, assert_canvas_seen, center, click, frame, new_level, press, shot
from editor.model import blank, check
from editor import slide_tools
from editor.slide_tools import shuffled, solution_length, to_grid
from editor.view import EditorView
from game.bots.slide_plan import SlidePlanner
from game.bots.slide_solver import optimal_length, solve
from game.core import slide_solvable

key = arcade.key


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(1, 60), st.integers(0, 10**6))
def test_a_shuffle_is_always_solvable_and_the_length_is_a_real_solution(w: int, h: int, moves: int,
                                                                        seed: int) -> None:
    draft = dataclasses.replace(blank("slide", w, h), cells=shuffled(blank("slide", w, h), moves, seed))
    grid = to_grid(draft)
    assert grid is not None and slide_solvable(grid)
    found = solution_length(grid)
    assert found is not None
    length, optimal = found
    assert length <= len(solve(grid))
    if not optimal:
        assert length == len(SlidePlanner.shared().plan(grid))   # the hint's plan, a real solution
    assert length <= moves or not optimal     # the shuffle itself is a way back


def test_a_hard_4x4_board_is_counted_to_its_fewest_moves() -> None:
    # 44 slides from solved: Manhattan distance and linear conflict could not prove it within
    # the editor's allowance ("maybe fewer exist"); the hint's pattern tables prove it at once.
    grid = ((6, 4, 5, 2), (15, 0, 9, 3), (10, 13, 8, 14), (1, 7, 12, 11))
    assert optimal_length(grid, slide_tools.OPTIMAL_NODES) is None
    assert slide_tools.solution_words(solution_length(grid)) == "solution: 44 moves (the fewest)"


@settings(max_examples=3, deadline=None)
@given(st.sampled_from([(3, 4), (4, 3)]), st.integers(0, 10**6))
def test_the_fewest_moves_on_3x4_and_4x3_agree_with_the_plain_search(shape: tuple[int, int], seed: int) -> None:
    h, w = shape
    draft = dataclasses.replace(blank("slide", w, h), cells=shuffled(blank("slide", w, h), 40, seed))
    grid = to_grid(draft)
    assert grid is not None
    plain = optimal_length(grid, 400_000)
    assert plain is not None and solution_length(grid) == (plain, True)


def test_solved_shuffle_count_and_typed_numbers_in_the_editor(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "slide", 4, 4)
    click(window, *center(view.props.buttons["solved"]))
    assert any("already solved" in str(p) for p in view.model.problems())
    solved = view.model.draft
    click(window, *center(view.props.buttons["shuffle"]))
    assert not view.model.problems() and check(view.model.draft)[0] is not None
    view.props.solutions.text(view.model.draft)               # starts the count on its worker thread
    assert view.props.solutions._future is not None
    view.props.solutions._future.result(timeout=60)           # the count's end is the event waited on
    text = view.props.solutions.text(view.model.draft)
    assert text.startswith("solution: ") and "moves" in text, text
    frame(window)
    assert assert_canvas_seen(view, shot(window, view, SCREENSHOTS / "editor-slide-tools.png")) >= 8
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft == solved
    press(window, key.KEY_1)
    press(window, key.KEY_2)
    assert view.model.tool.token == "12"
    press(window, key.KEY_1)
    for _ in range(70):   # over a second passes (its frames drawn or not: the time counts): a new number starts
        view.on_update(1 / 60)
    press(window, key.KEY_5)
    assert view.model.tool.token == "5"


def test_every_solution_line_fits_the_properties_panel_unclipped() -> None:
    """The slide board's solution line, whatever it says, is shown whole (the panel clips past
    SOLUTION_CHARS: a real window showed '(the solver's; fewer ma...')."""
    found: list[tuple[int, bool] | None] = [None, (0, True), (12, True), (9999, False), (9999, True)]
    lines = [slide_tools.PLACE_EVERY_TILE, slide_tools.COUNTING] + [slide_tools.solution_words(f) for f in found]
    assert all(len(line) <= slide_tools.SOLUTION_CHARS for line in lines), lines
    assert "9999 moves" in lines[-2] and "fewer" in lines[-2] and "fewest" in lines[-1]
