"""Texts that change from frame to frame (title, problems, status, panels, charts' labels), kept by key and drawn in one batch."""

from __future__ import annotations

from typing import Any

import arcade
import pyglet

from game.ui.screens import style

from .look import TEXT, rgba


class Texts:
    """One cached arcade.Text per key, in one pyglet batch: a frame shows the ones it names
    (show) and hides the rest (end_frame, or draw), so nothing said before is left on the
    screen. The editor's own texts are one pool; each sheet (difficulty, overview, deal) and its
    charts keep another."""

    def __init__(self) -> None:
        self._batch = pyglet.graphics.Batch()
        self.shown: dict[str, arcade.Text] = {}   # kept referenced: batched text vanishes when freed
        self._looks: dict[str, tuple[Any, ...]] = {}   # the size and style each key's text was made in
        self._used: set[str] = set()
        self._fitted: dict[tuple[Any, ...], str] = {}   # (wordings, room, size, bold) -> what fits

    def fit(self, text: str | tuple[str, ...], room: float, size: int = 11, bold: bool = False) -> str:
        """The first wording that fits in `room` pixels as drawn, else the last one cut with '...'
        (measured once per wording and room: a panel asks every frame)."""
        wordings = (text,) if isinstance(text, str) else text
        key = (wordings, int(room), size, bold)
        found = self._fitted.get(key)
        if found is None:
            if len(self._fitted) > 512:
                self._fitted.clear()
            measure = arcade.Text("", 0, 0, font_size=size, font_name=style.BODY_FONT, bold=bold)

            def width(t: str) -> float:
                measure.text = t
                return float(measure.content_width)

            found = next((w for w in wordings if width(w) <= room), "")
            if not found:
                last = wordings[-1]
                lo, hi = 0, len(last)   # the longest cut of the last wording that fits
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if width(last[:mid].rstrip() + "...") <= room:
                        lo = mid
                    else:
                        hi = mid - 1
                found = last[:lo].rstrip() + "..." if lo else ""
            self._fitted[key] = found
        return found

    def show(self, key: str, text: str | tuple[str, ...], x: float, y: float, color: Any = TEXT, size: int = 11,
             *, room: float | None = None, **kw: Any) -> arcade.Text:
        """Show a changing text this frame (the same arcade.Text as before, changed only where
        it differs: a text made anew each frame cost a layout each time). With `room`, the text
        is at most that many pixels wide, measured as drawn: the first of several wordings that
        fits (a tuple, longest first), else the last one cut with '...'."""
        if room is not None:
            text = self.fit(text, room, size, bool(kw.get("bold", False)))
        elif isinstance(text, tuple):
            text = text[0]
        color = rgba(color)
        t = self.shown.get(key)
        # A key shown in another size or weight (a panel's line that is a headline one time and
        # plain the next) is made anew: changing text, place and colour kept the old style.
        looks = (size, tuple(sorted(kw.items())))
        if t is None or self._looks.get(key) != looks:
            if t is not None:
                t.visible = False
            t = self.shown[key] = arcade.Text(text, x, y, color, size, batch=self._batch,
                                              font_name=style.BODY_FONT, **kw)
            self._looks[key] = looks
        else:
            if t.text != text:
                t.text = text
            if (t.x, t.y) != (x, y):
                t.position = (x, y)
            if tuple(t.color) != color:
                t.color = color
            t.visible = True
        self._used.add(key)
        return t

    def begin_frame(self) -> None:
        self._used = set()

    def end_frame(self) -> None:
        """Hide every text this frame did not show."""
        for k, t in self.shown.items():
            if k not in self._used:
                t.visible = False

    def draw(self) -> None:
        """Draw the texts shown this frame (any other is hidden first)."""
        self.end_frame()
        self._batch.draw()

    def reset(self) -> None:
        """A resized window: make the texts anew."""
        self._batch = pyglet.graphics.Batch()
        self.shown = {}
        self._looks = {}
        self._used = set()

    def said(self) -> dict[str, str]:
        """What the texts shown this frame say, by key (what a test reads)."""
        return {k: str(t.text) for k, t in self.shown.items() if k in self._used}

    def text(self, key: str) -> str:
        """What the text `key` shows now ('' when it is hidden or was never shown)."""
        t = self.shown.get(key)
        return str(t.text) if t is not None and t.visible else ""
