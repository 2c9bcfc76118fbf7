"""Design warnings: legal levels a designer almost surely did not mean (the editor shows them)."""

from __future__ import annotations

from typing import Any

from game.core import design_warnings, parse_level


def level(**changes: Any) -> Any:
    data: dict[str, Any] = {"format": 1, "id": "w", "name": "W", "mode": "chain", "width": 4, "height": 4,
                            "moves": 10, "kinds": 3}
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    parsed, problems = parse_level(data)
    assert parsed is not None and not problems, problems
    return parsed


def test_a_reach_goal_behind_a_row_of_holes_is_unreachable() -> None:
    walled = level(layout=["P . . .", "# # # #", ". . . .", ". . . ."], goals={"reach": [3, 3]})
    [warning] = design_warnings(walled)
    assert warning.path == ("goals", "reach") and warning.cell == (3, 3)
    assert "can never get to 3,3" in warning.message


def test_a_diagonal_gap_is_a_way_through_only_with_diagonal_moves() -> None:
    layout = ["P . # .", ". # . .", "# . . .", ". . . ."]
    assert design_warnings(level(layout=layout, goals={"reach": [3, 3]})) == []
    blocked = level(layout=layout, goals={"reach": [3, 3]}, rules={"diagonal": False})
    assert [w.path for w in design_warnings(blocked)] == [("goals", "reach")]


def test_a_level_with_neither_moves_nor_goals_never_ends() -> None:
    endless = level(mode="match3", moves=None)
    assert [w.path for w in design_warnings(endless)] == [("moves",)]
    assert design_warnings(level(mode="match3", moves=None, goals={"score": 100})) == []
    assert design_warnings(level(mode="slide", moves=None, kinds=None)) == []
