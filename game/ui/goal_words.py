"""A blocker's or a faller's goal's words and picture (HUD, goal card), from its unit (its label, goal line and what a lost game left): the goal named as the unit is."""

from __future__ import annotations

import arcade

from game.core import BLOCKERS, FALLER_OF, Blocker, Faller, GoalName
from game.ui import textures
from game.words import counted


def goal_unit(name: str, units: tuple[Blocker, ...] = BLOCKERS) -> Blocker | None:
    """The blocker unit a goal of `name` asks to clear (the unit named as the goal), or None."""
    return next((unit for unit in units if unit.name == name and unit.look is not None), None)


def hud_line(unit: Blocker, current: int, target: int) -> str:
    """The goal's line in the HUD: the unit's label and its counter."""
    return f"{unit.label or unit.name.capitalize()} {current} / {target}"


def card_line(unit: Blocker, target: int) -> str:
    """The goal's line on the goal card: the unit's line with its target."""
    return (unit.goal_line or "Clear every {name} ({target})").format(target=target, name=unit.name)


def left_line(unit: Blocker, missing: int) -> str:
    """What a lost game left of the goal: the count and the unit's words."""
    if unit.counted != "layer":   # counted by cells: one word, plural past 1
        return f"{counted(missing, unit.counted)} left"
    return f"{missing:,} {unit.short or unit.name + ' left'}"   # by layers: the unit's words as they are


def picture(unit: Blocker) -> arcade.Texture:
    """The goal's picture: the unit's blocker with its most layers shown."""
    assert unit.look is not None
    return textures.blocker(unit.look, unit.look.shown)


def goal_faller(name: str) -> Faller | None:
    """The faller unit a goal of `name` asks to bring down, or None."""
    return FALLER_OF.get(GoalName(name)) if name in FALLER_OF else None


def faller_hud_line(unit: Faller, current: int, target: int) -> str:
    """A faller's goal in the HUD: its label and its counter."""
    return f"{unit.label} {current} / {target}"


def faller_card_line(unit: Faller, target: int) -> str:
    """A faller's goal on the goal card: its line with the pieces to bring down counted."""
    return unit.goal_line.format(count=counted(target, unit.one))


def faller_left_line(unit: Faller, missing: int, rows: int | None) -> str:
    """What a lost game left of a faller's goal: how many still to bring down, or how far the lowest was."""
    if rows is None:
        return unit.short_none.format(count=counted(missing, unit.one))
    where = f"{counted(rows, 'row')} from the bottom"
    return (unit.short_one if missing == 1 else unit.short_many).format(missing=missing, where=where)
