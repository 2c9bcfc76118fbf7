"""Small charts for the editor's panels: axes with ticks and titles, bars, lines and bands (their labels go to a Texts pool)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import arcade

from game.ui.layout import Rect
from game.ui.screens import style

from .texts import Texts

AXIS = style.TEXT_MUTED[:3]
GRID = (60, 64, 96)


def ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round values from lo to hi, at most `most` of them (steps of 1, 2 or 5 times a power of ten)."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step) * step
    out = []
    value = first
    while value <= hi + 1e-9:
        out.append(round(value, 9))
        value += step
    return out


@dataclass(frozen=True, slots=True)
class Plot:
    """A chart's box on screen and the values its edges stand for."""

    box: Rect
    x0: float
    x1: float
    y0: float
    y1: float

    def px(self, x: float) -> float:
        return self.box.left + (x - self.x0) / ((self.x1 - self.x0) or 1) * self.box.width

    def py(self, y: float) -> float:
        return self.box.bottom + (y - self.y0) / ((self.y1 - self.y0) or 1) * self.box.height

    def x_at(self, px: float) -> float:
        """The x value under a screen x (a click on the chart)."""
        return self.x0 + (px - self.box.left) / (self.box.width or 1) * (self.x1 - self.x0)


def axes(plot: Plot, labels: Texts, key: str, *, x_title: str, y_title: str,
         x_fmt: Callable[[float], str] = lambda v: f"{v:g}", y_fmt: Callable[[float], str] = lambda v: f"{v:g}",
         x_ticks: Sequence[float] | None = None, y_ticks: Sequence[float] | None = None) -> None:
    """Both axes with their tick marks, tick values, grid lines and titles."""
    box = plot.box
    for i, y in enumerate(y_ticks if y_ticks is not None else ticks(plot.y0, plot.y1, 5)):
        py = plot.py(y)
        arcade.draw_line(box.left, py, box.right, py, GRID, 1)
        labels.show(f"{key}:y{i}", y_fmt(y), box.left - 5, py, AXIS, 8, anchor_x="right", anchor_y="center")
    for i, x in enumerate(x_ticks if x_ticks is not None else ticks(plot.x0, plot.x1, 8)):
        px = plot.px(x)
        arcade.draw_line(px, box.bottom, px, box.bottom - 4, AXIS, 1)
        labels.show(f"{key}:x{i}", x_fmt(x), px, box.bottom - 6, AXIS, 8, anchor_x="center", anchor_y="top")
    arcade.draw_line(box.left, box.bottom, box.right, box.bottom, AXIS, 1)
    arcade.draw_line(box.left, box.bottom, box.left, box.top, AXIS, 1)
    labels.show(f"{key}:xt", x_title, box.center[0], box.bottom - 22, AXIS, 9, anchor_x="center", anchor_y="top")
    labels.show(f"{key}:yt", y_title, box.left - 36, box.center[1], AXIS, 9, anchor_x="center",
               anchor_y="center", rotation=-90)


def bars(plot: Plot, values: Sequence[tuple[float, float, Any]], width: float) -> None:
    """One bar per (x, height, colour), `width` in x units, centred on x."""
    for x, height, color in values:
        if height > 0:
            left, right = plot.px(x - width / 2), plot.px(x + width / 2)
            arcade.draw_lrbt_rectangle_filled(left + 0.5, max(left + 1.5, right - 0.5), plot.py(plot.y0),
                                              plot.py(min(height, plot.y1)), color)


def line(plot: Plot, points: Sequence[tuple[float, float]], color: Any, width: float = 2) -> None:
    if len(points) >= 2:
        arcade.draw_line_strip([(plot.px(x), plot.py(y)) for x, y in points], color, width)
    for x, y in points if len(points) < 40 else ():
        arcade.draw_circle_filled(plot.px(x), plot.py(y), 3, color)


def bands(plot: Plot, spans: Sequence[tuple[float, float, Any]]) -> None:
    """Horizontal bands behind a chart: (from y, to y, colour) each."""
    for lo, hi, color in spans:
        arcade.draw_lrbt_rectangle_filled(plot.box.left, plot.box.right, plot.py(max(lo, plot.y0)),
                                          plot.py(min(hi, plot.y1)), color)


def marker(plot: Plot, x: float, color: Any, width: float = 1) -> None:
    """A vertical line across the chart at x."""
    px = plot.px(x)
    arcade.draw_line(px, plot.box.bottom, px, plot.box.top, color, width)
