"""A lenient reading of a level mapping: parse_level's problems, and beside them what the mapping holds as far as it can be read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .checking import Problem, is_whole
from .level import Level, parse_level
from .level_format import FIELDS, Field, Form, switch_goal
from .vocab import GoalName, Mode

# A value as read: a whole number, or (a word, a fraction, a list ...) its text as written, or None.
Scalar = int | str | None
Rows = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class LevelReading:
    """What a level mapping holds, read leniently: every field of the core's table (FIELDS) as
    far as it can be read, each as its form reads (a whole number where one is written, else
    the value as text, so the problem about it stays in view), the Level when it is a valid
    one, and every problem parse_level finds, located. An editor reads files through this, so
    it and the game never disagree about a file."""

    level: Level | None
    problems: tuple[Problem, ...]
    values: tuple[tuple[str, object], ...] = ()   # each field read, by its name (a field not there reads None)
    layout_text: tuple[bool, ...] = ()     # whether each layout row was a line of text at all

    def get(self, name: str) -> Any:
        """The field `name` as read (None: not there, or not readable as its form)."""
        return next((value for key, value in self.values if key == name), None)

    @property
    def mode(self) -> Mode | None:
        return self.get("mode")   # type: ignore[no-any-return]

    @property
    def layout(self) -> Rows | None:
        """The layout's rows, each row's cells as the loader splits them."""
        return self.get("layout")   # type: ignore[no-any-return]

    @property
    def maps(self) -> tuple[tuple[str, Rows], ...]:
        """Each unit's per-cell map written, by its key, split like the layout."""
        return tuple((f.name, rows) for f in FIELDS if f.form is Form.MAP and (rows := self.get(f.name)) is not None)

    @property
    def blocker_goals(self) -> tuple[GoalName, ...]:
        """The blocker units' goals the file asks (`<goal>: true`), in the core's order."""
        return tuple(switch_goal(f) for f in FIELDS if f.form is Form.SWITCH and self.get(f.name))


def read_level(data: Mapping[str, Any]) -> LevelReading:
    """Read a level mapping leniently: parse_level's Level and problems, and every field it
    holds as far as it can be read. Never raises for any mapping (or non-mapping)."""
    level, problems = parse_level(data)
    if not isinstance(data, Mapping):
        return LevelReading(level, tuple(problems))
    values = tuple((f.name, value) for f in FIELDS if (value := _read(f, _at(data, f.path))) is not None)
    return LevelReading(level, tuple(problems), values, _rows(data.get("layout"))[1])


def _at(data: Mapping[str, Any], path: tuple[str, ...]) -> object:
    """The value at `path` in the mapping (None where a step is missing or no mapping)."""
    value: object = data
    for part in path:
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def _read(f: Field, raw: object) -> object:
    """A field's value as its form reads it leniently (None: not there, or not readable so)."""
    form = f.form
    if raw is None or form in (Form.CONSTANT, Form.NOTE):
        return None
    if form is Form.TEXT:
        return _text(raw)
    if form is Form.WORD:
        return f.vocab(raw) if f.vocab is not None and isinstance(raw, str) and raw in f.vocab._value2member_map_ else None
    if form is Form.WORDS:
        return _words(raw)
    if form is Form.NUMBER:
        return _scalar(raw)
    if form is Form.SIZE:
        return _whole(raw)
    if form is Form.FLAG:
        return _flag(raw)
    if form is Form.SWITCH:
        return True if raw is True else None
    if form in (Form.ROWS, Form.MAP):
        return _rows(raw)[0]
    if form is Form.COUNTS:
        return tuple(sorted((int(k), _scalar(v)) for k, v in raw.items() if is_whole(k))) \
            if isinstance(raw, Mapping) else None
    if form is Form.CELL:
        return (int(raw[0]), int(raw[1])) if (
            isinstance(raw, list) and len(raw) == 2 and all(is_whole(v) for v in raw)) else None
    assert form is Form.MARKS
    return (_scalar(raw[0]), _scalar(raw[1]), _scalar(raw[2])) if isinstance(raw, list) and len(raw) == 3 else None


def _rows(value: object) -> tuple[Rows | None, tuple[bool, ...]]:
    """A layout-like list's rows split into cells as the loader splits them (a row that is no
    text reads as no cells), and which rows were text."""
    if not isinstance(value, list):
        return None, ()
    return (tuple(tuple(row.split()) if isinstance(row, str) else () for row in value),
            tuple(isinstance(row, str) for row in value))


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _words(value: object) -> tuple[str, ...] | None:
    """A list's items as text (a lone word reads as a list of it: what the writer meant)."""
    if value is None:
        return None
    return tuple(str(v) for v in value) if isinstance(value, list) else (str(value),)


def _whole(value: object) -> int | None:
    return int(value) if is_whole(value) else None   # type: ignore[call-overload]


def _scalar(value: object) -> Scalar:
    if value is None or isinstance(value, str):
        return value
    return int(value) if is_whole(value) else str(value)   # type: ignore[call-overload]


def _flag(value: object) -> bool | None:
    return value if isinstance(value, bool) else None
