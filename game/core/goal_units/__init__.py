"""The registry of goals: goals.py, the HUD, the goal card, the lab, the bots and the hint walk GOALS.

A goal is one Goal (goal_units/base.py): which levels ask it, its counters on a State, what a
lost game lacked, its words and the bots' and the hint's credit. The base goals are a module
each (score.py, collect.py, reach.py, solve.py); a blocker's or a faller's goal joins through
its unit (of_units.py makes it from the unit's own data), so a new blocker with a goal needs no
line here. A level's goals are resolved once (asked_goals, kept with the level): a move pays
nothing to find them.
"""

from __future__ import annotations

from typing import Iterator, TypeVar

from ..grid import Cell
from ..level import Level
from ..state import State, placed
from ..units import AT, FALLERS, GOAL_OF, GOAL_UNITS, covered
from ..vocab import GoalName
from .base import Goal, GoalProgress, LevelView, Shortfall
from .collect import COLLECT
from .of_units import (
    card_line, faller_card_line, faller_hud_line, faller_lab_line, faller_left_line, goal_of_blocker, goal_of_faller,
    hud_line, left_line, unit_progress,
)
from .reach import REACH, reached, walk_steps
from .score import SCORE
from .solve import SOLVE

T = TypeVar("T")

GOALS: tuple[Goal, ...] = (
    SCORE, COLLECT, REACH,
    *(goal_of_blocker(unit) for unit in GOAL_UNITS),
    *(goal_of_faller(unit) for unit in FALLERS),
    SOLVE,
)
"""Every goal, in the order the HUD, the goal card and a lost game's words name them."""
GOAL_NAMED: dict[GoalName, Goal] = {goal.name: goal for goal in GOALS}


def asked_goals(level: Level) -> tuple[Goal, ...]:
    """The goals `level` asks, in GOALS order (found once and kept with the level)."""
    # (asked every move: looked up first, no lambda made)
    found: tuple[Goal, ...] | None = level.derived.get("goals asked")  # type: ignore[assignment]
    if found is None:
        found = level.kept("goals asked", lambda: tuple(goal for goal in GOALS if goal.asked(level)))
    return found


def tiles_wanted(state: State) -> dict[int, tuple[int, int]]:
    """Per kind of tile the level's goals still want: (how many more, of the goal's target)."""
    out: dict[int, tuple[int, int]] = {}
    for goal in asked_goals(state.level):
        out.update(goal.wants(state))
    return out


def _first(values: Iterator[T | None]) -> T | None:
    """The first of the asked goals' answers that is not None (None: none answers)."""
    return next((value for value in values if value is not None), None)


def walk_to(level: Level) -> dict[Cell, int] | None:
    """The steps from every cell to where the level's goals want the token (None: nowhere)."""
    return _first(goal.walk(level) for goal in asked_goals(level))


def marked_cell(level: Level) -> Cell | None:
    """The cell the level's goals mark on the board (a reach target), None when they mark none."""
    return _first(goal.marks(level) for goal in asked_goals(level))


def points_asked(level: Level) -> int | None:
    """The points the level's goals ask (the first star's mark), None when they ask none."""
    return _first(goal.points(level) for goal in asked_goals(level))


def level_view(level: Level) -> LevelView:
    """What the hint asks of `level` at every state it weighs: the walk to a reach target, and
    per blocker goal asked the layers its unit places and the held tiles over them."""
    layers = placed(level)
    over = frozenset(covered(layers))
    work = {goal: (sum(n for _, n in layers[AT[unit]]), sum(1 for cell, _ in layers[AT[unit]] if cell in over))
            for goal, unit in GOAL_OF.items() if level.goals.asks(goal)}
    return LevelView(walk_to(level), work)


__all__ = ["COLLECT", "GOALS", "GOAL_NAMED", "Goal", "GoalProgress", "LevelView", "REACH", "SCORE", "SOLVE",
           "Shortfall", "asked_goals", "goal_of_blocker", "unit_progress", "card_line", "faller_card_line",
           "goal_of_faller", "faller_hud_line", "faller_lab_line", "faller_left_line", "hud_line", "left_line",
           "level_view", "marked_cell", "points_asked", "reached", "tiles_wanted", "walk_steps", "walk_to"]
