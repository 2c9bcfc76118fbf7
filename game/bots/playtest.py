"""The playtest lab's figures: one game's record, a level's report, Wilson intervals, labels, suggest.

Pure: every game is a function of (level, seed, bot, cap) returning a small GameRecord, and a
report is a function of the records in seed order; farm.py runs the games wherever asked.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.core import (GOAL_NAMED, Command, GoalName, Level, LevelError, Mode, Reshuffled, Shortfall, State, Status,
                       shortfalls, stars)

from . import BEST_FOR_MODE, BotSpec, make_bot
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
    short: tuple[Shortfall, ...] = ()   # a lost game: each goal it ended without, and by how much

    def to_row(self) -> list[Any]:
        """Plain values (JSON): the fields in order, each shortfall as [goal, missing, kind, rows]."""
        return [self.seed, self.dealt, self.won, self.moves, self.score, self.stars, self.reshuffles,
                self.stuck, self.won_at, [[s.name.value, s.missing, s.kind, s.rows] for s in self.short]]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> GameRecord:
        """The record of `to_row`'s values (older rows without shortfalls read as none);
        raises ValueError or TypeError for values no game could have given."""
        head, short = list(row[:9]), (row[9] if len(row) > 9 else [])
        if len(head) < 8 or not all(isinstance(v, int) for v in head[:8]) or \
                not (head[8:] in ([], [None]) or isinstance(head[8], int)):
            raise ValueError(f"not a game record: {row!r:.80}")
        record = cls(*head)
        kept = tuple(Shortfall(GoalName(name), int(missing), int(kind), None if rows is None else int(rows))
                     for name, missing, kind, rows in short)
        return dataclasses.replace(record, short=kept)


def bot_name(bot: BotSpec, level: Level) -> BotSpec:
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


def play_one(level: Level, seed: int, bot: BotSpec = PERSON, cap: int | None = None) -> GameRecord:
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
        stuck=state.status == Status.LOST and not lost_at_limit, won_at=won_at,
        short=tuple(shortfalls(state)) if state.status == Status.LOST else ())


def play_seeds(level: Level, seeds: Sequence[int], bot: BotSpec = PERSON,
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
    return nearest_limit(tuple(zip(limits, pass_curve(records, limits))), target)


def nearest_limit(curve: Sequence[tuple[int, float]], target: float) -> int | None:
    """The limit of a (limit, pass rate) curve whose rate is nearest `target`; the smallest on a tie."""
    if not curve:
        return None
    return min(curve, key=lambda lc: (abs(lc[1] - target), lc[0]))[0]


@dataclass(frozen=True, slots=True)
class GoalShortfall:
    """Of the lost games, the share that ended short of one goal, and by how much (medians)."""

    goal: GoalName
    kind: int                # the kind to collect (0 for other goals)
    share: float             # of the lost games
    missing: int             # median of what was missing (tiles, layers, blockers, pieces, points, steps)
    rows: int | None = None  # a faller's goal: median rows from the bottom of the lowest piece left

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"goal": self.goal.value, "share": round(self.share, 4), "missing": self.missing}
        if self.kind:
            out["kind"] = self.kind
        if self.rows is not None:
            out["rows"] = self.rows
        return out

    @property
    def phrase(self) -> str:
        """What the lost games lacked, in a designer's words: 'kind 3 short (4 tiles)', a blocker goal's in its unit's."""
        return GOAL_NAMED[self.goal].lab(Shortfall(self.goal, self.missing, self.kind, self.rows))


def lost_goals(records: Sequence[GameRecord]) -> tuple[GoalShortfall, ...]:
    """For the lost games: each goal some ended short of, how often and by how much; the
    commonest first (a game short of two goals counts for both)."""
    lost = [r for r in records if r.dealt and not r.won]
    if not lost:
        return ()
    seen: dict[tuple[GoalName, int], list[Shortfall]] = {}
    for r in lost:
        for s in r.short:
            seen.setdefault((s.name, s.kind), []).append(s)
    out = []
    for (goal, kind), short in seen.items():
        rows = [s.rows for s in short if s.rows is not None]
        out.append(GoalShortfall(goal, kind, len(short) / len(lost),
                                 nearest_rank([s.missing for s in short], 0.5) or 0,
                                 nearest_rank(rows, 0.5)))
    return tuple(sorted(out, key=lambda g: (-g.share, g.goal.value, g.kind)))


def limit_curve(level: Level, records: Sequence[GameRecord], cap: int | None) -> tuple[tuple[int, float], ...]:
    """The pass rate for move limits around the level's: from half its limit up to it, and on
    to `cap` when the games were played on past the limit (a lower limit's rate needs no more:
    a game won at move m is won under any limit from m)."""
    if level.moves is None or not any(r.dealt for r in records):
        return ()
    top = cap if cap is not None and cap > level.moves else level.moves
    limits = list(range(max(1, level.moves // 2), top + 1))
    return tuple(zip(limits, pass_curve(records, limits)))


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
    lost_goals: tuple[GoalShortfall, ...] = ()          # what the lost games lacked, commonest first
    limit_curve: tuple[tuple[int, float], ...] = ()     # (move limit, pass rate) around the level's

    @classmethod
    def from_dict(cls, figures: Mapping[str, Any]) -> LevelReport:
        """A report again from its plain form (as playtest.yaml keeps it, checked by its reader);
        figures the file leaves out read as none."""
        def rates(key: str, size: int) -> tuple[float, ...]:
            value = figures.get(key)
            return tuple(float(v) for v in value) if isinstance(value, list) and len(value) == size \
                else tuple(0.0 for _ in range(size))

        def count(key: str) -> int | None:
            value = figures.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        lo, hi = rates("interval", 2)
        one, two, three = rates("star_rates", 3)
        lost = tuple(GoalShortfall(GoalName(g["goal"]), int(g.get("kind", 0)), float(g["share"]),
                                   int(g["missing"]), g.get("rows"))
                     for g in figures.get("lost_goals") or ())
        return cls(
            level_id=str(figures.get("level_id", "")), level_hash=str(figures.get("level_hash", "")),
            mode=Mode(figures.get("mode", Mode.MATCH3.value)), bot=str(figures.get("bot", PERSON)),
            games=count("games") or 0, undealt=count("undealt") or 0, wins=count("wins") or 0,
            pass_rate=float(figures.get("pass_rate") or 0.0), interval=(lo, hi),
            attempts_per_success=figures.get("attempts_per_success"),
            median_moves=count("median_moves"), best_moves=count("best_moves"),
            mean_score=float(figures.get("mean_score") or 0.0), star_rates=(one, two, three),
            reshuffle_rate=float(figures.get("reshuffle_rate") or 0.0),
            stuck_rate=float(figures.get("stuck_rate") or 0.0),
            label=str(figures.get("label", label(float(figures.get("pass_rate") or 0.0)))),
            move_limit=count("move_limit"), suggested_moves=count("suggested_moves"),
            suggest_target=figures.get("suggest_target"), lost_goals=lost,
            limit_curve=tuple((int(lim), float(rate)) for lim, rate in figures.get("limit_curve") or ()),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain values, rounded for reading: the --json and playtest.yaml form."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "lost_goals":
                value = [g.to_dict() for g in value]
            elif f.name == "limit_curve":
                value = [[limit, round(rate, 4)] for limit, rate in value]
            elif isinstance(value, Enum):
                value = value.value      # the file and --json hold the word
            elif isinstance(value, float):
                value = round(value, 4)
            elif isinstance(value, tuple):
                value = [round(v, 4) for v in value]
            out[f.name] = value
        return out


def report(level: Level, records: Sequence[GameRecord], bot: str,
           suggest: float | None = None, played_to: int | None = None) -> LevelReport:
    """The figures of one level's records (games played with `cap_for(level)` when suggesting;
    `played_to`: the limit the games were played on to, which the curve of limits reaches)."""
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
    limited = level.mode == Mode.SLIDE or not level.goals.is_empty()
    if suggest is not None and cap is not None and limited:
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
        lost_goals=lost_goals(played), limit_curve=limit_curve(level, played, played_to) if limited else (),
    )
