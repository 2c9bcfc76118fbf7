"""Text size Large, chosen on the settings screen by mouse, at the window sizes a player has
(issue 37): the HUD's star marks stand apart ("205030754100" ran together) and the daily cards
keep their words inside them at the smallest window."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import arcade
import pytest

from game.io.progress import progress_path
from game.io.settings import settings_path
from game.ui.app import App
from looks import text_seen
from winning import player

PACK = "first-steps"


@pytest.fixture()
def large(window: Any, data_dir: pathlib.Path) -> Iterator[App]:
    """An app whose player chose Large text on the settings screen, by mouse."""
    for path in (progress_path(), settings_path()):
        path.unlink(missing_ok=True)
    app = App(window)
    view = app.show_settings()
    for _ in range(2):
        view.on_update(1 / 60)
        view.on_draw()
    (wd,) = [wd for wd in view.widgets if wd.name == "text_size=large"]
    view.set_focus(wd, reveal=True)   # the row scrolled into sight, as a player scrolls to it
    x, y = wd.left + 8, wd.bottom + wd.height / 2 + (view.scroll if wd.scrolls else 0.0)
    player(window, ("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0),
           ("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0))
    assert app.settings.text_size == "large"
    yield app
    for path in (progress_path(), settings_path()):
        path.unlink(missing_ok=True)


def _apart(texts: list[Any], gap: float = 4) -> bool:
    boxes = sorted((float(t.left), float(t.right)) for t in texts)
    return all(a[1] + gap <= b[0] for a, b in zip(boxes, boxes[1:]))


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_star_marks_stand_apart_in_large_text(window: Any, large: App, size: tuple[int, int],
                                                   screenshot_dir: pathlib.Path) -> None:
    level = next(lv for lv in large.pack(PACK).levels if lv.id == "chain-master")
    view = large.play_level(PACK, level.id)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))   # the goal card
    assert view.goal_card is None
    try:
        view.on_resize(*size)
        marks = view.hud.star_marks
        assert level.stars is not None and [m.text for m in marks] == [str(s) for s in level.stars]
        assert marks[0].font_size > 11, "the marks are in the large size"
        assert _apart(marks), [(m.left, m.right) for m in marks]
        assert all(view.hud.rect.left <= m.left and m.right <= view.hud.rect.right for m in marks)
        view.on_draw()
        image = arcade.get_image(0, 0, window.width, window.height)
        image.save(screenshot_dir / f"large_text_marks_{size[0]}.png")
        assert all(text_seen(image, m) for m in marks)
    finally:
        view.on_resize(window.width, window.height)
