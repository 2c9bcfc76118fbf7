"""Where the play screen puts things: the board, the HUD (beside it, or above it in a portrait window), the buttons."""

from __future__ import annotations

from typing import Any

import arcade

from game.ui import frames
from game.ui.hud import is_strip
from game.ui.layout import Rect, software_rendering

PORTRAIT_HUD_H = 230   # the HUD strip above the board in a portrait window (times the text scale)
BAR_BOTTOM = 16        # the button bar's bottom edge there


def hud_width(window_width: float, text_scale: float = 1.0) -> float:
    """The side panel's width, wider with larger text (in the smallest window the board is as
    tall as the window allows anyway: the room comes from beside it)."""
    return max(220.0, min(320.0, window_width * 0.24)) * text_scale


def is_portrait(width: float, height: float) -> bool:
    """A window clearly taller than wide (a phone-shaped or rotated screen): HUD above the board."""
    return height > width * 1.15


def play_areas(w: float, h: float, text_scale: float) -> tuple[Rect, Rect]:
    """The board's rectangle and the HUD's, in a window of w x h."""
    margin = 20.0
    if is_portrait(w, h):
        # The HUD across the top, the buttons along the bottom, the board between them
        # (with room under it for a message).
        hud_h = PORTRAIT_HUD_H * text_scale
        bottom = BAR_BOTTOM + 36 + 50
        board = Rect(margin, bottom, max(40.0, w - 2 * margin), max(40.0, h - hud_h - bottom - 8))
        return board, Rect(0, h - hud_h, w, hud_h)
    hw = hud_width(w, text_scale)
    board = Rect(hw + margin, margin, max(40.0, w - hw - 2 * margin), max(40.0, h - 2 * margin))
    return board, Rect(0, 0, hw, h)


def backdrop(width: int, height: int, renderer: str) -> tuple[Any, Any]:
    """The menus' night sky behind the game, and its faint grid of thin lines: the gradient on a
    GPU; on software GL (where a full-window quad cost +40-60% a frame, measured) none (a flat
    colour from its middle), the grid's lines then opaque in the colour they blend to (FlatGrid)."""
    from game.ui.screens import style

    if software_rendering(renderer):
        return None, FlatGrid(width, height)
    grid: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    grid.extend(style.grid_lines(width, height))
    return style.backdrop(width, height), grid


def _over(color: tuple[int, int, int, int], under: tuple[int, ...]) -> tuple[int, int, int, int]:
    """`color` blended over the opaque `under`, as GL's usual blending rounds it."""
    alpha = color[3] / 255
    r, g, b = (round(u * (1 - alpha) + c * alpha) for u, c in zip(under[:3], color[:3]))
    return (r, g, b, 255)


class FlatGrid:
    """The backdrop's grid over the flat play colour, cheaper on software GL for the same pixels
    as faint lines blended over it: the columns as opaque untextured quads in the colour they
    blend to, drawn without blending (no texture sampled, no pixel read back); the rows blended
    over them, so where two cross the pixel is blended twice as before (bench/render.py --parts)."""

    def __init__(self, width: int, height: int, step: int = 64) -> None:
        from arcade.shape_list import ShapeElementList, create_rectangle_filled

        from game.ui.screens import style

        once = _over(style.GRID_LINE, style.PLAY_BG)
        self.columns: Any = ShapeElementList()
        self.rows: Any = ShapeElementList()
        for x in range(step, width, step):
            self.columns.append(create_rectangle_filled(x + 0.5, height / 2, 1, height, once))
        for y in range(step, height, step):
            self.rows.append(create_rectangle_filled(width / 2, y + 0.5, width, 1, style.GRID_LINE))

    def draw(self) -> None:
        with frames.opaque():
            self.columns.draw()
        self.rows.draw()


def bar_rect(hud_area: Rect, text_scale: float, legend_top: float | None = None) -> Rect:
    """The button bar's place: across the HUD, just above its key legend (`legend_top`, the
    legend's top edge as laid out: a narrow HUD wraps it onto more lines; taller with large
    text); in a portrait window, along the bottom under the board."""
    if is_strip(hud_area):
        width = max(80.0, min(hud_area.width - 48, 520.0))
        return Rect(hud_area.left + (hud_area.width - width) / 2, BAR_BOTTOM, width, 36)
    bottom = hud_area.bottom + 24 + 40 * text_scale
    if legend_top is not None:
        bottom = max(bottom, legend_top + 8)
    return Rect(hud_area.left + 24, bottom, max(80.0, hud_area.width - 48), 36)


def place_side(hud: Any, bar: Any, hud_area: Rect, text_scale: float) -> None:
    """The HUD in its area and the button bar over its key legend, the HUD's column kept above
    the bar (a short window with large text ran the last goal into the bar's buttons)."""
    hud.place(hud_area)
    bar.place(bar_rect(hud_area, text_scale, hud.legend_top))
    if not is_strip(hud_area):
        hud.keep_above(bar.rect.top + 8)


__all__ = ["BAR_BOTTOM", "FlatGrid", "PORTRAIT_HUD_H", "backdrop", "bar_rect", "hud_width", "is_portrait", "place_side", "play_areas"]
