"""A goal as a unit: which levels ask it, its counters on a State, its words, the bots' and the hint's credit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..checking import Problem
from ..grid import Cell
from ..level import Level
from ..state import State
from ..units import Blocker, Faller
from ..vocab import GoalName


@dataclass(frozen=True, slots=True)
class GoalProgress:
    """One goal as the HUD shows it: what it is, how far, and whether it is met."""

    name: GoalName
    current: int
    target: int
    kind: int = 0      # the kind to collect, for 'collect'

    @property
    def met(self) -> bool:
        return self.current >= self.target


@dataclass(frozen=True, slots=True)
class Shortfall:
    """One goal a game ended without: what it is, how much is missing (tiles, layers, blockers,
    a faller's pieces or points; for a reach goal the steps from the target; for a faller's goal,
    `rows` is how far the lowest piece still on the board was from the bottom, or None), and the
    kind to collect."""

    name: GoalName
    missing: int
    kind: int = 0
    rows: int | None = None


@dataclass(frozen=True, slots=True)
class LevelView:
    """What the hint asks of a level at every state it weighs, worked out once a hint."""

    steps: dict[Cell, int] | None   # steps from every cell to the reach target (None: no reach goal)
    # Per blocker goal asked: the layers its unit places, and the held tiles placed over its
    # cells (a held tile over an UNDER unit takes a clear before it: a layer of the work).
    work: dict[GoalName, tuple[int, int]]


def missing(state: State, goal: GoalProgress) -> Shortfall:
    """What a counted goal lacked: its target less its counter (and the kind, for a kind's goal)."""
    return Shortfall(goal.name, goal.target - goal.current, goal.kind)


def counter_credit(state: State, goal: GoalProgress, weight: float) -> float:
    """The bots' credit for a counted goal, `weight` a whole goal: the share its counter shows."""
    return weight * min(goal.current, goal.target) / goal.target


def nothing_more(state: State, weight: float) -> float:
    """No credit beyond the goal's counter."""
    return 0.0


def wants_no_tiles(state: State) -> dict[int, tuple[int, int]]:
    """No tile of a kind is wanted more than another."""
    return {}


def no_walk(level: Level) -> dict[Cell, int] | None:
    """No cell the token is wanted on."""
    return None


def no_mark(level: Level) -> Cell | None:
    """No cell of the board marked."""
    return None


def no_points(level: Level) -> int | None:
    """No points asked."""
    return None


def no_warnings(level: Level) -> list[Problem]:
    """Nothing to warn a designer of."""
    return []


def counter_hint(state: State, goal: GoalProgress, view: LevelView) -> tuple[float, float]:
    """The hint's weight of a counted goal: its counter's share, and nothing per tile cleared."""
    return goal.current / goal.target, 0.0


@dataclass(frozen=True, slots=True, eq=False)
class Goal:
    """One goal, written in one place: the house (goals.py, the HUD, the goal card, the lab, the
    bots, the hint) walks the registry (goal_units/__init__.py) and names no goal.

    `asked`: whether a level asks it (the registry resolves a level's goals once, when first
    asked, and keeps them with the level: a move pays nothing to find them); `progress`: its
    counters on a game's moment (a collect goal has one a kind, the others one); `shortfall`:
    what a lost game lacked of it.

    Words, each from its counter or its shortfall: `hud` its HUD line; `card` its goal card line
    (None: the card shows it as a picture and a count, as collect's kinds); `short` what a lost
    game lacked in a player's words; `lab` the lab's phrase for the lost games' medians. The
    picture beside it in the HUD: a tile of its kind (`kind_picture`), its blocker or faller
    unit's, or the named texture (none when all are unset).

    Credit, `weight` a whole goal: `credit` is the bots' for the goal done (its counter's share
    by default), `toward` what they count beyond the counters (how near the token is to a reach target), added after
    every goal's share; `hint` is the hint's weight (the share done, and what one more cleared
    tile is worth toward it, on average). What a person (the person-like and fair bots, the
    hint's specials) looks for: `wants`, per kind of tile it still wants, (how many more, of
    its target); `walk`, the steps from every cell to where it wants the token (None: nowhere).
    `points`: the points it asks (they are the first star's mark), None when it asks none.
    `marks`: the cell it marks on the board (the view draws its `texture` there), None: none.
    `warnings`: what a designer is warned of in a valid level that asks it (advice.design_warnings).
    """

    name: GoalName
    asked: Callable[[Level], bool]
    progress: Callable[[State], list[GoalProgress]]
    hud: Callable[[GoalProgress], str]
    card: Callable[[GoalProgress], str | None]
    short: Callable[[Shortfall], str]
    lab: Callable[[Shortfall], str]
    shortfall: Callable[[State, GoalProgress], Shortfall] = missing
    credit: Callable[[State, GoalProgress, float], float] = counter_credit
    toward: Callable[[State, float], float] = nothing_more
    hint: Callable[[State, GoalProgress, LevelView], tuple[float, float]] = counter_hint
    wants: Callable[[State], dict[int, tuple[int, int]]] = wants_no_tiles
    walk: Callable[[Level], dict[Cell, int] | None] = no_walk
    points: Callable[[Level], int | None] = no_points
    marks: Callable[[Level], Cell | None] = no_mark
    warnings: Callable[[Level], list[Problem]] = no_warnings
    kind_picture: bool = False
    texture: str = ""
    blocker: Blocker | None = None
    faller: Faller | None = None

    @property
    def pictured(self) -> bool:
        """Whether the HUD shows it beside a picture of what it asks for."""
        return self.kind_picture or bool(self.texture) or self.blocker is not None or self.faller is not None
