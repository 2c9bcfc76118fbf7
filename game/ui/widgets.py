"""The play view's modal menus (pause, result) built from the menu screens' kit.

Each button is a game.ui.screens Widget: the same rounded sprite, hover colours and gold focus
ring as every menu screen, from the one style module; sprites are built when the menu is placed
and texts made once, so a frame only recolours what focus or hover changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import arcade

from game.ui.actions import Action as Input
from game.ui.damage import Mark, sprite_marks, text_mark
from game.ui.layout import Rect
from game.ui.screens import style
from game.ui.screens.widgets import Widget, fit


@dataclass
class Button:
    """A labelled rectangle that runs `action` when clicked or chosen by keyboard."""

    label: str
    action: Callable[[], None]
    key: str = ""                     # a stable name for tests and keyboard shortcuts
    rect: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    text: Any = None
    widget: Widget | None = None      # the kit's widget drawn for it, made when placed

    def place(self, rect: Rect) -> None:
        self.rect = rect
        x, y = rect.center
        if self.text is None:
            self.text = arcade.Text(self.label, x, y, style.TEXT, 18, anchor_x="center",
                                    anchor_y="center", bold=True)
        self.text.x, self.text.y = x, y


class Menu:
    """A centred panel: a title, optional lines and a column of buttons; arrows + Enter or mouse."""

    def __init__(self, title: str, buttons: Sequence[Button], lines: Sequence[str] = (),
                 width: float = 420, line_scale: float = 1.0) -> None:
        self.title = arcade.Text(title, 0, 0, style.TEXT, 30, anchor_x="center", anchor_y="center",
                                 bold=True)
        self.lines = [arcade.Text(line, 0, 0, style.TEXT_MUTED, round(17 * line_scale), anchor_x="center",
                                  anchor_y="center") for line in lines]
        self.line_height = round(30 * line_scale)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.ring: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()   # the kit's focus ring
        self._ring_on: int | None = None
        self.buttons = list(buttons)
        self.focus = 0
        self._armed: int | None = None   # the button a mouse press went down on
        self.width = width
        self.panel = Rect(0, 0, 0, 0)
        self.extra_height = 0.0        # room a caller reserves under the lines (the result's stars)
        self.extra_top = 0.0

    def place(self, screen_w: float, screen_h: float) -> None:
        bh, gap = 48.0, 12.0
        # Title 48 below the top, the first line 50 below it, 30 a line, then the reserved room,
        # then the buttons, and a margin: every piece below the one above, never overlapping.
        above = 98 + len(self.lines) * self.line_height + self.extra_height + 16
        room = screen_h - 16 - above   # what the buttons may take on this screen
        if self.buttons and len(self.buttons) * (bh + gap) > room:
            # A card with many lines and buttons (a won finale's score, a note, five buttons) on
            # a short window: the buttons close up, down to three quarters, so the card fits.
            squeeze = max(0.75, room / (len(self.buttons) * (bh + gap)))
            bh, gap = bh * squeeze, gap * squeeze
        height = above + len(self.buttons) * (bh + gap)
        panel = Rect((screen_w - self.width) / 2, (screen_h - height) / 2, self.width, height)
        self.panel = panel
        y = panel.top - 48
        self.title.x, self.title.y = panel.center[0], y
        y -= 50
        for line in self.lines:
            line.x, line.y = panel.center[0], y
            y -= self.line_height
        self.extra_top = y + 10
        y -= self.extra_height
        for b in self.buttons:
            b.place(Rect(panel.left + 40, y - bh, panel.width - 80, bh))
            y -= bh + gap
        self._build_sprites(screen_w, screen_h)

    def _build_sprites(self, screen_w: float, screen_h: float) -> None:
        # The shade, the panel (edge under face) and one sprite a button, made once per place.
        self.sprites = arcade.SpriteList()
        shade = arcade.SpriteSolidColor(int(screen_w) + 2, int(screen_h) + 2, screen_w / 2, screen_h / 2,
                                        style.SHADE)
        p = self.panel
        edge = arcade.Sprite(style.rounded_rect(int(p.width) + 4, int(p.height) + 4, 14), center_x=p.center[0],
                             center_y=p.center[1])
        edge.color = style.OVERLAY_EDGE
        face = arcade.Sprite(style.rounded_rect(int(p.width), int(p.height), 12), center_x=p.center[0],
                             center_y=p.center[1])
        face.color = style.OVERLAY_PANEL
        self.sprites.extend([shade, edge, face])
        for b in self.buttons:
            r = b.rect
            radius = int(min(r.height / 2, 14))
            background = arcade.Sprite(style.rounded_rect(int(r.width), int(r.height), radius),
                                       center_x=r.center[0], center_y=r.center[1])
            self.sprites.append(background)
            b.widget = Widget(r.left, r.bottom, r.width, r.height, b.action, b.key, radius=radius,
                              background=background, texts=[b.text])
            b.widget.refresh()
        # One size for the whole bar: the size the tightest label needed ("Pause" alone shrunk
        # beside a full-size "Hint" looked like a different kind of button).
        smallest = min(b.text.font_size for b in self.buttons if b.text is not None)
        for b in self.buttons:
            if b.text is not None and b.text.font_size > smallest:
                b.text.font_size = smallest
        self.ring = arcade.SpriteList()
        self._ring_on = None

    def button_at(self, x: float, y: float) -> int | None:
        for i, b in enumerate(self.buttons):
            if b.rect.contains(x, y):
                return i
        return None

    def press(self, x: float, y: float) -> bool:
        """A mouse button goes down on a button: it is armed (and focused), and acts only if the
        mouse comes up over it (release): a press dragged off cancels, as buttons do everywhere."""
        i = self.button_at(x, y)
        self._armed = i
        if i is None:
            return False
        self.focus = i
        return True

    def release(self, x: float, y: float) -> bool:
        """The mouse button comes up: the armed button acts when the pointer is still on it."""
        armed, self._armed = self._armed, None
        if armed is None or self.button_at(x, y) != armed:
            return False
        self.buttons[armed].action()
        return True

    def hover(self, x: float, y: float) -> None:
        i = self.button_at(x, y)
        if i is not None:
            self.focus = i

    def key(self, symbol: int) -> bool:
        k = arcade.key
        if symbol in (k.UP, k.W):
            return self.act(Input.UP)
        if symbol in (k.DOWN, k.S, k.TAB):
            return self.act(Input.DOWN)
        if symbol in (k.ENTER, k.RETURN, k.SPACE, k.NUM_ENTER):
            return self.act(Input.PRESS)
        return False

    def act(self, action: Input) -> bool:
        """What the keys mean, and a pad sends: up and down move the focus, A (Enter) presses."""
        if action is Input.UP:
            self.focus = (self.focus - 1) % len(self.buttons)
        elif action is Input.DOWN:
            self.focus = (self.focus + 1) % len(self.buttons)
        elif action is Input.PRESS:
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
        for i, b in enumerate(self.buttons):
            if b.widget is not None and b.widget.focused != (i == self.focus):
                b.widget.focused = i == self.focus
                b.widget.refresh()     # the kit's colours: hover colour while focused
        if self._ring_on != self.focus and self.buttons and self.buttons[self.focus].widget is not None:
            wd = self.buttons[self.focus].widget
            assert wd is not None
            ring = arcade.Sprite(style.ring(int(wd.width) + 10, int(wd.height) + 10, wd.radius + 5, 3),
                                 center_x=wd.center[0], center_y=wd.center[1])
            ring.color = style.FOCUS
            self.ring.clear()
            self.ring.append(ring)
            self._ring_on = self.focus
        self.sprites.draw()
        self.ring.draw()
        self.title.draw()
        for line in self.lines:
            line.draw()
        for b in self.buttons:
            b.text.draw()


class ButtonBar:
    """A row of small buttons beside the board (pause, hint, undo, redo): the same rounded
    sprites and hover colours as every menu, so a mouse-only player has every control."""

    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.rect = Rect(0, 0, 0, 0)

    def place(self, rect: Rect) -> None:
        """Share `rect` out among the buttons, left to right, with a small gap."""
        self.rect = rect
        gap = 8.0
        for b in self.buttons:
            if b.text is None:
                b.text = arcade.Text(b.label, 0, 0, style.TEXT, 13, anchor_x="center", anchor_y="center",
                                     font_name=style.BODY_FONT)
            b.text.text, b.text.font_size = b.label, 13   # measured whole again at every size
        # Each button as wide as its label needs, and the room left shared out evenly; a bar too
        # narrow for its labels shrinks them all alike ("Play from here" never spills out).
        needs = [float(b.text.content_width) + 24 for b in self.buttons]
        room = rect.width - gap * (len(self.buttons) - 1)
        spare = (room - sum(needs)) / max(1, len(self.buttons))
        widths = [n + spare for n in needs] if spare >= 0 else [n * room / sum(needs) for n in needs]
        self.sprites = arcade.SpriteList()
        left = rect.left
        for b, width in zip(self.buttons, widths):
            r = Rect(left, rect.bottom, width, rect.height)
            left += width + gap
            b.rect = r
            radius = int(min(r.height / 2, 10))
            background = arcade.Sprite(style.rounded_rect(max(1, int(r.width)), max(1, int(r.height)), radius),
                                       center_x=r.center[0], center_y=r.center[1])
            self.sprites.append(background)
            fit(b.text, r.width - 8)
            b.text.x, b.text.y = r.center
            b.widget = Widget(r.left, r.bottom, r.width, r.height, b.action, b.key, radius=radius,
                              background=background, texts=[b.text])
            b.widget.refresh()
        # One size for the whole bar: the size the tightest label needed ("Pause" alone shrunk
        # beside a full-size "Hint" looked like a different kind of button).
        smallest = min(b.text.font_size for b in self.buttons if b.text is not None)
        for b in self.buttons:
            if b.text is not None and b.text.font_size > smallest:
                b.text.font_size = smallest

    def at(self, x: float, y: float) -> Button | None:
        return next((b for b in self.buttons if b.rect.contains(x, y)), None)

    def press(self, x: float, y: float) -> bool:
        b = self.at(x, y)
        if b is None:
            return False
        b.action()
        return True

    def hover(self, x: float, y: float) -> None:
        for b in self.buttons:
            if b.widget is not None and b.widget.hovered != b.rect.contains(x, y):
                b.widget.hovered = not b.widget.hovered
                b.widget.refresh()

    def marks(self) -> list[Mark]:
        """What the bar shows and where (game.ui.damage): each button, hovered or not."""
        out = list(sprite_marks("bar", self.sprites))
        out.extend(m for m in (text_mark("bar", b.text) for b in self.buttons if b.text is not None) if m)
        return out

    def draw(self) -> None:
        self.sprites.draw()
        for b in self.buttons:
            b.text.draw()
