"""Where a frame's words land: every text a view draws (alone or in a batch), with its box on screen, and the layout checks the screen tests share."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

import pyglet
import pytest

Box = tuple[float, float, float, float]      # left, bottom, right, top in window pixels (y up)


def box(t: Any) -> Box:
    """Where a text's letters are drawn (an arcade.Text or a pyglet label), in the coordinates it
    was placed in: (left, bottom, right, top)."""
    label = getattr(t, "label", t)
    w, h = float(label.content_width), float(label.content_height)
    if abs(label.rotation) == 90:   # an axis's title, on its side (centred, as editor.charts draws it)
        return label.x - h / 2, label.y - w / 2, label.x + h / 2, label.y + w / 2
    left = float(label.left)
    if label.width is not None and label.multiline:   # wrapped at a width: its letters sit by its align
        left += {"left": 0.0, "center": (label.width - w) / 2, "right": label.width - w}[label.get_style("align") or "left"]
    bottom = float(label.bottom)
    return left, bottom, left + w, bottom + h


@dataclass(frozen=True)
class Drawn:
    """One text a frame drew: its words, its box on screen and its place in the drawing order."""

    label: Any        # the pyglet label (an arcade.Text's `.label`)
    box: Box
    order: int

    @property
    def words(self) -> str:
        return str(self.label.text)


class TextWatch:
    """Watches what the views draw: every pyglet label made while it is on (so batched texts are
    known by their batch), every label drawn and every batch drawn, each with the camera it was
    drawn through (a scrolled menu's content is moved by its camera)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.labels: weakref.WeakSet[Any] = weakref.WeakSet()
        self._draws: list[tuple[Any, Any, Any, tuple[int, ...]]] | None = None
        self.window: Any = None
        watch = self
        label_init, label_draw = pyglet.text.Label.__init__, pyglet.text.Label.draw
        batch_draw = pyglet.graphics.Batch.draw

        def init(label: Any, *args: Any, **kwargs: Any) -> None:
            label_init(label, *args, **kwargs)
            watch.labels.add(label)

        def draw_label(label: Any) -> None:
            watch._seen(label)
            label_draw(label)

        def draw_batch(batch: Any) -> None:
            watch._seen(batch)
            batch_draw(batch)

        monkeypatch.setattr(pyglet.text.Label, "__init__", init)
        monkeypatch.setattr(pyglet.text.Label, "draw", draw_label)
        monkeypatch.setattr(pyglet.graphics.Batch, "draw", draw_batch)

    def _seen(self, what: Any) -> None:
        if self._draws is not None:
            w = self.window
            self._draws.append((what, w.projection, w.view, tuple(w.ctx.viewport)))

    def frame(self, draw: Callable[[], object], window: Any) -> list[Drawn]:
        """The texts that `draw()` (one frame) shows, in drawing order, with their boxes on screen."""
        self._draws, self.window = [], window
        window.default_camera.use()
        plain = (window.projection, window.view)
        try:
            draw()
            draws = self._draws
        finally:
            self._draws = None
        by_batch: dict[int, list[Any]] = {}
        for label in list(self.labels):
            by_batch.setdefault(id(label.batch), []).append(label)
        out: list[Drawn] = []
        done: set[int] = set()
        for what, projection, view, viewport in draws:
            labels = [what] if isinstance(what, pyglet.text.Label) else by_batch.get(id(what), [])
            for label in labels:
                if id(label) in done or not label.visible or not str(label.text).strip():
                    continue
                done.add(id(label))
                placed = box(label)
                if (projection, view) != plain:   # through a camera (a scrolled menu's content)
                    placed = _on_screen(placed, projection, view, viewport)
                out.append(Drawn(label, placed, len(out)))
        return out


def _on_screen(b: Box, projection: Any, view: Any, viewport: tuple[int, ...]) -> Box:
    """A box placed in a camera's world (or a GUI widget's own corner of its surface, the size of
    the window), in window pixels."""
    vx, vy, vw, vh = viewport
    points = []
    for x, y in ((b[0], b[1]), (b[2], b[3])):
        p = projection @ view @ pyglet.math.Vec4(x, y, 0.0, 1.0)
        points.append((vx + (p.x / p.w + 1) / 2 * vw, vy + (p.y / p.w + 1) / 2 * vh))
    (x0, y0), (x1, y1) = points
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def visible(drawn: list[Drawn], covers: Iterable[tuple[Box, int]]) -> list[Drawn]:
    """The texts a player can see: those drawn before an opaque cover (a card, a header bar:
    its box and the order of its first text) and under it are hidden by it."""
    covers = list(covers)
    return [d for d in drawn if not any(d.order < first and _share(d.box, c) for c, first in covers)]


def _share(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlap(a: Box, b: Box, leading: float = 3) -> bool:
    """Whether two texts' boxes overlap. Lines of one column sit a line apart: their boxes may
    share `leading` pixels (a font's line box holds room above its capitals and below its tails)."""
    wide = min(a[2], b[2]) - max(a[0], b[0])
    tall = min(a[3], b[3]) - max(a[1], b[1])
    return wide > 1 and tall > leading


def overlapping(drawn: list[Drawn], leading: float = 3) -> Iterator[tuple[Drawn, Drawn]]:
    """Pairs of drawn texts whose boxes overlap (see `overlap`)."""
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if overlap(a.box, b.box, leading):
                yield a, b


def inside(b: Box, area: Box, slack: float = 1) -> bool:
    """Whether box `b` lies within `area` (a pixel of anti-aliasing either way allowed)."""
    return (area[0] - slack <= b[0] and b[2] <= area[2] + slack
            and area[1] - slack <= b[1] and b[3] <= area[3] + slack)


def describe(d: Drawn) -> str:
    l, b, r, t = d.box
    return f"{d.words[:40]!r} at ({l:.0f}, {b:.0f})-({r:.0f}, {t:.0f})"


def resize(window: Any, width: int, height: int) -> None:
    """The window reports this size and its view is told. A headless window cannot change size;
    the size it reports is what every layout reads."""
    window._width, window._height = width, height
    window.dispatch_event("on_resize", width, height)
    window.dispatch_events()
