"""The fonts the game ships (assets/fonts, DejaVu Sans), made known to pyglet before any text is drawn."""

from __future__ import annotations

import ctypes
import functools
import pathlib
import sys

import pyglet

from game.io.paths import assets_dir

BODY = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
DISPLAY = ":system:fonts/ttf/Kenney/Kenney_Future.ttf"   # shipped inside arcade (CC0)


def font_dir() -> pathlib.Path:
    return assets_dir() / "fonts"


def font_file(name: str) -> pathlib.Path:
    """A shipped font's file (BODY, BOLD)."""
    return font_dir() / name


@functools.cache
def install() -> None:
    """Every shipped font loaded by name ("DejaVu Sans"), and, where fonts are found through
    fontconfig (Linux), its folder added as the application's fonts: a text whose font names
    none the machine has (arcade's default is Calibri, then Arial) falls back to one of them.
    Without that a machine with no fonts at all (a bare container, a minimal install) ended the
    game in pyglet's "Could not match font" traceback at the first word."""
    import arcade

    for name in (BODY, BOLD):
        pyglet.font.add_file(str(font_file(name)))
    arcade.load_font(DISPLAY)
    if sys.platform.startswith(("linux", "freebsd", "openbsd")):
        _add_to_fontconfig(font_dir())


def _add_to_fontconfig(folder: pathlib.Path) -> None:
    try:
        from pyglet.font.fontconfig import get_fontconfig

        library = get_fontconfig()._fontconfig
    except (ImportError, OSError, AttributeError):   # no fontconfig here: names alone must do
        return
    if library is None:
        return
    add = library.FcConfigAppFontAddDir
    add.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    add(None, str(folder).encode())   # None: the current configuration, which pyglet's lookups use
