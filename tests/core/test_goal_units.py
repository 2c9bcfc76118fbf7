"""Each goal is one unit (game/core/goal_units): the house walks the registry, a level's goals are found once, and no other module names a goal."""

from __future__ import annotations

import pathlib
import re

from game.core import GOAL_NAMED, GOALS, GoalName, GoalProgress, Level, Shortfall, asked_goals, new_game, progress

ROOT = pathlib.Path(__file__).resolve().parents[2]

LEVEL = Level.from_dict({"format": 1, "id": "aims", "name": "Aims", "mode": "chain", "width": 5, "height": 5,
                         "kinds": 4, "moves": 10, "layout": ["P . . . .", *[". . . . ."] * 4],
                         "goals": {"score": 300, "collect": {2: 5, 1: 3}, "reach": [4, 4]}})


def test_every_goal_name_is_a_unit_and_says_its_words() -> None:
    assert set(GOAL_NAMED) == set(GoalName) and len(GOALS) == len(GoalName)
    for goal in GOALS:
        counter = GoalProgress(goal.name, 1, 2, 1)
        assert goal.hud(counter) and goal.short(Shortfall(goal.name, 1, 1)) and goal.lab(Shortfall(goal.name, 1, 1))


def test_a_levels_goals_are_found_once_in_the_order_the_hud_names_them() -> None:
    assert asked_goals(LEVEL) is asked_goals(LEVEL)   # kept with the level: a move pays nothing to find them
    state = new_game(LEVEL, 1)
    assert [(g.name, g.kind) for g in progress(state)] == [
        (GoalName.SCORE, 0), (GoalName.COLLECT, 1), (GoalName.COLLECT, 2), (GoalName.REACH, 0)]
    assert GOAL_NAMED[GoalName.REACH].shortfall(state, progress(state)[-1]).missing == 4   # steps to the target


def test_no_module_outside_the_goal_units_names_a_goal() -> None:
    named = re.compile(r"GoalName\.[A-Z]+")
    homes = ("game/core/goal_units/", "game/core/units/", "game/core/vocab.py")
    found = [f"{path.relative_to(ROOT)}: {hit}" for folder in ("game", "editor") for path in sorted((ROOT / folder).rglob("*.py"))
             if not str(path.relative_to(ROOT)).startswith(homes) for hit in named.findall(path.read_text(encoding="utf-8"))]
    assert found == []
