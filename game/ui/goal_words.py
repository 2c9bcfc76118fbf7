"""A blocker goal's words and picture (HUD, goal card), found through its unit: the goal named as the unit is."""

from __future__ import annotations

import arcade

from game.core import BLOCKERS, Blocker
from game.ui import textures
from game.words import counted

# The words stay here, in one place, until the core's units carry them; a unit not listed is
# told by its name ('Ice 3 / 8', 'Clear every ice (8)', '5 ice left').
# Each shipped blocker's words as players know them: its HUD label, its goal card line ({n}:
# the target), and its "left" when lost ({n}: the missing count).
_SAID: dict[str, tuple[str, str, str]] = {
    "jelly": ("Jelly", "Clear all the jelly ({n} layers)", "{n:,} jelly left"),
    "stones": ("Stones", "Break every stone ({n})", "{stones} left"),
}


def goal_unit(name: str, units: tuple[Blocker, ...] = BLOCKERS) -> Blocker | None:
    """The blocker unit a goal of `name` asks to clear (the unit named as the goal), or None."""
    return next((unit for unit in units if unit.name == name and unit.look is not None), None)


def hud_line(unit: Blocker, current: int, target: int) -> str:
    """The goal's line in the HUD: 'Jelly 3 / 10'."""
    label = _SAID[unit.name][0] if unit.name in _SAID else unit.name.capitalize()
    return f"{label} {current} / {target}"


def card_line(unit: Blocker, target: int) -> str:
    """The goal's line on the goal card: 'Break every stone (4)'."""
    said = _SAID[unit.name][1] if unit.name in _SAID else "Clear every {name} ({n})"
    return said.format(n=target, name=unit.name)


def left_line(unit: Blocker, missing: int) -> str:
    """What a lost game left of the goal: '5 jelly left'."""
    said = _SAID[unit.name][2] if unit.name in _SAID else "{n:,} {name} left"
    return said.format(n=missing, name=unit.name, stones=counted(missing, "stone"))


def picture(unit: Blocker) -> arcade.Texture:
    """The goal's picture: the unit's blocker with its most layers shown."""
    assert unit.look is not None
    return textures.blocker(unit.look, unit.look.shown)
