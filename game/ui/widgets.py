"""Buttons and a modal menu panel for the play view (pause menu, result overlay)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import arcade

from game.ui.layout import Rect


PANEL = (24, 28, 44, 240)
SHADE = (0, 0, 0, 150)
BUTTON = (58, 66, 100, 255)
BUTTON_FOCUS = (255, 200, 60, 255)
TEXT = (240, 240, 248, 255)
TEXT_DARK = (30, 24, 10, 255)


@dataclass
class Button:
    """A labelled rectangle that runs `action` when clicked or chosen by keyboard."""

    label: str
    action: Callable[[], None]
    key: str = ""                     # a stable name for tests and keyboard shortcuts
    rect: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    text: Any = None

    def place(self, rect: Rect) -> None:
        self.rect = rect
        x, y = rect.center
        if self.text is None:
            self.text = arcade.Text(self.label, x, y, TEXT, 18, anchor_x="center", anchor_y="center",
                                    bold=True)
        self.text.x, self.text.y = x, y


class Menu:
    """A centred panel: a title, optional lines and a column of buttons; arrows + Enter or mouse."""

    def __init__(self, title: str, buttons: Sequence[Button], lines: Sequence[str] = (),
                 width: float = 420) -> None:
        self.title = arcade.Text(title, 0, 0, TEXT, 30, anchor_x="center", anchor_y="center", bold=True)
        self.lines = [arcade.Text(line, 0, 0, (210, 214, 230, 255), 17, anchor_x="center",
                                  anchor_y="center") for line in lines]
        self.buttons = list(buttons)
        self.focus = 0
        self.width = width
        self.panel = Rect(0, 0, 0, 0)
        self.extra_height = 0.0        # room a caller reserves under the lines (the result's stars)
        self.extra_top = 0.0

    def place(self, screen_w: float, screen_h: float) -> None:
        bh, gap = 48.0, 12.0
        # Title 48 below the top, the first line 50 below it, 30 a line, then the reserved room,
        # then the buttons, and a margin: every piece below the one above, never overlapping.
        height = 98 + len(self.lines) * 30 + self.extra_height + len(self.buttons) * (bh + gap) + 16
        panel = Rect((screen_w - self.width) / 2, (screen_h - height) / 2, self.width, height)
        self.panel = panel
        y = panel.top - 48
        self.title.x, self.title.y = panel.center[0], y
        y -= 50
        for line in self.lines:
            line.x, line.y = panel.center[0], y
            y -= 30
        self.extra_top = y + 10
        y -= self.extra_height
        for b in self.buttons:
            b.place(Rect(panel.left + 40, y - bh, panel.width - 80, bh))
            y -= bh + gap

    def button_at(self, x: float, y: float) -> int | None:
        for i, b in enumerate(self.buttons):
            if b.rect.contains(x, y):
                return i
        return None

    def press(self, x: float, y: float) -> bool:
        i = self.button_at(x, y)
        if i is None:
            return False
        self.focus = i
        self.buttons[i].action()
        return True

    def hover(self, x: float, y: float) -> None:
        i = self.button_at(x, y)
        if i is not None:
            self.focus = i

    def key(self, symbol: int) -> bool:
        k = arcade.key
        if symbol in (k.UP, k.W):
            self.focus = (self.focus - 1) % len(self.buttons)
        elif symbol in (k.DOWN, k.S, k.TAB):
            self.focus = (self.focus + 1) % len(self.buttons)
        elif symbol in (k.ENTER, k.RETURN, k.SPACE, k.NUM_ENTER):
            self.buttons[self.focus].action()
        else:
            return False
        return True

    def choose(self, key: str) -> None:
        """Run the button named `key` (tests and shortcuts)."""
        for b in self.buttons:
            if b.key == key:
                b.action()
                return
        raise KeyError(f"no button {key!r} in menu {self.title.text!r}")

    def draw(self, screen_w: float, screen_h: float) -> None:
        arcade.draw_lrbt_rectangle_filled(0, screen_w, 0, screen_h, SHADE)
        p = self.panel
        arcade.draw_lrbt_rectangle_filled(p.left, p.right, p.bottom, p.top, PANEL)
        arcade.draw_lrbt_rectangle_outline(p.left, p.right, p.bottom, p.top, (90, 100, 150, 255), 2)
        self.title.draw()
        for line in self.lines:
            line.draw()
        for i, b in enumerate(self.buttons):
            r = b.rect
            focused = i == self.focus
            arcade.draw_lrbt_rectangle_filled(r.left, r.right, r.bottom, r.top,
                                              BUTTON_FOCUS if focused else BUTTON)
            b.text.color = TEXT_DARK if focused else TEXT
            b.text.draw()
