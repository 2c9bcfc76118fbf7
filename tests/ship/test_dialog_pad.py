"""A pad answers every dialog (issue 38): in the editor's "Unsaved changes" the D-pad moves a gold
focus from Save to Discard and Cancel and A presses it; B cancels. Before, A could only save."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import arcade
import pytest

from editor import open_editor
from editor.recovery import pending
from virtual_pad import VirtualPad, pad_plugged_in


@pytest.fixture()
def pad(window: Any) -> Iterator[VirtualPad]:
    with pad_plugged_in(window) as plugged:
        yield plugged


def _send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def _frame(window: Any) -> None:
    window.dispatch_events()
    window.current_view.on_update(1 / 60)
    window.current_view.on_draw()


def test_a_pad_reaches_discard_in_unsaved_changes_and_b_cancels(window: Any, data_dir: pathlib.Path,
                                                                 pad: VirtualPad) -> None:
    for work in pending():   # nothing an earlier test's editor left is offered first
        work.discard()
    left: list[str] = []
    view = open_editor(window, on_leave=lambda: left.append("left"))
    _frame(window)
    try:
        _send(window, "on_key_press", arcade.key.KEY_2, 0)   # a kind, painted on a cell: unsaved
        _send(window, "on_key_release", arcade.key.KEY_2, 0)
        x, y = view.canvas.center((0, 0))
        _send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        _send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        assert view.model.dirty
        back = view.header_buttons["Back"]
        _send(window, "on_mouse_press", int(back.rect.center_x), int(back.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        _send(window, "on_mouse_release", int(back.rect.center_x), int(back.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        dialog = view.dialog
        assert dialog is not None and "Unsaved" in dialog.title and dialog.focus == "Save"
        pad.press("b")                                  # B: Cancel, the work stays
        assert view.dialog is None and view.model.dirty and not left
        _send(window, "on_mouse_press", int(back.rect.center_x), int(back.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        _send(window, "on_mouse_release", int(back.rect.center_x), int(back.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        dialog = view.dialog
        assert dialog is not None
        pad.tilt(1, 0)                                  # the D-pad right: Discard
        assert dialog.focus == "Discard"
        _frame(window)   # drawn with the focus on it
        pad.tilt(1, 0)
        pad.tilt(-1, 0)
        assert dialog.focus == "Discard"
        pad.press("a")                                  # A: Discard, and the editor is left
        assert view.dialog is None and left == ["left"]
    finally:
        view.model.mark_saved()
