"""The registry of blocker units: the cascade, chain, the fold, the swap checks and the layout walk it.

A unit is one Blocker (units/base.py): how a clear hits it (Hit), whether it holds its cell,
whether breaking it frees the cell, the event a hit is (folded by evolve through FOLDED), its
refusals in a player's words, and its layout tokens with their checks (or the level map key
that places it). A State's blocker layers are one Counts per unit, in BLOCKERS order (which
is also the order a step's hits are told in: locks broken, stones cracked, jelly cleared); a
level's are found once (state.placed), and a move with blockers finds the units on the board
once and hands them on with its layers by bit, so a board without blockers never looks here.

A unit also carries its goal (the goal key, how it counts, the problem when none is placed), its
words for what a lost game lacked, its lesson, the bots' part-way credit and how a replay's
digest tells its layer: goals, lessons, the checks, the advice and the bots walk GOAL_UNITS,
LESSON_OF and BLOCKERS for them.

A faller (units/base.py's Faller, the one today: units/drop.py) is a piece of its own in the grid
(grid.FALLER): the cascade keeps its cells in the last mask, never clears them, and after each
fall takes those on the bottom of their chute off the board toward its goal; FALLERS is what the
level format, the checks, goals, lessons, advice, bots, the view and the editor walk for it.

A special (units/special.py's SpecialUnit, one module each beside it) is one sort of
match3 special: the run shape that forms it, its layout letters, its blast, its words, the bots'
value of it, its look and its editor words. SPECIALS (a level's `specials:` order) is what the
level format, lessons, the checks, advice, the bots, the view and the editor walk; FORMING is the
order the cascade tries a group's shape in, and rules/specials.py keeps the combo table (which
pairs what two specials swapped together do), the one place pairs are named.
"""

from __future__ import annotations

from ..grid import Cell
from ..vocab import GoalName, Lesson
from ..vocab import Special, SpecialSort
from .base import Blocker, Counts, Faller, Hit, Placing, Problem
from .drop import DROP, DROP_TOKEN, DROPS, DropCollected
from .ice import ICE
from .jelly import JELLY
from .lock import LOCK, LOCK_TOKEN, token_locked
from .bomb import BOMBS
from .line import LINES
from .rainbow import RAINBOWS
from .special import Burst, Mark, Said, SpecialLook, SpecialUnit, column_cells, row_cells, square_cells
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool
from .stone import MAX_STONE_HITS, STONE, STONE_TOKEN, token_stone


BLOCKERS: tuple[Blocker, ...] = (LOCK, STONE, JELLY, ICE)
TOKEN_UNITS: tuple[Blocker, ...] = (STONE, LOCK, ICE)
"""The units a layout token places (in the order the layout's list of cells names them)."""
AT: dict[Blocker, int] = {unit: i for i, unit in enumerate(BLOCKERS)}
"""Each unit's place in BLOCKERS (and in a State's layers)."""
FOLDED: dict[type, int] = {unit.event: i for i, unit in enumerate(BLOCKERS)}
"""The place of the unit whose layer an event changes, by the event's type."""
NONE_PLACED: tuple[Counts, ...] = ((),) * len(BLOCKERS)
GOAL_UNITS: tuple[Blocker, ...] = (JELLY, STONE, ICE)
"""The units with a goal, in the order a level file's goals and the HUD name them."""
GOAL_OF: dict[GoalName, Blocker] = {unit.goal: unit for unit in GOAL_UNITS if unit.goal is not None}
LESSON_OF: dict[Lesson, Blocker] = {unit.lesson: unit for unit in BLOCKERS if unit.lesson is not None}
MAP_UNITS: tuple[Blocker, ...] = tuple(unit for unit in BLOCKERS if unit.map_key is not None)
"""The units a per-cell map key of the level places (jelly's `jelly:`)."""
FALLERS: tuple[Faller, ...] = (DROPS,)
"""The faller units (the grid has one faller value, FALLER: one unit at most)."""
FALLER_OF: dict[GoalName, Faller] = {unit.goal: unit for unit in FALLERS}
FALLER_LESSONS: dict[Lesson, Faller] = {unit.lesson: unit for unit in FALLERS}
FALLER_AT: dict[int, Faller] = {unit.value: unit for unit in FALLERS}
"""The faller whose piece a grid value is."""
FALLEN: dict[type, Faller] = {unit.event: unit for unit in FALLERS}
"""The faller whose piece left the board, by its event's type."""
DIGESTED: tuple[Blocker, ...] = (STONE, LOCK, JELLY)
"""The units a replay's digest tells by place (as before units); a later unit's layer is told by
its name, and only when it has one, so every replay made before it keeps its digests."""

SPECIALS: tuple[SpecialUnit, ...] = (LINES, BOMBS, RAINBOWS)
"""The special units, in the order a level's `specials:` and the player's words name them (SpecialSort's)."""
FORMING: tuple[SpecialUnit, ...] = (RAINBOWS, BOMBS, LINES)
"""The order a group of runs' shape is tried in (a run of 5 that crosses another: the run of 5's)."""
SPECIAL_OF: dict[Special, SpecialUnit] = {special: unit for unit in SPECIALS for special in unit.specials}
"""The unit a special is one of."""
SORT_OF: dict[SpecialSort, SpecialUnit] = {unit.sort: unit for unit in SPECIALS}
SPECIAL_NAMED: dict[str, SpecialUnit] = {unit.name: unit for unit in SPECIALS}
KINDLESS: tuple[SpecialUnit, ...] = tuple(unit for unit in SPECIALS if unit.value)
"""The specials with no kind of their own: a grid value and a layout token each."""
KINDLESS_AT: dict[int, SpecialUnit] = {unit.value: unit for unit in KINDLESS}
KIND_SPECIALS: tuple[Special, ...] = tuple(s for unit in SPECIALS if not unit.value for s in unit.specials)
"""The specials that ride a kind, by their letter after it in a layout token (`3h`)."""


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


def digest_parts(counts: tuple[Counts, ...], brought: int) -> tuple[object, ...]:
    """The blocker layers and the fallers brought down as a replay's digest tells them (DIGESTED by
    place, then the fallers' count, then each later unit's layer by name)."""
    told: tuple[object, ...] = tuple(unit.digested(counts[AT[unit]]) for unit in DIGESTED) + (brought,)
    return told + tuple((unit.name, counts[at]) for at, unit in enumerate(BLOCKERS)
                        if unit not in DIGESTED and counts[at])


__all__ = ["AT", "BLOCKERS", "Blocker", "Counts", "DIGESTED", "FOLDED", "GOAL_OF", "GOAL_UNITS", "Hit", "ICE", "JELLY",
           "LESSON_OF", "LOCK", "MAP_UNITS", "NONE_PLACED", "Placing", "STONE", "TOKEN_UNITS", "chain_struck", "covered",
           "digest_parts"]
__all__ += ["LOCK_TOKEN", "MAX_STONE_HITS", "STONE_TOKEN", "token_locked", "token_stone"]
__all__ += ["DROP", "DROP_TOKEN", "DROPS", "DropCollected", "FALLEN", "FALLER_AT", "FALLERS", "FALLER_LESSONS", "FALLER_OF", "Faller",
            "Problem"]
__all__ += ["BOMBS", "Burst", "FORMING", "KIND_SPECIALS", "KINDLESS", "KINDLESS_AT", "LINES", "Mark", "RAINBOWS", "Said",
            "SORT_OF", "SPECIAL_NAMED", "SPECIAL_OF", "SPECIALS", "SpecialLook", "SpecialUnit", "column_cells", "row_cells",
            "square_cells"]
__all__ += ["Depth", "Edit", "Look", "Motion", "Pattern", "Sound", "Tool"]
