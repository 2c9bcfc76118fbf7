"""The drop: an item that falls with the tiles, never matches or swaps, and leaves the board at the bottom of its chute, toward the `drops` goal."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from ..grid import FALLER, Cell
from ..vocab import GoalName, Lesson, Mode
from .base import Faller, Placing, Problem
from .looks import Edit, Tool

DROP_TOKEN = "D"
"""`D` a drop in the layout."""
DROP = FALLER
"""A drop's grid value."""


@dataclass(frozen=True, slots=True)
class DropCollected:
    """The drop at `cell` reached the bottom of its chute and left the board; the cell is empty."""

    cell: Cell


def _check(layout: tuple[tuple[str, ...], ...] | None, bottoms: dict[int, int], wanted: int | None, mode: Mode,
           moves: int | None) -> list[Problem]:
    """Drops that could never be collected: one placed with no goal, one on the bottom of its
    chute already, and a goal whose missing drops need more moves than there are."""
    out: list[Problem] = []
    placed = 0
    for r, row in enumerate(layout or ()):
        for c, tok in enumerate(row):
            if tok != DROP_TOKEN:
                continue
            placed += 1
            if wanted is None and mode == Mode.MATCH3:
                out.append((("layout", r), f"cell {r},{c}: a drop 'D' counts only toward a drops "
                            "goal: add 'drops:' to the goals", (r, c)))
            elif bottoms.get(c) == r:
                out.append((("layout", r), f"cell {r},{c}: this drop is on the bottom cell of its "
                            "column already, so it would be collected before the first move", (r, c)))
    if wanted is not None and mode == Mode.MATCH3:
        spawned = wanted - placed
        # Missing drops enter from the top one at a time (never two on the board), so each
        # needs a move of its own at least.
        if spawned > 0 and moves is not None and spawned > moves:
            out.append((("goals", "drops"), f"{wanted} drops, but the layout places {placed} and "
                        f"the other {spawned} enter one at a time, a move each at least: more than the "
                        f"{moves} moves; place more 'D' or lower the goal", None))
    return out


DROPS = Faller(
    "drops", DROP, DROP_TOKEN, event=DropCollected, made=DropCollected, read=attrgetter("cell"),
    goal=GoalName.DROPS, modes=(Mode.MATCH3,), points=100, bounds=(1, 999),
    doc="Bring this many drops to the bottom (match3). Drops placed as 'D' count first; the rest enter from "
        "the top one at a time, so the moves must cover them.",
    token_help="D a drop", token_doc="a drop to bring to the bottom",
    wrong_mode="drops 'D' are for match3 levels only",
    goal_wrong_mode="drops are for match3 levels only (tiles fall to the bottom there)",
    swap_refusal=("is a drop, which is never swapped", "Drops cannot be swapped: clear the tiles under them."),
    lesson=Lesson.DROPS, one="drop", label="Drops", goal_line="Bring {count} to the bottom",
    short_none="{count} still to bring down", short_one="the drop is {where}",
    short_many="{missing} drops short; the lowest is {where}", lab_short="{count} not down{where}",
    check=_check, credit=0.5, hint_share=0.5, texture="drop",
    placing=Placing(per=8, upper=True, narrow=True),   # they start in the top half
    tool=Tool("O", "drop", (Mode.MATCH3,), Edit.CYCLE, 1, "Drop (O): falls to the bottom of its column; set the drops goal",
              "match3: a drop", mark=DROP_TOKEN),
)
