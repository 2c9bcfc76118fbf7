"""A lenient reading of a level mapping: parse_level's problems, and beside them what the mapping holds as far as it can be read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .checking import Problem, is_whole
from .grid import Cell
from .level import Level, parse_level
from .units import GOAL_OF, MAP_UNITS
from .vocab import GoalName, Mode

# A value as read: a whole number, or (a word, a fraction, a list ...) its text as written, or None.
Scalar = int | str | None
Rows = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class LevelReading:
    """What a level mapping holds, read leniently: every field as far as it can be read (a
    whole number where one is written, else the value as text, so the problem about it stays
    in view), the Level when it is a valid one, and every problem parse_level finds, located.
    An editor reads files through this, so it and the game never disagree about a file."""

    level: Level | None
    problems: tuple[Problem, ...]
    id: str | None = None
    name: str | None = None
    description: str | None = None
    teaches: str | None = None      # the lesson as written (the validator checks it)
    special_sorts: tuple[str, ...] | None = None   # `specials:` as written (each word as text)
    mode: Mode | None = None               # None: missing or no mode
    width: int | None = None               # a whole number as written (not range-checked)
    height: int | None = None
    layout: Rows | None = None             # each row's cells as the loader splits them
    layout_text: tuple[bool, ...] = ()     # whether each layout row was a line of text at all
    maps: tuple[tuple[str, Rows], ...] = ()   # each unit's map (by its key) as written, split the same way
    kinds: Scalar = None
    seed: Scalar = None
    deal_id: str | None = None             # the id the deal is seeded by, when text
    moves: Scalar = None
    score: Scalar = None
    collect: tuple[tuple[int, Scalar], ...] = ()   # the entries whose kind is a whole number
    reach: Cell | None = None
    # The blocker units' goals the file asks (`<goal>: true`), in GOAL_UNITS order: True only where it says true.
    blocker_goals: tuple[GoalName, ...] = ()
    drops: Scalar = None
    stars: tuple[Scalar, Scalar, Scalar] | None = None
    min_match: Scalar = None
    min_chain: Scalar = None
    diagonal: bool | None = None           # None: missing or not true/false
    specials: bool | None = None


def read_level(data: Mapping[str, Any]) -> LevelReading:
    """Read a level mapping leniently: parse_level's Level and problems, and every field it
    holds as far as it can be read. Never raises for any mapping (or non-mapping)."""
    level, problems = parse_level(data)
    if not isinstance(data, Mapping):
        return LevelReading(level, tuple(problems))
    goals = _mapping(data.get("goals"))
    rules = _mapping(data.get("rules"))
    layout, layout_text = _rows(data.get("layout"))
    maps = tuple((key, rows) for key, rows in ((unit.map_key, _rows(data.get(unit.map_key))[0])
                                               for unit in MAP_UNITS if unit.map_key is not None) if rows is not None)
    raw_collect = goals.get("collect")
    collect = tuple(sorted((int(k), _scalar(v)) for k, v in raw_collect.items() if is_whole(k))) \
        if isinstance(raw_collect, Mapping) else ()
    raw_reach = goals.get("reach")
    reach = (int(raw_reach[0]), int(raw_reach[1])) if (
        isinstance(raw_reach, list) and len(raw_reach) == 2 and all(is_whole(v) for v in raw_reach)) else None
    raw_stars = data.get("stars")
    stars = (_scalar(raw_stars[0]), _scalar(raw_stars[1]), _scalar(raw_stars[2])) if (
        isinstance(raw_stars, list) and len(raw_stars) == 3) else None
    mode = data.get("mode")
    return LevelReading(
        level, tuple(problems),
        id=_text(data.get("id")), name=_text(data.get("name")), description=_text(data.get("description")),
        teaches=_text(data.get("teaches")), special_sorts=_words(data.get("specials")),
        mode=Mode(mode) if isinstance(mode, str) and mode in Mode._value2member_map_ else None,
        width=_whole(data.get("width")), height=_whole(data.get("height")),
        layout=layout, layout_text=layout_text, maps=maps,
        kinds=_scalar(data.get("kinds")), seed=_scalar(data.get("seed")),
        deal_id=_text(data.get("deal_id")), moves=_scalar(data.get("moves")),
        score=_scalar(goals.get("score")), collect=collect, reach=reach,
        blocker_goals=tuple(goal for goal in GOAL_OF if goals.get(str(goal)) is True),
        drops=_scalar(goals.get("drops")), stars=stars,
        min_match=_scalar(rules.get("min_match")), min_chain=_scalar(rules.get("min_chain")),
        diagonal=_flag(rules.get("diagonal")), specials=_flag(rules.get("specials")),
    )


def _mapping(value: object) -> Mapping[Any, Any]:
    return value if isinstance(value, Mapping) else {}


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
