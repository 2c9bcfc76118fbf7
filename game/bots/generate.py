"""The level generator: levels proposed for a pass band (and a lesson), kept only when fresh seeds, the lesson lab, a proof and a distance say so.

The search fits the move limit first: a pass rate only grows with the moves, and the
person-like bot never looks at the moves left, so one run of games to the top of the moves
range gives the rate under every limit in it. When no limit lands in the band the main goal's
load is scaled (more tiles to collect, more blocker layers or fallers' pieces), and when a candidate fails
a check its layout is mutated or drawn again. A candidate whose search figures land is played
again on a block of fresh seeds no search ever played (the search's own estimate is biased
upward: it kept the luckiest); only a 95% Wilson interval inside the band, by its own
half-width (so that a re-measure on other seeds lands inside too), keeps it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core import (
    FALLER_LESSONS, MAX_KINDS, MAX_SIZE, MIN_KINDS, MIN_SIZE, Command, Lesson, Level, Made, Mode, SpecialSort, lesson_modes, seed_state,
)

from .base import BotRandom
from .gen_layout import BLOCKERS, Genome, Shape, build, layout_distance, mutate, random_genome, rescale
from .gen_measure import Farm, LessonVerdict, Measured, curve, finish, lesson_verdict, measure
from .lessons import LESSON_GAMES
from .playtest import DEFAULT_GAMES, Z95

# Seeds: the search plays request.seed * SEARCH_SPAN + ..., below FRESH_BASE; every fresh block
# (the checks) lies from FRESH_BASE on, one block a check, never played twice; a re-measure
# (the bench, a designer's second look) starts at REMEASURE_BASE, past every fresh block.
SEARCH_SPAN = 10**6
FRESH_BASE = 1 << 40
BLOCKS_PER_SEED = 10**6
REMEASURE_BASE = 1 << 56
MAX_SEED = 10**4
MAX_GAMES = 100_000
SEARCH_GAMES = 300
TRIES = 40                 # candidates tried for one level before it is given up
MIN_DISTANCE = 0.1         # a proposal differs from every other level in this share of cells at least
SEARCH_MARGIN = 0.02       # the least window the search's estimate may land in around the band's centre
TOO_FAR = 0.7              # load factors: a limit range that misses the band by far
NUDGE = 0.9                # ... and one whose nearest limit lands just outside the window


def lesson_sorts(lesson: Lesson) -> tuple[SpecialSort, ...]:
    """The sorts of special a lesson's level must let runs form (a combo: both; a blocker: none)."""
    if lesson in BLOCKERS:
        return ()
    return tuple(SpecialSort(word) for word in dict.fromkeys(lesson.value.split("+")))


def still_to_come(course: Sequence[Level], place: int) -> tuple[Lesson, ...]:
    """The lessons a level put at `place` in a course (levels in the order a player meets
    them) comes before: taught after it and not before, so it must not use them by accident."""
    before = {level.teaches for level in course[:place]}
    return tuple(dict.fromkeys(level.teaches for level in course[place:]
                               if level.teaches is not None and level.teaches not in before))


@dataclass(frozen=True, slots=True)
class Request:
    """What a designer asks for: the board, what may be on it, the band and the lesson."""

    mode: Mode = Mode.MATCH3
    width: int = 7
    height: int = 7
    kinds: int = 5
    blockers: tuple[Lesson, ...] = ()             # the lessons of the blockers it may place (and fallers)
    specials: tuple[SpecialSort, ...] = ()        # sorts of special runs may form (match3)
    band: tuple[float, float] = (0.40, 0.60)      # the person-like bot's pass rate
    teaches: Lesson | None = None
    moves: tuple[int, int] = (10, 30)
    count: int = 1
    seed: int = 0
    ids: tuple[str, ...] = ()                     # the levels' ids (the deal is seeded by them)
    against: tuple[Level, ...] = ()               # levels every proposal must differ from
    untaught: tuple[Lesson, ...] = ()             # lessons still to come: none may go off by accident
    min_distance: float = MIN_DISTANCE
    games: int = DEFAULT_GAMES                    # fresh games of the check
    search_games: int = SEARCH_GAMES
    lesson_games: int = LESSON_GAMES
    tries: int = TRIES
    workers: int = 1
    scheduler: str | None = None

    def level_id(self, index: int) -> str:
        return self.ids[index] if index < len(self.ids) else f"gen-{self.seed}-{index + 1}"

    def search_seeds(self, index: int) -> range:
        start = self.seed * SEARCH_SPAN + index * self.search_games
        return range(start, start + self.search_games)

    def fresh_seeds(self, block: int) -> range:
        start = FRESH_BASE + (self.seed * BLOCKS_PER_SEED + block) * self.games
        return range(start, start + self.games)

    def problem(self) -> str | None:
        """What is wrong with the request, in words (None: nothing)."""
        lo, hi = self.band
        if not 0 <= lo < hi <= 1:
            return f"the band must be two rates 0 <= low < high <= 1, found {lo:g}-{hi:g}"
        if not 1 <= self.moves[0] <= self.moves[1] <= 999:
            return f"the moves range must be 1 <= low <= high <= 999, found {self.moves[0]}-{self.moves[1]}"
        if not 0 <= self.seed < MAX_SEED:
            return f"the seed must be 0..{MAX_SEED - 1}, found {self.seed}"
        if not (1 <= self.games <= MAX_GAMES and 1 <= self.search_games <= 10_000 and self.lesson_games >= 1):
            return "game counts must be at least 1 (the check at most 100,000, the search 10,000)"
        if self.count < 1 or self.count * self.search_games > SEARCH_SPAN:
            return f"ask for 1..{SEARCH_SPAN // self.search_games} levels, found {self.count}"
        if self.mode == Mode.SLIDE:
            return "slide levels are not generated (their difficulty is the shuffle, not a limit)"
        if not (MIN_SIZE <= self.width <= MAX_SIZE and MIN_SIZE <= self.height <= MAX_SIZE):
            return f"the board must be {MIN_SIZE}..{MAX_SIZE} cells a side, found {self.width}x{self.height}"
        if not MIN_KINDS <= self.kinds <= MAX_KINDS:
            return f"kinds must be {MIN_KINDS}..{MAX_KINDS}, found {self.kinds}"
        if self.teaches is not None and self.teaches not in BLOCKERS and \
                not set(lesson_sorts(self.teaches)) <= set(self.specials):
            return f"it cannot teach {self.teaches} unless {' and '.join(lesson_sorts(self.teaches))} may form"
        if any(b not in BLOCKERS for b in self.blockers):
            return f"blockers are {', '.join(BLOCKERS)}"
        if self.teaches is not None and self.mode not in lesson_modes(self.teaches):
            return f"a {self.mode} level cannot teach {self.teaches} (only {' and '.join(lesson_modes(self.teaches))})"
        for faller in FALLER_LESSONS.values():
            if faller.lesson in self.blockers and self.mode not in faller.modes:
                return f"{self.mode} levels have no {faller.name}"
        if self.teaches is not None and self.teaches in BLOCKERS and self.teaches not in self.blockers:
            return f"it cannot teach {self.teaches} without placing it: allow that blocker"
        return None


@dataclass(frozen=True, slots=True)
class Proposal:
    """A level kept: it with its made: note, stars and play seed, its proof, and its figures."""

    level: Level
    proof: tuple[Command, ...]
    measured: Measured
    lesson: LessonVerdict | None
    distance: float | None    # layout distance to the nearest level held against (None: none)
    tries: int                # candidates tried for it
    checks: int               # fresh blocks played for it


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a run is: the level being searched (0-based), levels kept, games played, what now."""

    index: int
    kept: int
    count: int
    games: int
    said: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a run gives: the proposals, and why each level not found was given up."""

    proposals: tuple[Proposal, ...]
    missed: tuple[str, ...]
    cancelled: bool = False


class Cancelled(Exception):
    """The caller's cancel flag was raised."""


class _Run:
    """One request's search: the farm, the games count, the progress and cancel hooks."""

    def __init__(self, request: Request, progress: Callable[[Progress], None] | None,
                 cancel: Callable[[], bool] | None) -> None:
        self.request = request
        self.report = progress
        self.cancel = cancel
        self.games = 0
        self.said = ""
        self.index = 0
        self.kept: list[Proposal] = []
        self.block = 0
        self.farm = Farm(request.workers, request.scheduler, self._tick)
        self.shape = Shape(request.mode, request.width, request.height, request.kinds,
                           request.specials, request.teaches)

    def _tick(self, games: int) -> None:
        self.games += games
        self.say(self.said)

    def stop_if_asked(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled

    def say(self, said: str) -> None:
        self.stop_if_asked()
        self.said = said
        if self.report is not None:
            self.report(Progress(self.index, len(self.kept), self.request.count, self.games, said))

    def nearest(self, level: Level) -> float | None:
        """The layout distance to the nearest level it is held against (None: there is none)."""
        others = [p.level for p in self.kept] + list(self.request.against)
        return min((layout_distance(level, other) for other in others), default=None)

    def window(self, centre: float) -> float:
        """How far from the band's centre the search's estimate may land: what the fresh
        check (its interval, by its half-width inside the band) leaves of the band."""
        lo, hi = self.request.band
        half = Z95 * (max(centre * (1 - centre), 0.01) / self.request.games) ** 0.5
        return max(SEARCH_MARGIN, (hi - lo) / 2 - 2 * float(half))

    def one(self, index: int) -> Proposal | str:
        """Search for the index-th level: a proposal, or why none was found."""
        request, shape = self.request, self.shape
        rng = BotRandom(seed_state("generate", request.seed, index))
        lo_moves, hi_moves = request.moves
        centre = sum(request.band) / 2
        window = self.window(centre)
        seeds = request.search_seeds(index)
        level_id = request.level_id(index)
        genome = random_genome(shape, request.blockers, (lo_moves + hi_moves) // 2, rng)
        why = "no candidate was tried"
        checks = 0
        for attempt in range(1, request.tries + 1):
            self.say(f"level {index + 1}: candidate {attempt}")
            level = build(shape, genome, level_id, hi_moves)
            if level is None:
                genome, why = random_genome(shape, request.blockers, (lo_moves + hi_moves) // 2, rng), \
                    "the candidates were not valid levels"
                continue
            rates = curve(self.farm.play(level, seeds), request.moves)
            if rates[-1][1] < centre - window:
                why = f"too hard: {rates[-1][1]:.0%} with {hi_moves} moves"
                # At the least load the board itself is too hard (a faller's piece held above holes): draw another.
                genome = rescale(shape, genome, TOO_FAR if rates[-1][1] < request.band[0] else NUDGE, rng) \
                    if genome.load > 1 else random_genome(shape, request.blockers, (lo_moves + hi_moves) // 2, rng)
                continue
            if rates[0][1] > centre + window:
                genome, why = rescale(shape, genome, 1 / TOO_FAR if rates[0][1] > request.band[1] else 1 / NUDGE, rng), \
                    f"too easy: {rates[0][1]:.0%} with {lo_moves} moves"
                continue
            moves, rate = min(rates, key=lambda mr: (abs(mr[1] - centre), mr[0]))
            if abs(rate - centre) > window:
                genome, why = rescale(shape, genome, NUDGE if rate < centre else 1 / NUDGE, rng), \
                    f"no move limit lands: {rate:.0%} at {moves} moves"
                continue
            level = dataclasses.replace(level, moves=moves)
            distance = self.nearest(level)
            if distance is not None and distance < request.min_distance:
                genome, why = random_genome(shape, request.blockers, moves, rng), \
                    f"too like another level (distance {distance:.2f})"
                continue
            fresh = request.fresh_seeds(self.block)
            self.block += 1
            checks += 1
            self.say(f"level {index + 1}: fresh check of {level_id} ({moves} moves)")
            measured = measure(self.farm, level, fresh)
            if not measured.kept_in(request.band):
                lo, hi = measured.interval
                genome, why = rescale(shape, genome, NUDGE if measured.rate < centre else 1 / NUDGE, rng), \
                    f"fresh seeds put it at {measured.rate:.1%} ({lo:.1%}-{hi:.1%})"
                continue
            verdict = None
            if request.teaches is not None or request.untaught:
                self.say(f"level {index + 1}: lesson check of {level_id}")
                verdict = lesson_verdict(level, request.untaught, fresh[:request.lesson_games])
                if not verdict.passed:
                    genome, why = mutate(shape, genome, rng), verdict.failure()
                    continue
            finished = finish(level, measured.records)
            if finished is None:
                genome, why = mutate(shape, genome, rng), "no bot found a winning game to prove it"
                continue
            made = Made(band=request.band, search_seeds=(seeds[0], seeds[-1]), seeds=(fresh[0], fresh[-1]),
                        games=measured.dealt, wins=measured.wins, rate=round(measured.rate, 4),
                        interval=(round(measured.interval[0], 4), round(measured.interval[1], 4)),
                        distance=None if distance is None else round(distance, 4))
            return Proposal(dataclasses.replace(finished.level, made=made), finished.proof, measured,
                            verdict, distance, attempt, checks)
        return f"level {index + 1}: none found in {request.tries} candidates (last: {why})"


def generate(request: Request, progress: Callable[[Progress], None] | None = None,
             cancel: Callable[[], bool] | None = None) -> Outcome:
    """Search for `request.count` levels; `progress` hears of each step, `cancel` is asked
    between games and stops the run (what was kept so far comes back)."""
    bad = request.problem()
    if bad is not None:
        raise ValueError(bad)
    run = _Run(request, progress, cancel)
    missed: list[str] = []
    try:
        for index in range(request.count):
            run.index = index
            found = run.one(index)
            if isinstance(found, str):
                missed.append(found)
            else:
                run.kept.append(found)
                run.say(f"level {index + 1}: kept {found.level.id}")
    except Cancelled:
        return Outcome(tuple(run.kept), tuple(missed), cancelled=True)
    return Outcome(tuple(run.kept), tuple(missed))


def remeasure(level: Level, games: int = DEFAULT_GAMES, workers: int = 1, scheduler: str | None = None,
              first: int = REMEASURE_BASE) -> Measured:
    """The pass rate again on seeds from REMEASURE_BASE on: a range no search or check played."""
    return measure(Farm(workers, scheduler), level, range(first, first + games))


__all__ = ["Cancelled", "Genome", "Outcome", "Progress", "Proposal", "Request", "generate", "lesson_sorts",
           "remeasure", "still_to_come"]
