"""The reach goal's file part (`goals: reach: [row, column]`, chain): its row, its check, its editor row and its words."""

from __future__ import annotations

from typing import Any, Mapping

from ..checking import Collector, Fault, describe, is_whole
from ..fields import Field, Form
from ..grid import Cell
from ..tokens import HOLE_TOKEN, PLAYER_TOKEN
from ..vocab import Mode
from .base import EditorRow, GoalField, Where, Widget

ROW = Field("reach", ("goals", "reach"), Form.CELL, None, modes=(Mode.CHAIN,), sample=[0, 0],
            doc="[row, column] the player must stand on (chain).")


def _check(out: Collector, raw: Mapping[str, Any], where: Where) -> Cell | None:
    reach: Cell | None = None
    raw_reach = raw.get(ROW.key)
    at = ROW.path
    mode, width, height, layout = where.mode, where.width, where.height, where.layout
    if raw_reach is not None:
        if (not isinstance(raw_reach, list) or len(raw_reach) != 2
                or not all(is_whole(v) for v in raw_reach)):
            out.add(at, f"expected [row, column], found {describe(raw_reach)}", fault=Fault.TYPE)
        else:
            reach = (int(raw_reach[0]), int(raw_reach[1]))
            if mode != Mode.CHAIN:
                out.add(at, "only chain levels have a reach goal (the player walks there)")
            if width is not None and height is not None and not (0 <= reach[0] < height and 0 <= reach[1] < width):
                out.add(at, f"{reach[0]},{reach[1]} is outside the {width}x{height} board")
            elif layout is not None:
                try:
                    tok = layout[reach[0]][reach[1]]
                except IndexError:
                    tok = ""
                if tok == HOLE_TOKEN:
                    out.add(at, f"{reach[0]},{reach[1]} is a hole: the player can never stand there", reach)
                if tok == PLAYER_TOKEN:
                    out.add(at, f"{reach[0]},{reach[1]} is where the player starts: the goal would be met at once", reach)
            if mode == Mode.CHAIN and (layout is None or not any(PLAYER_TOKEN in row for row in layout)):
                out.add(at, "a reach goal needs a player: put a 'P' in the layout")
    return reach


REACH_FIELD = GoalField(
    ROW, _check, EditorRow("reach", Widget.CELL, 1, pick="click the cell the player must reach",
                           picked="reach goal: {row},{column}",
                           tips=(("pick cell", "Click, then click the cell the player must reach"),
                                 ("clear reach", "Remove the reach goal"))),
    words=lambda cell: ["reach"],
    lost=lambda cell: "the reach goal",
    daily=lambda cell: f"Walk to row {cell[0] + 1}, column {cell[1] + 1}",
)
