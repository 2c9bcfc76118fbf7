"""The rainbow special: a run of 5 or more leaves a tile of no kind (`*`); swapped with a tile it clears that tile's kind."""

from __future__ import annotations

from ..boards import Geometry
from ..grid import RAINBOW as VALUE
from ..tokens import RAINBOW_TOKEN
from ..vocab import Lesson, Special, SpecialSort
from .special import Burst, Mark, SpecialLook, SpecialUnit


def most_common(masks: list[int]) -> int:
    """The kind with the most tiles on the board (ties: the lowest kind): the one a rainbow a
    blast sets off takes (`masks`: index 0 unused, one per kind, then the kindless ones)."""
    best, best_count = 1, -1
    for kind in range(1, VALUE):
        count = masks[kind].bit_count()
        if count > best_count:
            best, best_count = kind, count
    return best


def _forms(longest: int, runs: int, along_row: bool) -> Special | None:
    return Special.RAINBOW if longest >= 5 else None


def _blast(geo: Geometry, masks: list[int], bit: int, special: Special) -> int:
    return masks[most_common(masks)] | (1 << bit)


RAINBOWS = SpecialUnit(
    "rainbow", SpecialSort.RAINBOW, (Special.RAINBOW,), Lesson.RAINBOW,
    forms=_forms, shape="a run of 5", blast=_blast,
    token_help=f"{RAINBOW_TOKEN} a rainbow", many="rainbows",
    rank=3, share=0.5, reach=lambda width, height, special: 0.0,
    look=SpecialLook(Mark.PICTURE, Burst.RAYS, "rainbow", texture="rainbow",
                     combos=(("rainbow", "combo-rainbows"), ("line", "combo-rainbow-line"),
                             ("bomb", "combo-rainbow-bomb"))),
    said=(), sort_help="Match-3: a run of 5 leaves a rainbow here (specials: [rainbow, ...])",
    value=VALUE, takes=most_common, token=RAINBOW_TOKEN,
    tool_help="Rainbow (*): a special with no kind; swapped with a tile it clears that kind",
)
