"""The playtest lab: many bot games of a level, in processes, and what they say of its difficulty.

Every game is a pure function of (level, seed, bot): `play_one` returns a small record, games run
in any number of processes and are put back in seed order, so a report is the same byte for byte
whatever ran it. The figures follow what studios use to grade levels: the pass rate with a 95%
Wilson interval, attempts per success, and the moves the best 5% of winning runs needed.
"""

from __future__ import annotations

import dataclasses
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from game.core import Level, LevelError, Reshuffled, Session, Status, stars

from . import make_bot
from .base import turn_limit_for

DEFAULT_GAMES = 1000
# The difficulty label of a pass rate (the person-like bot's), hardest last: a rate at or above
# the bound gets the label. Under 5% a level is "unfair": most players would never see it won.
LABELS: tuple[tuple[float, str], ...] = (
    (0.80, "easy"), (0.50, "medium"), (0.20, "hard"), (0.05, "very hard"), (0.0, "unfair"),
)
CHUNK = 25   # games a worker plays per task: few enough to balance, many enough to be cheap


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one game went: won or not, moves used, score and stars, reshuffles, stuck."""

    seed: int
    won: bool
    moves: int
    score: int
    stars: int
    reshuffled: bool     # the board ran out of moves at least once and was reshuffled
    stuck: bool          # lost with moves to spare: no move left and no reshuffle possible
    dealt: bool = True   # False: the level cannot be dealt from this seed
    won_at: int | None = None   # the move that won it (with the limit raised, for --suggest)


def play_one(level: Level, seed: int, bot: str = "person") -> GameRecord:
    """One game of `level` from `seed` by a fresh `bot`, until it ends or runs out of turns."""
    try:
        session = Session(level, seed)
    except LevelError:
        return GameRecord(seed, False, 0, 0, 0, False, False, dealt=False)
    player = make_bot(bot, level, seed=seed)
    reshuffled = False
    for _ in range(turn_limit_for(level)):
        state = session.state
        if state.status != Status.PLAYING:
            break
        before = len(session.commands)
        events = session.play(player.choose(state))
        if len(session.commands) == before:
            break   # a command that changed nothing: the bot is stuck
        reshuffled = reshuffled or any(isinstance(e, Reshuffled) for e in events)
    state = session.state
    won = state.status == Status.WON
    limit = level.moves
    stuck = state.status == Status.LOST and (limit is None or state.moves < limit)
    return GameRecord(seed, won, state.moves, state.score, stars(state), reshuffled, stuck,
                      won_at=state.moves if won else None)


def _play_chunk(job: tuple[Level, Sequence[int], str]) -> list[GameRecord]:
    level, seeds, bot = job
    return [play_one(level, seed, bot) for seed in seeds]


def play_many(level: Level, seeds: Sequence[int], bot: str = "person", workers: int = 1,
              progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Every seed's game, in seed order, on `workers` processes (1: in this one)."""
    chunks = [list(seeds[i:i + CHUNK]) for i in range(0, len(seeds), CHUNK)]
    jobs = [(level, chunk, bot) for chunk in chunks]
    out: list[GameRecord] = []
    results: Iterator[list[GameRecord]]
    if workers <= 1 or len(chunks) <= 1:
        results = map(_play_chunk, jobs)
        for records in results:
            out += records
            if progress is not None:
                progress(len(records))
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # map keeps the order of the jobs, so the report never depends on who finished first.
        for records in pool.map(_play_chunk, jobs):
            out += records
            if progress is not None:
                progress(len(records))
    return out


def wilson(successes: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a pass rate (95% for z = 1.96); (0, 1) with no games."""
    if games == 0:
        return (0.0, 1.0)
    p = successes / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def label(pass_rate: float) -> str:
    """easy / medium / hard / very hard / unfair, by LABELS."""
    return next(name for bound, name in LABELS if pass_rate >= bound)


def _percentile(values: Sequence[int], share: float) -> int | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass(frozen=True, slots=True)
class LevelReport:
    """What the games of one level say: the figures a designer reads, and their games."""

    level_id: str
    level_hash: str
    bot: str
    games: int
    undealt: int
    wins: int
    pass_rate: float
    interval: tuple[float, float]
    attempts_per_success: float | None
    median_moves: int | None
    best_moves: int | None          # moves the best 5% of winning runs needed
    mean_score: float
    star_rates: tuple[float, float, float]
    reshuffle_rate: float
    stuck_rate: float
    label: str
    move_limit: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain values, rounded for reading; the --json and playtest.yaml form."""
        out = dataclasses.asdict(self)
        for key in ("pass_rate", "mean_score", "reshuffle_rate", "stuck_rate"):
            out[key] = round(out[key], 4)
        out["interval"] = [round(v, 4) for v in self.interval]
        out["star_rates"] = [round(v, 4) for v in self.star_rates]
        if self.attempts_per_success is not None:
            out["attempts_per_success"] = round(self.attempts_per_success, 2)
        return out


def report(level: Level, records: Sequence[GameRecord], bot: str) -> LevelReport:
    """The figures of `records` (one level's games)."""
    played = [r for r in records if r.dealt]
    n = len(played)
    wins = [r for r in played if r.won]
    rate = len(wins) / n if n else 0.0
    won_moves = [r.moves for r in wins]
    one, two, three = (sum(1 for r in played if r.stars >= k) / n if n else 0.0 for k in (1, 2, 3))
    return LevelReport(
        level_id=level.id, level_hash=level.content_hash(), bot=bot, games=n,
        undealt=len(records) - n, wins=len(wins), pass_rate=rate, interval=wilson(len(wins), n),
        attempts_per_success=(1 / rate) if rate else None,
        median_moves=_percentile(won_moves, 0.5), best_moves=_percentile(won_moves, 0.05),
        mean_score=sum(r.score for r in played) / n if n else 0.0,
        star_rates=(one, two, three),
        reshuffle_rate=sum(r.reshuffled for r in played) / n if n else 0.0,
        stuck_rate=sum(r.stuck for r in played) / n if n else 0.0,
        label=label(rate), move_limit=level.moves,
    )


def suggest_moves(level: Level, target: float, seeds: Sequence[int], bot: str = "person",
                  workers: int = 1, progress: Callable[[int], None] | None = None) -> int | None:
    """The move limit whose pass rate is nearest `target` (the smallest such limit).

    A game with a larger limit is the same game until the smaller limit ends, so each seed is
    played once with the limit raised (twice the level's, at least 10 more) and the move that
    won it is read off for every candidate limit: one run, not one per candidate. None for a
    level without a move limit (a slide level, an endless one).
    """
    if level.moves is None:
        return None
    cap = max(level.moves * 2, level.moves + 10)
    records = [r for r in play_many(dataclasses.replace(level, moves=cap), seeds, bot, workers,
                                    progress) if r.dealt]
    if not records:
        return None
    won_at = sorted(r.won_at for r in records if r.won_at is not None)
    best: tuple[float, int] | None = None
    for limit in range(1, cap + 1):
        rate = sum(1 for m in won_at if m <= limit) / len(records)
        gap = abs(rate - target)
        if best is None or gap < best[0] - 1e-12:
            best = (gap, limit)
    return best[1] if best is not None else None
