"""A goal's picture beside its HUD line: a tile of its kind, its blocker's or faller's piece, or its own texture (its unit's)."""

from __future__ import annotations

import arcade

from game.core import Blocker, Goal
from game.ui import textures


def picture(goal: Goal, kind: int = 0, colorblind: bool = False) -> arcade.Texture | None:
    """The picture beside `goal` in the HUD (None: a goal told in words alone); `kind` the tile a kind's goal asks for."""
    if goal.kind_picture:
        return textures.kind(kind, colorblind)
    if goal.blocker is not None:
        return blocker_picture(goal.blocker)
    if goal.faller is not None:
        return textures.piece(goal.faller)
    return textures.load(goal.texture) if goal.texture else None


def blocker_picture(unit: Blocker) -> arcade.Texture:
    """A blocker goal's picture: the unit's blocker with its most layers shown."""
    assert unit.look is not None
    return textures.blocker(unit.look, unit.look.shown)
