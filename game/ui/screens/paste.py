"""Ctrl+V: open a share code from the clipboard on the title and levels screens (their "Enter a code" opens the code field)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

if TYPE_CHECKING:
    from game.ui.navigator import Navigator

ENTER_LABEL = "Enter a code"   # the title's and levels' button: the code field (screens/code_entry.py)
ENTER_NAME = "code"
# Ctrl on Linux and Windows, Cmd on a Mac: pyglet names the latter MOD_COMMAND.
_PASTE_MODIFIERS = arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND


def is_paste(symbol: int, modifiers: int) -> bool:
    return symbol == arcade.key.V and bool(modifiers & _PASTE_MODIFIERS)


def paste_code(app: "Navigator") -> Any:
    """Open what the clipboard holds (a code alone, or a whole share card with its codes)."""
    try:
        text = app.window.get_clipboard_text() or ""
    except Exception:   # no clipboard here (a bare X server): the same as an empty one
        text = ""
    return app.open_code(str(text))
