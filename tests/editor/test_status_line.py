"""The status line under the board says the whole of a long message, in the panel's width."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import frame, press, resize, sized, type_text  # noqa: E402
from editor import files  # noqa: E402
from editor.look import PALETTE_W  # noqa: E402
from editor.view import EditorView  # noqa: E402

key = arcade.key
SAID = "the overview shows a pack you are making: open one of its levels (Pack...)"


def _status_lines(view: EditorView) -> list[Any]:
    """The status line's texts as drawn, top to bottom."""
    shown = [t for k, t in view.texts.shown.items() if k.startswith("status") and t.visible and t.text]
    return sorted(shown, key=lambda t: -t.y)


def test_a_long_message_is_read_whole_in_the_smallest_and_the_full_window(window: Any, editor: EditorView) -> None:
    view = editor
    with sized(window):
        for width, height in ((1024, 720), (1280, 800)):
            resize(window, width, height)
            press(window, key.F7)          # a level in no pack: the overview says why it cannot open
            frame(window)
            lines = _status_lines(view)
            assert " ".join(str(t.text) for t in lines) == SAID, [t.text for t in lines]
            right = view.difficulty.rect().left - 4   # the Difficulty panel to its right
            for t in lines:
                assert PALETTE_W <= t.x and t.x + t.content_width <= right, (width, t.text, t.x + t.content_width)
            below_list = [t for k, t in view.texts.shown.items() if k.startswith(("prob", "pmore")) and t.visible]
            assert all(t.y - t.content_height / 2 > lines[0].y + 10 for t in below_list)   # no text over another


def test_a_path_in_the_status_line_is_wrapped_after_its_slashes(window: Any, editor: EditorView,
                                                                tmp_path: pathlib.Path) -> None:
    view = editor
    folder = tmp_path / "my-long-folder-name" / "pass-pack-of-levels"
    folder.mkdir(parents=True)
    level = folder / "first-swap.yaml"
    shutil.copy(files.levels_dir() / "first-steps" / "first-swap.yaml", level)
    press(window, key.O, key.MOD_CTRL)             # Ctrl+O, the path typed, Enter
    type_text(window, str(level))
    press(window, key.ENTER)
    assert view.dialog is None
    lines = [str(t.text) for t in _status_lines(view)]
    assert len(lines) > 1 and lines[0].startswith("opened ") and lines[-1].endswith("first-swap.yaml"), lines
    # A long path goes on the next line after one of its '/', never after a '-' or mid-name.
    assert all(line.endswith("/") or line == "opened" for line in lines[:-1]), lines
