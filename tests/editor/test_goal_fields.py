"""The goals' file parts (goal_fields/): each a row of the level file's table, a Goals value and a goal unit; low in the house."""

from __future__ import annotations

import ast
import dataclasses
import pathlib

from editor.draft import Draft
from game.core import FIELDS, GOAL_FIELDS, GOAL_NAMED, GoalName, Goals, Widget

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_file_part_is_a_row_a_goals_value_a_draft_field_and_a_goal_unit() -> None:
    rows = [f for f in FIELDS if f.group == "goals"]
    goals, draft = {f.name: f for f in dataclasses.fields(Goals)}, {f.name: f for f in dataclasses.fields(Draft)}
    for goal in GOAL_FIELDS:
        assert goal.field in rows and goal.field.path == ("goals", goal.name)
        assert goals[goal.name].default == goal.field.default == draft[goal.name].default
        assert GoalName(goal.name) in GOAL_NAMED
    # The table writes them in the registry's order.
    assert [f for f in rows if f in [g.field for g in GOAL_FIELDS]] == [g.field for g in GOAL_FIELDS]


def test_the_panel_has_one_place_for_each_and_one_cell_goal_and_one_of_kinds() -> None:
    orders = [goal.editor.order for goal in GOAL_FIELDS]
    assert len(set(orders)) == len(orders)
    assert [goal.editor.widget for goal in GOAL_FIELDS].count(Widget.CELL) == 1
    assert [goal.editor.widget for goal in GOAL_FIELDS].count(Widget.PER_KIND) == 1
    assert all(goal.on_board == (goal.editor.widget is Widget.CELL) for goal in GOAL_FIELDS)


def test_a_file_part_reads_no_state_nor_level() -> None:
    """The seam: the level format and its checks import the file parts, so they import nothing above them."""
    allowed = {"__future__", "dataclasses", "enum", "typing", "checking", "fields", "grid", "tokens", "vocab", "words",
               "base", "score", "collect", "reach"}
    for path in (ROOT / "game/core/goal_fields").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[-1] in allowed, f"{path.name} imports {node.module}"
            assert not isinstance(node, ast.Import), path.name
