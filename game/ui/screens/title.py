"""The title screen: the GRIDFALL logo as falling tiles, the main menu, and a one-time notice."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any


import arcade

from game.bots.daily import DAILY_MODES
from game.ui.actions import Action as InputAction
from game.ui.key_help import menu_help
from game.ui.pad import pad_family, pad_in_use

from . import style
from .paste import ENTER_LABEL, ENTER_NAME, is_paste, paste_code
from .widgets import MenuView, fit

if TYPE_CHECKING:
    from game.ui.navigator import Navigator


LOGO = "GRIDFALL"
DROP_TIME = 0.55      # seconds one logo tile takes to land
DROP_STAGGER = 0.07   # delay between neighbouring tiles
MENU_FLOOR = 50       # the lowest a menu button may reach: the key line sits below
RAIN_AWAKE = 8.0      # seconds the background tiles drift after the last input ...
RAIN_SETTLE = 2.0     # ... then they slow to rest over this: a still title needs no frames
ENTER_LEFT = 214      # the code button's left edge, from the window's right
HELP_GAP = 16         # the least room between the key line and the code button


def _ease_out_bounce(t: float) -> float:
    """0..1 -> 0..1 with a small landing bounce (the tiles 'fall' into place)."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def logo_place(w: int, h: int, notice: bool) -> tuple[int, float]:
    """The logo's tile size and the height its tiles rest at."""
    tile = int(min(92, (w - 120) / len(LOGO) - 10))
    rest_y = h - 150 - (70 if notice else 0) - tile / 2 + 60
    return tile, min(rest_y, h * 0.72)


def menu_place(w: int, h: int, count: int, notice: bool) -> tuple[float, float, float]:
    """The menu's top, its buttons' height and the step between them, for `count` entries.

    Five entries on a short window (960x640) sit closer and slimmer, clear of the key line.
    """
    tile, rest_y = logo_place(w, h, notice)
    bh, step = 58.0, 72.0
    top = min(rest_y - tile / 2 - 90, h * 0.5 + count * step / 2)
    room = top - MENU_FLOOR
    if count > 1 and bh + (count - 1) * step > room:
        bh = max(40.0, min(48.0, (room - 6 * (count - 1)) / count))
        step = max(bh + 6, (room - bh) / (count - 1))
    return top, bh, step


class TitleView(MenuView):
    """Play, Daily, Editor (when there is one), Settings, Quit."""

    header_height = 0

    def __init__(self, app: "Navigator", notice: str | None = None) -> None:
        super().__init__(app.window)
        self.app = app
        self.notice = notice
        self._logo: list[tuple[Any, Any, float, float]] = []  # (tile sprite, letter, rest y, start)
        self._logo_time = 0.0
        self._rain: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._rain_speed: list[float] = []
        rng = random.Random(20)  # the same sky every time: screenshots stay comparable
        for i in range(26):
            size = rng.choice((22, 28, 34, 40))
            s = arcade.Sprite(style.rounded_rect(size, size, size // 4))
            s.color = style.TILE_COLORS[i % len(style.TILE_COLORS)][:3] + (46,)
            s.center_x, s.center_y = rng.random(), rng.random()  # fractions of the window, scaled in build
            self._rain.append(s)
            self._rain_speed.append(18 + rng.random() * 30)
        self._rain_fractions = [(s.center_x, s.center_y) for s in self._rain]
        self._rain_placed: tuple[int, int] | None = None
        self._calm = 0.0   # seconds since the last input: the tiles drift while it is short
        self._rain_time = 0.0

    def daily_label(self) -> str:
        """Daily, with the longest streak still alive: a reason to come back tomorrow."""
        records, today = self.app.daily_records, self.app.today()
        streak = max(records.streak(m.value, today) for m in DAILY_MODES)
        return f"Daily  \u00b7  {streak}-day streak" if streak else "Daily"

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        if self._rain_placed != (w, h):
            for s, (fx, fy) in zip(self._rain, self._rain_fractions):
                s.center_x, s.center_y = fx * w, fy * h
            self._rain_placed = (w, h)
        # The logo: one tile per letter, each falling into place one after another.
        self._logo = []
        gap = 10
        tile, rest_y = logo_place(w, h, bool(self.notice))
        total = len(LOGO) * tile + (len(LOGO) - 1) * gap
        for i, letter in enumerate(LOGO):
            cx = w / 2 - total / 2 + tile / 2 + i * (tile + gap)
            shadow = self.sprite(style.rounded_rect(tile, tile, tile // 5), cx + 4, rest_y - 6, (0, 0, 0, 90))
            sprite = self.sprite(style.rounded_rect(tile, tile, tile // 5), cx, rest_y,
                                 style.TILE_COLORS[i % len(style.TILE_COLORS)])
            text = self.text(letter, cx, rest_y, (26, 22, 52, 255), tile * 0.46, display=True,
                             anchor_x="center", anchor_y="center")
            self._logo.append((sprite, text, rest_y, i * DROP_STAGGER))
            self._logo.append((shadow, None, rest_y - 6, i * DROP_STAGGER))
        self.text("match  ·  chain  ·  slide", w / 2, rest_y - tile / 2 - 40, style.TEXT_MUTED, 18,
                  anchor_x="center", anchor_y="center")
        self._place_logo()

        # The menu.
        bw = 320
        entries: list[tuple[str, str, Any]] = [("play", "Play", self.app.show_packs),
                                               ("daily", self.daily_label(), self.app.show_daily)]
        if self.app.can_edit:
            entries.append(("level editor", "Level editor", self.app.open_editor))
        entries.append(("settings", "Settings", self.app.show_settings))
        entries.append(("quit", "Quit", self.app.quit))
        top, bh, step = menu_place(w, h, len(entries), bool(self.notice))
        for i, (name, label, action) in enumerate(entries):
            self.button(label, w / 2 - bw / 2, top - bh - i * step, bw, bh, action, name=name,
                        primary=(i == 0))

        # A share code from a chat opens from here: typed or pasted in the code field (a pad
        # picks its letters), or Ctrl+V at once: bottom right, clear of the key line.
        self.button(ENTER_LABEL, w - ENTER_LEFT, 12, 190, 40, lambda: self.app.show_code_entry(self.app.show_title),
                    name=ENTER_NAME, font_size=13)
        if self.notice:
            self._build_notice(w, h)
        self._help = self.text(menu_help(pad_in_use(self.window), pad_family(self.window)), w / 2, 26,
                               style.TEXT_DIM, style.SMALL_SIZE, anchor_x="center", anchor_y="center")
        self._place_help()

    def _place_help(self) -> None:
        """The key line centred under the menu, or, in a narrow window where it would run into
        the code button (at 960x640 "fullscreen" touched it), centred in the room left of it."""
        w, text = self.window.width, self._help
        room = w - ENTER_LEFT - HELP_GAP   # the line's right end, at most
        text.font_size = style.SMALL_SIZE
        if w / 2 + text.content_width / 2 <= room:
            text.x = w / 2
            return
        fit(text, room - HELP_GAP)
        text.x = round(max(text.content_width / 2 + HELP_GAP, room - text.content_width / 2))

    def _build_notice(self, w: int, h: int) -> None:
        """A banner at the top telling the player their progress file was set aside."""
        bw = min(w - 60, 980)
        bh = 84
        left, bottom = w / 2 - bw / 2, h - bh - 14
        self.panel(left, bottom, bw, bh, 12, colors=(style.NOTICE_BG, style.NOTICE_BG), focusable=False)
        self.text(self.notice or "", left + 20, bottom + bh / 2, style.TEXT, 13, anchor_y="center",
                  multiline=True, width=int(bw - 150))
        self.button("OK", left + bw - 110, bottom + bh / 2 - 22, 90, 44, self.dismiss_notice, name="ok")

    def dismiss_notice(self) -> None:
        self.notice = None
        self.app.notice = None
        self.rebuild()

    def initial_focus(self) -> Any:
        return next((wd for wd in self.widgets if wd.name == "play"), None)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        self.wake()   # input: the background tiles drift again
        if is_paste(symbol, modifiers):
            paste_code(self.app)
            return True
        return super().on_key_press(symbol, modifiers)

    def on_action(self, action: InputAction) -> bool:
        self.wake()
        taken = super().on_action(action)
        # The help line says the pad's buttons once a pad is used here, the keys after a key.
        words = menu_help(pad_in_use(self.window), pad_family(self.window))
        if self._help.text != words:
            self._help.text = words
            self._place_help()
        return taken

    def on_back(self) -> None:
        # Esc on the title does not quit at once: it points at Quit, Enter confirms.
        self.set_focus(next((wd for wd in self.widgets if wd.name == "quit"), None))

    # -- motion --------------------------------------------------------------------------
    @property
    def logo_landed(self) -> bool:
        return self._logo_time >= DROP_TIME + DROP_STAGGER * len(LOGO)

    def _place_logo(self) -> None:
        h = self.window.height
        for sprite, text, rest_y, start in self._logo:
            t = min(1.0, max(0.0, (self._logo_time - start) / DROP_TIME))
            y = rest_y + (h - rest_y + 80) * (1 - _ease_out_bounce(t))
            sprite.center_y = y
            if text is not None:
                text.y = y

    @property
    def rain_pace(self) -> float:
        """How fast the background tiles drift: 1 after input, easing to 0 (at rest) when left alone."""
        return min(1.0, max(0.0, (RAIN_AWAKE + RAIN_SETTLE - self._calm) / RAIN_SETTLE))

    def in_motion(self) -> bool:
        return super().in_motion() or not self.logo_landed or self.rain_pace > 0

    def wake(self) -> None:
        """Input: the background tiles drift again."""
        self._calm = 0.0

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.wake()
        super().on_mouse_motion(x, y, dx, dy)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.wake()
        super().on_mouse_press(x, y, button, modifiers)

    def animate(self, delta_time: float) -> None:
        if not self.logo_landed:
            self._logo_time += delta_time
            self._place_logo()
        self._calm += delta_time
        pace = self.rain_pace
        if pace <= 0:
            return
        self._rain_time += delta_time * pace   # their sway slows with them, and resumes where it was
        h = self.window.height
        for s, speed in zip(self._rain, self._rain_speed):
            s.center_y -= speed * delta_time * pace
            s.angle = math.sin(self._rain_time * 0.5 + s.center_x) * 8
            if s.center_y < -30:
                s.center_y = h + 30

    def draw_under(self) -> None:
        self._rain.draw()
