"""Shift+Tab as an X11 server really sends it (keysym ISO_Left_Tab) reaches the views as Tab."""

from __future__ import annotations

from typing import Any

import pytest

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
from pyglet.libs.x11 import xlib
import pyglet.window.xlib
from pyglet.window.xlib import XlibWindow

from editor.view import EditorView  # noqa: E402
from driving import cell_xy, click, frame, new_level, send  # noqa: E402

key = arcade.key
ISO_LEFT_TAB = 0xFE20   # what X's keyboard map gives the Tab key while Shift is held
TAB_KEYCODE = 23        # the Tab key's keycode on a PC keyboard (xev)


class _XWindow:
    """Just enough of pyglet's X11 window to run its key-event code on one event, recording
    what it dispatches (the tests have no X server)."""

    _translate_modifiers = staticmethod(XlibWindow._translate_modifiers)
    _event_text_motion = staticmethod(XlibWindow._event_text_motion)

    def __init__(self) -> None:
        self._x_ic = None
        self._x_display = None
        self._window = None
        self.pressed_keys: set[int] = set()
        self.sent: list[tuple[Any, ...]] = []

    def _event_text_symbol(self, ev: Any) -> tuple[str | None, int]:
        return XlibWindow._event_text_symbol(self, ev)  # type: ignore[arg-type]

    def dispatch_event(self, name: str, *args: Any) -> None:
        self.sent.append((name, *args))


def _x_key_events(monkeypatch: pytest.MonkeyPatch, keysym: int, state: int) -> list[tuple[Any, ...]]:
    """The key press and release X delivers for the Tab key with `state`'s modifiers held,
    its keyboard map answering `keysym`, run through pyglet's X11 window: what it dispatches."""
    def lookup(_xkey: Any, _buffer: Any, _size: int, symbol: Any, _status: Any) -> int:
        symbol._obj.value = keysym   # the server's keyboard map: no text for Tab
        return 0

    monkeypatch.setattr(xlib, "XLookupString", lookup)
    monkeypatch.setattr(xlib, "Xutf8LookupString", lambda *args: lookup(*args[1:]))
    monkeypatch.setattr(xlib, "XFilterEvent", lambda _ev, _w: False)
    # X servers with XKB report key repeats themselves (pyglet asks for that on connecting).
    monkeypatch.setattr(pyglet.window.xlib, "_can_detect_autorepeat", True)
    window = _XWindow()
    for kind in (xlib.KeyPress, xlib.KeyRelease):
        ev = xlib.XEvent()
        ev.type = kind
        ev.xkey.keycode = TAB_KEYCODE
        ev.xkey.state = state
        XlibWindow._event_key_view(window, ev)  # type: ignore[arg-type]
    return window.sent


def test_ctrl_shift_tab_from_an_x_server_shows_the_tab_before(window: Any, editor: EditorView,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    view = editor
    for mode, size in (("match3", 6), ("chain", 7), ("slide", 4)):
        new_level(window, view, mode, size, size)
        click(window, *cell_xy(view, (0, 0)))       # touched: the next New goes beside it
    assert len(view.tabs) >= 3 and view.model.draft.mode == "slide"
    sent = _x_key_events(monkeypatch, ISO_LEFT_TAB, xlib.ShiftMask | xlib.ControlMask)
    assert sent == [("on_key_press", key.TAB, key.MOD_SHIFT | key.MOD_CTRL),
                    ("on_key_release", key.TAB, key.MOD_SHIFT | key.MOD_CTRL)], sent
    for event in sent:
        send(window, *event)
    frame(window)
    assert view.model.draft.mode == "chain"          # back one tab, as Ctrl+Shift+Tab says


def test_plain_tab_from_an_x_server_is_still_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    sent = _x_key_events(monkeypatch, key.TAB, 0)
    assert sent == [("on_key_press", key.TAB, 0), ("on_key_release", key.TAB, 0)], sent
