"""The score goal (`goals: score: N`): score N points; its counter, words and the hint's weight."""

from __future__ import annotations

from ..state import State
from ..vocab import GoalName
from ..words import counted
from .base import Goal, GoalProgress, LevelView

# What one more cleared tile is worth toward a score goal, in points (the hint's average).
POINTS_A_TILE = 20.0


def _progress(state: State) -> list[GoalProgress]:
    target = state.level.goals.score
    assert target is not None
    return [GoalProgress(GoalName.SCORE, min(state.score, target), target)]


def _hint(state: State, goal: GoalProgress, view: LevelView) -> tuple[float, float]:
    return goal.current / goal.target, POINTS_A_TILE / goal.target


SCORE = Goal(
    GoalName.SCORE,
    asked=lambda level: level.goals.score is not None,
    progress=_progress,
    hud=lambda goal: f"Score {goal.current:,} / {goal.target:,}",
    card=lambda goal: f"Score {goal.target:,} points",
    short=lambda s: f"{counted(s.missing, 'point')} short",
    lab=lambda s: f"the score short ({counted(s.missing, 'point')})",
    hint=_hint,
    points=lambda level: level.goals.score,
)

