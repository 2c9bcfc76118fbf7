"""Jelly: layers under a cell, one gone each time the tile on it clears."""

from __future__ import annotations

from typing import cast

from ..events import JellyCleared
from ..grid import Cell
from ..vocab import Mode
from .base import Blocker, Hit
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool


def _read(event: object) -> tuple[Cell, int]:
    cleared = cast(JellyCleared, event)
    return cleared.cell, cleared.layers


JELLY = Blocker(
    "jelly", Hit.UNDER, holds=False, frees=False, event=JellyCleared,
    made=JellyCleared, read=_read, map_key="jelly",
    look=Look(Pattern.SLAB, Depth.FLOOR, ((215, 60, 170), (255, 190, 240), (255, 230, 250)), shown=2,
              hit=Motion.SQUASH, gone=Motion.FADE, chips=3, sound=Sound.SQUELCH),
    tool=Tool("J", "jelly", (Mode.MATCH3, Mode.CHAIN), Edit.LAYER, 2,
              "Jelly (J): click adds a layer under the tile (up to 2), right-click takes one",
              "jelly under tiles: a click adds a layer (up to 2)"),
)
