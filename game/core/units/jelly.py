"""Jelly: layers under a cell, one gone each time the tile on it clears."""

from __future__ import annotations

from typing import cast

from ..events import JellyCleared
from ..grid import Cell
from ..vocab import GoalName, Lesson
from .base import Blocker, Hit


def _read(event: object) -> tuple[Cell, int]:
    cleared = cast(JellyCleared, event)
    return cleared.cell, cleared.layers


JELLY = Blocker(
    "jelly", Hit.UNDER, holds=False, frees=False, event=JellyCleared,
    made=JellyCleared, read=_read, map_key="jelly", samples=("1", "2"),
    goal=GoalName.JELLY, goal_layers=True,
    none_placed="there is no jelly to clear: add a 'jelly:' map with layers 1 or 2, or remove the goal",
    short="jelly left", lesson=Lesson.JELLY,
)
