"""Jelly: layers under a cell, one gone each time the tile on it clears."""

from __future__ import annotations

from operator import attrgetter

from ..events import JellyCleared
from ..vocab import GoalName, Lesson, Mode
from .base import Blocker, Hit, Placing
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool

JELLY = Blocker(
    "jelly", Hit.UNDER, holds=False, frees=False, event=JellyCleared,
    made=JellyCleared, read=attrgetter("cell", "layers"), map_key="jelly", samples=("1", "2"),
    goal=GoalName.JELLY, goal_layers=True,
    none_placed="there is no jelly to clear: add a 'jelly:' map with layers 1 or 2, or remove the goal",
    short="jelly left", lesson=Lesson.JELLY, placing=Placing(),
    label="Jelly", goal_line="Clear all the jelly ({target} layers)",
    look=Look(Pattern.SLAB, Depth.FLOOR, ((215, 60, 170), (255, 190, 240), (255, 230, 250)), shown=2,
              hit=Motion.SQUASH, gone=Motion.FADE, chips=3, sound=Sound.SQUELCH),
    tool=Tool("J", "jelly", (Mode.MATCH3, Mode.CHAIN), Edit.LAYER, 2,
              "Jelly (J): click adds a layer under the tile (up to 2), right-click takes one",
              "jelly under tiles: a click adds a layer (up to 2)"),
)
