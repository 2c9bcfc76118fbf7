"""The shared headless window draws and reads back pixels."""

from __future__ import annotations

from typing import Any


def test_headless_window_draws(window: Any) -> None:
    import arcade

    window.clear()
    arcade.draw_lrbt_rectangle_filled(10, 60, 10, 60, (200, 30, 40, 255))
    image = arcade.get_image(0, 0, 100, 100)
    assert image.getpixel((30, 70))[:3] == (200, 30, 40)
