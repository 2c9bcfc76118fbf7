"""The rectangle selection in the editor (V or Shift+drag; copy, cut, paste, move, clear), driven by real mouse and key events."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import SCREENSHOTS, assert_canvas_seen, cell_xy, click, drag, frame, new_level, press, send, shot
from looks import brightness, near, pixel
from editor.regions import Area
from editor.selection import OUTLINE
from editor.view import EditorView

key = arcade.key
CTRL = key.MOD_CTRL


def point(window: Any, view: EditorView, cell: tuple[int, int]) -> None:
    """The pointer moves over a cell (no button down)."""
    x, y = cell_xy(view, cell)
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    frame(window)


def shift_drag(window: Any, view: EditorView, a: tuple[int, int], b: tuple[int, int]) -> None:
    (x0, y0), (x1, y1) = cell_xy(view, a), cell_xy(view, b)
    send(window, "on_mouse_press", int(x0), int(y0), arcade.MOUSE_BUTTON_LEFT, key.MOD_SHIFT)
    send(window, "on_mouse_drag", int(x1), int(y1), int(x1 - x0), int(y1 - y0), arcade.MOUSE_BUTTON_LEFT, key.MOD_SHIFT)
    send(window, "on_mouse_release", int(x1), int(y1), arcade.MOUSE_BUTTON_LEFT, key.MOD_SHIFT)
    frame(window)


def layers(view: EditorView, cell: tuple[int, int]) -> tuple[str, int]:
    d = view.model.draft
    return d.token(cell), d.layers_at("jelly", cell)


def outline_seen(image: Any, view: EditorView, area: Area) -> int:
    """How many pixels along the area's top edge show the selection's bright dashes."""
    lay = view.canvas.layout
    assert lay is not None
    left = lay.left + area.left * lay.cell
    top = lay.top - area.top * lay.cell
    return sum(1 for dx in range(int(area.width * lay.cell))
               if any(near(pixel(image, left + dx, top + dy), OUTLINE[:3], 40) for dy in (-1, 0, 1)))


def paint(window: Any, view: EditorView) -> None:
    """A corner of every layer: a kind, a stone, jelly under a locked tile, a bomb."""
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (0, 0)))
    press(window, key.S)
    click(window, *cell_xy(view, (0, 1)))
    press(window, key.KEY_3)
    click(window, *cell_xy(view, (1, 0)))
    press(window, key.L)
    click(window, *cell_xy(view, (1, 0)))
    press(window, key.J)
    click(window, *cell_xy(view, (1, 0)))
    press(window, key.KEY_4)
    press(window, key.Q)
    press(window, key.Q)
    press(window, key.Q)
    click(window, *cell_xy(view, (1, 1)))
    d = view.model.draft
    assert [layers(view, c) for c in ((0, 0), (0, 1), (1, 0), (1, 1))] == [("2", 0), ("S1", 0), ("3L", 1), ("4b", 0)]
    assert d.token((2, 2)) == "."


def test_select_copy_paste_under_the_pointer_and_undo(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 7, 7)
    paint(window, view)
    source = [layers(view, (r, c)) for r in (0, 1) for c in (0, 1)]
    press(window, key.V)                                   # the select tool
    drag(window, [cell_xy(view, (0, 0)), cell_xy(view, (1, 0)), cell_xy(view, (1, 1))])
    assert view.selection.area == Area(0, 0, 2, 2)
    assert [layers(view, (r, c)) for r in (0, 1) for c in (0, 1)] == source   # selecting painted nothing
    assert "selected 2 x 2" in view.status.text
    image = shot(window, view, SCREENSHOTS / "editor-selection.png")
    assert outline_seen(image, view, Area(0, 0, 2, 2)) > 20, "the selection's outline is not seen"
    press(window, key.C, CTRL)
    assert "copied 2 x 2" in view.status.text
    before = view.model.draft
    press(window, key.V, CTRL)
    point(window, view, (4, 3))
    image = shot(window, view, SCREENSHOTS / "editor-paste-ghost.png")
    # The ghost: the piece drawn faded under the pointer, outlined, while the board is unchanged.
    assert view.model.draft == before
    assert outline_seen(image, view, Area(4, 3, 2, 2)) > 20, "the paste's outline is not seen under the pointer"
    random_cell = pixel(image, *cell_xy(view, (6, 6)))
    ghost_cell = pixel(image, *cell_xy(view, (4, 4)))   # the stone, faded, where a random cell is
    assert not near(ghost_cell, random_cell, 30), (ghost_cell, random_cell)
    click(window, *cell_xy(view, (4, 3)))
    assert [layers(view, (r, c)) for r in (4, 5) for c in (3, 4)] == source
    assert view.selection.area == Area(4, 3, 2, 2)
    assert view.model.draft.token((0, 0)) == "2"          # a copy leaves the original
    assert assert_canvas_seen(view, shot(window, view, SCREENSHOTS / "editor-pasted.png")) >= 8
    press(window, key.Z, CTRL)                              # one undo step takes the whole paste
    assert view.model.draft == before
    # Pasted at the corner: what falls outside the board is cut off, and the status says so.
    press(window, key.V, CTRL)
    point(window, view, (6, 6))
    click(window, *cell_xy(view, (6, 6)))
    assert layers(view, (6, 6)) == source[0]
    assert "3 cells off the board cut off" in view.status.text
    assert view.selection.area == Area(6, 6, 1, 1)
    # From the keyboard: Ctrl+V, the arrows carry the paste with the cursor, Enter lays it.
    press(window, key.V, CTRL)
    for arrow in [key.UP] * 6 + [key.LEFT] * 6 + [key.DOWN] * 5 + [key.RIGHT] * 4:
        press(window, arrow)
    assert view.cursor == (5, 4) and view.model.draft.token((5, 4)) == "."
    assert outline_seen(shot(window, view, SCREENSHOTS / "editor-paste-keys.png"), view, Area(5, 4, 2, 2)) > 20
    press(window, key.ENTER)
    assert [layers(view, (r, c)) for r in (5, 6) for c in (4, 5)] == source


def test_cut_move_with_arrows_and_a_drag_delete_and_escape(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 7, 7)
    paint(window, view)
    source = [layers(view, (r, c)) for r in (0, 1) for c in (0, 1)]
    # Shift+drag selects with the brush still chosen; nothing is painted.
    press(window, key.KEY_5)
    shift_drag(window, view, (0, 0), (1, 1))
    assert view.selection.area == Area(0, 0, 2, 2) and not view.model.draft.find("5")
    steps = len(view.model.history.past)
    press(window, key.RIGHT)
    press(window, key.DOWN)
    assert view.selection.area == Area(1, 1, 2, 2)
    assert [layers(view, (r, c)) for r in (1, 2) for c in (1, 2)] == source
    assert layers(view, (0, 0)) == (".", 0) and len(view.model.history.past) == steps + 2   # a step a move
    # Undo and redo bring the outline back with the cells.
    press(window, key.Z, CTRL)
    assert view.selection.area == Area(0, 1, 2, 2) and layers(view, (0, 1)) == source[0]
    press(window, key.Y, CTRL)
    assert view.selection.area == Area(1, 1, 2, 2) and layers(view, (1, 1)) == source[0]
    # A drag inside the selection carries it: while it is carried the place it leaves is dimmed
    # and the piece is seen faded where it would land; the release moves it.
    lay = view.canvas.layout
    assert lay is not None
    x, y = cell_xy(view, (1, 1))
    box = (x - lay.cell / 3, y - lay.cell / 3, x + lay.cell / 3, y + lay.cell / 3)
    lit = brightness(shot(window, view, SCREENSHOTS / "editor-selection-move.png"), box)
    (x0, y0), (x1, y1) = cell_xy(view, (1, 1)), cell_xy(view, (4, 4))
    send(window, "on_mouse_press", int(x0), int(y0), arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_drag", int(x1), int(y1), int(x1 - x0), int(y1 - y0), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)
    image = shot(window, view, SCREENSHOTS / "editor-selection-moving.png")
    assert brightness(image, box) < lit * 0.7, (brightness(image, box), lit)
    assert outline_seen(image, view, Area(4, 4, 2, 2)) > 20
    assert layers(view, (1, 1)) == source[0]                 # nothing moved before the release
    send(window, "on_mouse_release", int(x1), int(y1), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)
    assert view.selection.area == Area(4, 4, 2, 2)
    assert [layers(view, (r, c)) for r in (4, 5) for c in (4, 5)] == source
    assert layers(view, (1, 1)) == (".", 0)
    # At the edge an arrow moves nothing (no content goes off the board).
    press(window, key.DOWN)
    press(window, key.RIGHT)
    press(window, key.RIGHT)
    assert view.selection.area == Area(5, 5, 2, 2) and "edge" in view.status.text
    # Delete clears every layer to random cells; Ctrl+Z brings them back.
    press(window, key.DELETE)
    assert all(layers(view, (r, c)) == (".", 0) for r in (5, 6) for c in (5, 6))
    press(window, key.Z, CTRL)
    assert [layers(view, (r, c)) for r in (5, 6) for c in (5, 6)] == source
    # Cut: copied, then cleared in one step; Esc drops the selection, then arrows move the cursor.
    press(window, key.X, CTRL)
    assert all(layers(view, (r, c)) == (".", 0) for r in (5, 6) for c in (5, 6))
    press(window, key.ESCAPE)
    assert view.selection.area is None and view.dialog is None
    cursor = view.cursor
    press(window, key.LEFT)
    assert view.cursor == (cursor[0], cursor[1] - 1)
    # From the keyboard alone: Shift+arrows stretch a selection from the cursor, the cursor with it.
    for arrow in [key.UP] * 7 + [key.LEFT] * 7:
        press(window, arrow)
    press(window, key.RIGHT, key.MOD_SHIFT)
    press(window, key.DOWN, key.MOD_SHIFT)
    press(window, key.RIGHT, key.MOD_SHIFT)
    assert view.selection.area == Area(0, 0, 2, 3) and view.cursor == (1, 2)
    press(window, key.LEFT, key.MOD_SHIFT)
    assert view.selection.area == Area(0, 0, 2, 2)
    press(window, key.ESCAPE)
    press(window, key.V)                                   # the select tool: a click selects one cell
    click(window, *cell_xy(view, (3, 3)))
    assert layers(view, (3, 3)) == (".", 0) and view.selection.area == Area(3, 3, 1, 1)
    press(window, key.V, CTRL)
    point(window, view, (0, 0))
    press(window, key.ESCAPE)                              # the paste is cancelled, nothing laid
    assert view.selection.ghost is None and layers(view, (0, 0)) == (".", 0)
    press(window, key.ESCAPE)                              # the selection goes, then the select tool
    assert view.selection.area is None and view.selection.active
    press(window, key.ESCAPE)
    assert not view.selection.active and view.dialog is None
    press(window, key.V)
    press(window, key.X)                                   # another shape: painting again
    assert not view.selection.active
    press(window, key.D)
    click(window, *cell_xy(view, (2, 3)))
    assert layers(view, (2, 3)) == ("5b", 0)   # the brush as it was (paint() left the bomb special on)


def test_bad_clipboard_text_changes_nothing_and_the_player_is_never_doubled(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "chain", 6, 6)
    press(window, key.P)
    click(window, *cell_xy(view, (2, 2)))
    assert view.model.draft.find("P") == [(2, 2)]
    before = view.model.draft
    view.selection.clipboard.put("a sentence copied from somewhere else")   # another program's text
    press(window, key.V, CTRL)
    assert view.selection.ghost is None and view.status.bad and "no board piece" in view.status.text
    view.selection.clipboard.put("gridfall-piece: 1\nmode: chain\nlayout: ['1 2', '3']\n")
    press(window, key.V, CTRL)
    assert view.selection.ghost is None and view.status.bad and "different lengths" in view.status.text
    assert view.model.draft == before
    # Copy the player with its neighbours and paste it elsewhere: still one player.
    shift_drag(window, view, (2, 1), (2, 3))
    press(window, key.C, CTRL)
    press(window, key.V, CTRL)
    point(window, view, (4, 1))
    click(window, *cell_xy(view, (4, 1)))
    assert view.model.draft.find("P") == [(2, 2)]
    # A slide board takes no match3 piece.
    view.selection.clipboard.put("gridfall-piece: 1\nmode: match3\nlayout: ['1 2']\n")
    new_level(window, view, "slide", 4, 4)
    press(window, key.V, CTRL)
    assert view.status.bad and "cannot go on a slide board" in view.status.text
    # A ghost taken to a slide board (another tab) is not laid there either.
    press(window, key.TAB, CTRL)
    press(window, key.V, CTRL)
    assert view.selection.ghost is not None
    press(window, key.TAB, CTRL)
    assert view.model.draft.mode == "slide"
    before = view.model.draft
    point(window, view, (0, 0))
    click(window, *cell_xy(view, (0, 0)))
    assert view.model.draft == before and "cannot go on a slide board" in view.status.text


def test_a_piece_goes_from_one_open_level_to_another(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 7, 7)
    paint(window, view)
    source = [layers(view, (r, c)) for r in (0, 1) for c in (0, 1)]
    first = view.model
    shift_drag(window, view, (0, 0), (1, 1))
    press(window, key.C, CTRL)
    new_level(window, view, "chain", 5, 5)                 # a second level, in its own tab
    assert view.model is not first and view.selection.area is None
    press(window, key.V, CTRL)
    point(window, view, (3, 3))
    click(window, *cell_xy(view, (3, 3)))
    assert [layers(view, (r, c)) for r in (3, 4) for c in (3, 4)] == source
    press(window, key.TAB, CTRL)                           # back to the first level: as it was left
    assert view.model is first and [layers(view, (r, c)) for r in (0, 1) for c in (0, 1)] == source
    assert first.draft.token((3, 3)) == "."


def test_a_tab_switch_ends_selecting_so_the_next_drag_paints(window: Any, editor: EditorView) -> None:
    """The select tool and the selection belong to the level they were made on, as its brush
    does: seen in a real window, V stayed on unseen across Ctrl+Tab, so V there turned it off and
    the next drag painted; and the status line still said 'selected ...' of the other level."""
    view = editor
    new_level(window, view, "match3", 6, 6)
    click(window, *cell_xy(view, (5, 5)))                  # a level with work in it keeps its tab
    new_level(window, view, "match3", 6, 6)                # two levels, the same brush in each
    assert len(view.tabs) == 2
    press(window, key.V)
    assert view.selection.active
    drag(window, [cell_xy(view, (0, 0)), cell_xy(view, (1, 1))])
    assert view.selection.area is not None and "selected" in view.status.text
    press(window, key.TAB, CTRL)                           # the other level
    assert not view.selection.active and view.selection.area is None
    assert "selected" not in view.status.text
    press(window, key.KEY_2)
    drag(window, [cell_xy(view, (2, c)) for c in (2, 3, 4)])   # a drag paints again, as the brush says
    assert [view.model.draft.token((2, c)) for c in (2, 3, 4)] == ["2", "2", "2"]
