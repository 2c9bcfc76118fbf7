"""A goal's file part: its row in the level file's table, its checks with their located messages, its editor row and its few words."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Mapping

from ..checking import Collector
from ..fields import Field, Form
from ..vocab import Mode


class Widget(Enum):
    """How the editor's properties panel edits a goal's field."""

    NUMBER = "number"       # a text field of a whole number
    CELL = "cell"           # the cell shown, 'pick cell' (the next click on the board sets it) and 'clear'
    PER_KIND = "per kind"   # a text field a kind, beside the kind's tile, three a row


@dataclass(frozen=True, slots=True)
class EditorRow:
    """A goal's row in the editor's properties panel: its label, its widget and its place among
    the goal rows (`order`, lowest first: the panel's own order, not the file's); a CELL goal's
    words in the status bar while a pick waits (`pick`) and once picked (`picked`, of row and
    column), and the tooltips of its buttons (`tips`, by the button's name: 'pick cell', 'clear <label>')."""

    label: str
    widget: Widget
    order: int
    pick: str = ""
    picked: str = ""
    tips: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Where:
    """What a goal's check may weigh its value against: the level's mode, size, kinds and layout
    (each None when the file's own is missing or wrong)."""

    mode: Mode | None
    width: int | None
    height: int | None
    kinds: int | None
    layout: tuple[tuple[str, ...], ...] | None


def no_daily(value: Any) -> str | None:
    """No line of its own on the daily card."""
    return None


@dataclass(frozen=True, slots=True, eq=False)
class GoalField:
    """A goal as a level file holds it, written in one place: its row in the core's table of
    fields (`field`: key, form, default, modes, sample, bounds, doc; level_format.FIELDS takes
    it), `check` (its value from the file's `goals:` mapping, every problem with it added to the
    collector, located as level_check locates them: Goals holds the value by the row's name),
    the editor's row (`editor`), the pack overview's few words for a value (`words`), what a
    mode switch that drops it lost (`lost`, of the value it had), the daily card's line
    (`daily`, None: none of its own) and the word before its kind's picture there (`said`, a
    goal of kinds). A goal whose value is a cell (`on_board`) is drawn on the board: a resize
    moves it, and the overview and a mode switch's losses name it after the others."""

    field: Field
    check: Callable[[Collector, Mapping[str, Any], Where], Any]
    editor: EditorRow
    words: Callable[[Any], list[str]]
    lost: Callable[[Any], str]
    daily: Callable[[Any], str | None] = no_daily
    said: str = ""

    @property
    def name(self) -> str:
        """Its name: the Goals attribute, the reading's and the editor draft's field."""
        return self.field.name

    @property
    def on_board(self) -> bool:
        """Whether its value is a cell of the board (drawn there, moved by a resize)."""
        return self.field.form is Form.CELL

    def value(self, goals: object) -> Any:
        """Its value in a Goals (or an editor draft): the attribute its row names."""
        return getattr(goals, self.field.name)

    def set(self, goals: object) -> bool:
        """Whether a Goals (or a draft) asks it: its value is not its default."""
        return bool(self.value(goals) != self.field.default)
