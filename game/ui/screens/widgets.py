"""Menu building blocks: buttons and cards (sprites + arcade.Text), and MenuView with mouse and keyboard."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import arcade
import pyglet


from game.ui import frames
from game.ui.actions import DIRECTIONS, Action as InputAction
from game.ui.pad import keys_used

from . import style


Action = Callable[[], object]

# Arrow keys and their direction on screen.
# A menu's keys, as the actions a controller sends too (game/ui/pad.py).
_KEY_ACTIONS = {
    arcade.key.UP: InputAction.UP, arcade.key.DOWN: InputAction.DOWN,
    arcade.key.LEFT: InputAction.LEFT, arcade.key.RIGHT: InputAction.RIGHT,
    arcade.key.ENTER: InputAction.PRESS, arcade.key.RETURN: InputAction.PRESS,
    arcade.key.NUM_ENTER: InputAction.PRESS, arcade.key.SPACE: InputAction.PRESS,
    arcade.key.ESCAPE: InputAction.BACK,
}


def fit(text: Any, max_width: float) -> None:
    """Make an arcade.Text fit `max_width` pixels: a smaller size first (down to three quarters,
    so "Across the Field" reads whole on its card), then an ellipsis."""
    if text.content_width <= max_width:
        return
    smallest = max(8, int(text.font_size * 0.75))
    while text.content_width > max_width and text.font_size > smallest:
        text.font_size -= 1
    _shorten(text, lambda: bool(text.content_width <= max_width))


def fit_lines(text: Any, lines: int) -> None:
    """Make a multiline arcade.Text (wrapped at its width) take `lines` lines at most: the whole
    text when it fits, else the longest start of it that does, with an ellipsis."""
    full = text.text
    text.text = "Ag"
    max_height = text.content_height * lines + 1   # one line's height, from the font itself
    text.text = full
    _shorten(text, lambda: bool(text.content_height <= max_height))


def _shorten(text: Any, fits: Callable[[], bool]) -> None:
    """Leave `text` whole when it fits, else cut it to the longest start that fits with its ellipsis."""
    if fits():
        return
    full = text.text
    lo, hi = 0, len(full)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text.text = full[:mid].rstrip() + "…"
        if fits():
            lo = mid
        else:
            hi = mid - 1
    text.text = full[:lo].rstrip() + "…"


@dataclass(eq=False)
class Widget:
    """A focusable box on screen: its background sprite, focus ring and the action it runs."""

    left: float
    bottom: float
    width: float
    height: float
    action: Action | None = None
    name: str = ""
    enabled: bool = True
    scrolls: bool = False          # lives in the scrolling content area
    selected: bool = False         # e.g. the chosen value of a setting
    colors: tuple[style.RGBA, style.RGBA] = (style.PANEL, style.PANEL_HOVER)
    selected_colors: tuple[style.RGBA, style.RGBA] = (style.PRIMARY, style.PRIMARY_HOVER)
    radius: int = 12
    background: Any = None
    header: bool = False           # lives in the fixed header bar
    texts: list[Any] = field(default_factory=list)
    hovered: bool = False
    focused: bool = False
    shake: float = 0.0             # seconds of red "no" flash left (a locked level was clicked)

    @property
    def center(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.bottom + self.height / 2

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x <= self.left + self.width and self.bottom <= y <= self.bottom + self.height

    def refresh(self) -> None:
        """Colour the background and show the ring for the current hover/focus/selected state."""
        normal, hover = self.selected_colors if self.selected else self.colors
        lit = (self.hovered or self.focused) and self.enabled
        if self.background is not None:
            # A refused click flashes the box red for a moment.
            self.background.color = style.DANGER if self.shake > 0 else hover if lit else normal


class MenuView(arcade.View):
    """A menu screen: builds its widgets in `build()`, handles hover, clicks, arrows, Enter and Esc.

    Widgets in the content area scroll (mouse wheel, or following the keyboard focus) under a
    fixed header. Everything is rebuilt on resize, which is cheap for a menu.
    """

    header_height = 96

    def __init__(self, window: Any = None) -> None:
        super().__init__(window)
        style.load_fonts()
        self.widgets: list[Widget] = []
        self.focus: Widget | None = None
        self._pressed: Widget | None = None
        self.scroll = 0.0
        self.content_height = 0.0
        self.time = 0.0
        self.toast: Any = None
        self._toast_left = 0.0
        self._built_size: tuple[int, int] | None = None
        self._back: Any = None          # the gradient backdrop (a ShapeElementList)
        self._grid_lines: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        # One focus ring for the whole screen, drawn over the focused widget's layer: hidden
        # rings would still cost their full area in fill on a software renderer.
        self._ring: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._content_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._header_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._scrollbar: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._batch = pyglet.graphics.Batch()
        self._content_batch = pyglet.graphics.Batch()
        self._header_batch = pyglet.graphics.Batch()
        self._texts: list[Any] = []
        self._content_camera = arcade.Camera2D()

    # -- to be filled by each screen -----------------------------------------------------
    def build(self) -> None:
        """Create the screen's widgets, sprites and texts for the current window size."""

    def on_back(self) -> None:
        """Esc: go back to the previous screen."""

    def header(self, title: str, subtitle: str = "", back: Action | None = None) -> None:
        """The fixed bar at the top: a back button, the screen title, an optional subtitle."""
        w, h = self.window.width, self.window.height
        bar = arcade.SpriteSolidColor(w, self.header_height, w / 2, h - self.header_height / 2, style.HEADER)
        self._header_sprites.append(bar)
        x = 32
        if back is not None:
            self.button("Back", 32, h - self.header_height / 2 - 24, 150, 48, back, name="back",
                        header=True, font_size=16)
            x = 214
        self.text(title, x, h - self.header_height / 2 + (12 if subtitle else 0), style.TEXT, style.TITLE_SIZE,
                  header=True, bold=True, anchor_y="center", max_width=w - x - 32)
        if subtitle:
            self.text(subtitle, x + 2, h - self.header_height / 2 - 24, style.TEXT_MUTED, style.SMALL_SIZE + 1,
                      header=True, anchor_y="center", max_width=w - x - 32)

    # -- building helpers ------------------------------------------------------------------
    def text(self, value: str, x: float, y: float, color: style.RGBA = style.TEXT, size: float = style.BODY_SIZE,
             *, display: bool = False, scrolls: bool = False, header: bool = False, max_width: float | None = None,
             **kwargs: Any) -> Any:
        batch = self._header_batch if header else self._content_batch if scrolls else self._batch
        t = arcade.Text(value, x, y, color, size, font_name=style.DISPLAY_FONT if display else style.BODY_FONT,
                        batch=batch, **kwargs)
        self._texts.append(t)  # a batched text vanishes when its object is collected: keep it
        if max_width is not None:
            fit(t, max_width)
        return t

    def sprite(self, texture: Any, cx: float, cy: float, color: style.RGBA = (255, 255, 255, 255),
               *, scrolls: bool = False, header: bool = False) -> Any:
        s = arcade.Sprite(texture, center_x=cx, center_y=cy)
        s.color = color
        (self._header_sprites if header else self._content_sprites if scrolls else self._sprites).append(s)
        return s

    def panel(self, left: float, bottom: float, width: float, height: float, radius: int = 12, *,
              name: str = "", action: Action | None = None, scrolls: bool = False, header: bool = False,
              enabled: bool = True, selected: bool = False,
              colors: tuple[style.RGBA, style.RGBA] = (style.PANEL, style.PANEL_HOVER),
              focusable: bool = True) -> Widget:
        """A widget: a rounded box with a focus ring; the screen adds its contents on top."""
        cx, cy = left + width / 2, bottom + height / 2
        bg = self.sprite(style.rounded_rect(int(width), int(height), radius), cx, cy, colors[0],
                         scrolls=scrolls, header=header)
        widget = Widget(left, bottom, width, height, action, name, enabled, scrolls, selected, colors,
                        radius=radius, background=bg, header=header)
        if focusable:
            self.widgets.append(widget)
        widget.refresh()
        return widget

    def button(self, label: str, left: float, bottom: float, width: float, height: float, action: Action,
               *, name: str = "", primary: bool = False, danger: bool = False, selected: bool = False,
               header: bool = False, scrolls: bool = False, font_size: float = style.BUTTON_SIZE,
               colors: tuple[style.RGBA, style.RGBA] | None = None) -> Widget:
        colors = colors or ((style.PRIMARY, style.PRIMARY_HOVER) if primary
                            else (style.DANGER, style.DANGER_HOVER) if danger else (style.PANEL, style.PANEL_HOVER))
        widget = self.panel(left, bottom, width, height, radius=int(min(height / 2, 14)), name=name or label,
                            action=action, header=header, scrolls=scrolls, selected=selected, colors=colors)
        t = self.text(label, left + width / 2, bottom + height / 2, style.TEXT, font_size, bold=True,
                      header=header, scrolls=scrolls, anchor_x="center", anchor_y="center",
                      max_width=width - 16)
        widget.texts.append(t)
        return widget

    def say(self, message: str, error: bool = False) -> None:
        """Tell the player one thing (news from elsewhere: a shared game's GIF is ready)."""
        self.show_toast(message, max(2.5, len(message) / 18))

    def show_toast(self, message: str, seconds: float = 2.5) -> None:
        """A short message at the bottom of the screen (e.g. why a level is locked)."""
        w = self.window.width
        self.toast = arcade.Text(message, w / 2, 36, style.TEXT, style.BODY_SIZE, font_name=style.BODY_FONT,
                                 anchor_x="center", anchor_y="center")
        fit(self.toast, w - 80)
        self._toast_bg: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        width = int(self.toast.content_width + 48)
        self._toast_bg.append(arcade.Sprite(style.rounded_rect(width, 48, 24), center_x=w / 2, center_y=36))
        self._toast_bg[0].color = (10, 10, 24, 230)
        self._toast_left = seconds
        frames.request()

    # -- life cycle ----------------------------------------------------------------------
    def rebuild(self) -> None:
        keep = self.focus.name if self.focus is not None else None
        self.widgets = []
        self.focus = None
        self._pressed = None
        for lst in (self._grid_lines, self._ring, self._sprites, self._content_sprites, self._header_sprites):
            lst.clear()
        self._batch = pyglet.graphics.Batch()
        self._content_batch = pyglet.graphics.Batch()
        self._header_batch = pyglet.graphics.Batch()
        self._texts = []
        w, h = self.window.width, self.window.height
        self._back = style.backdrop(w, h)
        self._grid_lines.extend(style.grid_lines(w, h))
        self.content_height = 0.0
        self.build()
        self._content_camera = arcade.Camera2D()
        self._built_size = (w, h)
        self.set_scroll(self.scroll)
        focus = next((wd for wd in self.widgets if keep and wd.name == keep), None)
        if focus is None:
            focus = self.initial_focus()
        self.set_focus(focus, reveal=True)

    def initial_focus(self) -> Widget | None:
        return next((wd for wd in self.widgets if wd.enabled and wd.name != "back"), None)

    def on_show_view(self) -> None:
        self.rebuild()

    def on_resize(self, width: int, height: int) -> None:
        # Rebuilt on the next update, once: a window dragged to a new size sends many resizes.
        self._built_size = None

    def on_update(self, delta_time: float) -> None:
        self.time += delta_time
        if self._built_size != (self.window.width, self.window.height):
            self.rebuild()
        for wd in self.widgets:
            if wd.shake > 0:
                wd.shake = max(0.0, wd.shake - delta_time)
                if wd.shake == 0:
                    wd.refresh()
        if self._toast_left > 0:
            self._toast_left -= delta_time
            if self._toast_left <= 0:
                self.toast = None
                frames.request()   # its going is a change no input announced
        self.animate(delta_time)

    def animate(self, delta_time: float) -> None:
        """Per-frame motion of a screen (title tiles); the base menu is still."""

    def in_motion(self) -> bool:
        """Something moves (game.ui.frames draws only then, and after input): a red flash, a rebuild."""
        return (any(wd.shake > 0 for wd in self.widgets)
                or self._built_size != (self.window.width, self.window.height))

    def on_draw(self) -> None:
        frames.clear(self.window, self.window.background_color)
        self._back.draw()
        self._grid_lines.draw()
        self.draw_under()
        layer = self._ring_layer()
        with self._content_camera.activate():
            self._content_sprites.draw()
            self._content_batch.draw()
            if layer == "content":
                self._ring.draw()
        self._sprites.draw()
        self._batch.draw()
        if layer == "static":
            self._ring.draw()
        self._scrollbar.draw()
        self._header_sprites.draw()
        self._header_batch.draw()
        if layer == "header":
            self._ring.draw()
        if self.toast is not None:
            self._toast_bg.draw()
            self.toast.draw()

    def _ring_layer(self) -> str | None:
        wd = self.focus
        if wd is None:
            return None
        return "header" if wd.header else "content" if wd.scrolls else "static"

    def _place_ring(self) -> None:
        self._ring.clear()
        wd = self.focus
        if wd is None:
            return
        ring = arcade.Sprite(style.ring(int(wd.width) + 10, int(wd.height) + 10, wd.radius + 5, 3),
                             center_x=wd.center[0], center_y=wd.center[1])
        ring.color = style.FOCUS
        self._ring.append(ring)

    def draw_under(self) -> None:
        """Drawn over the backdrop and under the widgets (title's falling tiles)."""

    # -- scrolling ---------------------------------------------------------------------------
    @property
    def max_scroll(self) -> float:
        visible = self.window.height - self.header_height
        return float(max(0.0, self.content_height - visible))

    def set_scroll(self, value: float) -> None:
        self.scroll = min(max(0.0, value), self.max_scroll)
        w, h = self.window.width, self.window.height
        self._content_camera.position = (w / 2, h / 2 - self.scroll)
        self._place_scrollbar()

    def _place_scrollbar(self) -> None:
        """A slim bar on the right that says there is more below, and how much."""
        self._scrollbar.clear()
        if self.max_scroll <= 0:
            return
        w, h = self.window.width, self.window.height
        track_h = h - self.header_height - 24
        thumb_h = max(40, int(track_h * track_h / (track_h + self.max_scroll)))
        x = w - 10
        track = arcade.Sprite(style.rounded_rect(6, int(track_h), 3), center_x=x, center_y=12 + track_h / 2)
        track.color = style.BAR_BG
        top = 12 + track_h - (track_h - thumb_h) * self.scroll / self.max_scroll
        thumb = arcade.Sprite(style.rounded_rect(6, thumb_h, 3), center_x=x, center_y=top - thumb_h / 2)
        thumb.color = style.TEXT_DIM
        self._scrollbar.extend([track, thumb])

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.set_scroll(self.scroll - scroll_y * 60)
        self.on_mouse_motion(x, y, 0, 0)

    def _screen_box(self, wd: Widget) -> tuple[float, float]:
        """A widget's bottom and top on screen (content widgets move up as the view scrolls)."""
        off = self.scroll if wd.scrolls else 0.0
        return wd.bottom + off, wd.bottom + wd.height + off

    def _hit(self, x: float, y: float) -> Widget | None:
        header_top = self.window.height - self.header_height
        for wd in reversed(self.widgets):
            if wd.scrolls:
                if y > header_top:
                    continue  # content hidden under the header bar cannot be clicked
                if wd.contains(x, y - self.scroll):
                    return wd
            elif wd.contains(x, y):
                return wd
        return None

    # -- focus and activation ------------------------------------------------------------------
    def set_focus(self, widget: Widget | None, *, reveal: bool = False) -> None:
        if self.focus is not None:
            self.focus.focused = False
            self.focus.refresh()
        self.focus = widget
        self._place_ring()
        if widget is not None:
            widget.focused = True
            widget.refresh()
            if reveal and widget.scrolls:
                bottom, top = self._screen_box(widget)
                header_top = self.window.height - self.header_height
                if top > header_top - 12:
                    self.set_scroll(self.scroll - (top - header_top + 24))
                elif bottom < 12:
                    self.set_scroll(self.scroll + (12 - bottom) + 12)

    def activate(self, widget: Widget) -> None:
        if not widget.enabled:
            widget.shake = 0.35
            widget.refresh()
            self.refused(widget)
            return
        if widget.action is not None:
            widget.action()

    def refused(self, widget: Widget) -> None:
        """A disabled widget was chosen; screens say why."""

    def move_focus(self, dx: int, dy: int) -> None:
        """Focus the nearest widget in the arrow's direction (works for lists and grids alike)."""
        if self.focus is None:
            self.set_focus(self.initial_focus(), reveal=True)
            return
        fx, fy = self._screen_center(self.focus)
        best: tuple[float, Widget] | None = None
        for wd in self.widgets:
            if wd is self.focus:
                continue
            x, y = self._screen_center(wd)
            along = (x - fx) * dx + (y - fy) * dy
            if along <= 1:
                continue
            across = abs((x - fx) * dy) + abs((y - fy) * dx)
            score = along + across * 2.5
            if best is None or score < best[0]:
                best = (score, wd)
        if best is not None:
            self.set_focus(best[1], reveal=True)

    def _screen_center(self, wd: Widget) -> tuple[float, float]:
        x, y = wd.center
        return x, y + (self.scroll if wd.scrolls else 0.0)

    # -- input ---------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        hit = self._hit(x, y)
        for wd in self.widgets:
            if wd.hovered != (wd is hit):
                wd.hovered = wd is hit
                wd.refresh()
        if hit is not None and hit is not self.focus:
            self.set_focus(hit)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._pressed = self._hit(x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        hit = self._hit(x, y)
        pressed, self._pressed = self._pressed, None
        if hit is not None and hit is pressed and button == arcade.MOUSE_BUTTON_LEFT:
            self.set_focus(hit)
            self.activate(hit)

    def on_action(self, action: InputAction) -> bool:
        """What keys and a controller both ask of a menu: move the focus, press, go back."""
        if action in DIRECTIONS:
            self.move_focus(*DIRECTIONS[action])
        elif action is InputAction.PRESS:
            if self.focus is not None:
                self.activate(self.focus)
        elif action in (InputAction.BACK, InputAction.PAUSE):
            self.on_back()
        else:
            return False
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        keys_used(self.window)   # the next play screen's help shows keys, not a pad's buttons
        if symbol in _KEY_ACTIONS:
            return self.on_action(_KEY_ACTIONS[symbol])
        if symbol == arcade.key.F11 and getattr(self, "app", None) is not None:
            getattr(self, "app").toggle_fullscreen()
            self.rebuild()  # the settings screen shows the new value
        elif symbol in (arcade.key.PAGEDOWN, arcade.key.PAGEUP):
            page = self.window.height - self.header_height - 60
            self.set_scroll(self.scroll + (page if symbol == arcade.key.PAGEDOWN else -page))
        else:
            return False
        return True  # handled: the window must not act on it too (Esc would close it)
