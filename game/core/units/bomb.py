"""The bomb special: two runs of one kind that cross (an L, T or +) leave one (`3b`) that clears the 3x3 around it."""

from __future__ import annotations

from ..boards import Geometry
from ..vocab import Lesson, Special, SpecialSort
from .special import Burst, Mark, Said, SpecialLook, SpecialUnit, square_cells


def _forms(longest: int, runs: int, along_row: bool) -> Special | None:
    return Special.BOMB if runs >= 2 else None


def _blast(geo: Geometry, masks: list[int], bit: int, special: Special) -> int:
    return square_cells(geo, bit, 1)


BOMBS = SpecialUnit(
    "bomb", SpecialSort.BOMB, (Special.BOMB,), Lesson.BOMB,
    forms=_forms, shape="an L, T or +", blast=_blast,
    token_help="3b a kind with a bomb", many="bombs",
    rank=2, share=0.3, reach=lambda width, height, special: 9.0,
    look=SpecialLook(Mark.FUSE, Burst.WAVE, "bomb", combos=(("bomb", "combo-bombs"), ("line", "combo-line-bomb"))),
    said=(Said(Special.BOMB, "special b: a bomb, clears the 3x3 around it",
               "Special b (Q): the kind brush paints bombs, clearing the 3x3 around them"),),
    sort_help="Match-3: an L, T or + leaves a bomb here (specials: [bomb, ...])",
)
