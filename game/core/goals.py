"""Goals, their progress, the end of a game and stars: read off a State, never stored twice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .events import BonusScored, Event, Lost, Won
from .goal_units import GOAL_NAMED, asked_goals, points_asked
# Read from here as before the goals became units.
from .goal_units import GoalProgress as GoalProgress, Shortfall as Shortfall, reached as reached, walk_steps as walk_steps
from .level import Level
from .state import FINALE, State
from .vocab import Mode, Status


def progress(state: State) -> list[GoalProgress]:
    """Each goal the level asks, as the HUD shows it (its goals resolved once: goal_units.asked_goals)."""
    goals = asked_goals(state.level)
    if len(goals) == 1:   # most levels: that goal's own list
        return goals[0].progress(state)
    out: list[GoalProgress] = []
    for goal in goals:
        out += goal.progress(state)
    return out


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
    s = points_asked(level)
    if s is not None:   # a goal's points are the first mark
        return StarTargets(StarUnit.POINTS, (s, s * 3 // 2, s * 2))
    if level.moves is not None and not level.goals.is_empty():
        # A goal level without points (collect, reach, a blocker's): the first star for the win, more for finishing early.
        return StarTargets(StarUnit.MOVES_LEFT, (0, -(-level.moves // 4), -(-level.moves // 2)))
    return None


def star_thresholds(state: State) -> tuple[int, int, int] | None:
    level = state.level
    if level.stars is not None:
        return level.stars
    s = points_asked(level)
    if s is not None:
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


def shortfalls(state: State) -> list[Shortfall]:
    """What each unmet goal still lacked: what a lost level tells the player."""
    return [GOAL_NAMED[goal.name].shortfall(state, goal) for goal in progress(state) if not goal.met]

