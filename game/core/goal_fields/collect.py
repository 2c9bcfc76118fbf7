"""The collect goal's file part (`goals: collect: {kind: count}`): its row, its check, its editor row and its words."""

from __future__ import annotations

from typing import Any, Mapping

from ..checking import Collector, Fault, Part, describe, is_whole
from ..fields import MAX_KINDS, TILE_MODES, Field, Form, Write
from ..words import counted, kind_name
from .base import EditorRow, GoalField, Where, Widget

ROW = Field("collect", ("goals", "collect"), Form.COUNTS, (), Write.FILLED, TILE_MODES, {1: 5},
            doc="Kind: count, like {1: 20, 3: 15}.")


def _check(out: Collector, raw: Mapping[str, Any], where: Where) -> tuple[tuple[int, int], ...]:
    collect: list[tuple[int, int]] = []
    raw_collect = raw.get(ROW.key)
    kinds = where.kinds
    if raw_collect is not None:
        if not isinstance(raw_collect, Mapping) or not raw_collect:
            out.add(ROW.path, "expected a mapping of kind to count, like {1: 20, 3: 15}", fault=Fault.TYPE)
        else:
            for kind, count in raw_collect.items():
                if not is_whole(kind):
                    out.add((*ROW.path, str(kind)), f"a kind is a number 1..{kinds or MAX_KINDS}, found {describe(kind)}",
                            part=Part.KEY, fault=Fault.TYPE)
                    continue
                if kinds is not None and not 1 <= kind <= kinds:
                    out.add((*ROW.path, kind), f"kind {kind} does not exist (this level has {kinds} kinds)",
                            part=Part.KEY)
                    continue
                if not is_whole(count) or count < 1:
                    out.add((*ROW.path, kind), f"the count must be a whole number of at least 1, found {describe(count)}",
                            fault=Fault.VALUE if is_whole(count) else Fault.TYPE)
                    continue
                collect.append((int(kind), int(count)))
    return tuple(sorted(collect))


COLLECT_FIELD = GoalField(
    ROW, _check, EditorRow("collect", Widget.PER_KIND, 2),
    words=lambda counts: [counted(n, kind_name(k)) for k, n in counts],   # "3 squares", as the goal card says it
    lost=lambda counts: f"{len(counts)} collect goal{'s' if len(counts) != 1 else ''}",
    said="Collect",
)
