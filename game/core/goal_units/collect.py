"""The collect goal (`goals: collect: {kind: count}`): clear so many tiles of each kind; one counter a kind."""

from __future__ import annotations

from ..state import State
from ..vocab import GoalName
from ..words import counted, kind_name
from .base import Goal, GoalProgress, LevelView


def _progress(state: State) -> list[GoalProgress]:
    return [GoalProgress(GoalName.COLLECT, min(state.collected_of(kind), count), count, kind)
            for kind, count in state.level.goals.collect]


def _hint(state: State, goal: GoalProgress, view: LevelView) -> tuple[float, float]:
    # One more tile is this kind's on average: a share of one tile of the goal.
    return goal.current / goal.target, 1.0 / (state.level.kinds * goal.target)


def wanted(state: State) -> dict[int, tuple[int, int]]:
    """Per kind a collect goal still wants: (how many more, the goal's target)."""
    return {kind: (count - state.collected_of(kind), count) for kind, count in state.level.goals.collect
            if count > state.collected_of(kind)}


COLLECT = Goal(
    GoalName.COLLECT,
    asked=lambda level: bool(level.goals.collect),
    progress=_progress,
    hud=lambda goal: f"{goal.current} / {goal.target}",
    card=lambda goal: None,   # the card shows each kind's tile and its count
    short=lambda s: f"{counted(s.missing, kind_name(s.kind))} short",
    lab=lambda s: f"kind {s.kind} short ({counted(s.missing, 'tile')})",
    hint=_hint,
    kind_picture=True,
    wants=wanted,
)
