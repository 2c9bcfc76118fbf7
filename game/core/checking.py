"""Generic checking helpers: a located problem, and how a message names a value or a key."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping

from .grid import Cell

PathPart = str | int
Path = tuple[PathPart, ...]


class Part(Enum):
    """Which part of the entry at a problem's path is at fault."""

    VALUE = "value"  # the value (for a key that is missing: the mapping that lacks it)
    KEY = "key"  # the key itself: an unknown key, a collect goal's kind


class Fault(Enum):
    """What kind of wrong a problem is; says whether how YAML read a bare word explains it."""

    VALUE = "value"  # the value has the right type but is not allowed (a range, a rule)
    TYPE = "type"  # the value has the wrong type, is missing or empty, or the key is unknown
    NOT_TEXT = "not text"  # a field that takes text got something else (quotes would help)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a level: where (a field path, maybe a cell), what, and which part."""

    path: Path
    message: str
    cell: Cell | None = None
    part: Part = Part.VALUE
    fault: Fault = Fault.VALUE
    board: bool = False   # its path is a board-shaped key's (a unit's map of rows): its rows point at cells too

    @property
    def layout_row(self) -> Path | None:
        """The path of the layout row this problem is in: its own, or its board cell's row.

        A problem about the layout as a whole (two players, a free run) names the cell to
        point at; a goal's cell (reach) is written in the goal, not in the layout.
        """
        if self.path[:1] != ("layout",) and not self.board:
            return None
        if len(self.path) == 2:
            return self.path
        return (self.path[0], self.cell[0]) if self.cell is not None else None

    def where(self) -> str:
        return ".".join(shorten(str(p)) for p in self.path) if self.path else "(level)"

    def __str__(self) -> str:
        return f"{self.where()}: {self.message}"


class Collector:
    """Gathers problems so that a designer sees all of them at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: Path, message: str, cell: Cell | None = None,
            part: Part = Part.VALUE, fault: Fault = Fault.VALUE, board: bool = False) -> None:
        self.problems.append(Problem(path, message, cell, part, fault, board))


def is_whole(value: object) -> bool:
    """Whether `value` is a whole number; YAML 1.1 turns `yes` into True, and True is an int in
    Python: refuse it here."""
    return isinstance(value, int) and not isinstance(value, bool)


def describe(value: object) -> str:
    """A value as a designer would name it in a message: 'the number 5', 'a list', ...

    Every file check (levels, packs, progress, replays) says "found ..." through this, so a
    500,000-character key or a 5,000-digit number is shown cut, never in full.
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        if value.bit_length() > 128:   # str() of a huge int is slow, and refused past 4300 digits
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {shorten(value)!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):   # a YAML date or timestamp (the core keeps clear of datetime)
        return f"the date {shorten(str(isoformat()))}"
    return type(value).__name__


def shorten(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters with '...' (messages never echo a whole long value)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def quoted(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` and quoted with its control characters escaped: an id holding a
    newline or an escape sequence is shown as '\\n', never printed raw into a message."""
    return repr(shorten(text, limit))


def unknown_keys(data: Mapping[Any, Any], known: tuple[str, ...], path: Path = ()) -> list[Problem]:
    """A problem on each key of `data` that is not in `known`, naming the nearest known key."""
    out = []
    for key in data:
        if key in known:
            continue
        shown = shorten(str(key))
        near = difflib.get_close_matches(shown, known, n=1, cutoff=0.6)
        hint = f"; did you mean '{near[0]}'?" if near else f"; known keys: {', '.join(known)}"
        # The path holds the key itself, so the file's line of a long key is found; where()
        # and the file's field names show it cut.
        part = key if isinstance(key, (str, int)) and not isinstance(key, bool) else str(key)
        out.append(Problem(path + (part,), f"unknown key '{shown}'{hint}", part=Part.KEY,
                           fault=Fault.TYPE))
    return out


def int_field(
    out: Collector, data: Mapping[str, Any], key: str, lo: int, hi: int | None,
    path: Path = (), required: bool = False, what: str = "a whole number",
) -> int | None:
    """The whole number at `key` of `data` (a file or one of its mappings, at `path`), checked to
    be lo..hi (hi None: no most); None when it is missing or wrong (the problem said)."""
    if key not in data or data[key] is None:
        if required:
            out.add(path + (key,), f"is required ({what})", fault=Fault.TYPE)
        return None
    value = data[key]
    if not is_whole(value):
        out.add(path + (key,), f"expected {what}, found {describe(value)}", fault=Fault.TYPE)
        return None
    if value < lo or (hi is not None and value > hi):
        rng = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
        out.add(path + (key,), f"must be {rng}, found {value}")
        return None
    return int(value)


def str_field(out: Collector, data: Mapping[str, Any], key: str, required: bool) -> str | None:
    """The text at `key` of a file's mapping; None when it is missing or no text (the problem said)."""
    if key not in data or data[key] is None:
        if required:
            out.add((key,), "is required (text)", fault=Fault.TYPE)
        return None
    value = data[key]
    if not isinstance(value, str):
        out.add((key,), f"expected text, found {describe(value)}", fault=Fault.NOT_TEXT)
        return None
    return value
