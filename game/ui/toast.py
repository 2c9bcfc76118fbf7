"""One short message beside the board: news in the text colour, a refusal in the warning colour."""

from __future__ import annotations

from typing import Any

import arcade

from game.ui import frames
from game.ui.damage import Mark, box, sprite_marks, text_mark, union
from game.ui.screens import style

SECONDS = 3.0    # how long a message stays
FADE = 0.5       # and the last part of it, fading out


class Toast:
    """The play view's one voice: a pill under the board that says one thing, then fades; a
    successful move clears it, so no message is left over from a move already fixed."""

    def __init__(self, text_scale: float = 1.0) -> None:
        self.text = arcade.Text("", 0, 0, style.TEXT, round(15 * text_scale), anchor_x="center",
                                anchor_y="center", font_name=style.BODY_FONT)
        self.height = round(38 * text_scale)
        self.error = False
        self.left = 0.0
        self.pill: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._at = (0.0, 0.0)
        self._max_width = 600.0

    @property
    def message(self) -> str:
        return str(self.text.text) if self.left > 0 else ""

    def place(self, x: float, y: float, max_width: float) -> None:
        self._at, self._max_width = (x, y), max_width
        self._build()

    def place_under(self, rect: Any) -> None:
        """Under a board's rectangle when there is room, else over its lowest row."""
        y = rect.bottom - 26 if rect.bottom >= 46 else rect.bottom + 26
        self.place(rect.center[0], y, max(200.0, rect.width))

    def show(self, message: str, error: bool = False) -> None:
        self.text.text = message
        self.error = error
        # Long enough to be read: a longer message (where Share put the files) stays longer.
        self.left = max(SECONDS, len(message) / 18)
        self._build()
        frames.request()   # said by a timer too (a share's GIF is ready): no input brings a frame

    def clear(self) -> None:
        self.left = 0.0

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def fading(self) -> bool:
        """The message is fading out (it needs frames; shown still, it needs none)."""
        return 0.0 < self.left <= FADE

    def _build(self) -> None:
        x, y = self._at
        self.text.x, self.text.y = x, y
        # One line when it fits, else wrapped inside the room it has (a path never runs off screen).
        # A wrapped message before left its wrap width on the text: a one-line message laid in
        # that width sat off the middle of its pill, its end outside it.
        self.text.multiline = False
        self.text.label.width = None   # (arcade.Text.width takes an int; its pyglet label takes None)
        if self.text.content_width + 36 > self._max_width:
            self.text.width = int(self._max_width - 36)
            self.text.multiline = True
            self.text.align = "center"
        width = min(self._max_width, self.text.content_width + 36)
        height = max(self.height, int(self.text.content_height) + 16)
        self.pill = arcade.SpriteList()
        if self.text.text:
            pill = arcade.Sprite(style.rounded_rect(max(2, int(width)), height, self.height // 2),
                                 center_x=x, center_y=y)
            pill.color = style.OVERLAY_PANEL
            self.pill.append(pill)

    def marks(self) -> list[Mark]:
        """What the toast shows and where (game.ui.damage): its words and how faded they are."""
        if self.left <= 0 or not self.text.text:
            return []
        text = text_mark("toast", self.text)
        where = box(self.text.left, self.text.bottom, self.text.right, self.text.top, pad=4)
        for _, b in sprite_marks("toast", self.pill):
            where = union(where, b)
        key = (text[0] if text else None, self.error, int(255 * min(1.0, self.left / FADE)))
        return [(("toast", key), where)]

    def draw(self) -> None:
        if self.left <= 0 or not self.text.text:
            return
        alpha = int(255 * min(1.0, self.left / FADE))
        for s in self.pill:
            s.alpha = alpha
        color = style.DANGER_HOVER if self.error else style.TEXT
        self.text.color = (color[0], color[1], color[2], alpha)
        self.pill.draw()
        self.text.draw()
