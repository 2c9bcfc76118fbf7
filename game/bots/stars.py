"""Star marks from bot games: where a match3 or chain level's one, two and three stars should sit
(match3's moves left become points in the finale), read off the winning scores of many games; and whether
a level's marks can be earned at all on the deal its players get.

Pure: a function of a level and its games' records, in seed order (the playtest lab plays them).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import (Command, IllegalMove, Level, LevelError, Mode, Session, StarUnit, new_game, points_asked, star_targets,
                       stars)

from .playtest import GameRecord, nearest_rank
from .proving import find_best
from .slide_solver import Unsolvable, solve

STAR_SHARES = (0.05, 0.5, 0.8)
"""Where the three marks fall among the winning scores: the first star is any win (a score goal's
own mark when it has one), the second the median win, the third only the best fifth of wins."""
MIN_WINS = 10
"""Fewer winning games than this say too little to place a mark: the level keeps its stars."""


def _step(points: int) -> int:
    """How finely a mark of about `points` is rounded: 10 below 1000, 50 below 5000, else 100."""
    return 10 if points < 1000 else 50 if points < 5000 else 100


def nice(points: int) -> int:
    """`points` rounded to a mark a player reads at a glance: to 10 below 1000, 50 below 5000, else 100."""
    step = _step(points)
    return max(step, int(round(points / step)) * step)


def propose_stars(level: Level, records: Sequence[GameRecord]) -> tuple[int, int, int] | None:
    """The three star scores the winning games of `records` suggest for `level` (match3, whose
    finale pays the moves left, and chain, whose points grow with its chains); None for a slide
    level (its stars count slides) or one whose games won fewer than MIN_WINS times.

    The marks always rise (at least one step apart), and a score goal stays the first mark: a
    win lights the first star, never before."""
    if level.mode == Mode.SLIDE:
        return None
    wins = [r.score for r in records if r.dealt and r.won]
    if len(wins) < MIN_WINS:
        return None
    marks = [nice(nearest_rank(wins, share) or 0) for share in STAR_SHARES]
    asked = points_asked(level)
    if asked is not None:
        marks[0] = asked
    for i in (1, 2):
        marks[i] = max(marks[i], marks[i - 1] + _step(marks[i - 1]))
    return marks[0], marks[1], marks[2]


def _down(points: int) -> int:
    """`points` rounded down to a mark a player reads at a glance (the steps of `nice`)."""
    step = _step(points)
    return points // step * step


def reachable_marks(level: Level, best: int) -> tuple[int, int, int] | None:
    """`level`'s point marks lowered so that a game of `best` points earns all three, each still
    a step below the next; None when its stars do not count points, when they already are, or
    when no such marks keep a score goal as the first (a win must light the first star)."""
    targets = star_targets(level)
    if targets is None or targets.unit != StarUnit.POINTS or best >= targets.marks[2]:
        return None
    third = _down(best)
    second = min(targets.marks[1], _down(third - 1))
    first = min(targets.marks[0], _down(second - 1))
    goal = points_asked(level)
    if first <= 0 or (goal is not None and first < goal):
        return None
    return first, second, third


ORDINALS = ("first", "second", "third")


def best_known_stars(level: Level, plays: Sequence[Sequence[Command]]) -> int:
    """The most stars a known game of `level`'s own deal (level.play_seed, the board every
    player is dealt and Retry deals again) earns: each of `plays` (say, the level's proof) and,
    on a slide level, the solver's plan (exact on the smallest boards)."""
    games = [list(p) for p in plays]
    if level.mode == Mode.SLIDE:
        try:
            games.append(list(solve(new_game(level, level.play_seed).grid)))
        except (Unsolvable, LevelError):
            pass
    best = 0
    for commands in games:
        try:
            best = max(best, stars(Session.replay(level, level.play_seed, commands).state))
        except (IllegalMove, LevelError):
            continue   # a proof that does not play is reported by the proof check
    return best


STAR_HUNT = 12
"""Bot games on a match3 or chain level's own deal, played before a star its proof falls short of
is called out of reach (`find_best`): none when its proof earns all three."""


def unearned_star(level: Level, plays: Sequence[Sequence[Command]], hunt: int = STAR_HUNT) -> str | None:
    """What is wrong with a level whose star marks ask more than any known game of its own deal
    gives (the board every player is dealt and Retry deals again), or None. Known games: `plays`
    (say, its proof); on a slide level the solver's plan (the fewest slides can be searched for);
    on a match3 or chain level, when its proof falls short, `hunt` games of the strong bots
    (`find_best`), which a star no person can earn would also miss. A match3 or chain level
    with no proof is not judged: nothing is known of its deal (the proof check says so)."""
    targets = star_targets(level)
    if targets is None or (level.mode != Mode.SLIDE and not plays):
        return None
    best = best_known_stars(level, plays)
    bots = ""
    if best < 3 and level.mode != Mode.SLIDE and hunt > 0:
        found = find_best(level, level.play_seed, tries=hunt)
        best = max(best, 0 if found is None else found.stars)
        bots = f" or {hunt} strong bot games"
    if best >= 3:
        return None
    mark = targets.marks[best]
    known = "solution" if level.mode == Mode.SLIDE else "game"
    short = "that short" if targets.unit == StarUnit.MOVES else "that good"
    fix = ("prove it with a shorter replay" if level.mode == Mode.SLIDE else
           "prove it with a better game (python -m game.bots.prove PACK --stars)")
    return (f"the {ORDINALS[best]} star asks for {mark} {targets.unit}{_or_what(targets.unit)}, but no known "
            f"{known} of the level's own deal (seed {level.play_seed}: its proof{bots}) is {short}: "
            f"the best known earns {best} star{'s' * (best != 1)}; lower the mark or {fix}")


def _or_what(unit: StarUnit) -> str:
    """How a mark reads: 'or fewer' for slides, 'or more' for points and moves left."""
    return " or fewer" if unit == StarUnit.MOVES else " or more"
