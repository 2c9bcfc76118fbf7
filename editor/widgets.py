"""Editor widgets: a text field that commits on Enter/Tab/focus loss, and modal dialogs."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import arcade
import arcade.gui

from game.ui.screens import style

gui = arcade.gui

# The dialogs' panel, from the one style module (its colours as RGB for arcade.gui).
PANEL = style.HEADER[:3]
PANEL_EDGE = style.OVERLAY_EDGE[:3]


class Field(gui.UIInputText):
    """A one-line text field: Enter or Tab or clicking elsewhere commits, Escape reverts.
    `on_edit` hears the text after each change while it is typed (the editor's document takes
    it at once), `on_commit` once when the field lets go of it."""

    def __init__(self, key: str, on_commit: Callable[[str, str], None], *,
                 on_tab: Callable[["Field", bool], None] | None = None,
                 on_edit: Callable[[str, str], None] | None = None, **kwargs: Any) -> None:
        self._ready = False
        super().__init__(font_size=11, font_name=style.BODY_FONT, **kwargs)
        self.key = key
        self._on_commit = on_commit
        self._on_tab = on_tab
        self._on_edit = on_edit
        self._shown: str = str(self.doc.text)
        self._ready = True

    def show(self, text: str) -> None:
        """Show the model's value (never while the designer is typing in the field)."""
        if not self.active and text != str(self.doc.text):
            self.text = text
        if not self.active:
            self._shown = text

    def enter(self) -> None:
        """Tab came here: the field is active with its text selected, so typing replaces it
        (as in every form: typing 9 over a 6 gives 9, never 69)."""
        self.activate()  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
        self.select_all()

    def select_all(self) -> None:
        self.caret.mark = 0
        self.caret.position = len(self.text)
        self.trigger_full_render()

    def commit(self) -> None:
        if self._ready and self.text != self._shown:
            self._shown = self.text
            self._on_commit(self.key, self.text)

    def deactivate(self) -> None:
        # arcade also lands here after another widget took the focus (a click on the next
        # field clears `_active` first, then calls deactivate): commit whatever was typed,
        # whether or not the field still counts as active by now.
        super().deactivate()  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
        if getattr(self, "_ready", False):
            self.commit()

    def on_event(self, event: Any) -> Any:
        if not self.visible:
            return False   # a field of another mode, hidden here: see Button
        if (not self.active and isinstance(event, gui.UIMousePressEvent)
                and self.rect.point_in_rect(event.pos)):
            handled = super().on_event(event)
            if self.active:
                # The click that activates the field puts the caret where it landed (arcade
                # leaves it at 0), so clicking after the text types at its end.
                self.caret.position = self.layout.get_position_from_point(
                    int(event.x - self.left - self.LAYOUT_OFFSET), int(event.y - self.bottom))
                self.trigger_full_render()
            return handled
        if self.active:
            if isinstance(event, gui.UITextInputEvent) and event.text in ("\r", "\n"):
                return True  # Enter commits on its key press; never put a newline in the text
            if isinstance(event, gui.UIKeyPressEvent):
                if event.symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
                    self.deactivate()
                    return True
                if event.symbol == arcade.key.ESCAPE:
                    # Escape reverts an edit; with nothing to revert it is the dialog's Escape.
                    edited = self.text != self._shown
                    self.text = self._shown
                    if edited and self._on_edit is not None:
                        self._on_edit(self.key, self._shown)   # the document takes the old text back
                    self.deactivate()
                    return edited
                if event.symbol == arcade.key.TAB:
                    self.deactivate()
                    if self._on_tab is not None:
                        self._on_tab(self, bool(event.modifiers & arcade.key.MOD_SHIFT))
                    return True
                if event.symbol == arcade.key.A and event.modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND):
                    self.select_all()
                    return True
            before = str(self.text)
            handled = super().on_event(event)
            if self._on_edit is not None and self.active and str(self.text) != before:
                self._on_edit(self.key, str(self.text))   # typed, deleted or pasted: part of the document now
            return handled
        return super().on_event(event)


class Button(gui.UIFlatButton):
    """A flat button that a hidden copy never answers for.

    arcade's buttons take a press even while invisible, and the properties panel hides the
    widgets of other modes in the same places (chain's diagonal, match3's specials, slide's
    board tools share a row): a hidden one in front took the click of the one shown.
    """

    def on_event(self, event: Any) -> Any:
        if not self.visible:
            return False
        return super().on_event(event)


def button(text: str, on_click: Callable[[], Any], *, x: float, y: float, width: float,
           height: float = 28, font_size: int = 11) -> gui.UIFlatButton:
    btn = Button(text=text, x=x, y=y, width=width, height=height,
                           style=button_style(font_size))

    @btn.event("on_click")
    def clicked(_event: gui.UIOnClickEvent) -> None:
        on_click()

    return btn


def button_style(font_size: int = 11, selected: bool = False) -> dict[str, Any]:
    """The flat button's style at a smaller font; `selected` marks the current choice."""
    # arcade's flat button prefers Kenney Future, which the game loads for its titles: the
    # editor reads in the body font everywhere (that font drew K like H: "PACH", "BACH").
    out = {k: dataclasses.replace(v, font_size=font_size, font_name=style.BODY_FONT)
           for k, v in gui.UIFlatButton.DEFAULT_STYLE.items()}
    if selected:
        out["normal"] = dataclasses.replace(out["normal"], bg=style.PRIMARY)
        out["hover"] = dataclasses.replace(out["hover"], bg=style.PRIMARY_HOVER)
    return out


def restyle(button: Any, style_: dict[str, Any]) -> None:
    """Give a button another style, drawn from the next frame on: arcade draws a widget again
    only when told (a style set alone left an undone toggle looking as it was)."""
    if button.style != style_:
        button.style = style_
        button.trigger_render()


def label(text: str, *, x: float, y: float, width: float, height: float = 24,
          font_size: int = 11, color: Any = arcade.color.WHITE, align: str = "left") -> Any:
    return gui.UILabel(text=text, x=x, y=y, width=width, height=height, font_size=font_size,
                       font_name=style.BODY_FONT, text_color=color, align=align)


class Dialog:
    """A modal box drawn over the editor: rows of labels, fields and buttons, its own UIManager.

    Rows are laid out top to bottom; a row item is ("label", text, width),
    ("field", key, text, width) or ("button", text, width, callback[, key]) (the key names a
    button whose text other buttons share; the text otherwise). Enter presses the
    `default` button; a line under the rows shows what went wrong (show_error), so an error
    stays in the dialog the designer is looking at. The arrow keys (a pad's D-pad) move a gold
    focus from button to button, starting on the default, and Enter (A) presses it: every
    answer is in reach of a pad, not only the default and Esc (B).
    """

    ROW = 34
    ERROR_H = 26

    def __init__(self, window: Any, title: str, rows: list[list[tuple[Any, ...]]], *,
                 width: int = 680, default: str | None = None, error: str = "") -> None:
        self.window = window
        self.title = title
        self.default = default
        self.ui = gui.UIManager(window)
        self.fields: dict[str, Field] = {}
        self.buttons: dict[str, Any] = {}
        height = 70 + self.ROW * len(rows) + self.ERROR_H
        self.rect = ((window.width - width) / 2, (window.height - height) / 2, width, height)
        left, bottom, _, _ = self.rect
        self.ui.add(label(title, x=left + 16, y=bottom + height - 40, width=width - 32,
                          height=28, font_size=15))
        y = bottom + height - 44 - self.ROW
        for row in rows:
            x = left + 16
            for item in row:
                kind = item[0]
                if kind == "label":
                    self.ui.add(label(item[1], x=x, y=y, width=item[2], height=28))
                    x += item[2] + 8
                elif kind == "field":
                    f = Field(item[1], lambda k, v: None, on_tab=self._tab, x=x, y=y + 1,
                              width=item[3], height=26, text=item[2])
                    self.fields[item[1]] = f
                    self.ui.add(f)
                    x += item[3] + 8
                elif kind == "button":
                    b = button(item[1], item[3], x=x, y=y, width=item[2])
                    self.buttons[item[4] if len(item) > 4 else item[1]] = b
                    self.ui.add(b)
                    x += item[2] + 8
            y -= self.ROW
        self.error = label(error, x=left + 16, y=bottom + 10, width=width - 32, height=22,
                           color=style.DANGER_HOVER[:3])
        self.ui.add(self.error)
        first = next(iter(self.fields.values()), None)
        if first is not None:
            first.activate()  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
            first.select_all()   # typing replaces the suggestion, as file dialogs do
        self.focus: str | None = default if default in self.buttons else None

    def _tab(self, field: Field, back: bool) -> None:
        fields = list(self.fields.values())
        i = fields.index(field)
        fields[(i + (-1 if back else 1)) % len(fields)].enter()

    def show_error(self, text: str) -> None:
        """Say what is wrong, and put the caret back in the first field to fix it."""
        self.error.text = text
        first = next(iter(self.fields.values()), None)
        if first is not None and not first.active:
            first.activate()  # type: ignore[no-untyped-call]  # arcade.gui leaves it unannotated
            first.select_all()

    @property
    def error_text(self) -> str:
        return str(self.error.text)

    def confirm(self) -> bool:
        """Enter: press the focused button (the default until the arrows move it), if any."""
        if self.focus is None:
            return False
        self.click(self.focus)
        return True

    def move_focus(self, symbol: int) -> bool:
        """An arrow key (the D-pad): the focus to the next button that way, round the end."""
        steps = {arcade.key.LEFT: -1, arcade.key.UP: -1, arcade.key.RIGHT: 1, arcade.key.DOWN: 1}
        names = list(self.buttons)
        if symbol not in steps or not names:
            return False
        here = names.index(self.focus) if self.focus in names else (-1 if steps[symbol] > 0 else 0)
        self.focus = names[(here + steps[symbol]) % len(names)]
        return True

    def value(self, key: str) -> str:
        return str(self.fields[key].text)

    def click(self, text: str) -> None:
        """Press a button by its text (what a mouse click on it does)."""
        b = self.buttons[text]
        b.dispatch_event("on_click", gui.UIOnClickEvent(source=b, x=int(b.rect.x), y=int(b.rect.y),
                                                       button=arcade.MOUSE_BUTTON_LEFT, modifiers=0))

    def button_center(self, text: str) -> tuple[float, float]:
        b = self.buttons[text]
        return (b.rect.left + b.rect.width / 2, b.rect.bottom + b.rect.height / 2)

    def draw(self) -> None:
        arcade.draw_lrbt_rectangle_filled(0, self.window.width, 0, self.window.height, (0, 0, 0, 150))
        left, bottom, width, height = self.rect
        arcade.draw_lrbt_rectangle_filled(left, left + width, bottom, bottom + height, PANEL)
        arcade.draw_lrbt_rectangle_outline(left, left + width, bottom, bottom + height, PANEL_EDGE, 2)
        self.ui.draw()
        if self.focus is not None and len(self.buttons) > 1:   # one button needs no pointing at
            r = self.buttons[self.focus].rect
            arcade.draw_lrbt_rectangle_outline(r.left - 3, r.right + 3, r.bottom - 3, r.top + 3, style.FOCUS, 2)
