"""A throwaway blocker unit for the tests that prove the view and the editor walk the units: frost, never shipped."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import BLOCKERS, Blocker, Depth, Edit, Hit, Look, Mode, Motion, Pattern, Sound, Tool

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Thawed:
    """A layer of the frost over `cell` thawed; `layers` are left."""

    cell: Cell
    layers: int


def _read(event: object) -> tuple[Cell, int]:
    assert isinstance(event, Thawed)
    return event.cell, event.layers


FROST_COLORS = ((150, 215, 250), (235, 250, 255), (40, 90, 140))
FROST = Blocker(
    "frost", Hit.NEAR, holds=True, frees=False, event=Thawed, made=Thawed, read=_read,
    look=Look(Pattern.FROST, Depth.OVER, FROST_COLORS, shown=2, hit=Motion.SHAKE, gone=Motion.BURST, chips=3,
              sound=Sound.SHATTER),
    tool=Tool("U", "frost", (Mode.MATCH3, Mode.CHAIN), Edit.TOGGLE, 1,
              "Frost (U): click a tile to frost it or thaw it", "frost a tile or thaw it", mark="U"),
)
"""Frost over a tile, placed by a `U` after its tile (`3U`): the test's own unit."""
UNITS = BLOCKERS + (FROST,)
"""The registry with frost added (the shipped registry never has it)."""
