"""What the editor's parts share: layout constants, small helpers and the EditorBase they extend."""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import arcade
import pyglet

from game.core import Problem
from game.io.settings import Settings
from game.ui.layout import Rect

from . import files, recovery
from .canvas import Canvas
from .model import Cell, EditModel
from .pack_check import PackCheck
from .playtest_flow import PlaytestFlow
from .slide_actions import SlideActions
from .resize_flow import ResizeFlow
from .difficulty import DifficultyPanel
from .help import EditorHelp
from .properties import PropertiesPanel
from .host import Part
from .status import StatusLine
from .texts import Texts
from .look import clip
from .widgets import Dialog

gui = arcade.gui

class EditorBase(arcade.View):
    """The state every part of the editor reads (set up by EditorView.__init__)."""

    # Set up by EditorView.__init__ and _build; declared here so each part is type-checked.
    model: EditModel
    on_leave: Callable[[], None] | None
    settings: Settings | None
    colorblind: bool
    cursor: Cell
    flash: Cell | None
    hover: Cell | None
    dialog: Dialog | None
    status: StatusLine
    texts: Texts
    parts: list[Part]
    since_autosave: float
    slide: SlideActions
    playtester: PlaytestFlow
    mouse_down: bool
    origin: str
    canvas: Canvas
    ui: gui.UIManager
    header_buttons: dict[str, Any]
    _palette: list[tuple[Rect, str, Any]]
    _problem_rows: list[tuple[Rect, Problem]]
    _chrome: arcade.SpriteList[arcade.Sprite]
    _chrome_icons: arcade.SpriteList[arcade.Sprite]
    _chrome_batch: pyglet.graphics.Batch
    _chrome_texts: list[Any]
    _chrome_built: tuple[Any, ...] | None
    slot: recovery.Slot
    props: PropertiesPanel
    keyboard_led: bool
    help: EditorHelp
    difficulty: DifficultyPanel
    _id_check: tuple[Any, Problem | None]
    _packs: dict[pathlib.Path, files.PackFolder]
    _pack: files.PackFolder | None
    _pack_page: int

    _problems_first: int
    pack_check: PackCheck
    loaded: files.Opened | None   # the file as opened, while it had problems
    resizer: ResizeFlow

    # -- what one part asks of another (each is made by the part named) ----------------------------
    def refresh(self) -> None:
        """Bring every widget in step with the model (EditorView)."""
        raise NotImplementedError

    def title(self) -> str:
        """The header's title (EditorView)."""
        raise NotImplementedError

    def id_taken(self) -> Problem | None:
        """A warning when another file has the level's id (FileFlow)."""
        raise NotImplementedError

    def on_resize(self, width: int, height: int) -> None:
        """Rebuild the panels for the window as it is (EditorView)."""
        raise NotImplementedError

    # -- the status line and dialogs, shared by every part --------------------------------------
    def say(self, text: str, bad: bool = False) -> None:
        self.status.say(text, bad)

    def commit_typing(self) -> None:
        """What is typed in a property field counts now: before a save, a close, an open,
        a play-test or a bot run, exactly as when the field loses the focus."""
        f = self.props.active_field()
        if f is not None:
            f.deactivate()

    def open_dialog(self, dialog: Dialog) -> None:
        self.commit_typing()
        self.dialog = dialog


    def close_dialog(self) -> None:
        self.dialog = None


    def show_problems(self, title: str, lines: list[str]) -> None:
        shown: list[list[tuple[Any, ...]]] = [[("label", clip(line, 86), 740)] for line in lines[:12]]
        if len(lines) > 12:
            shown.append([("label", f"... and {len(lines) - 12} more", 740)])
        shown.append([("button", "OK", 100, self.close_dialog)])
        self.open_dialog(Dialog(self.window, title, shown, width=780))
