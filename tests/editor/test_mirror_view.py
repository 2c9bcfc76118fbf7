"""Mirror painting in the editor, driven by real keys and clicks: the toggle, the axes on the board, one undo step."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from looks import near, pixel
from driving import (
    assert_preview_seen, cell_xy, click, drag, frame, new_level, palette_xy, press, send, shot, sized,
)
from editor.canvas import token_texture
from editor.look import SELECTED
from editor.mirror import Mirror
from editor.view import EditorView

key = arcade.key
AXIS = (90, 200, 255)


def kinds(view: EditorView, token: str) -> set[tuple[int, int]]:
    d = view.model.draft
    return {(r, c) for r in range(d.height) for c in range(d.width) if d.token((r, c)) == token}


def axis_points(view: EditorView) -> tuple[tuple[float, float], tuple[float, float]]:
    """A point on the vertical axis (in row 0) and one on the horizontal axis (in column 0)."""
    board = view.canvas.layout.rect   # type: ignore[union-attr]
    _, row0 = cell_xy(view, (0, 0))
    col0, _ = cell_xy(view, (0, 0))
    return (board.left + board.width / 2, row0), (col0, board.bottom + board.height / 2)


def test_m_mirrors_every_stroke_shows_the_axes_and_undo_takes_a_stroke_with_its_images(
        window: Any, editor: EditorView, screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    vertical, horizontal = axis_points(view)
    plain = shot(window, view, screenshot_dir / "editor-mirror-off.png")
    assert not near(pixel(plain, *vertical), AXIS, 40)
    press(window, key.M)
    assert view.model.mirror == Mirror.LEFT_RIGHT and "mirror left-right" in view.status.text
    press(window, key.KEY_3)
    drag(window, [cell_xy(view, (0, 0)), cell_xy(view, (1, 0)), cell_xy(view, (1, 1))])
    assert kinds(view, "3") == {(0, 0), (1, 0), (1, 1), (0, 5), (1, 5), (1, 4)}
    lr = shot(window, view, screenshot_dir / "editor-mirror-left-right.png")
    assert near(pixel(lr, *vertical), AXIS, 40)          # the middle column's line is drawn
    assert not near(pixel(lr, *horizontal), AXIS, 40)    # and no middle row's
    # Both ways from the palette's swatch: a rectangle paints its four images in one step.
    click(window, *palette_xy(view, "mirror", Mirror.BOTH))
    assert view.model.mirror == Mirror.BOTH
    press(window, key.H)
    press(window, key.X)
    steps = len(view.model.history.past)
    drag(window, [cell_xy(view, (4, 0)), cell_xy(view, (5, 1))])
    assert kinds(view, "#") == {(r, c) for r in (0, 1, 4, 5) for c in (0, 1, 4, 5)}
    assert len(view.model.history.past) == steps + 1
    both = shot(window, view, screenshot_dir / "editor-mirror-both.png")
    assert near(pixel(both, *vertical), AXIS, 40) and near(pixel(both, *horizontal), AXIS, 40)
    press(window, key.Z, key.MOD_CTRL)   # one undo takes the rectangle and its three images
    assert kinds(view, "#") == set()
    assert kinds(view, "3") == {(0, 0), (1, 0), (1, 1), (0, 5), (1, 5), (1, 4)}
    # Jelly with the bucket, then a right-click takes a layer at all four images.
    press(window, key.J)
    press(window, key.F)
    click(window, *cell_xy(view, (2, 2)))
    assert all(view.model.draft.layers_at("jelly", (r, c)) == 1 for r in range(6) for c in range(6))
    press(window, key.D)
    click(window, *cell_xy(view, (2, 1)), arcade.MOUSE_BUTTON_RIGHT)
    gone = {(r, c) for r in range(6) for c in range(6) if view.model.draft.layers_at("jelly", (r, c)) == 0}
    assert gone == {(2, 1), (2, 4), (3, 1), (3, 4)}
    press(window, key.M)   # both -> off
    assert view.model.mirror == Mirror.OFF
    off = shot(window, view, screenshot_dir / "editor-mirror-back-off.png")
    assert not near(pixel(off, *vertical), AXIS, 40)


def test_the_player_start_stays_one_and_a_slide_board_has_no_mirror(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "chain", 5, 5)
    press(window, key.M)
    assert "player start stays one" in view.status.text
    press(window, key.P)
    click(window, *cell_xy(view, (0, 0)))
    assert kinds(view, "P") == {(0, 0)}
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (4, 0)))
    assert kinds(view, "2") == {(4, 0), (4, 4)}
    new_level(window, view, "slide", 3, 3)
    assert not [e for e in view.chrome.entries if e[1] == "mirror"]   # no mirror swatches
    press(window, key.M)
    assert "never mirrored" in view.status.text
    before = view.model.draft
    send(window, "on_key_press", key.KEY_5, 0)
    frame(window)
    click(window, *cell_xy(view, (0, 0)))
    changed = {(r, c) for r in range(3) for c in range(3) if view.model.draft.token((r, c)) != before.token((r, c))}
    assert (0, 0) in changed and not changed & {(0, 2), (2, 0), (2, 2)}


def test_the_mirror_swatches_stay_in_view_in_the_smallest_window(window: Any, editor: EditorView,
                                                                  screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "chain", 6, 6)   # chain: the palette's longest (the player swatch too)
    with sized(window, 1024, 720):
        mirrors = [rect for rect, kind, _ in view.chrome.entries if kind == "mirror"]
        assert len(mirrors) == 4
        assert min(rect.bottom for rect in mirrors) >= 28   # above the undo count in the corner
        image = shot(window, view, screenshot_dir / "editor-mirror-1024x720.png").convert("RGB")
        for (rect, _, mirror) in [e for e in view.chrome.entries if e[1] == "mirror"]:
            # Each swatch is seen at its place: its square (lit for the mirror in use) and its sign.
            face = SELECTED if mirror == view.model.mirror else (56, 62, 80)
            assert near(pixel(image, rect.left + 2, rect.center[1]), face, 12), f"no {mirror} swatch seen"
            lo, hi = image.convert("L").crop((int(rect.left), image.height - int(rect.top),
                                              int(rect.right), image.height - int(rect.bottom))).getextrema()
            assert hi - lo > 60, f"the {mirror} swatch shows no sign"
        click(window, *palette_xy(view, "mirror", Mirror.UP_DOWN))
        assert view.model.mirror == Mirror.UP_DOWN


def test_the_brush_preview_shows_at_every_image_of_the_cell_under_the_pointer(
        window: Any, editor: EditorView, screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    press(window, key.KEY_4)
    click(window, *palette_xy(view, "mirror", Mirror.BOTH))
    send(window, "on_mouse_motion", int(window.width - 100), int(window.height - 100), 1, 1)
    frame(window)
    plain = shot(window, view, screenshot_dir / "editor-mirror-no-preview.png")
    x, y = cell_xy(view, (1, 1))
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    frame(window)
    hovered = shot(window, view, screenshot_dir / "editor-mirror-preview.png")
    # The kind-4 gem, faint, where a click would paint, and on no other cell.
    assert_preview_seen(view, plain, hovered, [(1, 1), (1, 4), (4, 1), (4, 4)],
                        token_texture("4", view.model.draft.mode))
    assert view.model.draft.token((1, 4)) == "."   # nothing painted


def test_a_rectangle_being_drawn_is_outlined_at_its_images_too(window: Any, editor: EditorView,
                                                               screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    press(window, key.M)                                 # left-right
    press(window, key.X)
    lay = view.canvas.layout
    assert lay is not None
    # The image of the rectangle (0,0)-(1,1) is (0,4)-(1,5): points across its left edge, in row 0.
    edge = [(lay.left + 4 * lay.cell + dx, lay.top - lay.cell / 2) for dx in (-2, -1, 0, 1, 2)]
    before = shot(window, view, screenshot_dir / "editor-mirror-rect-before.png")
    press(window, key.SPACE)                             # the first corner at the cursor (0, 0)
    press(window, key.RIGHT)
    press(window, key.DOWN)                              # the second corner would be (1, 1)
    drawing = shot(window, view, screenshot_dir / "editor-mirror-rect-images.png")
    seen = [pixel(drawing, *at) for at in edge]
    assert any(r > 150 and r - b > 60 for r, _g, b in seen), seen                # the yellow outline
    assert not any(r > 150 and r - b > 60 for r, _g, b in (pixel(before, *at) for at in edge))
    press(window, key.SPACE)
    assert {(rr, cc) for rr in range(6) for cc in range(6) if view.model.draft.token((rr, cc)) == "1"} == \
        {(0, 0), (0, 1), (1, 0), (1, 1), (0, 4), (0, 5), (1, 4), (1, 5)}
