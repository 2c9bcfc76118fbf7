"""The menus' look in one place: palette, fonts, sizes, and the few textures they draw with."""

from __future__ import annotations

import functools
import math
from typing import Any

import arcade
from PIL import Image, ImageDraw

from game.core import Mode
from game.ui import fonts


RGBA = tuple[int, int, int, int]

# -- palette: deep night blue with warm gold for focus and stars ---------------------------
BG_TOP: RGBA = (20, 22, 44, 255)
BG_BOTTOM: RGBA = (46, 28, 74, 255)
GRID_LINE: RGBA = (255, 255, 255, 12)
PLAY_BG: RGBA = (32, 25, 58, 255)   # behind a game: the middle of the night gradient (BG_TOP..BG_BOTTOM)
PANEL: RGBA = (44, 48, 84, 255)
PANEL_HOVER: RGBA = (62, 68, 114, 255)
PANEL_LOCKED: RGBA = (34, 36, 60, 255)
HEADER: RGBA = (16, 17, 34, 255)
OPTION: RGBA = (26, 28, 52, 255)
OPTION_HOVER: RGBA = (70, 76, 126, 255)
PRIMARY: RGBA = (82, 112, 246, 255)
PRIMARY_HOVER: RGBA = (110, 138, 255, 255)
DANGER: RGBA = (196, 72, 96, 255)
DANGER_HOVER: RGBA = (226, 94, 118, 255)
FOCUS: RGBA = (255, 200, 70, 255)
GOLD: RGBA = (255, 204, 64, 255)
STAR_EMPTY: RGBA = (84, 88, 124, 255)
TEXT: RGBA = (238, 240, 250, 255)
TEXT_MUTED: RGBA = (164, 170, 204, 255)
TEXT_DIM: RGBA = (110, 114, 150, 255)
FIELD_BG: RGBA = (14, 16, 34, 255)     # a field to type in: darker than the panels around it
NOTICE_BG: RGBA = (128, 70, 32, 255)
BAR_BG: RGBA = (28, 30, 54, 255)
BAR_FILL: RGBA = (96, 210, 150, 255)
SHADE: RGBA = (0, 0, 0, 150)            # over a board under a pause menu or a result
OVERLAY_PANEL: RGBA = (24, 28, 44, 240)
OVERLAY_EDGE: RGBA = (90, 100, 150, 255)

# One colour per level mode, used for the mode badge on level tiles.
MODE_COLORS: dict[str, RGBA] = {
    Mode.MATCH3: (236, 92, 128, 255),
    Mode.CHAIN: (64, 196, 148, 255),
    Mode.SLIDE: (90, 156, 255, 255),
}
MODE_LABELS = {Mode.MATCH3: "MATCH 3", Mode.CHAIN: "CHAIN", Mode.SLIDE: "SLIDE"}

# Tile colours of the title's logo and falling background tiles.
TILE_COLORS: tuple[RGBA, ...] = (
    (236, 92, 128, 255), (255, 170, 60, 255), (250, 214, 76, 255), (96, 210, 150, 255),
    (80, 190, 230, 255), (110, 128, 255, 255), (180, 110, 240, 255), (240, 120, 200, 255),
)

# -- fonts ----------------------------------------------------------------------------
DISPLAY_FONT = "Kenney Future"
# User text (pack and level names) may hold any letter: a broad Unicode font first.
BODY_FONT: tuple[str, ...] = ("DejaVu Sans", "Liberation Sans", "Arial")

TITLE_SIZE = 30
BUTTON_SIZE = 17
BODY_SIZE = 15
SMALL_SIZE = 12


def load_fonts() -> None:
    """Register the fonts the game ships (DejaVu Sans) and the display font inside arcade (Kenney
    Future, CC0), once: game.ui.fonts."""
    fonts.install()


# -- textures (made with Pillow, once, then tinted by sprite colour) ------------------
_SUPER = 3  # draw at 3x and shrink: smooth edges without a GL anti-aliasing pass


@functools.cache
def rounded_rect(width: int, height: int, radius: int) -> Any:
    """A white rounded rectangle texture of this exact size, cached per size."""
    width, height = max(2, int(width)), max(2, int(height))
    radius = max(0, min(int(radius), width // 2, height // 2))
    big = Image.new("RGBA", (width * _SUPER, height * _SUPER), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * _SUPER - 1, height * _SUPER - 1), radius=radius * _SUPER, fill=(255, 255, 255, 255)
    )
    image = big.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(image, hash=f"gridfall-rrect-{width}x{height}r{radius}")


@functools.cache
def ring(width: int, height: int, radius: int, thickness: int) -> Any:
    """A white rounded outline (the focus ring), cached per size."""
    width, height = max(4, int(width)), max(4, int(height))
    s = _SUPER
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=radius * s, outline=(255, 255, 255, 255),
        width=thickness * s,
    )
    image = big.resize((width, height), Image.Resampling.LANCZOS)
    return arcade.Texture(image, hash=f"gridfall-ring-{width}x{height}r{radius}t{thickness}")


@functools.cache
def star(size: int) -> Any:
    """A white five-pointed star, tinted gold (earned) or grey (not yet)."""
    s = size * _SUPER
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    cx = cy = s / 2
    outer, inner = s * 0.48, s * 0.2
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a) + s * 0.03))
    ImageDraw.Draw(big).polygon(points, fill=(255, 255, 255, 255))
    return arcade.Texture(big.resize((size, size), Image.Resampling.LANCZOS), hash=f"gridfall-star-{size}")


@functools.cache
def padlock(size: int) -> Any:
    """A white padlock: the sign of a level not open yet."""
    s = size * _SUPER
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((s * 0.16, s * 0.44, s * 0.84, s * 0.96), radius=int(s * 0.1), fill=(255, 255, 255, 255))
    d.arc((s * 0.28, s * 0.06, s * 0.72, s * 0.62), start=180, end=360, fill=(255, 255, 255, 255), width=int(s * 0.1))
    d.line((s * 0.28 + s * 0.05, s * 0.34, s * 0.28 + s * 0.05, s * 0.46), fill=(255, 255, 255, 255), width=int(s * 0.1))
    d.line((s * 0.72 - s * 0.05, s * 0.34, s * 0.72 - s * 0.05, s * 0.46), fill=(255, 255, 255, 255), width=int(s * 0.1))
    d.ellipse((s * 0.44, s * 0.6, s * 0.56, s * 0.72), fill=(0, 0, 0, 0))
    return arcade.Texture(big.resize((size, size), Image.Resampling.LANCZOS), hash=f"gridfall-lock-{size}")


def backdrop(width: int, height: int) -> Any:
    """The menus' background: a night gradient, as one vertex-coloured quad (no texture to sample)."""
    from arcade.shape_list import ShapeElementList, create_rectangle_filled_with_colors

    shapes: Any = ShapeElementList()
    shapes.append(create_rectangle_filled_with_colors(
        [(0, 0), (width, 0), (width, height), (0, height)], [BG_BOTTOM, BG_BOTTOM, BG_TOP, BG_TOP]))
    return shapes


def grid_lines(width: int, height: int, step: int = 64) -> list[Any]:
    """A faint board grid over the backdrop, as thin sprites (cheap: they fill few pixels)."""
    lines = [arcade.SpriteSolidColor(1, height, x + 0.5, height / 2, GRID_LINE) for x in range(step, width, step)]
    lines += [arcade.SpriteSolidColor(width, 1, width / 2, y + 0.5, GRID_LINE) for y in range(step, height, step)]
    return lines
