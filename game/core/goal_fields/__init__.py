"""The goals' file parts (GOAL_FIELDS): level_format's table, level_check, the editor, the pack overview and the daily card walk them.

A goal that is not a blocker's or a faller's (score, collect, reach) is written in two parts:
its file part here (its row of the level file, its checks, its editor row and its words), low
in the house so the level format and its checks can import it, and its State-reading part in
goal_units/ above the state. A blocker's or a faller's goal takes its row and its check from
its unit (level_format, level_check).
"""

from __future__ import annotations

from .base import EditorRow, GoalField, Where, Widget
from .collect import COLLECT_FIELD
from .reach import REACH_FIELD
from .score import SCORE_FIELD

GOAL_FIELDS: tuple[GoalField, ...] = (SCORE_FIELD, COLLECT_FIELD, REACH_FIELD)
"""The file parts in the order a level file writes them, its checks check them and the editor's panel lays them out."""

__all__ = ["COLLECT_FIELD", "EditorRow", "GOAL_FIELDS", "GoalField", "REACH_FIELD", "SCORE_FIELD", "Where", "Widget"]
