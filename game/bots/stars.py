"""Star marks from bot games: where a match3 level's one, two and three stars should sit now that
its moves left become points (the finale), read off the winning scores of many games.

Pure: a function of a level and its games' records, in seed order (the playtest lab plays them).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Level, Mode

from .playtest import GameRecord, nearest_rank

STAR_SHARES = (0.05, 0.5, 0.8)
"""Where the three marks fall among the winning scores: the first star is any win (a score goal's
own mark when it has one), the second the median win, the third only the best fifth of wins."""
MIN_WINS = 10
"""Fewer winning games than this say too little to place a mark: the level keeps its stars."""


def nice(points: int) -> int:
    """`points` rounded to a mark a player reads at a glance: to 10 below 1000, 50 below 5000, else 100."""
    step = 10 if points < 1000 else 50 if points < 5000 else 100
    return max(step, int(round(points / step)) * step)


def propose_stars(level: Level, records: Sequence[GameRecord]) -> tuple[int, int, int] | None:
    """The three star scores the winning games of `records` suggest for `level`; None for a level
    that is not match3 (only match3 plays the finale) or whose games won fewer than MIN_WINS times.

    The marks always rise (at least one step apart), and a score goal stays the first mark: a
    win lights the first star, never before."""
    if level.mode != Mode.MATCH3:
        return None
    wins = [r.score for r in records if r.dealt and r.won]
    if len(wins) < MIN_WINS:
        return None
    marks = [nice(nearest_rank(wins, share) or 0) for share in STAR_SHARES]
    if level.goals.score is not None:
        marks[0] = level.goals.score
    for i in (1, 2):
        step = 10 if marks[i - 1] < 1000 else 50 if marks[i - 1] < 5000 else 100
        marks[i] = max(marks[i], marks[i - 1] + step)
    return marks[0], marks[1], marks[2]
