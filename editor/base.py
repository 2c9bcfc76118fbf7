"""What the editor's parts share: layout constants, small helpers and the EditorBase they extend."""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import arcade
import pyglet

from game.core import Mode, Problem
from game.io.settings import Settings
from game.ui.layout import Rect
from game.ui.screens import style

from . import files, recovery, slide_tools
from .canvas import Canvas
from .model import Cell, EditModel
from .pack_check import PackCheck
from .playtest_flow import PlaytestFlow
from .slide_actions import SlideActions
from .resize_flow import ResizeFlow
from .widgets import Dialog, Field

gui = arcade.gui

HEADER_H = 44
PALETTE_W = 180
PROPS_W = 350
PROBLEMS_H = 150
AUTOSAVE_SECONDS = 2.0    # after a change, before it is autosaved to the recovery file
STATUS_SECONDS = 6.0        # how long the status line keeps a message
STATUS_BAD_SECONDS = 15.0   # and an error
PACKS_PER_PAGE = 10
LEVELS_PER_PAGE = 10
# The game's one palette (game.ui.screens.style), as RGB for the editor's panels and texts.
BG = style.HEADER[:3]
PANEL = style.OPTION[:3]
TEXT = style.TEXT[:3]
DIM = style.TEXT_MUTED[:3]
BAD = style.DANGER_HOVER[:3]
GOOD = style.BAR_FILL[:3]
SELECTED = style.PRIMARY[:3]
WARN = style.GOLD[:3]


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
    picking_reach: bool
    dialog: Dialog | None
    status: str
    status_bad: bool
    status_age: float
    since_autosave: float
    slide: SlideActions
    playtester: PlaytestFlow
    mouse_down: bool
    origin: str
    canvas: Canvas
    ui: gui.UIManager
    fields: dict[str, Field]
    props_buttons: dict[str, Any]
    header_buttons: dict[str, Any]
    _palette: list[tuple[Rect, str, Any]]
    _problem_rows: list[tuple[Rect, Problem]]
    _batch: pyglet.graphics.Batch
    _texts: dict[str, Any]
    _texts_used: set[str]
    _chrome: arcade.SpriteList[arcade.Sprite]
    _chrome_icons: arcade.SpriteList[arcade.Sprite]
    _chrome_batch: pyglet.graphics.Batch
    _chrome_texts: list[Any]
    _chrome_built: tuple[Any, ...] | None
    slot: recovery.Slot
    solutions: slide_tools.SolutionCounter
    _pointer: tuple[float, float] | None
    keyboard_led: bool
    _tip_rest: float
    _tip_text: Any
    _id_check: tuple[Any, Problem | None]
    _packs: dict[pathlib.Path, files.PackFolder]
    _pack: files.PackFolder | None
    _pack_page: int

    _reach_xy: tuple[float, float]
    _solution_xy: tuple[float, float]
    _props_scroll: float
    _props_max_scroll: float
    _props_bottom: float
    _problems_first: int
    _collect_icons: list[tuple[int, float, float]]
    pack_check: PackCheck
    loaded: files.Opened | None   # the file as opened, while it had problems
    resizer: ResizeFlow

    # -- what one part asks of another (each is made by the part named) ----------------------------
    def refresh(self) -> None:
        """Bring every widget in step with the model (PropertiesPanel)."""
        raise NotImplementedError

    def title(self) -> str:
        """The header's title (PropertiesPanel)."""
        raise NotImplementedError

    def draw_tip(self) -> None:
        """The tooltip under a resting pointer (EditorHelp)."""
        raise NotImplementedError

    def difficulty_warnings(self) -> list[Problem]:
        """Warnings from the bots' games of the level as it is now (DifficultyPanel)."""
        raise NotImplementedError

    def difficulty_width(self) -> float:
        """How much of the problems strip the Difficulty panel takes (DifficultyPanel)."""
        raise NotImplementedError

    def _draw_difficulty(self) -> None:
        raise NotImplementedError

    def _text(self, key: str, text: str, x: float, y: float, color: Any = TEXT, size: int = 11,
              **kw: Any) -> None:
        """Show a changing text this frame (EditorDrawing)."""
        raise NotImplementedError

    def id_taken(self) -> Problem | None:
        """A warning when another file has the level's id (FileFlow)."""
        raise NotImplementedError

    def active_field(self) -> Field | None:
        """The text field being typed in, if any (PropertiesPanel)."""
        raise NotImplementedError

    def set_mode(self, mode: Mode) -> None:
        """Switch the level's mode (EditorView)."""
        raise NotImplementedError

    def on_resize(self, width: int, height: int) -> None:
        """Rebuild the panels for the window as it is (EditorView)."""
        raise NotImplementedError

    def new_seed(self) -> None:
        raise NotImplementedError

    def toggle_diagonal(self) -> None:
        raise NotImplementedError

    def toggle_goal(self, name: str) -> None:
        raise NotImplementedError

    def pick_reach(self) -> None:
        raise NotImplementedError

    def clear_reach(self) -> None:
        raise NotImplementedError

    # -- the status line and dialogs, shared by every part --------------------------------------
    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        self.status_age = 0.0

    def status_shown(self) -> str:
        """The status line as it stands: a message goes after a while, so none is left over
        from something already done (an error stays longer than news)."""
        return self.status if self.status_age < (STATUS_BAD_SECONDS if self.status_bad else STATUS_SECONDS) else ""


    def commit_typing(self) -> None:
        """What is typed in a property field counts now: before a save, a close, an open,
        a play-test or a bot run, exactly as when the field loses the focus."""
        f = self.active_field()
        if f is not None:
            f.deactivate()

    def open_dialog(self, dialog: Dialog) -> None:
        self.commit_typing()
        self.dialog = dialog


    def close_dialog(self) -> None:
        self.dialog = None


    def show_problems(self, title: str, lines: list[str]) -> None:
        shown: list[list[tuple[Any, ...]]] = [[("label", _clip(line, 86), 740)] for line in lines[:12]]
        if len(lines) > 12:
            shown.append([("label", f"... and {len(lines) - 12} more", 740)])
        shown.append([("button", "OK", 100, self.close_dialog)])
        self.open_dialog(Dialog(self.window, title, shown, width=780))


def _page(items: list[Any], page: int, per: int) -> tuple[int, int, list[Any]]:
    """The page clamped to the pages there are, how many pages, and that page's items."""
    pages = max(1, (len(items) + per - 1) // per)
    page = max(0, min(page, pages - 1))
    return page, pages, items[page * per:(page + 1) * per]


def _pager(page: int, pages: int, go: Callable[[int], None]) -> list[tuple[Any, ...]]:
    """Prev/Next buttons and 'page n of m' for a dialog row (nothing when one page is all)."""
    if pages <= 1:
        return []
    row: list[tuple[Any, ...]] = []
    if page > 0:
        row.append(("button", "< Prev", 100, lambda: go(page - 1)))
    if page < pages - 1:
        row.append(("button", "Next >", 100, lambda: go(page + 1)))
    row.append(("label", f"page {page + 1} of {pages}", 160))
    return row


def _rgba(color: Any) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in color)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _clip_path(path: str, n: int) -> str:
    """A long path cut at its start: the folder and file name at its end are what a designer reads."""
    return path if len(path) <= n else "..." + path[-(n - 3):]
