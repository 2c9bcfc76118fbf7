"""Driving the editor as a person does: every click, key and text goes through window.dispatch_event."""

from __future__ import annotations

import concurrent.futures
import contextlib
import pathlib
from typing import Any, Iterator

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
from arcade import gui

import drawn_texts
from editor import recovery
from editor.view import EditorView

key = arcade.key


# -- driving helpers: everything goes through window.dispatch_event ---------------------------

@contextlib.contextmanager
def _widgets_laid_out_not_rendered() -> Iterator[None]:
    """Inside: a UIManager's draw lays its widgets out (every rect a test or a click reads is
    where a person would see it) but renders no widget pixels. Each input re-rendered the whole
    arcade.gui tree into its framebuffer, most of an editor test's time; the widgets keep their
    pending render, so the next real draw (`shot`, `view.on_draw()`) shows every change."""
    draw = gui.UIManager.draw
    gui.UIManager.draw = gui.UIManager.execute_layout  # type: ignore[method-assign]
    try:
        yield
    finally:
        gui.UIManager.draw = draw  # type: ignore[method-assign]


def frame(window: Any, dt: float = 1 / 60) -> None:
    """One frame after input: the window's queued events, on_update, then the view's draw, its
    widgets laid out but not rendered (the view's own draw runs whole: its layout, hit areas,
    texts). Read pixels with `shot` or after `view.on_draw()`, which render everything."""
    window.dispatch_events()
    view = window.current_view
    view.on_update(dt)
    with _widgets_laid_out_not_rendered():
        view.on_draw()


def finish_difficulty(window: Any, view: EditorView, limit: float = 180) -> None:
    """Wait for the Difficulty panel's run (the bots play in other processes: their futures are
    the event), then the frames in which the editor collects and shows its figures."""
    run = view.difficulty.run
    _done, pending = concurrent.futures.wait(run._pending, timeout=limit)
    assert not pending, "the difficulty run never finished"
    frame(window)
    frame(window)
    assert not run.running


def difficulty_said(view: EditorView) -> dict[str, str]:
    """The Difficulty panel's words on show, by their text keys (its keys start with 'd')."""
    return {k: t.text for k, t in view.texts.shown.items() if k.startswith("d") and t.visible}


def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def resize(window: Any, width: int, height: int) -> None:
    """The window reports this size and its view is told, then a frame. A headless window cannot
    change size; the size it reports is what every layout reads."""
    drawn_texts.resize(window, width, height)
    frame(window)


@contextlib.contextmanager
def sized(window: Any, width: int | None = None, height: int | None = None) -> Iterator[None]:
    """Inside: the window at this size (or at the sizes the block resizes it to); after, back at
    the session's 1280 x 800 whatever happened, for the tests that follow."""
    try:
        if width is not None and height is not None:
            resize(window, width, height)
        yield
    finally:
        resize(window, 1280, 800)


def click(window: Any, x: float, y: float, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    send(window, "on_mouse_press", int(x), int(y), button, 0)
    send(window, "on_mouse_release", int(x), int(y), button, 0)
    frame(window)


def drag(window: Any, points: list[tuple[float, float]]) -> None:
    x0, y0 = points[0]
    send(window, "on_mouse_press", int(x0), int(y0), arcade.MOUSE_BUTTON_LEFT, 0)
    px, py = x0, y0
    for x, y in points[1:]:
        send(window, "on_mouse_drag", int(x), int(y), int(x - px), int(y - py), arcade.MOUSE_BUTTON_LEFT, 0)
        px, py = x, y
    send(window, "on_mouse_release", int(px), int(py), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    send(window, "on_key_press", symbol, modifiers)
    send(window, "on_key_release", symbol, modifiers)
    frame(window)


def type_text(window: Any, text: str) -> None:
    for ch in text:
        send(window, "on_text", ch)
    frame(window)


def center(widget: Any) -> tuple[float, float]:
    return (widget.rect.left + widget.rect.width / 2, widget.rect.bottom + widget.rect.height / 2)


def cell_xy(view: EditorView, cell: tuple[int, int]) -> tuple[float, float]:
    return view.canvas.center(cell)


def palette_xy(view: EditorView, kind: str, value: Any) -> tuple[float, float]:
    for rect, k, v in view.chrome.entries:
        if k == kind and v == value:
            return rect.center
    raise AssertionError(f"no palette entry {kind} {value}")


def set_field(window: Any, view: EditorView, key_: str, text: str) -> None:
    """Click into a property field, select all, type, press Enter: as a person does."""
    click(window, *center(view.props.fields[key_]))
    assert view.props.fields[key_].active
    if view.props.fields[key_].text:
        press(window, key.A, key.MOD_CTRL)                 # select all, then type over it
        send(window, "on_text_motion", key.MOTION_BACKSPACE)
    assert view.props.fields[key_].text == ""
    type_text(window, text)
    press(window, key.ENTER)
    assert not view.props.fields[key_].active


def clear(window: Any, field: Any) -> None:
    assert field.active
    if field.text:
        press(window, key.A, key.MOD_CTRL)                 # select all, then delete it
        send(window, "on_text_motion", key.MOTION_BACKSPACE)
    assert field.text == ""


def header(window: Any, view: EditorView, text: str) -> None:
    click(window, *center(view.header_buttons[text]))


def new_level(window: Any, view: EditorView, mode: str, w: int, h: int) -> None:
    header(window, view, "New")
    if view.dialog is not None and "Unsaved" in view.dialog.title:
        click(window, *view.dialog.button_center("Discard"))
    d = view.dialog
    assert d is not None and d.title == "New level"
    click(window, *d.button_center(mode))
    for field_key, value in (("width", w), ("height", h)):
        click(window, *center(d.fields[field_key]))
        clear(window, d.fields[field_key])
        type_text(window, str(value))
    click(window, *d.button_center("Create"))
    assert view.dialog is None
    assert (view.model.draft.mode, view.model.draft.width, view.model.draft.height) == (mode, w, h)


def clear_recoveries() -> None:
    """No work left over from an earlier test's editors is offered to the next."""
    for rec in recovery.pending():
        rec.discard()


def save_as(window: Any, view: EditorView, name: str) -> pathlib.Path:
    press(window, key.S, key.MOD_CTRL | key.MOD_SHIFT)
    d = view.dialog
    assert d is not None and d.title == "Save as"
    f = d.fields["file"]
    assert f.active
    clear(window, f)
    type_text(window, name)
    click(window, *d.button_center("Save"))
    assert view.dialog is None, view.status.text
    return view.model.path


def shot(window: Any, view: EditorView, path: pathlib.Path) -> Any:
    """Draw the view and save it as a PNG (the screenshots folder is made on a clean clone).
    An open dialog is seen over the editor: its panel's colour inside its corners."""
    view.on_draw()
    image = arcade.get_image()
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
    if view.dialog is not None:
        from editor.widgets import PANEL

        left, bottom, width, height = view.dialog.rect
        rgb = image.convert("RGB")
        for x, y in ((left + 6, bottom + 6), (left + width - 7, bottom + 6)):
            seen = rgb.getpixel((int(x), window.height - 1 - int(y)))
            assert all(abs(a - b) <= 8 for a, b in zip(seen, PANEL)), \
                f"the {view.dialog.title!r} dialog is not seen at {(x, y)}: {seen}"
    return image


def assert_dialog_words_seen(view: EditorView, image: Any) -> int:
    """Every label of the open dialog is drawn where it stands: its box holds pixels of its
    text's colour (its letters). Returns how many labels were checked."""
    from looks import near

    assert view.dialog is not None
    rgb = image.convert("RGB")
    checked = 0
    for w in view.dialog.ui.walk_widgets():
        if isinstance(w, gui.UILabel) and str(w.text).strip() and w.visible:
            colour = tuple(w.font_color)[:3]
            r = w.rect
            box = (int(r.left), rgb.height - int(r.top), int(r.right) + 1, rgb.height - int(r.bottom) + 1)
            letters = sum(1 for p in rgb.crop(box).getdata() if near(p, colour, 40))
            assert letters >= 3, f"the {view.dialog.title!r} dialog's {str(w.text)!r} is not seen"
            checked += 1
    return checked


def assert_canvas_seen(view: EditorView, image: Any) -> int:
    """Every painted cell shows its token's picture at its place on the canvas in a screenshot
    (a solid spot of the texture has that colour on screen). Returns how many were checked."""
    from looks import sprite_seen, uniform_spots

    checked = 0
    for r, row in enumerate(view.canvas._token_sprites):
        for c, sprite in enumerate(row):
            if sprite.visible and uniform_spots(sprite.texture.image):
                assert sprite_seen(image, sprite), f"cell {(r, c)} does not show its token"
                checked += 1
    return checked


def assert_preview_seen(view: EditorView, plain: Any, hovered: Any, cells: list[tuple[int, int]],
                        texture: Any) -> None:
    """The brush's faint picture is drawn on each of `cells` in `hovered` and nowhere else: at
    every solid spot of `texture` (placed and sized as the preview is) the screenshot shows that
    colour laid faintly over what `plain` (the same frame without a preview) showed there; every
    other cell of the canvas is as in `plain`."""
    from looks import near, pixel, uniform_spots
    from editor.drawing import PREVIEW_ALPHA, PREVIEW_SIZE

    spots = uniform_spots(texture.image)
    assert spots, "the brush's picture has no solid patch to look for"
    a = PREVIEW_ALPHA / 255
    scale = view.canvas.layout.cell * PREVIEW_SIZE / texture.width
    for cell in cells:
        x, y = cell_xy(view, cell)
        for dx, dy, colour in spots:
            at = (x + dx * scale, y + dy * scale)
            under = pixel(plain, *at)
            want = tuple(round(u * (1 - a) + c * a) for u, c in zip(under, colour))
            assert near(pixel(hovered, *at), want), f"no preview of the brush at {cell}: {pixel(hovered, *at)} != {want}"
    draft = view.model.draft
    for r in range(draft.height):
        for c in range(draft.width):
            if (r, c) not in cells:
                assert pixel(plain, *cell_xy(view, (r, c))) == pixel(hovered, *cell_xy(view, (r, c))), (r, c)


SCREENSHOTS = pathlib.Path(__file__).resolve().parents[1] / "screenshots"


def key_sheet(window: Any, view: EditorView) -> list[str]:
    """Open the key sheet with F1 and read every page of it (Next >) as a person would; the
    texts seen, in order. The sheet is closed again (Esc)."""
    press(window, key.F1)
    seen: list[str] = []
    while True:
        d = view.dialog
        assert d is not None and d.title.startswith("Keys")
        _left, bottom, _w, height = d.rect
        assert bottom >= 0 and bottom + height <= window.height   # never runs off the window
        texts = [str(w.text) for w in d.ui.walk_widgets() if hasattr(w, "text")]
        seen += texts
        if "Next >" not in texts:
            break
        click(window, *d.button_center("Next >"))
    press(window, key.ESCAPE)
    assert view.dialog is None
    return seen


def page_to(window: Any, view: EditorView, button: str) -> None:
    """Turn the open dialog's pages (its "Next >" button, as a designer would) until `button`
    is on the page shown: a session's data folder gathers packs from many tests, past a page."""
    for _ in range(50):
        d = view.dialog
        assert d is not None
        if button in d.buttons or "Next >" not in d.buttons:
            return
        click(window, *d.button_center("Next >"))
