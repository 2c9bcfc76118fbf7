"""The code field: type, paste or pick a share code letter by letter (keys, mouse, a pad's on-screen keyboard), then open it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import arcade

from game.core import CODE_ALPHABET as ALPHABET, MAX_CODE_CHARS
from game.ui.actions import Action as InputAction
from game.ui.key_help import NAMES
from game.ui.pad import keys_used, pad_family, pad_in_use

from . import style
from .paste import is_paste
from .widgets import MenuView

if TYPE_CHECKING:
    from game.ui.navigator import Navigator

TITLE = "Enter a code"
KEYS_PER_ROW = 15
KEY, GAP = 50, 8
MAX_CHARS = MAX_CODE_CHARS * 4   # a whole chat message with a code in it: as much as find_code reads
PLACEHOLDER = "GFL1... for a level, GFG2... for a game"


def help_line(pad: bool, family: str = "XB") -> str:
    if not pad:
        return "Type or Ctrl+V  ·  Backspace deletes  ·  Enter opens  ·  Esc goes back"
    n = NAMES.get(family, NAMES["XB"])
    return f"D-pad and {n['a']} type  ·  {n['b']} deletes  ·  {n['start']} opens"


class CodeEntryView(MenuView):
    """A field that shows the code as it is typed (its end, when it is longer than the field),
    the code's letters as keys (the share codes' base-58 alphabet: no 0, O, I or l to misread),
    and Paste, Delete, Clear and Open. What was typed stays while a refused code's notice is up."""

    def __init__(self, app: "Navigator", back: Callable[[], object]) -> None:
        super().__init__(app.window)
        self.app = app
        self.back = back
        self.typed = ""
        self._field: Any = None
        self._help: Any = None

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.header(TITLE, "A level or a game a friend sent you: the code alone, or their whole message",
                    back=self.back)
        fw = min(KEYS_PER_ROW * (KEY + GAP) - GAP, w - 60)
        left, top = w / 2 - fw / 2, h - self.header_height - 40
        self.panel(left, top - 60, fw, 60, 12, colors=(style.FIELD_BG, style.FIELD_BG), focusable=False)
        self._field = self.text("", left + 18, top - 30, style.TEXT, 20, anchor_y="center")
        self._field_width = fw - 36
        y = top - 100
        for i, letter in enumerate(ALPHABET):
            row, col = divmod(i, KEYS_PER_ROW)
            self.button(letter, left + col * (KEY + GAP), y - KEY - row * (KEY + GAP), KEY, KEY,
                        self._typer(letter), name=f"key:{letter}", font_size=17)
        rows = (len(ALPHABET) + KEYS_PER_ROW - 1) // KEYS_PER_ROW
        y -= rows * (KEY + GAP) + 24
        actions: list[tuple[str, str, Callable[[], object], bool]] = [
            ("Paste", "paste", self.paste, False), ("Delete", "delete", self.delete, False),
            ("Clear", "clear", self.erase, False), ("Open", "open", self.open, True)]
        bw = (fw - 3 * 16) / 4
        for i, (label, name, action, primary) in enumerate(actions):
            self.button(label, left + i * (bw + 16), y - 56, bw, 56, action, name=name, primary=primary)
        self._help = self.text(help_line(pad_in_use(self.window), pad_family(self.window)), w / 2, 26,
                               style.TEXT_DIM, style.SMALL_SIZE, anchor_x="center", anchor_y="center")
        self._show()

    def initial_focus(self) -> Any:
        return next((wd for wd in self.widgets if wd.name == f"key:{ALPHABET[0]}"), None)

    # -- the field -------------------------------------------------------------------------
    def _typer(self, letter: str) -> Callable[[], None]:
        return lambda: self.type(letter)

    def type(self, text: str) -> None:
        self.typed = (self.typed + text)[:MAX_CHARS]
        self._show()

    def delete(self) -> None:
        self.typed = self.typed[:-1]
        self._show()

    def erase(self) -> None:
        self.typed = ""
        self._show()

    def paste(self) -> None:
        try:
            text = self.window.get_clipboard_text() or ""
        except Exception:   # no clipboard here (a bare X server): nothing to paste
            text = ""
        if not str(text).strip():
            self.show_toast("The clipboard holds no text: copy the code first")
            return
        self.type(str(text))

    def open(self) -> Any:
        if not self.typed.strip():
            self.show_toast("Type or paste a code first")
            return None
        return self.app.open_code(self.typed)

    def _show(self) -> None:
        """The field's words: the code's end, so the letter just typed is always in sight."""
        if self._field is None:
            return
        shown = " ".join(self.typed.split())   # a pasted message's lines, on one line
        if not shown:
            self._field.text, self._field.color = PLACEHOLDER, style.TEXT_DIM
            return
        self._field.color = style.TEXT
        self._field.text = shown + "|"
        if self._field.content_width > self._field_width:
            keep = max(1, int(self._field_width / (self._field.font_size * 0.6)))
            while keep > 1:
                self._field.text = "…" + shown[-keep:] + "|"
                if self._field.content_width <= self._field_width:
                    break
                keep -= max(1, keep // 20)

    # -- input -------------------------------------------------------------------------------
    def on_text(self, text: str) -> None:
        typed = "".join(ch for ch in text if ch.isprintable())
        if typed:
            self.type(typed)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        keys_used(self.window)
        self._say_keys()
        if is_paste(symbol, modifiers):
            self.paste()
        elif symbol == arcade.key.BACKSPACE:
            self.delete()
        elif symbol == arcade.key.ESCAPE:
            self.on_back()   # Esc leaves, as everywhere; a pad's B deletes first (on_action)
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.open()   # a keyboard's Enter opens what was typed; a pad's A types the key in focus
        elif symbol == arcade.key.SPACE:
            return True   # typed as text (on_text), not a press of the focused key
        else:
            return super().on_key_press(symbol, modifiers)
        return True

    def on_action(self, action: InputAction) -> bool:
        """A pad: the D-pad moves over the keys, A types the one in focus, B deletes (goes back
        when the field is empty), Start opens, Y pastes."""
        self._say_keys()
        if action is InputAction.BACK and self.typed:
            self.delete()
        elif action is InputAction.PAUSE:
            self.open()
        elif action is InputAction.HINT:
            self.paste()
        else:
            return super().on_action(action)
        return True

    def _say_keys(self) -> None:
        words = help_line(pad_in_use(self.window), pad_family(self.window))
        if self._help is not None and self._help.text != words:
            self._help.text = words

    def on_back(self) -> None:
        self.back()
