"""What an editor part may ask of the editor that holds it (Host), and what the editor asks of a part (Part).

How to write an editor part
---------------------------
A part is one panel, dialog flow or tool of the editor (the play-test, the Difficulty panel,
the pack dialogs, a selection). It is an object that owns its state: its own fields, made in
its `__init__`, never attributes of the editor's view. It talks to the editor only through the
`Host` it is given:

- `host.model`: the level being edited (an EditModel, with its own undo); a part changes the
  level through the model's methods, then calls `host.refresh()` so the widgets follow.
- `host.say(text, bad=False)`: the status line (the one place it is written; see status.py).
- `host.open_dialog(Dialog(host.window, ...))` / `host.close_dialog()`: a modal dialog;
  `host.dialog` is the one open now, if any. `host.show_problems(title, lines)` lists problems.
- `host.commit_typing()`: what is typed in a property field counts now (call it before a
  play-test, a save, a bot run: anything that reads the level as a whole).
- `host.replace_model(model)`: another level in the editor (New, Open, Restore), in a tab of
  its own (tabs.py: the level before stays open, with its undo).
- `host.texts.show(key, text, x, y, ...)`: a text that changes, drawn this frame (one batch).
- `host.canvas`: the board on screen (cell <-> pixel: `cell_at(x, y)`, `center(cell)`).

A part that draws, ticks or takes input subclasses `Part` and overrides only the hooks it
needs; the editor calls them for every part in `EditorView.parts`, in order:

    class DealPreview(Part):
        def __init__(self, host: Host) -> None:
            super().__init__(host)
            self.shown = False            # its own state, nobody else's

        def key(self, symbol: int, modifiers: int) -> bool:
            if symbol == arcade.key.V:
                self.shown = not self.shown
                self.host.say("the seeded deal" if self.shown else "")
                return True               # taken: no other part (nor the editor) sees it
            return False

        def draw(self) -> None:
            if self.shown:
                ...                       # over the board, under the panels' texts

    # in EditorView.__init__:  self.add_part(DealPreview(self))

`key` and `click` (or `mouse_press`, which also hears the modifier keys) return True when they
took the event; `mouse_drag` and `mouse_release` return True for a drag the part owns;
`tick(dt)` is called every frame with
game time (never the wall clock); `draw()` after the board; `model_replaced()` after
`host.replace_model` and each switch of tabs (forget what belonged to the level shown before). A part never reads another
part's attributes: when it needs something of another part, it is given that part (or a
function) in its constructor, so the dependency is written down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .model import EditModel
from .widgets import Dialog

if TYPE_CHECKING:
    from .canvas import Canvas
    from .texts import Texts


class Host(Protocol):
    """The small interface every part talks to; a part keeps everything else to itself."""

    window: Any

    @property
    def model(self) -> EditModel: ...

    @property
    def dialog(self) -> Dialog | None:
        """The modal dialog open now, if any."""

    @property
    def canvas(self) -> Canvas:
        """The board on screen: cell <-> pixel."""

    @property
    def texts(self) -> Texts:
        """Texts that change, drawn in one batch this frame."""

    def replace_model(self, model: EditModel) -> None:
        """Another level in the editor (New, Open, Restore), in a tab of its own; every part
        hears model_replaced() (a switch between tabs too)."""

    def open_dialog(self, dialog: Dialog) -> None: ...

    def close_dialog(self) -> None: ...

    def refresh(self) -> None:
        """Bring the widgets in step with the model after a change."""

    def say(self, text: str, bad: bool = False) -> None:
        """Put a message on the status line (the one place it is written)."""

    def failed(self, what: str, exc: BaseException, doing: str = "save") -> str:
        """Tell on the status line that `what` could not be saved (loaded, kept...), naming the
        real file (the one reporter, game/io/reporter.py); the line told."""

    def commit_typing(self) -> None:
        """What is typed in a field counts now (before a play-test, a save, a close)."""

    def show_problems(self, title: str, lines: list[str]) -> None:
        """A dialog listing problems, with OK."""

    def on_close(self) -> bool | None:
        """The window's close: asks about unsaved changes first (True keeps it open)."""


class Part:
    """An editor part that draws, ticks or takes input: override only the hooks it needs."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def tick(self, dt: float) -> None:
        """A frame passed (`dt` seconds of game time)."""

    def draw(self) -> None:
        """Draw over the board (the editor draws the panels' texts and widgets after)."""

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key pressed with no dialog open and no field typed in; True when taken."""
        return False

    def click(self, x: float, y: float, button: int) -> bool:
        """A mouse press outside the header and the properties; True when taken."""
        return False

    def mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A mouse press with the modifier keys held then (Shift+drag); by default `click`.
        A part that takes a press may own the drag that follows (`mouse_drag`, `mouse_release`)."""
        return self.click(x, y, button)

    def mouse_drag(self, x: float, y: float) -> bool:
        """The pointer moved with a button down; True when this part owns the drag (no painting)."""
        return False

    def mouse_release(self, x: float, y: float) -> bool:
        """The button came up; True when this part owned the drag."""
        return False

    def model_replaced(self) -> None:
        """Another level is in the editor now: forget what belonged to the one before."""
