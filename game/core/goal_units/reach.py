"""The reach goal (`goals: reach: [row, column]`, chain): walk the token to the target cell."""

from __future__ import annotations

from ..checking import Problem
from ..grid import Cell, neighbours
from ..level import Level
from ..state import REACH_ON_THE_WAY, State
from ..vocab import GoalName, Mode
from ..words import counted
from .base import Goal, GoalProgress, LevelView, Shortfall

# What the hint counts a walk toward the target as, at most (a goal met counts 1).
WALK_SHARE = 0.8


def reached(state: State) -> bool:
    """Whether the reach goal is met: the token stands on its cell, or (from rules version
    REACH_ON_THE_WAY) stood on it at any step of a walk, as players expect."""
    target = state.level.goals.reach
    if target is None:
        return False
    return state.player == target or (state.reached and state.rules >= REACH_ON_THE_WAY)


def walk_steps(level: Level, target: Cell) -> dict[Cell, int]:
    """Steps from every cell to `target` walking around the level's holes (a BFS from it)."""
    holes = level.holes
    seen = {target: 0}
    todo = [target]
    for cell in todo:
        for n in neighbours(cell, level.height, level.width, level.rules.diagonal):
            if n not in seen and n not in holes:
                seen[n] = seen[cell] + 1
                todo.append(n)
    return seen


def level_steps(level: Level) -> dict[Cell, int] | None:
    """Steps from every cell to the level's reach target, kept with the level (None: no reach goal)."""
    target = level.goals.reach
    return None if target is None else level.kept("reach steps", lambda: walk_steps(level, target))


def walked(state: State) -> float:
    """How near the token is to the target, around the holes: 1 on it, toward 0 far from it (0 without a token)."""
    steps = level_steps(state.level)
    if steps is None or state.player is None:
        return 0.0
    span = max(steps.values()) + 1
    return 1.0 - steps.get(state.player, span) / span


def _warnings(level: Level) -> list[Problem]:
    """A target the player can never get to: holes cut it off from the start."""
    reach, start = level.goals.reach, level.player_start
    if level.mode == Mode.CHAIN and reach is not None and start is not None \
            and reach not in walk_steps(level, start):
        return [Problem(("goals", "reach"), f"the player can never get to {reach[0]},{reach[1]}: "
                        f"holes cut it off from the start at {start[0]},{start[1]}", reach)]
    return []


def _progress(state: State) -> list[GoalProgress]:
    return [GoalProgress(GoalName.REACH, int(reached(state)), 1)]


def _shortfall(state: State, goal: GoalProgress) -> Shortfall:
    """The steps (around holes) from the token to the target; 0 when either is missing."""
    steps = level_steps(state.level)
    start = state.player
    return Shortfall(goal.name, 0 if steps is None or start is None else steps.get(start, 0))


def _hint(state: State, goal: GoalProgress, view: LevelView) -> tuple[float, float]:
    if view.steps is None or state.player is None:
        return 0.0, 0.0
    span = max(view.steps.values()) + 1
    return WALK_SHARE * (1.0 - view.steps.get(state.player, span) / span), 0.0


REACH = Goal(
    GoalName.REACH,
    asked=lambda level: level.goals.reach is not None,
    progress=_progress,
    hud=lambda goal: "Reached!" if goal.met else "Reach the target",
    card=lambda goal: "Walk the token to the marked cell",
    short=lambda s: f"the token is {counted(s.missing, 'step')} from the target",
    lab=lambda s: f"the token short of the target ({counted(s.missing, 'step')})",
    shortfall=_shortfall,
    credit=lambda state, goal, weight: 0.0,   # its credit is the walk (toward), not its counter
    toward=lambda state, weight: weight * walked(state),
    hint=_hint,
    texture="target",
    walk=level_steps,
    marks=lambda level: level.goals.reach,
    warnings=_warnings,
)
