"""The score goal's file part (`goals: score: N`): its row, its check, its editor row and its words."""

from __future__ import annotations

from typing import Any, Mapping

from ..checking import Collector, int_field
from ..fields import TILE_MODES, Field, Form
from .base import EditorRow, GoalField, Where, Widget

ROW = Field("score", ("goals", "score"), Form.NUMBER, None, modes=TILE_MODES, sample=500, bounds=(1, None))


def _check(out: Collector, raw: Mapping[str, Any], where: Where) -> int | None:
    assert ROW.bounds is not None
    return int_field(out, raw, ROW.key, ROW.bounds[0], ROW.bounds[1], ROW.path[:-1])


SCORE_FIELD = GoalField(
    ROW, _check, EditorRow("score", Widget.NUMBER, 0),
    words=lambda n: [f"score {n:,}"],
    lost=lambda n: "the score goal",
    daily=lambda n: f"Score {n:,}",
)
