"""Make arcade importable the one way that works everywhere here; game.ui runs it on import.

ARCADE_HEADLESS must be in the environment before arcade is first imported (tests, `gridfall
record`, benchmarks set it themselves). Headless, arcade.gui's import of pyglet.input reaches for
pyglet.window.xlib, which the headless window module lacks: importing it explicitly, and giving
arcade its ControllerManager, lets arcade.gui load. After this every module imports arcade
normally, so its types reach mypy.
"""

from __future__ import annotations

import os
import sys


def prepare() -> None:
    """Import arcade and arcade.gui, headless when ARCADE_HEADLESS is set."""
    # arcade's import loads pyglet.media, which loads FFmpeg's libraries to decode compressed
    # media: 70 ms of every start (bench/start.py). The game's sounds are WAV files, which
    # pyglet reads itself; a None module makes its FFmpeg probe find no FFmpeg.
    sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]
    import arcade   # reads ARCADE_HEADLESS and sets pyglet up: first

    if os.environ.get("ARCADE_HEADLESS"):
        import pyglet.window.xlib  # noqa: F401
        import arcade.controller

        # A runtime patch of arcade's module (its stub says a type lives there): setattr.
        setattr(arcade, "ControllerManager", arcade.controller.ControllerManager)
    import arcade.gui  # noqa: F401
