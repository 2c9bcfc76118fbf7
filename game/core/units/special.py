"""A special as a unit: the run shape that forms it, its layout letters, its blast, its words, how bots value it, its look."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..boards import Geometry
from ..vocab import Lesson, Special, SpecialSort

Blast = Callable[[Geometry, list[int], int, Special], int]
"""(the board's geometry, its masks (one per kind, index 0 unused), the special's bit, which of
the unit's specials it is) -> the cells it clears when it goes off, as bits (holes left out)."""


class Mark(Enum):
    """How the view marks a tile as the special (tiles.png's kind under it, or a picture of its own)."""

    ARROWS = "arrows"   # the tile a little smaller between two arrowheads on the edges it clears toward
    FUSE = "fuse"       # the tile, smaller, on a dark round casing with a lit fuse
    PICTURE = "picture"  # a picture of its own (assets/textures/<texture>.png): it has no kind


class Burst(Enum):
    """How the view shows the special going off."""

    SWEEP = "sweep"   # a beam along the line it clears
    WAVE = "wave"     # a shock wave: a ring that grows over the cells it takes
    RAYS = "rays"     # a beam from it to every tile it takes


@dataclass(frozen=True, slots=True)
class SpecialLook:
    """How a special is drawn, set off and heard: its tile's mark, its burst, the specials of
    the unit that act along a row (drawn and swept across; the rest down), its sound
    (assets/sounds/<sound>.wav) and, for a combo with another unit named by its name, that
    combo's sound (each pair is written once, in either unit)."""

    mark: Mark
    burst: Burst
    sound: str
    across: tuple[Special, ...] = ()
    texture: str = ""   # Mark.PICTURE's picture
    combos: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Said:
    """One of a unit's specials in the editor's words: the status line when the kind brush takes
    it (Q) and its help line under the pointer."""

    special: Special
    said: str
    help: str


@dataclass(frozen=True, slots=True, eq=False)
class SpecialUnit:
    """One sort of match3 special (a level's `specials:` word): what the cascade, the level format,
    lessons, the bots, the view and the editor ask of it. (vocab.Special is the word a layout and
    an event use for one special; a unit is one sort, a line being a row and a column special.)

    A unit with a grid `value` has no kind of its own: its layout token is the whole
    cell, its tile is that value, and its blast takes one kind (`took`); the others ride a kind
    (`3h`, their letter after the kind).
    """

    name: str                        # its sort's word: the sound and combo names build on it
    sort: SpecialSort
    specials: tuple[Special, ...]    # the specials it is, by their layout letter
    lesson: Lesson                   # the lesson a level teaching it is (one of its specials goes off)
    # The special a group of runs of one kind makes, from the group's longest run, how many runs
    # it joins and whether its first run lies along a row; None: not this unit (FORMING tries in turn).
    forms: Callable[[int, int, bool], Special | None]
    shape: str                       # the run shape that forms it, in a designer's words ('a run of 4')
    blast: Blast
    token_help: str                  # its tokens in the layout's list of cells ('3h/3v a kind with a line')
    many: str                        # a board's worth of them, in a player's words ('lines')
    # The bots' rule of thumb for forming one (a person's rank of a run that makes it), and the
    # hint's value of one waiting on the board: `share` of the tiles it will clear (`reach`, by
    # the board's width and height and which of its specials it is); a kindless one is worth
    # `share` of the most wanted kind's tiles instead.
    rank: int
    share: float
    reach: Callable[[int, int, Special], float]
    look: SpecialLook
    said: tuple[Said, ...]           # the editor's words for each of its specials on the kind brush
    sort_help: str                   # the editor's help line for its `specials:` button
    value: int = 0                   # a kindless special's grid value (0: it rides a kind)
    takes: Callable[[list[int]], int] | None = None   # a kindless one set off by a blast: the kind it takes
    token: str = ""                  # a kindless special's layout token
    tool_help: str = ""              # a kindless special's editor tool's help line ({token}: its token)


# -- the cells a blast covers (the core's rule, which the view's previews and the bots ask) ----
def row_cells(geo: Geometry, r: int) -> int:
    """Row r's cells as bits, holes left out."""
    return (((1 << geo.width) - 1) << (r * geo.stride)) & geo.inside


def column_cells(geo: Geometry, c: int) -> int:
    """Column c's cells as bits, holes left out."""
    m = 0
    for r in range(geo.height):
        m |= 1 << (r * geo.stride + c)
    return m & geo.inside


def square_cells(geo: Geometry, bit: int, radius: int) -> int:
    """The cells within `radius` rows and columns of `bit` (a 3x3 for 1, a 5x5 for 2), holes left out."""
    s = geo.stride
    r0, c0 = divmod(bit, s)
    m = 0
    for r in range(max(0, r0 - radius), min(geo.height, r0 + radius + 1)):
        lo, hi = max(0, c0 - radius), min(geo.width, c0 + radius + 1)
        m |= ((1 << (hi - lo)) - 1) << (r * s + lo)
    return m & geo.inside

