"""The game's own window: its sizes, dropped files accepted, and closing it keeps the game in play."""

from __future__ import annotations

from typing import Protocol

import pyglet
from PIL import Image

from game.io.paths import icon_file
from game.ui import fonts
from game.ui.frames import OnDemandWindow

WINDOW_SIZE = (1280, 800)
MIN_SIZE = (960, 640)
TITLE = "Gridfall"


class Closing(Protocol):
    """What the window tells the shell as it closes."""

    def on_window_close(self) -> None: ...


class GridfallWindow(OnDemandWindow):
    """The game's own window: resizable with a minimum size; closing it saves the game in progress."""

    def __init__(self, *, fullscreen: bool = False, visible: bool = True,
                 size: tuple[int, int] = WINDOW_SIZE) -> None:
        # No multisampling: our sprites gain nothing from it, and on software GL it makes
        # every frame about 2.5x slower (bench/render.py).
        super().__init__(size[0], size[1], TITLE, fullscreen=fullscreen, resizable=True,
                         visible=visible, center_window=True, antialiasing=False)
        self.set_minimum_size(*MIN_SIZE)
        self.app: Closing | None = None
        fonts.install()   # before any text: a machine without fonts draws in the shipped ones
        self.set_icon(*window_icons())

    def _create(self) -> None:
        # Accept dropped files (packs, replays, levels): pyglet asks for it at window creation,
        # and arcade's Window does not pass the option on.
        self._file_drops = True
        super()._create()

    def on_close(self) -> None:
        if self.app is not None:
            self.app.on_window_close()
        super().on_close()


ICON_SIZES = (256, 64, 48, 32, 16)   # a window manager picks the size it shows (taskbar, title bar, Alt+Tab)


def window_icons() -> list[pyglet.image.ImageData]:
    """The game's icon (assets/textures/icon.png) at each of ICON_SIZES, scaled down smoothly
    here rather than by the window manager."""
    with Image.open(icon_file()) as icon:
        icon = icon.convert("RGBA")
        return [pyglet.image.ImageData(size, size, "RGBA", scaled.tobytes(), pitch=-4 * size)
                for size in ICON_SIZES
                for scaled in (icon.resize((size, size), Image.Resampling.LANCZOS),)]


def window_size(saved: tuple[int, int] | None, screen: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: the last one kept, else the default; never under the
    minimum, and never larger than the screen (a size kept on a bigger monitor)."""
    width, height = saved if saved is not None else WINDOW_SIZE
    if screen is not None:
        width, height = min(width, screen[0]), min(height, screen[1])
    return max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])


def screen_size() -> tuple[int, int] | None:
    """The default screen's size, when there is a display to ask."""
    try:
        screen = pyglet.display.get_display().get_default_screen()
    except Exception:   # no display (headless): no screen to fit
        return None
    return int(screen.width), int(screen.height)
