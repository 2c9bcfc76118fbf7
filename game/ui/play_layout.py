"""Where the play screen puts things: the board, the HUD (beside it, or above it in a portrait window), the buttons."""

from __future__ import annotations

from typing import Any

import arcade

from game.ui.hud import is_strip
from game.ui.layout import Rect, software_rendering

PORTRAIT_HUD_H = 230   # the HUD strip above the board in a portrait window (times the text scale)
BAR_BOTTOM = 16        # the button bar's bottom edge there


def hud_width(window_width: float) -> float:
    return max(220.0, min(320.0, window_width * 0.24))


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
    hw = hud_width(w)
    board = Rect(hw + margin, margin, max(40.0, w - hw - 2 * margin), max(40.0, h - 2 * margin))
    return board, Rect(0, 0, hw, h)


def backdrop(width: int, height: int, renderer: str) -> tuple[Any, arcade.SpriteList[arcade.Sprite]]:
    """The menus' night sky behind the game: their gradient on a GPU; on software GL (where a
    full-window quad cost +40-60% a frame, measured) none (a flat colour from its middle), with
    the same faint grid of thin lines."""
    from game.ui.screens import style

    gradient = None if software_rendering(renderer) else style.backdrop(width, height)
    grid: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    grid.extend(style.grid_lines(width, height))
    return gradient, grid


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


__all__ = ["BAR_BOTTOM", "PORTRAIT_HUD_H", "backdrop", "bar_rect", "hud_width", "is_portrait", "play_areas"]
