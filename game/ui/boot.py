"""Import arcade the one way that works everywhere here: headless on request, arcade.gui importable."""

from __future__ import annotations

import os
from types import ModuleType


def import_arcade(headless: bool = False) -> ModuleType:
    """Import arcade (and arcade.gui) and return it.

    ARCADE_HEADLESS must be set before arcade is first imported. Headless, arcade.gui's import
    of pyglet.input reaches for pyglet.window.xlib, which the headless window module lacks:
    importing it explicitly, and giving arcade its ControllerManager, lets arcade.gui load.
    """
    if headless:
        os.environ["ARCADE_HEADLESS"] = "1"
    import arcade

    if os.environ.get("ARCADE_HEADLESS"):
        import pyglet.window.xlib  # noqa: F401
        import arcade.controller

        arcade.ControllerManager = arcade.controller.ControllerManager  # type: ignore[attr-defined,misc]
    import arcade.gui  # noqa: F401

    return arcade
