"""The toast as a player reads it: its words inside its pill, whatever it said before."""

from __future__ import annotations

from typing import Any

import arcade

from game.ui.screens import style
from game.ui.toast import Toast

LONG = ("Saved in ~/Documents/Gridfall: the card is on the clipboard; the GIF follows in a moment, "
        "and the replay beside it")


def text_columns(window: Any, toast: Toast) -> tuple[int, int]:
    """The leftmost and rightmost screen columns where the toast's words are drawn (bright
    pixels on the dark pill), read back from the window."""
    window.clear(color=(0, 0, 0, 255))
    toast.draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    y = window.height - int(toast._at[1])
    band = image.crop((0, y - 12, window.width, y + 12))
    columns = [x for x in range(band.width)
               if any(min(band.getpixel((x, j))) > 150 for j in range(band.height))]
    assert columns, "no words seen"
    return columns[0], columns[-1]


def test_a_short_message_after_a_wrapped_one_sits_in_the_middle_of_its_pill(window: Any) -> None:
    toast = Toast()
    toast.place(640, 100, 540)
    toast.show(LONG)                       # wraps: wider than its room
    assert toast.text.multiline
    toast.show("The GIF is ready: first-swap.gif")
    pill = toast.pill[0]
    left, right = text_columns(window, toast)
    assert pill.left + 8 <= left and right <= pill.right - 8, "the words run out of their pill"
    # Centred: as much room on each side (within a few pixels of the glyphs' own bearings).
    assert abs((left - pill.left) - (pill.right - right)) <= 6
    assert toast.text.color[:3] == style.TEXT[:3]
