"""Make arcade importable the one way that works everywhere here; game.ui runs it on import.

ARCADE_HEADLESS must be in the environment before arcade is first imported (tests, `gridfall
record`, benchmarks set it themselves). Headless, arcade.gui's import of pyglet.input reaches for
pyglet.window.xlib, which the headless window module lacks: importing it explicitly, and giving
arcade its ControllerManager, lets arcade.gui load. After this every module imports arcade
normally, so its types reach mypy.
"""

from __future__ import annotations

import inspect
import os
import sys
import weakref
from typing import Any


def prepare() -> None:
    """Import arcade and arcade.gui, headless when ARCADE_HEADLESS is set."""
    # arcade's import loads pyglet.media, which loads FFmpeg's libraries to decode compressed
    # media: 70 ms of every start (bench/start.py). The game's sounds are WAV files, which
    # pyglet reads itself; a None module makes its FFmpeg probe find no FFmpeg.
    sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]
    if "PYGLET_DEBUG_GL" not in os.environ:
        # pyglet asks glGetError after every GL call (its debug default): on a still board most
        # of a frame's CPU is Python's, and the asking a sixth of it (bench/render.py hover 0.98
        # -> 0.84 ms). PYGLET_DEBUG_GL=1 brings the checks back, raising at the failing call.
        import pyglet

        pyglet.options.debug_gl = False
    import arcade   # reads ARCADE_HEADLESS and sets pyglet up: first

    if os.environ.get("ARCADE_HEADLESS"):
        import pyglet.window.xlib  # noqa: F401
        import arcade.controller

        # A runtime patch of arcade's module (its stub says a type lives there): setattr.
        setattr(arcade, "ControllerManager", arcade.controller.ControllerManager)
    import arcade.gui  # noqa: F401

    _remember_listener_kinds()
    _shift_tab_is_tab()


def _remember_listener_kinds() -> None:
    """arcade.gui works out the kind of every listener it binds (some 40 a widget) by asking
    inspect.signature: half the time the editor took to open its ~200 widgets. The kind depends
    on the function alone, so it is worked out once a function (a bound method's by its
    function); any other callable is asked every time, as arcade does."""
    from arcade.gui import property as gui_property

    kinds = gui_property._ListenerType
    detect = kinds.detect_callback_type
    if getattr(detect, "remembers", False):
        return
    of_functions: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
    of_methods: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()

    def remembered(callback: Any) -> Any:
        if inspect.ismethod(callback):
            table, function = of_methods, callback.__func__
        elif inspect.isfunction(callback):
            table, function = of_functions, callback
        else:
            return detect(callback)
        kind = table.get(function)
        if kind is None:
            kind = table[function] = detect(callback)
        return kind

    setattr(remembered, "remembers", True)
    setattr(kinds, "detect_callback_type", staticmethod(remembered))


# X11's keyboard map names the Tab key ISO_Left_Tab while Shift is held.
ISO_LEFT_TAB = 0xFE20


def _shift_tab_is_tab() -> None:
    """pyglet does not know ISO_Left_Tab: on X11 it handed Shift+Tab to the views as a nameless
    user_key, so Shift+Tab (a field back) and Ctrl+Shift+Tab (a tab back) did nothing in a real
    window. Named, it reaches them as Tab, the Shift in the modifiers as everywhere else."""
    xwindow = sys.modules.get("pyglet.window.xlib")
    if xwindow is None:   # no X11 window here (Windows, macOS, Wayland): nothing to translate
        return
    from pyglet.window import key

    window_class = xwindow.XlibWindow
    symbol_of = window_class._event_text_symbol
    if getattr(symbol_of, "names_shift_tab", False):
        return
    # Known to pyglet, the keysym comes through instead of the key's raw code.
    key._key_names.setdefault(ISO_LEFT_TAB, "ISO_LEFT_TAB")

    def named(window: Any, ev: Any) -> tuple[str | None, int]:
        text, symbol = symbol_of(window, ev)
        return text, key.TAB if symbol == ISO_LEFT_TAB else symbol

    setattr(named, "names_shift_tab", True)
    setattr(window_class, "_event_text_symbol", named)
