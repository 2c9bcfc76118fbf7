"""What the generator measures of a candidate: its pass rate by move limit on the search seeds, its rate on fresh seeds, its lesson, and its proof and stars."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core import Command, Lesson, Level, Mode, playability_problems

from .farm import Job, play_jobs
from .lessons import AccidentReport, LessonReport, check_lesson, lessons_used
from .playtest import PERSON, GameRecord, pass_curve, wilson
from .proving import Proof, find_best, find_win
from .stars import STAR_HUNT, propose_stars, reachable_marks

# Other seeds a level's proof may start from when no bot wins its own (the level then names it).
PROOF_SEEDS = 6


@dataclass(frozen=True, slots=True)
class Farm:
    """Where the games are played: here, on processes, or on a Dask cluster."""

    workers: int = 1
    scheduler: str | None = None
    tick: Callable[[int], None] | None = None   # hears of every chunk of games played

    def play(self, level: Level, seeds: Sequence[int]) -> list[GameRecord]:
        """The person-like bot's games of `level` on `seeds`, in seed order."""
        return play_jobs([Job(level, tuple(seeds), PERSON)], workers=self.workers,
                         scheduler=self.scheduler, progress=self.tick)[0]


def curve(records: Sequence[GameRecord], moves: tuple[int, int]) -> list[tuple[int, float]]:
    """The pass rate under each move limit of the range, read off games played to its top (a
    game won at move m is won under any limit from m: the person-like bot never looks at the
    moves left, so the game under a lower limit is the same game, cut short)."""
    limits = list(range(moves[0], moves[1] + 1))
    return list(zip(limits, pass_curve(records, limits)))


@dataclass(frozen=True, slots=True)
class Measured:
    """A level's games on fresh seeds: wins of dealt games and the 95% Wilson interval."""

    records: tuple[GameRecord, ...]
    wins: int
    dealt: int

    @property
    def rate(self) -> float:
        return self.wins / self.dealt if self.dealt else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.dealt)

    def inside(self, band: tuple[float, float], margin: float = 0.0) -> bool:
        """Whether the whole interval lies in the band, `margin` away from its edges (every
        seed dealt)."""
        lo, hi = self.interval
        return self.dealt == len(self.records) and band[0] + margin <= lo and hi <= band[1] - margin

    def kept_in(self, band: tuple[float, float]) -> bool:
        """Whether a generator keeps it: the interval inside the band by its own half-width, so
        that the rate measured again on other seeds lands inside too (an interval that only
        just fits is as likely as not to stick out the next time)."""
        lo, hi = self.interval
        return self.inside(band, (hi - lo) / 2)


def measure(farm: Farm, level: Level, seeds: Sequence[int]) -> Measured:
    """The person-like bot's pass rate of `level` on `seeds`."""
    records = tuple(farm.play(level, seeds))
    dealt = [r for r in records if r.dealt]
    return Measured(records, sum(r.won for r in dealt), len(dealt))


@dataclass(frozen=True, slots=True)
class LessonVerdict:
    """The lesson check: the lab's report, and each untaught lesson's accidental use."""

    report: LessonReport | None
    accidents: tuple[AccidentReport, ...]

    @property
    def passed(self) -> bool:
        return (self.report is None or self.report.passed) and all(a.passed for a in self.accidents)

    def failure(self) -> str:
        said = [self.report.failure()] if self.report is not None and not self.report.passed else []
        return "; ".join(said + [a.failure() for a in self.accidents if not a.passed])


def lesson_verdict(level: Level, untaught: Sequence[Lesson], seeds: Sequence[int]) -> LessonVerdict:
    """`gridfall validate --lessons`'s check of one level: it teaches what it says (the
    person-like bot's wins use it, a bot that never uses it wins at most 20%), and uses none of
    `untaught` (lessons still to come) in ACCIDENT_SHARE or more of its wins."""
    report = check_lesson(level, seeds)
    coming = [lesson for lesson in untaught if lesson != level.teaches]
    accidents: list[AccidentReport] = []
    if coming:
        games = [lessons_used(level, coming, s) for s in seeds]
        wins = sum(won for won, _ in games)
        accidents = [AccidentReport(level.id, lesson, "a later level", wins,
                                    sum(won and lesson in used for won, used in games)) for lesson in coming]
    return LessonVerdict(report, tuple(accidents))


@dataclass(frozen=True, slots=True)
class Finished:
    """A level ready to ship: its play seed (the proof's), its stars, and the proof's commands."""

    level: Level
    proof: tuple[Command, ...]


def finish(level: Level, records: Sequence[GameRecord]) -> Finished | None:
    """The level with its stars set from the winning games of `records` (match3 and chain: the
    house's star setter) and a winning game from its play seed (another seed when no bot wins
    that one), its marks within reach of that deal; None when it does not deal or no bot wins it."""
    stars = propose_stars(level, records)
    if stars is not None:
        level = dataclasses.replace(level, stars=stars)
    first = level.play_seed
    for seed in range(first, first + PROOF_SEEDS):
        candidate = level if seed == first else dataclasses.replace(level, seed=seed)
        if playability_problems(candidate):
            continue
        proof = find_win(candidate, seed)
        if proof is not None:
            return _within_reach(candidate, proof)
    return None


def _within_reach(level: Level, proof: Proof) -> Finished:
    """`level` with the best known game of its deal as its proof, and its point marks lowered
    where no such game reaches them: the games `validate` knows (the proof and STAR_HUNT
    strong bot games), so every star the level shows is one a player can earn there."""
    if proof.stars < 3 and level.mode != Mode.SLIDE:
        found = find_best(level, level.play_seed, tries=STAR_HUNT)
        if found is not None and (found.stars, found.score) > (proof.stars, proof.score):
            proof = found
        marks = reachable_marks(level, proof.score) if proof.stars < 3 else None
        if marks is not None:
            level = dataclasses.replace(level, stars=marks)
    return Finished(level, proof.commands)
