"""A screen that tells one thing and offers a choice: a refused pack's problems, a replace to confirm."""

from __future__ import annotations

from typing import Callable, Sequence

from . import style
from .widgets import MenuView

Choice = tuple[str, Callable[[], object]]


class NoticeView(MenuView):
    """A title, some lines (each shortened to the window) and a row of buttons; Esc is the last
    button (the way back), Enter the focused one, which is the first."""

    def __init__(self, window: object, title: str, lines: Sequence[str], choices: Sequence[Choice],
                 *, danger: bool = False) -> None:
        super().__init__(window)
        self.title = title
        self.lines = list(lines)
        self.choices = list(choices)
        self.danger = danger

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.header(self.title)
        y = h - self.header_height - 60
        for i, line in enumerate(self.lines):
            # A refusal's problems in the warning colour, under the line that introduces them.
            self.text(line, w / 2, y, style.DANGER_HOVER if self.danger and i > 0 else style.TEXT,
                      style.BODY_SIZE, anchor_x="center", anchor_y="center", max_width=w - 120)
            y -= 34
        bw, gap = 260, 24
        left = w / 2 - (len(self.choices) * bw + (len(self.choices) - 1) * gap) / 2
        for i, (label, action) in enumerate(self.choices):
            self.button(label, left + i * (bw + gap), y - 70, bw, 52, action, name=label.lower(),
                        primary=i == 0)

    def on_back(self) -> None:
        if self.choices:
            self.choices[-1][1]()
