"""The registry of blocker units: the cascade, chain, the fold and the swap checks walk it.

A State's blocker layers are one Counts per unit, in this order (which is also the order a
step's hits are told in: locks broken, stones cracked, jelly cleared). A level resolves the
units it places once (`placed`, `present`), so a board without blockers never looks at them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..grid import Cell
from .base import Blocker, Counts, Hit
from .jelly import JELLY
from .lock import LOCK
from .stone import STONE

if TYPE_CHECKING:
    from ..level import Level
    from ..state import State

BLOCKERS: tuple[Blocker, ...] = (LOCK, STONE, JELLY)
AT: dict[Blocker, int] = {unit: i for i, unit in enumerate(BLOCKERS)}
"""Each unit's place in BLOCKERS (and in a State's layers)."""
FOLDED: dict[type, int] = {unit.event: i for i, unit in enumerate(BLOCKERS)}
"""The place of the unit whose layer an event changes, by the event's type."""
NONE_PLACED: tuple[Counts, ...] = ((),) * len(BLOCKERS)


def covered(counts: tuple[Counts, ...]) -> tuple[Cell, ...]:
    """The cells whose tile a blocker holds in place (a lock's): no swap, chain or fall moves it."""
    return tuple(cell for unit, layer in zip(BLOCKERS, counts) if unit.holds and not unit.frees
                 for cell, _ in layer)


def chain_struck(counts: tuple[Counts, ...]) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The cells a chain hits: a COVER or NEAR unit's beside an eaten tile (a stone, a lock), an
    UNDER unit's under one (jelly); each loses one layer a chain however often it passes."""
    beside: set[Cell] = set()
    under: set[Cell] = set()
    for unit, layer in zip(BLOCKERS, counts):
        (under if unit.hit is Hit.UNDER else beside).update(cell for cell, _ in layer)
    return frozenset(beside), frozenset(under)


def placed(level: Level) -> tuple[Counts, ...]:
    """The layers `level` places, one per unit in BLOCKERS order."""
    return level.kept("blocker layers", lambda: tuple(unit.placed(level) for unit in BLOCKERS))


def present(state: State) -> tuple[int, ...]:
    """The places (in BLOCKERS) of the units with a layer on the state's board (a move with
    blockers finds them once and hands them on to the next with its layers by bit)."""
    return tuple(i for i, layer in enumerate(state.layers.counts) if layer)


__all__ = ["AT", "BLOCKERS", "Blocker", "Counts", "FOLDED", "Hit", "JELLY", "LOCK", "NONE_PLACED", "STONE", "chain_struck", "covered",
           "placed", "present"]
