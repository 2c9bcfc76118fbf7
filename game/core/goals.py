"""Goals, their progress, the end of a game and stars: read off a State, never stored twice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .grid import FALLER, Cell, neighbours
from .events import BonusScored, Event, Lost, Won
from .level import Level
from .state import FINALE, REACH_ON_THE_WAY, State, placed
from .units import AT, FALLER_OF, FALLERS, GOAL_UNITS, Blocker
from .vocab import GoalName, Mode, Status


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


def progress(state: State) -> list[GoalProgress]:
    level = state.level
    if level.mode == Mode.SLIDE:
        solved = state.grid == level.solved_board()
        return [GoalProgress(GoalName.SOLVE, int(solved), 1)]
    out: list[GoalProgress] = []
    goals = level.goals
    if goals.score is not None:
        out.append(GoalProgress(GoalName.SCORE, min(state.score, goals.score), goals.score))
    for kind, count in goals.collect:
        out.append(GoalProgress(GoalName.COLLECT, min(state.collected_of(kind), count), count, kind))
    if goals.reach is not None:
        out.append(GoalProgress(GoalName.REACH, int(reached(state)), 1))
    for unit in GOAL_UNITS:
        if unit.goal is not None and goals.asks(unit.goal):
            out.append(_unit_progress(state, unit, unit.goal))
    for faller in FALLERS:
        wanted = goals.wanted(faller.goal)
        if wanted is not None:
            out.append(GoalProgress(faller.goal, min(state.brought, wanted), wanted))
    return out


def _unit_progress(state: State, unit: Blocker, goal: GoalName) -> GoalProgress:
    """A blocker unit's goal: its layers taken of all placed, or its cells cleared of every layer."""
    level = state.level
    left = state.layers.of(unit)
    if unit.goal_layers:
        total = level.kept(f"{unit.name} layers", lambda: sum(n for _, n in placed(level)[AT[unit]]))
        return GoalProgress(goal, total - sum(n for _, n in left), total)
    total = len(placed(level)[AT[unit]])
    return GoalProgress(goal, total - len(left), total)


def reached(state: State) -> bool:
    """Whether the reach goal is met: the token stands on its cell, or (from rules version
    REACH_ON_THE_WAY) stood on it at any step of a walk, as players expect."""
    target = state.level.goals.reach
    if target is None:
        return False
    return state.player == target or (state.reached and state.rules >= REACH_ON_THE_WAY)


def goals_met(state: State) -> bool:
    """All goals met. A level with no goals is a score run: it is won when its moves are used."""
    goals = progress(state)
    if not goals:
        return state.level.moves is not None and state.moves >= state.level.moves
    return all(g.met for g in goals)


MOVES_LEFT_BONUS = 50


def moves_left_bonus(state: State) -> BonusScored | None:
    """Points for every move left when the goals are met (match3 and chain).

    A level ends the moment its goals are met, so without this the second and third stars
    of a score goal could only come from overshooting on the last move; finishing early is
    what a good player does, and it should pay. Slide already scores by moves used; match3 from
    rules version FINALE plays its finale instead.
    """
    left = state.moves_left
    if state.level.mode == Mode.SLIDE or not left:
        return None
    if state.level.mode == Mode.MATCH3 and state.rules >= FINALE:
        return None   # the finale (rules/finale.py) turns the moves left into line specials instead
    return BonusScored(left, MOVES_LEFT_BONUS * left)


def ending(state: State) -> list[Event]:
    """Won or Lost when this state ends the game, else nothing."""
    if state.status != Status.PLAYING:
        return []
    if goals_met(state):
        bonus = moves_left_bonus(state)
        return [bonus, Won()] if bonus is not None else [Won()]
    limit = state.move_limit   # the level's, and what KeepGoing added
    if limit is not None and state.moves >= limit:
        return [Lost()]
    return []


class StarUnit(StrEnum):
    """What a level's three star marks count: points scored, moves left at the win (a goal
    level without a score), or moves used (slide, whose points come from its moves)."""

    POINTS = "points"
    MOVES_LEFT = "moves left"
    MOVES = "moves"


@dataclass(frozen=True, slots=True)
class StarTargets:
    """The three marks for one, two and three stars, in the unit the level is played in."""

    unit: StarUnit
    marks: tuple[int, int, int]


def star_targets(level: Level) -> StarTargets | None:
    """What each star asks of a player of `level`; None when any win gives all three (a level
    with no star scores and no score goal, and either no move limit or no goal at all)."""
    if level.mode == Mode.SLIDE:
        if level.stars is None:
            return None
        base = 100 * level.width * level.height   # solve_points: the moves that still earn a mark
        limit = level.moves if level.moves is not None else base   # no mark past the limit
        moves = tuple(min(limit, max(0, (base - m) // 10)) if m <= base else 0 for m in level.stars)
        return StarTargets(StarUnit.MOVES, (moves[0], moves[1], moves[2]))
    if level.stars is not None:
        return StarTargets(StarUnit.POINTS, level.stars)
    if level.goals.score is not None:
        s = level.goals.score
        return StarTargets(StarUnit.POINTS, (s, s * 3 // 2, s * 2))
    if level.moves is not None and not level.goals.is_empty():
        # A collect or reach level: the first star for the win, more for finishing early.
        return StarTargets(StarUnit.MOVES_LEFT, (0, -(-level.moves // 4), -(-level.moves // 2)))
    return None


def star_thresholds(state: State) -> tuple[int, int, int] | None:
    level = state.level
    if level.stars is not None:
        return level.stars
    if level.goals.score is not None:
        s = level.goals.score
        return (s, s * 3 // 2, s * 2)
    return None


def stars_reached(state: State, score: int | None = None) -> int:
    """How many of the level's star scores `score` (default the state's) reaches, won or not.

    0 when the level sets none. The HUD lights stars with this while a game is played.
    """
    targets = star_targets(state.level)
    if targets is not None and targets.unit == StarUnit.MOVES_LEFT:
        left = state.moves_left or 0   # the stars a win now would give
        return sum(1 for m in targets.marks if left >= m)
    marks = star_thresholds(state)
    points = state.score if score is None else score
    return 0 if marks is None else sum(1 for m in marks if points >= m)


def stars(state: State) -> int:
    """0 until won; then 1 to 3 by the level's star targets (3 when it has none); 0 for a win
    helped by KeepGoing's moves (it counts as passed, earning nothing)."""
    if state.status != Status.WON or state.helped:
        return 0
    if star_targets(state.level) is None:
        return 3
    return max(1, stars_reached(state))


def stars_earned(state: State, score: int | None = None) -> int:
    """The stars a player has earned so far, as the HUD lights them: a won game's stars; none
    for a lost one; while playing, the point marks `score` (default the state's) has passed on
    a level whose stars count points, and none on one whose stars count moves left at the win
    (those are only earned by winning) or in a game helped by KeepGoing."""
    if state.status == Status.WON:
        return stars(state)
    if state.status == Status.LOST or state.helped:
        return 0
    targets = star_targets(state.level)
    if targets is None or targets.unit != StarUnit.POINTS:
        return 0
    points = state.score if score is None else score
    return sum(1 for m in targets.marks if points >= m)


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


def shortfalls(state: State) -> list[Shortfall]:
    """What each unmet goal still lacked: what a lost level tells the player."""
    out: list[Shortfall] = []
    for goal in progress(state):
        if goal.met:
            continue
        if goal.name == GoalName.REACH:
            out.append(Shortfall(goal.name, _steps_to_target(state)))
        elif goal.name in FALLER_OF:
            lowest = max((r for r, row in enumerate(state.grid) for v in row if v == FALLER), default=None)
            rows = None if lowest is None else state.height - 1 - lowest
            out.append(Shortfall(goal.name, goal.target - goal.current, rows=rows))
        else:
            out.append(Shortfall(goal.name, goal.target - goal.current, goal.kind))
    return out


def _steps_to_target(state: State) -> int:
    """Steps (around holes) from the token to the reach target; 0 when either is missing."""
    target, start = state.level.goals.reach, state.player
    if target is None or start is None:
        return 0
    return walk_steps(state.level, target).get(start, 0)


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
