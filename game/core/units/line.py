"""The line special: a run of exactly 4 leaves one that clears its row (`3h`, made by a run down a column) or its column (`3v`)."""

from __future__ import annotations

from ..boards import Geometry
from ..vocab import Lesson, Special, SpecialSort
from .special import Burst, Mark, Said, SpecialLook, SpecialUnit, column_cells, row_cells


def _forms(longest: int, runs: int, along_row: bool) -> Special | None:
    # A straight run of four along a row clears its column, one down a column its row.
    if runs == 1 and longest == 4:
        return Special.COLUMN if along_row else Special.ROW
    return None


def _blast(geo: Geometry, masks: list[int], bit: int, special: Special) -> int:
    if special is Special.ROW:
        return row_cells(geo, bit // geo.stride)
    return column_cells(geo, bit % geo.stride)


LINES = SpecialUnit(
    "line", SpecialSort.LINE, (Special.ROW, Special.COLUMN), Lesson.LINE,
    forms=_forms, shape="a run of 4", blast=_blast,
    token_help="3h/3v a kind with a line", many="lines",
    rank=1, share=0.3, reach=lambda width, height, special: 1.0 * (width if special is Special.ROW else height),
    look=SpecialLook(Mark.ARROWS, Burst.SWEEP, "line", across=(Special.ROW,), combos=(("line", "combo-cross"),)),
    said=(Said(Special.ROW, "special h: clears its row", "Special h (Q): the kind brush paints tiles that clear their row"),
          Said(Special.COLUMN, "special v: clears its column",
               "Special v (Q): the kind brush paints tiles that clear their column")),
    sort_help="Match-3: a run of 4 leaves a line special here (specials: [line, ...])",
)
