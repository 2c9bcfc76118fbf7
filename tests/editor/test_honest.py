"""The editor shows what is true now: no stale flash, status, field, tool or half rectangle
(issue 13, points 16 and 17)."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import cell_xy, center, click, frame, new_level, press, send, set_field
from editor.view import EditorView

key = arcade.key


def test_esc_cancels_a_half_drawn_rectangle_before_it_leaves(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    press(window, key.X)
    press(window, key.KEY_3)
    press(window, key.SPACE)                             # the first corner, at the cursor
    assert view.model.rect_anchor == (0, 0)
    send(window, "on_mouse_motion", *map(int, cell_xy(view, (5, 5))), 1, 1)
    press(window, key.DOWN)
    press(window, key.RIGHT)                             # keys lead: the preview follows them
    assert view._rect_end() == (1, 1)
    press(window, key.ESCAPE)
    assert view.model.rect_anchor is None and window.current_view is view and view.dialog is None
    press(window, key.SPACE)
    press(window, key.DOWN)
    press(window, key.SPACE)
    assert view.model.draft.find("3") == [(1, 1), (2, 1)]


def test_fields_and_tools_never_disagree_with_the_board(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "width", "xyz")
    assert view.props.fields["width"].text == "6" and "not a whole number" in view.status.text
    set_field(window, view, "width", "999")
    assert view.model.draft.width == 32 and "set to 32" in view.status.text and view.props.fields["width"].text == "32"
    set_field(window, view, "width", "0")
    assert view.model.draft.width == 2 and "less than" in view.status.text and view.props.fields["width"].text == "2"
    # Undoing a switch to slide leaves a tool the match3 palette shows, never a hidden one.
    click(window, *center(view.props.buttons["mode:slide"]))
    assert view.model.tool.name == "tile"
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.mode == "match3" and view.model.tool.name == "kind"


def test_a_fixed_problems_flash_and_old_messages_go(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    press(window, key.KEY_2)
    for c in range(3):
        click(window, *cell_xy(view, (0, c)))             # a free run: a problem at a cell
    problem = next(p for p in view.model.problems() if p.cell is not None)
    rect = next(r for r, p in view.problems.rows if p == problem)
    click(window, *rect.center)
    assert view.problems.flash == problem.cell and view.cursor == problem.cell
    press(window, key.E)
    click(window, *cell_xy(view, (0, 1)))               # fixed
    frame(window)
    assert view.problems.flash is None
    view.say("something went wrong", bad=True)
    for _ in range(16):
        frame(window, 1.0)
    assert view.status.shown() == ""


def test_a_mode_switch_says_what_it_dropped_and_undo_brings_it_back(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "chain", 5, 5)
    press(window, key.P)
    click(window, *cell_xy(view, (0, 0)))
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    click(window, *center(view.props.buttons["pick cell"]))
    click(window, *cell_xy(view, (4, 4)))
    before = view.model.draft
    click(window, *center(view.props.buttons["mode:slide"]))
    assert view.model.draft.mode == "slide"
    for words in ("1 placed cell", "the player start", "the reach goal", "Ctrl+Z"):
        assert words in view.status.text, view.status.text
    assert view.props.fields["star0"].visible                 # slide star scores can be set, and seen
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft == before


def test_the_edge_buttons_stay_put_so_repeated_clicks_only_resize(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 5, 5)
    x, y = view.canvas.edge_buttons()[("right", 1)].center
    for _ in range(3):
        click(window, x, y)
    x, y = view.canvas.edge_buttons()[("top", 1)].center
    for _ in range(3):
        click(window, x, y)
    d = view.model.draft
    assert (d.width, d.height) == (8, 8) and d.find(".") == [(r, c) for r in range(8) for c in range(8)]


def test_pick_cell_is_not_left_highlighted_after_a_cell_is_picked(window: Any, editor: EditorView) -> None:
    from editor.widgets import button_style

    view = editor
    new_level(window, view, "chain", 5, 5)
    button = view.props.buttons["pick cell"]
    click(window, *center(button))
    assert view.props.picking_cell and button.style == button_style(11, selected=True)
    click(window, *cell_xy(view, (4, 4)))
    assert not view.props.picking_cell and view.model.draft.reach == (4, 4)
    assert button.style == button_style(11, selected=False)
