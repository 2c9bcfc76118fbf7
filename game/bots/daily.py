"""Daily puzzles: one level per mode for each date, the same for everyone on every machine.

The generator is a pure function of a date and a mode (it never reads the clock):

1. The key "gridfall-daily:YYYY-MM-DD:MODE" is hashed with sha256. The digest's first 4 bytes
   (big-endian) are the game's seed; the next 8 start the core's own RNG
   (game.core Draws, SplitMix64), which makes every other choice. Python's `random` module
   and `hash()` decide nothing: the person bots that calibrate the level draw their noise
   from the core's RNG too (BotRandom, over Draws), so no Python version can change a daily.
2. match3 and chain: a 6..8 x 6..8 board with 5..6 kinds (chain 4..6), sometimes a few holes
   placed mirror-wise, and (chain) sometimes the player token. The goal is a score or a number
   of tiles of one kind (chain also: walk the token to a cell near the top). The move limit
   is drawn (match3 12..20, chain 10..16); a reach goal's limit is calibrated instead.
3. Calibration: eight person-like bot games are played on that board with the drawn limit.
   The target is four fifths of their median (the fifth weakest result; a score then rounded
   down to 50 points), so most players who play as those bots win; a reach goal's limit is
   five fourths of the median game's moves to get there. A target under 100 points or 12
   tiles, or a reach limit under 6 moves, is no puzzle: another board is drawn. One of the
   calibration games that reaches the target, cut where it does, is kept as the proof that
   the level is won within its limit.
4. slide: a 3x3, 3x4, 4x3 or 4x4 board shuffled by a random walk of legal slides from the
   solved board, never straight back, as long as a number drawn from a range for the size
   (3x3 14..22, 3x4 16..26, 4x4 18..30); it is kept when an optimal search proves its fewest
   slides are in that range. The limit is twice the fewest plus 10; stars ask for the limit,
   about 1.5x the fewest, and the fewest plus 2. The optimal solution is the proof.
5. Every level is checked the way the loader checks a file (Level.from_dict of its own mapping
   and a deal from its seed): a daily is always a valid level file.

The level's id is "daily-YYYY-MM-DD-MODE" and its name "Daily · 23 Nov 2026" (English month
names from a table, never the locale).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from game.core import (
    Cell, Command, Draws, Goals, Level, LevelError, Mode, Session, State, Status, new_game, shorten,
    solved_slide, slide_sources,
)
from game.core import counted, kind_name

from .base import BotRandom, play_game
from .person import person_bot
from .slide_solver import optimal_solution

KEY_PREFIX = "gridfall-daily"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAILY_MODES = (Mode.MATCH3, Mode.CHAIN, Mode.SLIDE)
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

CALIBRATION_GAMES = 8
# Sorted from the weakest, the calibration game whose result the target is made from (the
# median of eight), and the share of it the target asks for (so noise in eight games matters less).
MEDIAN_INDEX = 4
TARGET_SHARE = (4, 5)
SCORE_STEP = 50
MIN_SCORE = 100
MIN_COLLECT = 12
REACH_PROBE_MOVES = 40     # a reach goal's calibration games may take this many moves
MIN_REACH_MOVES = 6
ATTEMPTS = 40              # boards tried for one day (the first nearly always serves)

# slide: per (height, width), the range of fewest slides a daily asks for.
SLIDE_SIZES: tuple[tuple[int, int], ...] = ((3, 3), (3, 3), (3, 4), (4, 3), (4, 4))
SLIDE_RANGE = {9: (14, 22), 12: (16, 26), 16: (18, 30)}
SLIDE_NODE_LIMIT = 20_000  # positions the optimal search may look at before the walk is redrawn


class DailyError(ValueError):
    """A date or mode the daily generator cannot make a puzzle for."""


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """The day's level for a mode, the seed it is dealt from (level.seed) and a winning game."""

    date: datetime.date
    mode: Mode
    level: Level
    seed: int
    proof: tuple[Command, ...]


def parse_mode(text: str) -> Mode:
    """A daily mode from its name; DailyError naming the modes otherwise."""
    try:
        return Mode(text)
    except ValueError:
        raise DailyError(f"unknown mode {shorten(text)!r} (one of "
                         f"{', '.join(m.value for m in DAILY_MODES)})") from None


def parse_date(text: str) -> datetime.date:
    """A date written YYYY-MM-DD, and only so; DailyError otherwise (never echoing more than
    a few words of what was given). fromisoformat alone would also take an ISO week date
    (2026-W01-1) or a compact one (20261123)."""
    try:
        if _DATE.fullmatch(text) is None:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise DailyError(f"not a date: {shorten(text)!r} (write YYYY-MM-DD, like 2026-11-23)") from None


def daily_key(day: datetime.date, mode: Mode) -> str:
    """What is hashed: everything a daily is made from follows from this text."""
    return f"{KEY_PREFIX}:{day.isoformat()}:{Mode(mode).value}"


def daily_id(day: datetime.date, mode: Mode) -> str:
    return f"daily-{day.isoformat()}-{Mode(mode).value}"


def day_text(day: datetime.date) -> str:
    """A date as the game shows it, '23 Nov 2026' (English month names, never the locale)."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def daily_name(day: datetime.date) -> str:
    return f"Daily · {day_text(day)}"


def _pick(draws: Draws, options: Sequence[int]) -> int:
    return options[draws.below(len(options))]


def daily_puzzle(day: datetime.date, mode: Mode | str) -> DailyPuzzle:
    """The daily puzzle of `day` for `mode`: the same level, seed and proof everywhere."""
    return _made(day, parse_mode(mode) if not isinstance(mode, Mode) else mode)


@lru_cache(maxsize=16)   # a pure function of its arguments: the title screen asks for today's often
def _made(day: datetime.date, mode: Mode) -> DailyPuzzle:
    digest = hashlib.sha256(daily_key(day, mode).encode("utf-8")).digest()
    seed = int.from_bytes(digest[:4], "big")   # a number a player can read out
    draws = Draws(int.from_bytes(digest[8:16], "big"))
    for _ in range(ATTEMPTS):
        if mode == Mode.SLIDE:
            found = _slide_puzzle(day, draws, seed)
        else:
            found = _board_puzzle(day, mode, draws, seed)
        if found is not None:
            return found
    raise DailyError(f"no daily {mode.value} puzzle could be made for {day.isoformat()}")


def _share(median: int) -> int:
    """The target made from the calibration games' median: four fifths of it, rounded down."""
    return median * TARGET_SHARE[0] // TARGET_SHARE[1]


def _checked(level: Level) -> Level | None:
    """The level as the loader would read it back from its own file, when it can be dealt."""
    try:
        read = Level.from_dict(level.to_dict())
        new_game(read, read.play_seed)
    except LevelError:
        return None
    return read


# -- match3 and chain -------------------------------------------------------------------------

def _board_puzzle(day: datetime.date, mode: Mode, draws: Draws, seed: int) -> DailyPuzzle | None:
    width = _pick(draws, (6, 7, 7, 8, 8))
    height = _pick(draws, (6, 7, 7, 8, 8))
    kinds = _pick(draws, (5, 5, 6) if mode == Mode.MATCH3 else (4, 5, 5, 6))
    moves = (12 + draws.below(9)) if mode == Mode.MATCH3 else (10 + draws.below(7))
    grid = [["."] * width for _ in range(height)]
    player: Cell | None = None
    reach: Cell | None = None
    if mode == Mode.CHAIN:
        goal = _pick(draws, (0, 1, 2))   # 0 score, 1 collect, 2 reach
        if goal == 2 or draws.below(2):
            player = (height - 1, draws.below(width))
        if goal == 2 and player is not None:
            # The far half of the top two rows from the token.
            side = range(width // 2, width) if player[1] < width / 2 else range(0, (width + 1) // 2)
            reach = (draws.below(2), side[draws.below(len(side))])
        elif goal == 2:
            goal = 0
    else:
        goal = _pick(draws, (0, 1))
    if draws.below(2):
        # A few holes, mirrored left to right: a shape to the board, never a wall.
        for _ in range(1 + draws.below(2)):
            r, c = draws.below(height), draws.below(width // 2)
            for cell in ((r, c), (r, width - 1 - c)):
                if cell not in (player, reach):
                    grid[cell[0]][cell[1]] = "#"
    if player is not None:
        grid[player[0]][player[1]] = "P"
    collect_kind = 1 + draws.below(kinds)
    layout = tuple(tuple(row) for row in grid)
    level = Level(
        id=daily_id(day, mode), name=daily_name(day), mode=mode, width=width, height=height,
        kinds=kinds, seed=seed, moves=moves,
        layout=layout if any(tok != "." for row in layout for tok in row) else None,
    )
    # The calibration games: a goal no game meets, so each plays its whole limit.
    if goal == 0:
        probe = dataclasses.replace(level, goals=Goals(score=10 ** 9))
    elif goal == 1:
        probe = dataclasses.replace(level, goals=Goals(collect=((collect_kind, 10 ** 6),)))
    else:
        probe = dataclasses.replace(level, goals=Goals(reach=reach), moves=REACH_PROBE_MOVES)
    if _checked(probe) is None:
        return None
    games = [_person_game(probe, seed, draws.next64()) for _ in range(CALIBRATION_GAMES)]
    if goal == 0:
        target = _share(sorted(g.score for g in games)[MEDIAN_INDEX]) // SCORE_STEP * SCORE_STEP
        if target < MIN_SCORE:
            return None
        final = dataclasses.replace(level, goals=Goals(score=target),
                                    description=f"The daily {mode.value}: score {target:,} in {moves} moves.")
    elif goal == 1:
        count = _share(sorted(g.collected_of(collect_kind) for g in games)[MEDIAN_INDEX])
        if count < MIN_COLLECT:
            return None
        final = dataclasses.replace(level, goals=Goals(collect=((collect_kind, count),)),
                                    description=f"The daily {mode.value}: collect "
                                    f"{counted(count, kind_name(collect_kind))} in {moves} moves.")
    else:
        taken = sorted(g.moves if g.status == Status.WON else REACH_PROBE_MOVES + 1 for g in games)
        # Integer maths only: the limit is the median's moves times 5/4, rounded up.
        limit = -(-taken[MEDIAN_INDEX] * TARGET_SHARE[1] // TARGET_SHARE[0])
        if not MIN_REACH_MOVES <= limit <= REACH_PROBE_MOVES:   # a walk of a move or two is no puzzle
            return None
        assert reach is not None
        final = dataclasses.replace(level, goals=Goals(reach=reach), moves=limit,
                                    description=f"The daily chain: walk the token to row {reach[0] + 1}, "
                                    f"column {reach[1] + 1} in {limit} moves.")
    checked = _checked(final)
    if checked is None:
        return None
    for game in games:
        proof = _won_prefix(checked, seed, game.commands)
        if proof is not None:
            return DailyPuzzle(day, mode, checked, seed, proof)
    return None


@dataclass(frozen=True, slots=True)
class _Game:
    commands: tuple[Command, ...]
    state: State

    @property
    def score(self) -> int:
        return self.state.score

    @property
    def moves(self) -> int:
        return self.state.moves

    @property
    def status(self) -> Status:
        return self.state.status

    def collected_of(self, kind: int) -> int:
        return self.state.collected_of(kind)


def _person_game(level: Level, seed: int, noise: int) -> _Game:
    """A person-like bot's game, its noise drawn from the core's RNG (never Python's)."""
    bot = person_bot(level.mode)
    bot.rng = BotRandom(noise)
    session = play_game(level, seed, bot)
    return _Game(tuple(session.commands), session.state)


def _won_prefix(level: Level, seed: int, commands: Sequence[Command]) -> tuple[Command, ...] | None:
    """The commands up to the one that wins `level`, when they win it; else None."""
    session = Session(level, seed)
    for command in commands:
        session.play(command)
        if session.state.status == Status.WON:
            return tuple(session.commands)
        if session.state.status != Status.PLAYING:
            return None
    return None


# -- slide --------------------------------------------------------------------------------------

def _slide_puzzle(day: datetime.date, draws: Draws, seed: int) -> DailyPuzzle | None:
    height, width = SLIDE_SIZES[draws.below(len(SLIDE_SIZES))]
    lo, hi = SLIDE_RANGE[width * height]
    board = [list(row) for row in solved_slide(height, width)]
    gap: Cell = (height - 1, width - 1)
    before: Cell | None = None
    for _ in range(lo + draws.below(hi - lo + 1)):
        # A random walk of legal slides, never straight back: the board stays solvable, and
        # its fewest slides are at most the walk's length.
        options = [c for c in slide_sources(gap, height, width) if c != before]
        cell = options[draws.below(len(options))]
        board[gap[0]][gap[1]], board[cell[0]][cell[1]] = board[cell[0]][cell[1]], 0
        before, gap = gap, cell
    grid = tuple(tuple(row) for row in board)
    # The plain search, not the hint's tables: a search that proves more walks would keep some
    # this one redraws, and every past day's puzzle would change under its players.
    proof = optimal_solution(grid, SLIDE_NODE_LIMIT)
    if proof is None or not lo <= len(proof) <= hi:
        return None
    fewest = len(proof)
    moves = 2 * fewest + 10
    base = 100 * width * height

    def points(slides: int) -> int:   # what solving in that many slides scores (solve_points)
        return max(base // 10, base - 10 * slides)

    level = Level(
        id=daily_id(day, Mode.SLIDE), name=daily_name(day), mode=Mode.SLIDE, width=width,
        height=height, seed=seed, moves=moves,
        layout=tuple(tuple(str(v) if v else "_" for v in row) for row in grid),
        stars=(points(moves), points(fewest * 3 // 2 + 2), points(fewest + 2)),
        description=f"The daily slide: put the tiles in order in {moves} moves "
                    f"(it can be done in {fewest}).",
    )
    checked = _checked(level)
    if checked is None:
        return None
    won = _won_prefix(checked, seed, proof)
    return None if won is None else DailyPuzzle(day, Mode.SLIDE, checked, seed, won)


def today_puzzles(day: datetime.date) -> list[DailyPuzzle]:
    """The day's puzzle of every daily mode, in DAILY_MODES order."""
    return [daily_puzzle(day, mode) for mode in DAILY_MODES]
