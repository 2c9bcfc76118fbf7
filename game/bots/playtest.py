"""The playtest lab's figures: one game's record, a level's report, Wilson intervals, labels, suggest.

Pure: every game is a function of (level, seed, bot, cap) returning a small GameRecord, and a
report is a function of the records in seed order; farm.py runs the games wherever asked.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.core import Command, Level, LevelError, Mode, Reshuffled, State, Status, stars

from . import BEST_FOR_MODE, make_bot
from .base import Bot, play_game

DEFAULT_GAMES = 1000
# z of a two-sided 95% interval.
Z95 = 1.959963984540054
# The difficulty label of the person-like bot's pass rate: the first bound the rate reaches.
# In attempts per success: easy under 1.25, medium under 2, hard under 5, very hard under 20;
# a level most players would need more than 20 tries for is called unfair.
LABELS: tuple[tuple[float, str], ...] = (
    (0.80, "easy"), (0.50, "medium"), (0.20, "hard"), (0.05, "very hard"), (0.0, "unfair"),
)
# The share of winning runs whose moves `best_moves` reports: what the best players need.
BEST_SHARE = 0.05
# --suggest and --plot play each game on with the limit raised to this many times the level's
# (at least CAP_EXTRA more), so the pass rate of every smaller limit can be read off one run.
CAP_FACTOR = 2
CAP_EXTRA = 10
# What `--bot` may also be called: the person-like bot, or the strongest bot for the mode.
PERSON, STRONG = "person", "strong"
BOT_LABELS = {
    PERSON: "person-like (sees only the board, goals and moves left)",
    STRONG: "strong (looks ahead and sees the coming spawns: an upper bound)",
}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one game went; `won_at` is the move that won it with the limit raised (None: never)."""

    seed: int
    dealt: bool          # False: the level cannot be dealt from this seed
    won: bool
    moves: int
    score: int
    stars: int
    reshuffles: int      # times the board ran out of moves and was dealt again
    stuck: bool          # lost with moves to spare: no move left and no reshuffle found
    won_at: int | None = None


def bot_name(bot: str, level: Level) -> str:
    """The bot `bot` means for `level` ('strong' is the best bot of the level's mode)."""
    return BEST_FOR_MODE[level.mode] if bot == STRONG else bot


def cap_for(level: Level) -> int | None:
    """The raised move limit that --suggest and --plot play to; None without a move limit."""
    if level.moves is None:
        return None
    return max(level.moves * CAP_FACTOR, level.moves + CAP_EXTRA)


class _Resume:
    """Plays a finished game's commands again, then lets `bot` go on (the same bot, its RNG
    where the game left it): the game with a larger limit is that game, continued."""

    def __init__(self, commands: Sequence[Command], bot: Bot) -> None:
        self.name = bot.name
        self.commands = list(commands)
        self.bot = bot

    def choose(self, state: State) -> Command:
        if self.commands:
            return self.commands.pop(0)
        return self.bot.choose(state)


def play_one(level: Level, seed: int, bot: str = PERSON, cap: int | None = None) -> GameRecord:
    """One game of `level` from `seed` by a fresh `bot`; with `cap`, also the move that wins it
    when the limit is raised to `cap` (the same game, played on past the level's limit)."""
    try:
        player = make_bot(bot_name(bot, level), level, seed=seed)
        session = play_game(level, seed, player)
    except LevelError:
        return GameRecord(seed, dealt=False, won=False, moves=0, score=0, stars=0,
                          reshuffles=0, stuck=False)
    state = session.state
    won = state.status == Status.WON
    limit = level.moves
    lost_at_limit = state.status == Status.LOST and limit is not None and state.moves >= limit
    won_at = state.moves if won else None
    if cap is not None and lost_at_limit and cap > state.moves:
        longer = play_game(dataclasses.replace(level, moves=cap), seed,
                           _Resume(session.commands, player))
        if longer.state.status == Status.WON:
            won_at = longer.state.moves
    return GameRecord(
        seed=seed, dealt=True, won=won, moves=state.moves, score=state.score, stars=stars(state),
        reshuffles=sum(1 for e in session.events if isinstance(e, Reshuffled)),
        stuck=state.status == Status.LOST and not lost_at_limit, won_at=won_at)


def play_seeds(level: Level, seeds: Sequence[int], bot: str = PERSON,
               cap: int | None = None) -> list[GameRecord]:
    """The games of `seeds`, in order: the unit of work a process or a cluster worker runs."""
    return [play_one(level, seed, bot, cap) for seed in seeds]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a pass rate (95% by default); (0, 1) when nothing was tried.

    Unlike the normal approximation it stays inside 0..1 and is honest at 0 or all wins.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def label(pass_rate: float) -> str:
    """easy / medium / hard / very hard / unfair, by LABELS."""
    return next(name for bound, name in LABELS if pass_rate >= bound)


def nearest_rank(values: Sequence[int], share: float) -> int | None:
    """The value at the nearest rank ceil(share * n) of the sorted values (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def pass_curve(records: Sequence[GameRecord], limits: Sequence[int]) -> list[float]:
    """The pass rate each move limit would give, read off games played to a raised limit."""
    played = [r for r in records if r.dealt]
    if not played:
        return [0.0 for _ in limits]
    won_at = [r.won_at for r in played if r.won_at is not None]
    return [sum(1 for m in won_at if m <= limit) / len(played) for limit in limits]


def suggest_limit(records: Sequence[GameRecord], target: float, cap: int) -> int | None:
    """The move limit (1..cap) whose pass rate is nearest `target`; the smallest on a tie."""
    limits = list(range(1, cap + 1))
    if not any(r.dealt for r in records):
        return None
    curve = pass_curve(records, limits)
    return min(zip(limits, curve), key=lambda lc: (abs(lc[1] - target), lc[0]))[0]


@dataclass(frozen=True, slots=True)
class LevelReport:
    """What one level's games say, in the figures a designer reads."""

    level_id: str
    level_hash: str
    mode: Mode
    bot: str
    games: int
    undealt: int
    wins: int
    pass_rate: float
    interval: tuple[float, float]
    attempts_per_success: float | None   # 1 / pass rate; None when nothing was won
    median_moves: int | None             # of the winning runs
    best_moves: int | None               # what the best 5% of winning runs needed
    mean_score: float
    star_rates: tuple[float, float, float]   # share of games with at least 1, 2, 3 stars
    reshuffle_rate: float                # share of games that saw a reshuffle
    stuck_rate: float                    # share of games that ended with no move left
    label: str
    move_limit: int | None
    suggested_moves: int | None = None   # --suggest: the limit nearest the target pass rate
    suggest_target: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain values, rounded for reading: the --json and playtest.yaml form."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value      # the file and --json hold the word
            elif isinstance(value, float):
                value = round(value, 4)
            elif isinstance(value, tuple):
                value = [round(v, 4) for v in value]
            out[f.name] = value
        return out


def report(level: Level, records: Sequence[GameRecord], bot: str,
           suggest: float | None = None) -> LevelReport:
    """The figures of one level's records (games played with `cap_for(level)` when suggesting)."""
    played = [r for r in records if r.dealt]
    n = len(played)
    wins = [r for r in played if r.won]
    rate = len(wins) / n if n else 0.0
    won_moves = [r.moves for r in wins]

    def share(count: int) -> float:
        return count / n if n else 0.0

    cap = cap_for(level)
    suggested = None
    # A score run (no goals) is won by using its moves: no limit changes its pass rate.
    if suggest is not None and cap is not None and (level.mode == Mode.SLIDE or not level.goals.is_empty()):
        suggested = suggest_limit(played, suggest, cap)
    return LevelReport(
        level_id=level.id, level_hash=level.content_hash(), mode=level.mode, bot=bot, games=n,
        undealt=len(records) - n, wins=len(wins), pass_rate=rate,
        interval=wilson(len(wins), n),
        attempts_per_success=(1 / rate) if rate else None,
        median_moves=nearest_rank(won_moves, 0.5), best_moves=nearest_rank(won_moves, BEST_SHARE),
        mean_score=share(sum(r.score for r in played)),
        star_rates=(share(sum(1 for r in played if r.stars >= 1)),
                    share(sum(1 for r in played if r.stars >= 2)),
                    share(sum(1 for r in played if r.stars >= 3))),
        reshuffle_rate=share(sum(1 for r in played if r.reshuffles)),
        stuck_rate=share(sum(1 for r in played if r.stuck)),
        label=label(rate), move_limit=level.moves,
        suggested_moves=suggested, suggest_target=suggest if suggested is not None else None,
    )
