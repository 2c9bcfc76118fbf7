"""Goals, their progress, the end of a game and stars: read off a State, never stored twice."""

from __future__ import annotations

from dataclasses import dataclass

from .boards import solved_slide
from .events import BonusScored, Event, Lost, Won
from .state import PLAYING, State


@dataclass(frozen=True, slots=True)
class GoalProgress:
    """One goal as the HUD shows it: what it is, how far, and whether it is met."""

    name: str          # 'score', 'collect', 'reach' or 'solve'
    current: int
    target: int
    kind: int = 0      # the kind to collect, for 'collect'

    @property
    def met(self) -> bool:
        return self.current >= self.target


def progress(state: State) -> list[GoalProgress]:
    level = state.level
    if level.mode == "slide":
        solved = state.grid == solved_slide(level.height, level.width)
        return [GoalProgress("solve", int(solved), 1)]
    out: list[GoalProgress] = []
    goals = level.goals
    if goals.score is not None:
        out.append(GoalProgress("score", min(state.score, goals.score), goals.score))
    for kind, count in goals.collect:
        out.append(GoalProgress("collect", min(state.collected_of(kind), count), count, kind))
    if goals.reach is not None:
        out.append(GoalProgress("reach", int(state.player == goals.reach), 1))
    return out


def goals_met(state: State) -> bool:
    """All goals met. A level with no goals is a score run: it is won when its moves are used."""
    goals = progress(state)
    if not goals:
        return state.level.moves is not None and state.moves >= state.level.moves
    return all(g.met for g in goals)


MOVES_LEFT_BONUS = 50


def moves_left_bonus(state: State) -> int:
    """Points for every move left when the goals are met (match3 and chain).

    A level ends the moment its goals are met, so without this the second and third stars
    of a score goal could only come from overshooting on the last move; finishing early is
    what a good player does, and it should pay. Slide already scores by moves used.
    """
    left = state.moves_left
    if state.level.mode == "slide" or not left:
        return 0
    return MOVES_LEFT_BONUS * left


def ending(state: State) -> list[Event]:
    """Won or Lost when this state ends the game, else nothing."""
    if state.status != PLAYING:
        return []
    if goals_met(state):
        bonus = moves_left_bonus(state)
        left = state.moves_left or 0
        won: list[Event] = [BonusScored(left, bonus)] if bonus else []
        return won + [Won()]
    limit = state.level.moves
    if limit is not None and state.moves >= limit:
        return [Lost()]
    return []


def star_thresholds(state: State) -> tuple[int, int, int] | None:
    level = state.level
    if level.stars is not None:
        return level.stars
    if level.goals.score is not None:
        s = level.goals.score
        return (s, s * 3 // 2, s * 2)
    return None


def stars_reached(state: State, score: int | None = None) -> int:
    """How many of the level's star scores `score` (the state's own by default) reaches, 0 to 3.

    What the HUD lights while a game is on (its score counts up as the points play);
    `stars` is what a won game is awarded.
    """
    marks = star_thresholds(state)
    if marks is None:
        return 0
    points = state.score if score is None else score
    return sum(1 for m in marks if points >= m)


def stars(state: State) -> int:
    """0 until won; then 1 to 3 by the level's star scores (3 when it sets none)."""
    if state.status != "won":
        return 0
    if star_thresholds(state) is None:
        return 3
    return max(1, stars_reached(state))
