"""Tools a designer can discover: tooltips on hover, the key sheet, one font (issue 13, 13 and 15)."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import pytest

from driving import (
    SCREENSHOTS, assert_dialog_words_seen, center, frame, key_sheet, palette_xy, press, send, shot, sized,
)
from editor.help import HEADER_TIPS, SHEET_ROWS
from editor.model import ERASE_TOOL, RANDOM_TOOL
from editor.view import EditorView
from game.ui.screens import style
from looks import near, pixel

key = arcade.key


def rest_pointer(window: Any, x: float, y: float, seconds: float = 0.6) -> None:
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    for _ in range(int(seconds * 60) + 1):
        frame(window)


def test_every_tool_and_button_has_a_tooltip_shown_on_hover(window: Any, editor: EditorView) -> None:
    view = editor
    tipped = [text for _, text in view.help.tips()]
    assert all(view.header_buttons[name] for name in HEADER_TIPS)
    assert len([t for t in tipped if t]) >= len(view.chrome.entries) + len(view.header_buttons)
    x, y = palette_xy(view, "tool", ERASE_TOOL)
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    frame(window)
    view.on_draw()                                        # not at once: no tooltip seen yet
    early = arcade.get_image().getpixel((int(x) + 20, window.height - int(y) + 20))
    assert view.help.label is None and tuple(early[:3]) != style.HEADER[:3]
    rest_pointer(window, x, y)
    assert view.help.label is not None and view.help.label.text.startswith("Erase (E, or right-click)")
    image = shot(window, view, SCREENSHOTS / "editor-tooltip.png")
    # The tooltip's panel is drawn beside the pointer, in the style's header colour.
    px = image.getpixel((int(x) + 20, window.height - int(y) + 20))
    assert tuple(px[:3]) == style.HEADER[:3]
    rest_pointer(window, *palette_xy(view, "tool", RANDOM_TOOL))
    assert view.help.label.text.startswith("Random brush (R)")
    rest_pointer(window, *center(view.header_buttons["Save As"]))
    assert view.help.label.text == HEADER_TIPS["Save As"]
    send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)   # a click hides it
    send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)
    assert view.help.rest < 0


def test_f1_and_question_mark_show_the_key_sheet(window: Any, editor: EditorView) -> None:
    view = editor
    press(window, key.F1)
    assert view.dialog is not None and view.dialog.title.startswith("Keys")
    # The first page is seen: each of its keys and what it does, drawn where it stands.
    assert assert_dialog_words_seen(view, shot(window, view, SCREENSHOTS / "editor-keys.png")) >= 10
    press(window, key.ENTER)                             # Enter closes it (its default button)
    assert view.dialog is None
    texts = key_sheet(window, view)                      # every page of it
    assert all(k in texts and what in texts for k, what in SHEET_ROWS if k)
    assert all(what in texts for k, what in SHEET_ROWS if not k)   # each sheet's heading
    send(window, "on_text", "?")
    frame(window)
    assert view.dialog is not None and view.dialog.title.startswith("Keys")
    press(window, key.ESCAPE)
    assert view.dialog is None


def test_the_editor_reads_in_one_font_even_after_the_game_loaded_its_display_font(
        window: Any, editor: EditorView) -> None:
    style.load_fonts()                                   # what opening from the title screen does
    view = editor
    view.on_resize(window.width, window.height)          # widgets made after the font is loaded
    frame(window)                                        # buttons take their style's font as drawn
    fonts = {tuple(b.ui_label.font_name) for b in view.header_buttons.values()}
    assert fonts == {tuple(style.BODY_FONT)}, fonts


def test_a_short_window_scrolls_the_properties_to_every_field(window: Any, editor: EditorView) -> None:
    view = editor
    with sized(window, 800, 560):
        last = view.props.fields["collect9"]
        assert not last.visible and view.props.max_scroll > 0   # below the window: hidden
        for _ in range(12):
            send(window, "on_mouse_scroll", 700, 300, 0, -1)
        frame(window)
        last = view.props.fields["collect9"]
        assert last.visible and last.rect.bottom >= 0
        assert not view.props.fields["id"].visible                      # scrolled above: hidden
        image = shot(window, view, SCREENSHOTS / "editor-800x560-scrolled.png")
        # The designer sees the last field where it scrolled to: its white frame at both sides.
        r = last.rect
        for x in (r.left + 1, r.right - 2):
            assert near(pixel(image, x, r.center_y), (255, 255, 255), 40), f"no field frame at x={x}"
        click_at = center(last)
        send(window, "on_mouse_press", int(click_at[0]), int(click_at[1]), arcade.MOUSE_BUTTON_LEFT, 0)
        send(window, "on_mouse_release", int(click_at[0]), int(click_at[1]), arcade.MOUSE_BUTTON_LEFT, 0)
        frame(window)
        assert last.active
        press(window, key.ESCAPE)


def test_the_brush_shows_faintly_on_the_cell_under_the_pointer(window: Any, editor: EditorView) -> None:
    from driving import assert_preview_seen, cell_xy
    from editor.canvas import token_texture
    view = editor
    press(window, key.KEY_4)
    x, y = cell_xy(view, (2, 2))
    send(window, "on_mouse_motion", int(window.width - 100), int(window.height - 100), 1, 1)
    plain = shot(window, view, SCREENSHOTS / "editor-no-preview.png")
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    frame(window)
    hovered = shot(window, view, SCREENSHOTS / "editor-brush-preview.png")
    # The kind-4 gem shows there, faint, and on no other cell; nothing was painted.
    assert_preview_seen(view, plain, hovered, [(2, 2)], token_texture("4", view.model.draft.mode))
    assert view.model.draft.token((2, 2)) == "."


def _strip_boxes(view: EditorView) -> dict[str, tuple[float, float, float, float]]:
    """What is drawn in the strip above the board, as (left, bottom, right, top): the deal's
    buttons, every word it shows, the top edge's +/- buttons and the board's column numbers."""
    boxes = {name: (r.left, r.bottom, r.right, r.top) for name, r in view.deal.places.items()
             if name in ("show", "another", "keep", "next")}
    for key_, t in view.deal.labels.shown.items():
        if t.visible:
            boxes[f"text {key_} {t.text!r}"] = (t.left, t.bottom, t.right, t.top)
    for (edge, delta), r in view.canvas.edge_buttons().items():
        if edge == "top":
            boxes[f"top {delta:+d}"] = (r.left, r.bottom, r.right, r.top)
    for n, t in enumerate(view.canvas._numbers):
        if t.anchor_y == "bottom":   # the column numbers, over the board
            boxes[f"column {n}"] = (t.left, t.bottom, t.right, t.top)
    return boxes


def _assert_strip_readable(window: Any, view: EditorView) -> None:
    from editor.look import HEADER_H, PALETTE_W, PROPS_W

    boxes = _strip_boxes(view)
    assert any(k.startswith("text seed") for k in boxes) and "another" in boxes, sorted(boxes)
    for name, (left, bottom, right, top) in boxes.items():
        # Between the palette and the properties, under the header.
        assert PALETTE_W <= left and right <= window.width - PROPS_W and top <= window.height - HEADER_H, name
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if any(x.startswith((f"text b:{y} ", f"text {y} ")) for x, y in ((a, b), (b, a))):
                continue   # a button's own word, the next tiles' words
            (l1, b1, r1, t1), (l2, b2, r2, t2) = boxes[a], boxes[b]
            overlap = min(r1, r2) - max(l1, l2) > 0.5 and min(t1, t2) - max(b1, b2) > 0.5
            assert not overlap, f"{a} {boxes[a]} overlaps {b} {boxes[b]}"
    for name in ("show", "another", "keep"):
        # Each button's word inside its button.
        word = next(v for k, v in boxes.items() if k.startswith(f"text b:{name} "))
        left, bottom, right, top = boxes[name]
        assert left <= word[0] and word[2] <= right and bottom <= word[1] and word[3] <= top, name


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1280, 800)])
def test_the_deal_strip_s_buttons_and_words_never_overlap(window: Any, editor: EditorView,
                                                         size: tuple[int, int]) -> None:
    view = editor
    with sized(window, *size):
        _assert_strip_readable(window, view)
        # A deal looked at says so ("(looking)") and offers Keep: the longer words fit too.
        x, y = view.deal.places["another"].center
        send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        frame(window)
        assert view.deal.looking is not None and "keep" in view.deal.buttons
        _assert_strip_readable(window, view)
        assert "(looking)" in view.deal.labels.shown["seed"].text


@pytest.mark.parametrize("mode", ["match3", "chain", "slide"])
def test_a_short_window_shows_the_whole_palette_above_the_undo_count(window: Any, editor: EditorView,
                                                                     mode: str) -> None:
    from driving import new_level
    from editor.look import HEADER_H, PALETTE_W

    view = editor
    new_level(window, view, mode, 6, 6)
    with sized(window, 800, 560):
        undo = view.texts.shown["undoinfo"]
        boxes = [(f"entry {kind} {value}", (r.left, r.bottom, r.right, r.top)) for r, kind, value in view.chrome.entries]
        # The palette's headings (Tools, Blockers, Shape, Mirror...): the words between its swatches.
        boxes += [(f"heading {t.text}", (t.left, t.bottom, t.right, t.top)) for t in view.chrome._labels
                  if t.right <= PALETTE_W and t.font_size >= 10 and t.anchor_x == "left" and t.anchor_y == "center"
                  and not any(r.left <= t.x <= r.right and r.bottom <= t.y <= r.top for r, _, _ in view.chrome.entries)]
        assert any(name.startswith("heading Shape") for name, _ in boxes)
        for name, (left, bottom, right, top) in boxes:
            assert bottom >= undo.top and top <= window.height - HEADER_H, f"{name} {bottom, top}: off the palette"
        for i, (a, (l1, b1, r1, t1)) in enumerate(boxes):
            for b, (l2, b2, r2, t2) in boxes[i + 1:]:
                assert min(r1, r2) - max(l1, l2) <= 0.5 or min(t1, t2) - max(b1, b2) <= 0.5, f"{a} overlaps {b}"
