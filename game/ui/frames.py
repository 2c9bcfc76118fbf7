"""Drawing on demand: a window draws a frame after input, or while its view says something moves.

A still screen needs no frame at all: redrawing an unchanged window sixty times a second kept a
core busy on software GL (bench/game_idle.py). `OnDemandWindow` draws when
- an input or window event arrived (keys, the mouse, a resize, an expose, a shown view),
- `request()` was called (a timer that changed something: a share's toast, a finished job), or
- its view's `in_motion()` says something moves (a tween, a toast fading, a count-up),
and once more after the motion stops, so the last frame shows everything at rest. A view without
`in_motion` is drawn every frame, as before, so the editor keeps its own pace until it opts in.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Protocol, runtime_checkable

import arcade
from pyglet import gl

ON_DEMAND = True   # False: draw every frame, as the game did before (bench/game_idle.py's baseline)

# Window events after which the screen may look different: each asks for one frame.
WAKING = frozenset({
    "on_key_press", "on_key_release", "on_text", "on_text_motion", "on_text_motion_select",
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll",
    "on_mouse_enter", "on_mouse_leave", "on_resize", "on_expose", "on_show", "on_activate",
    "on_deactivate", "on_file_drop", "on_move",
})

# Window events after which the back buffer may no longer hold the last frame: the next is whole.
REPAINTING = frozenset({"on_resize", "on_expose", "on_show"})


@runtime_checkable
class Moving(Protocol):
    """A view that says when it needs frames (the window draws it only then, and after input)."""

    def in_motion(self) -> bool: ...


def wants_frames(view: Any) -> bool:
    """Whether `view` needs a frame now: it moves, or it does not say (then always)."""
    return not isinstance(view, Moving) or view.in_motion()


class OnDemandWindow(arcade.Window):
    """An arcade window that skips frames while nothing on screen changes (see the module's words)."""

    _frame_wanted = True   # class defaults: set before arcade's __init__ dispatches anything
    _was_moving = False
    frames_drawn = 0       # frames actually drawn (a test reads it: a still screen draws none)
    repaints = 0           # events after which the whole window is drawn again (game.ui.damage)

    def request_frame(self) -> None:
        """Draw at the next tick (something changed that no input or motion announced)."""
        self._frame_wanted = True

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        if event_type in WAKING:
            self._frame_wanted = True
        if event_type in REPAINTING:
            self.repaints += 1
        return super().dispatch_event(event_type, *args)

    def show_view(self, new_view: arcade.View) -> None:
        super().show_view(new_view)
        self._frame_wanted = True
        self.repaints += 1

    def needs_frame(self) -> bool:
        """Whether the next tick draws (and forgets the request it answers)."""
        moving = wants_frames(self.current_view)
        # One more frame after the motion stops: the last tween's end state must be on screen.
        needed = not ON_DEMAND or self._frame_wanted or moving or self._was_moving
        self._was_moving = moving
        self._frame_wanted = False
        return needed

    def draw(self, dt: float) -> None:
        if not self.needs_frame():
            return
        self.frames_drawn += 1
        super().draw(dt)


_target: Any = None   # an offscreen framebuffer the views draw into instead of the window (drawing_into)


@contextmanager
def drawing_into(framebuffer: Any) -> Iterator[None]:
    """Views draw their frames into `framebuffer` (the GIF recorder: a framebuffer of the clip's
    size, the window's projection kept, so the whole screen is drawn smaller: a quarter of the
    pixels at half size, and nothing to shrink afterwards)."""
    global _target
    _target = framebuffer
    framebuffer.use()   # bound from the start: a scissor set inside is the framebuffer's own
    try:
        yield
    finally:
        _target = None
        arcade.get_window().ctx.screen.use()


def offscreen() -> bool:
    """Whether the views draw into another framebuffer than the window now (drawing_into)."""
    return _target is not None


def clear(window: arcade.Window, color: tuple[int, int, int] | tuple[int, int, int, int]) -> None:
    """Clear the window's colour only, to `color`. Its depth buffer is never used (sprites draw in
    order), and clearing it too doubled a clear's cost on software GL (2.4 -> 5.2 ms at 1280x800)."""
    (window.ctx.screen if _target is None else _target).use()
    alpha = color[3] if len(color) == 4 else 255
    gl.glClearColor(color[0] / 255, color[1] / 255, color[2] / 255, alpha / 255)
    gl.glClear(gl.GL_COLOR_BUFFER_BIT)


@contextmanager
def opaque() -> Iterator[None]:
    """Draw opaque things without blending inside: on software GL a blended pixel is read back
    before it is written, a cost for nothing when what is drawn covers what was there."""
    ctx = arcade.get_window().ctx
    ctx.disable(ctx.BLEND)  # type: ignore[no-untyped-call]  # arcade's own, untyped
    try:
        yield
    finally:
        ctx.enable(ctx.BLEND)


def request() -> None:
    """Ask the current window for a frame (harmless when it draws every frame, or there is none)."""
    try:
        window = arcade.get_window()
    except Exception:   # no window yet (a bare test, a command line): nothing to draw
        return
    if isinstance(window, OnDemandWindow):
        window.request_frame()


__all__ = ["Moving", "ON_DEMAND", "OnDemandWindow", "clear", "drawing_into", "offscreen", "opaque", "request", "wants_frames"]
