"""The board's still layer (what lies under its cells, the cell quads, the floor blockers) kept in a framebuffer and copied back.

On software GL a pixel drawn costs CPU: floor blocker textures over a board cost 2-3 ms a whole frame,
copying the same rectangle back from a framebuffer about 1 ms (bench/render.py --parts). The
layer is kept only while it is at rest: it is made on a whole frame (the window then holds the
backdrop under the board, which is copied in first, so the layer is exactly what drawing shows)
once its contents have stayed the same for two frames in a row, and used while they still are.
A shake, a floor blocker fading as it clears, a frame drawn into another framebuffer (a GIF's), or a GPU
(where a whole frame is under a millisecond) draw the layer as before, every frame.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Hashable

import arcade
from pyglet import gl

from game.ui import frames
from game.ui.damage import clip

Box = tuple[int, int, int, int]


class StillLayer:
    """The board's cell quads and floor blockers (with the backdrop under them) as one copy, when still."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._fbo: Any = None
        self._made: Hashable = None       # the contents the framebuffer holds (None: nothing)
        self._last: Hashable = None       # the contents asked for by the frame before
        self.copies = 0                   # frames drawn from the copy (tests read it)

    def draw(self, key: Hashable, rect: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
        """Draw the layer whose contents are `key` inside `rect` (left, bottom, right, top):
        copied from the framebuffer when it holds them, else `draw`n (and kept when it may)."""
        window = arcade.get_window()
        size = (window.width, window.height)
        key = (key, size, rect)
        steady, self._last = key == self._last, key
        if not self.enabled or frames.offscreen():
            draw()
            return
        box = (max(0, math.floor(rect[0])), max(0, math.floor(rect[1])),
               min(size[0], math.ceil(rect[2])), min(size[1], math.ceil(rect[3])))
        if box[0] >= box[2] or box[1] >= box[3]:
            draw()
            return
        if key == self._made:
            self._copy(self._fbo, window.ctx.screen, box)
            self.copies += 1
            return
        draw()
        if steady and clip() is None:   # a whole frame of a layer at rest: keep it
            self._keep(window, size, box, draw)
            self._made = key

    def _keep(self, window: Any, size: tuple[int, int], box: Box, draw: Callable[[], None]) -> None:
        ctx = window.ctx
        if self._fbo is None or tuple(self._fbo.size) != size:
            self._fbo = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
        # What the window shows under the layer (the backdrop, drawn this frame), then the layer.
        screen = ctx.screen
        self._copy(screen, self._fbo, box)
        self._fbo.use()
        try:
            draw()
        finally:
            screen.use(force=True)

    @staticmethod
    def _copy(src: Any, dst: Any, box: Box) -> None:
        """`box` of one framebuffer into the same place of another (a repaint's scissor clips it)."""
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, src.glo.value)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, dst.glo.value)
        gl.glBlitFramebuffer(*box, *box, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        arcade.get_window().ctx.screen.use(force=True)

    def forget(self) -> None:
        """The layer must be drawn again (its framebuffer may no longer hold it)."""
        self._made = None


__all__ = ["StillLayer"]
