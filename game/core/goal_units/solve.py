"""The slide goal (solve): put the tiles in order; every slide level asks it, and it is its only goal."""

from __future__ import annotations

from ..state import State
from ..vocab import GoalName, Mode
from .base import Goal, GoalProgress


def _progress(state: State) -> list[GoalProgress]:
    return [GoalProgress(GoalName.SOLVE, int(state.grid == state.level.solved_board()), 1)]


SOLVE = Goal(
    GoalName.SOLVE,
    asked=lambda level: level.mode == Mode.SLIDE,
    progress=_progress,
    hud=lambda goal: "Solved!" if goal.met else "Put the tiles in order",
    card=lambda goal: "Put the tiles in order, 1 to the last, the gap at the end",
    short=lambda s: "not solved",
    lab=lambda s: "not solved",
)
