"""Jelly: layers under a cell, one gone each time the tile on it clears."""

from __future__ import annotations

from operator import attrgetter

from ..events import JellyCleared
from ..vocab import GoalName, Lesson
from .base import Blocker, Hit

JELLY = Blocker(
    "jelly", Hit.UNDER, holds=False, frees=False, event=JellyCleared,
    made=JellyCleared, read=attrgetter("cell", "layers"), map_key="jelly", samples=("1", "2"),
    goal=GoalName.JELLY, goal_layers=True,
    none_placed="there is no jelly to clear: add a 'jelly:' map with layers 1 or 2, or remove the goal",
    short="jelly left", lesson=Lesson.JELLY, label="Jelly", goal_line="Clear all the jelly ({target} layers)",
)
