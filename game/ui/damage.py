"""Redrawing only what changed: a frame repaints the rectangles whose contents changed since the last.

On software GL every pixel filled costs CPU: a whole 1280x800 play frame is about 15 ms, and no
cache helps (copying a cached window into the back buffer costs as much as drawing it: llvmpipe
blits through a textured quad). But the window's back buffer keeps the last frame there (Mesa's
software winsys copies it to the screen; an offscreen window is never swapped), so a frame that
only moves the hover ring needs to repaint two cells, and a cascade the board, not the side panel.

Each part of a screen lists its marks: (what it shows, where) for every sprite and text it
draws, in drawing order. Between two frames the marks that appeared or vanished are the damage;
the frame is drawn as usual, once per damaged rectangle, clipped to it (`clip()` is the
rectangle a part that sets its own scissor must stay inside). A new view, a resize, an expose,
a menu (`partial` False) or damage over most of the window draws the whole window. On a GPU
(whose swap may not keep the back buffer, and where a whole frame is under a millisecond)
every frame is whole.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

import arcade

from game.ui import frames

Box = tuple[int, int, int, int]            # left, bottom, right, top in window pixels
Mark = tuple[Hashable, Box]                # what a thing shows (all that decides its pixels) and where
PAD = 2                                    # linear filtering and anti-aliased glyph edges bleed a pixel
FULL_SHARE = 0.45                          # damage over this share of the window: one whole frame
PASSES = 3                                 # at most this many clipped passes a frame (each re-walks the scene)

ENABLED = True                             # False: every frame whole (bench/render.py measures both)

_clip: Box | None = None


def clip() -> Box | None:
    """The rectangle this frame repaints (window pixels), or None for the whole window."""
    return _clip


def repaints(rect: Any, margin: float = 8) -> bool:
    """Whether this frame repaints any of `rect` (a Rect; `margin` for what a part draws just
    outside it: glyph edges, a ring's glow): a part wholly outside the clip need not be drawn."""
    if _clip is None:
        return True
    return intersect(_clip, box(rect.left, rect.bottom, rect.right, rect.top, pad=int(margin))) is not None


def sprite_marks(tag: str, sprites: Iterable[Any]) -> Iterator[Mark]:
    """A mark per sprite: its texture, place, size, turn and colour (the list's order too: an
    earlier sprite drawn under a later one)."""
    for i, s in enumerate(sprites):
        color = s.color
        if not s.visible or color[3] == 0:
            continue
        w, h, angle = s.width, s.height, s.angle
        r_x, r_y = (w / 2, h / 2) if angle % 180 == 0 else (math.hypot(w, h) / 2,) * 2
        x, y = s.position
        yield ((tag, i, id(s), id(s.texture), x, y, w, h, angle, color),
               (int(x - r_x) - PAD - 1, int(y - r_y) - PAD - 1, int(x + r_x) + PAD + 1, int(y + r_y) + PAD + 1))


def text_mark(tag: str, text: arcade.Text) -> Mark | None:
    """A text's mark (None when it shows nothing)."""
    if not text.text or not text.visible:
        return None
    return ((tag, id(text), text.text, text.x, text.y, tuple(text.color), text.font_size, text.bold,
             text.width, text.multiline, text.rotation, text.anchor_x, text.anchor_y),
            box(text.left, text.bottom, text.right, text.top, pad=PAD + 2))


def box(left: float, bottom: float, right: float, top: float, pad: int = PAD) -> Box:
    return (int(math.floor(left)) - pad, int(math.floor(bottom)) - pad,
            int(math.ceil(right)) + pad, int(math.ceil(top)) + pad)


def area(b: Box) -> int:
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def intersect(a: Box, b: Box) -> Box | None:
    out = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return out if out[0] < out[2] and out[1] < out[3] else None


def overlaps(a: Box, b: Box) -> bool:
    """Whether two rectangles share pixels (intersect without making one: merge asks this
    thousands of times a frame while a cascade moves hundreds of sprites)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def merge(boxes: Sequence[Box], limit: int = PASSES) -> list[Box]:
    """Few rectangles covering `boxes`: overlapping ones joined, then the closest pairs until
    `limit` are left (each pass walks the whole scene again: a pass costs more than some pixels)."""
    out: list[Box] = []
    for b in boxes:   # one pass first: each box into the first group it overlaps (a cascade moves dozens)
        for i, o in enumerate(out):
            if overlaps(o, b):
                out[i] = union(o, b)
                break
        else:
            out.append(b)
    if len(out) > 4 * limit:   # scattered all over: one rectangle round them all
        whole = out[0]
        for b in out[1:]:
            whole = union(whole, b)
        return [whole]
    changed = True
    while changed:
        changed = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if overlaps(out[i], out[j]):
                    out[i] = union(out[i], out.pop(j))
                    changed = True
                    break
            if changed:
                break
    while len(out) > limit:
        # Join the pair whose union wastes the fewest pixels.
        _, i, j = min((area(union(a, b)) - area(a) - area(b), i, j)
                      for i, a in enumerate(out) for j, b in enumerate(out) if i < j)
        out[i] = union(out[i], out.pop(j))
    return out


def changed(before: Sequence[Mark], after: Sequence[Mark]) -> list[Box]:
    """The rectangles of the marks in one list and not the other (what vanished, what appeared)."""
    old, new = dict(before), dict(after)
    return [b for k, b in before if k not in new] + [b for k, b in after if k not in old]


def keeps_back_buffer(renderer: str) -> bool:
    """Whether the GL keeps the back buffer between frames: Mesa's software rasterisers do
    (swap copies it out); a GPU's swap may hand back another buffer."""
    name = renderer.lower()
    return any(s in name for s in ("llvmpipe", "softpipe", "swrast"))


class Redraw:
    """A view's frames: only the damaged rectangles where it can, else whole (see above)."""

    def __init__(self, window: arcade.Window, renderer: str) -> None:
        self.window = window
        self.enabled = keeps_back_buffer(renderer)
        self._last: list[Mark] | None = None
        self._epoch: tuple[tuple[int, int], int] = ((0, 0), -1)
        self.last_boxes: list[Box] | None = None   # the rectangles the last frame repainted (None: all)

    def forget(self) -> None:
        """The next frame is whole (a new view on screen, a resize, an expose, a re-layout)."""
        self._last = None

    def frame(self, draw: Callable[[], None], marks: Callable[[], list[Mark]], partial: bool = True) -> None:
        """Draw a frame: `draw` the scene whole, or once per damaged rectangle, clipped.
        `partial` False: something on screen is not in `marks` (a menu): whole."""
        global _clip
        size = (self.window.width, self.window.height)
        # A resize, an expose, another view shown since: the back buffer may not hold our frame.
        epoch = (size, getattr(self.window, "repaints", 0))
        if frames.offscreen():   # drawn into another framebuffer (a GIF's): whole, and forgotten
            self._last = None
            self.last_boxes = None
            draw()
            return
        if not (ENABLED and self.enabled and partial) or epoch != self._epoch:
            self._epoch = epoch
            self._last = marks() if ENABLED and self.enabled and partial else None
            self.last_boxes = None
            draw()
            return
        now = marks()
        before, self._last = self._last, now
        if before is None:
            self.last_boxes = None
            draw()
            return
        screen = (0, 0, size[0], size[1])
        boxes = [c for c in (intersect(b, screen) for b in changed(before, now)) if c is not None]
        if not boxes:
            self.last_boxes = []
            return   # the back buffer already shows this frame
        boxes = merge(boxes)
        if sum(map(area, boxes)) > FULL_SHARE * area(screen):
            self.last_boxes = None
            draw()
            return
        self.last_boxes = boxes
        ctx = self.window.ctx
        try:
            for b in boxes:
                _clip = b
                ctx.scissor = (b[0], b[1], b[2] - b[0], b[3] - b[1])
                draw()
        finally:
            _clip = None
            ctx.scissor = None


@contextmanager
def repainting(ctx: Any, rect: Box) -> Iterator[None]:
    """Frames drawn inside draw only `rect` of the window (the parts wholly outside are skipped)."""
    global _clip
    _clip = rect
    ctx.scissor = _scaled(ctx, rect)
    try:
        yield
    finally:
        _clip = None
        ctx.scissor = None


@contextmanager
def clipped_to(ctx: Any, rect: Box) -> Iterator[bool]:
    """Scissor to `rect` within this frame's clip; yields False when nothing of it is repainted."""
    outer = _clip
    inner = rect if outer is None else intersect(rect, outer)
    if inner is None:
        yield False
        return
    ctx.scissor = _scaled(ctx, inner)
    try:
        yield True
    finally:
        ctx.scissor = None if outer is None else _scaled(ctx, outer)


def _scaled(ctx: Any, b: Box) -> tuple[int, int, int, int]:
    """A scissor box (x, y, width, height) for the framebuffer drawn into: the window's takes
    window pixels; another (the GIF recorder's, smaller) takes its own pixels."""
    fb = ctx.active_framebuffer
    if fb is ctx.screen:
        return (b[0], b[1], b[2] - b[0], b[3] - b[1])
    sx, sy = fb.width / ctx.window.width, fb.height / ctx.window.height
    left, bottom = int(math.floor(b[0] * sx)), int(math.floor(b[1] * sy))
    return (left, bottom, int(math.ceil(b[2] * sx)) - left, int(math.ceil(b[3] * sy)) - bottom)


__all__ = ["Box", "Mark", "Redraw", "box", "changed", "clip", "clipped_to", "keeps_back_buffer", "merge", "overlaps",
           "repainting", "repaints", "sprite_marks", "text_mark"]
