"""The lesson lab: does a level teach what its `teaches:` says? In the person-like bot's wins the
mechanic is used in at least USE_SHARE of them, and a person-like bot that never uses it wins at
most AVOID_SHARE of its games (the level cannot be won without the lesson); and no level a player
meets before a mechanic's lesson uses it by accident in more than ACCIDENT_SHARE of those wins."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from game.core import Command, Lesson, Level, LevelError, Mode, State, Status, legal_commands, lesson_used, play

from .base import play_game
from .person import PersonChainBot, PersonMatch3Bot, _notice, person_bot

# The bar: the wins use the lesson nearly always, and skipping it nearly never wins.
USE_SHARE = 0.9
AVOID_SHARE = 0.2
# A level before a mechanic's lesson shows it in fewer than this share of the person-like bot's
# wins: a special going off there is luck the player cannot yet read, not a lesson.
ACCIDENT_SHARE = 0.2
# Games per bot the full check plays (`gridfall validate --lessons`).
LESSON_GAMES = 20


class AvoidingBot:
    """The person-like bot that never uses `lesson`: of the moves whose outcome uses it (a
    special of that sort going off, those two specials swapped, that blocker hit) it plays none
    while another move is left. It looks at each move's real outcome: a lab bot, not a player."""

    name = "avoiding"

    def __init__(self, level: Level, lesson: Lesson, seed: int = 0) -> None:
        person = person_bot(level.mode, seed)
        if not isinstance(person, (PersonMatch3Bot, PersonChainBot)):
            raise ValueError(f"a {level.mode} level teaches no {lesson}")
        self.person = person
        self.lesson = lesson

    def choose(self, state: State) -> Command:
        options = [c for c in legal_commands(state) if not lesson_used(self.lesson, state, c, play(state, c)[0])]
        if not options:   # every move uses it: the bot must move all the same
            return self.person.choose(state)
        return _notice(self.person.rng, options, lambda c: self.person.worth(state, c))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class LessonReport:
    """What the lab saw of one level's lesson."""

    level_id: str
    lesson: Lesson
    games: int          # games per bot
    wins: int           # the person-like bot's wins
    used: int           # of those wins, the ones that used the lesson
    avoid_wins: int     # the wins of the bot that never uses it

    @property
    def use_share(self) -> float:
        return self.used / self.wins if self.wins else 0.0

    @property
    def avoid_share(self) -> float:
        return self.avoid_wins / self.games if self.games else 0.0

    @property
    def passed(self) -> bool:
        return self.wins > 0 and self.use_share >= USE_SHARE - 1e-9 and self.avoid_share <= AVOID_SHARE + 1e-9

    def failure(self) -> str:
        """Why the level fails its lesson, in a designer's words ('' when it passes)."""
        if self.wins == 0:
            return (f"does not teach {self.lesson}: the person-like bot won none of {self.games} games, "
                    "so no win shows the lesson")
        why = []
        if self.use_share < USE_SHARE - 1e-9:
            why.append(f"the person-like bot's wins used it in {self.used} of {self.wins} "
                       f"(at least {USE_SHARE:.0%} should)")
        if self.avoid_share > AVOID_SHARE + 1e-9:
            why.append(f"a bot that never uses it won {self.avoid_wins} of {self.games} games "
                       f"(at most {AVOID_SHARE:.0%} should)")
        return f"does not teach {self.lesson}: " + "; ".join(why) if why else ""


def lesson_game(level: Level, lesson: Lesson, seed: int, avoid: bool) -> tuple[bool, bool]:
    """(won, used the lesson) for one game of the person-like bot, or of the one that avoids it."""
    bot = AvoidingBot(level, lesson, seed) if avoid else person_bot(level.mode, seed)
    try:
        session = play_game(level, seed, bot)
    except LevelError:
        return False, False
    state = session.initial
    used = False
    for turn in session.turns:
        used = used or lesson_used(lesson, state, turn.command, turn.events)
        state = turn.state
    return session.state.status == Status.WON, used


def check_lesson(level: Level, seeds: Sequence[int]) -> LessonReport | None:
    """The lab's verdict on `level`'s lesson over `seeds` (None when it teaches nothing)."""
    lesson = level.teaches
    if lesson is None:
        return None
    person = [lesson_game(level, lesson, s, avoid=False) for s in seeds]
    avoid = [lesson_game(level, lesson, s, avoid=True) for s in seeds]
    return LessonReport(level.id, lesson, len(seeds), sum(w for w, _ in person),
                        sum(w and u for w, u in person), sum(w for w, _ in avoid))


@dataclass(frozen=True, slots=True)
class AccidentReport:
    """A level before `lesson`'s first teaching level (`taught_by`), and how often the
    person-like bot's wins there used that lesson's mechanic."""

    level_id: str
    lesson: Lesson
    taught_by: str
    wins: int
    used: int

    @property
    def passed(self) -> bool:
        return self.used < ACCIDENT_SHARE * self.wins or self.used == 0

    def failure(self) -> str:
        """Why the level fails, in a designer's words ('' when it passes)."""
        if self.passed:
            return ""
        return (f"uses {self.lesson} before {self.taught_by} teaches it: the person-like bot's wins used it "
                f"in {self.used} of {self.wins} (fewer than {ACCIDENT_SHARE:.0%} should)")


def lessons_used(level: Level, lessons: Iterable[Lesson], seed: int) -> tuple[bool, frozenset[Lesson]]:
    """(won, the `lessons` whose mechanic it used) for one game of the person-like bot."""
    wanted = tuple(lessons)
    try:
        session = play_game(level, seed, person_bot(level.mode, seed))
    except LevelError:
        return False, frozenset()
    state = session.initial
    used: set[Lesson] = set()
    for turn in session.turns:
        used.update(lesson for lesson in wanted
                    if lesson not in used and lesson_used(lesson, state, turn.command, turn.events))
        state = turn.state
    return session.state.status == Status.WON, frozenset(used)


def check_accidents(levels: Sequence[Level], seeds: Sequence[int],
                    only: Collection[str] | None = None) -> list[AccidentReport]:
    """For the levels of a course in order (a pack, or packs one after another as a player
    meets them): each level before a lesson's first teaching level, with how often its wins
    used that lesson (one report per level and lesson; slide levels use none). With `only`,
    just the levels of those ids are played, the rest of the course still saying where each
    lesson comes."""
    first: dict[Lesson, int] = {}   # each lesson's first teaching level, by its place in the course
    for i, level in enumerate(levels):
        if level.teaches is not None:
            first.setdefault(level.teaches, i)
    before = [(level, [(lesson, levels[at].id) for lesson, at in first.items() if at > i])
              for i, level in enumerate(levels)
              if level.mode != Mode.SLIDE and (only is None or level.id in only)]
    out: list[AccidentReport] = []
    for level, coming in before:
        if not coming:
            continue
        games = [lessons_used(level, [lesson for lesson, _ in coming], s) for s in seeds]
        wins = sum(won for won, _ in games)
        for lesson, by in coming:
            out.append(AccidentReport(level.id, lesson, by, wins, sum(won and lesson in used for won, used in games)))
    return out
