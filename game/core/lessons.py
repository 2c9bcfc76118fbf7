"""Lessons: which mechanic a level teaches, and whether one move used it (read off the move's
events and the board it was played on: the rule the lesson lab, the validator and the editor ask)."""

from __future__ import annotations

from collections.abc import Sequence

from .commands import Command, Swap
from .events import Created, Detonated, Event, FinaleBegan
from .state import State
from .units import FALLER_LESSONS, LESSON_OF, SPECIAL_NAMED, SPECIALS
from .vocab import Lesson, Special

# The specials each special lesson is about (a line is a row or a column line).
SPECIAL_LESSONS: dict[Lesson, frozenset[Special]] = {unit.lesson: frozenset(unit.specials) for unit in SPECIALS}
# A combo lesson: the two sorts of special swapped together, as its word names them (units' names joined by '+').
COMBO_LESSONS: dict[Lesson, tuple[frozenset[Special], frozenset[Special]]] = {
    lesson: (frozenset(SPECIAL_NAMED[a].specials), frozenset(SPECIAL_NAMED[b].specials))
    for lesson in Lesson if len(parts := lesson.value.split("+")) == 2 for a, b in [parts]
}
# A blocker lesson: the event that shows the blocker was dealt with (a unit's hit, a faller's piece brought down).
BLOCKER_EVENTS: dict[Lesson, type] = {
    **{lesson: unit.event for lesson, unit in LESSON_OF.items()},
    **{lesson: unit.event for lesson, unit in FALLER_LESSONS.items()},
}


def combo_of(state: State, command: Command) -> frozenset[Lesson]:
    """The combo lessons a swap of two specials in `state` is (empty for any other move)."""
    if not isinstance(command, Swap):
        return frozenset()
    a, b = state.special_at(command.a), state.special_at(command.b)
    if a is None or b is None:
        return frozenset()
    return frozenset(lesson for lesson, (x, y) in COMBO_LESSONS.items()
                     if (a in x and b in y) or (a in y and b in x))


def lesson_used(lesson: Lesson, state: State, command: Command, events: Sequence[Event]) -> bool:
    """Whether playing `command` in `state` (which caused `events`) used `lesson`'s mechanic:
    a special of its sort went off, its two specials were swapped together, or its blocker
    was hit (its unit's event, or a faller's piece brought down).
    The finale of a winning move is not the player's doing (every move left becomes a line
    that fires): only the events before it count."""
    events = played(events)
    specials = SPECIAL_LESSONS.get(lesson)
    if specials is not None:
        return any(isinstance(e, Detonated) and e.special in specials for e in events)
    if lesson in COMBO_LESSONS:
        return lesson in combo_of(state, command)
    kind = BLOCKER_EVENTS[lesson]
    return any(isinstance(e, kind) for e in events)


def lesson_specials(lesson: Lesson) -> frozenset[Special]:
    """The specials a special or combo lesson is about (none for a blocker lesson)."""
    if lesson in COMBO_LESSONS:
        first, second = COMBO_LESSONS[lesson]
        return first | second
    return SPECIAL_LESSONS.get(lesson, frozenset())


def lesson_made(lesson: Lesson, events: Sequence[Event]) -> bool:
    """Whether a move's `events` (up to its finale) made a special `lesson` is about: the move
    that sets the lesson up."""
    specials = lesson_specials(lesson)
    return any(isinstance(e, Created) and e.special in specials for e in played(events))


def played(events: Sequence[Event]) -> Sequence[Event]:
    """A move's events up to its finale (all of them when it has none): what the player did."""
    for i, event in enumerate(events):
        if isinstance(event, FinaleBegan):
            return events[:i]
    return events
