"""The core's typed words: the modes, a game's status, the goal names and the specials, checked by mypy."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """The kind of level; the value is what a level file's `mode:` says."""

    MATCH3 = "match3"
    CHAIN = "chain"
    SLIDE = "slide"


class Status(StrEnum):
    """Where a game stands; the value is what progress files and reports say."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class GoalName(StrEnum):
    """What a goal asks for, as the HUD and reports name it."""

    SCORE = "score"
    COLLECT = "collect"
    REACH = "reach"
    SOLVE = "solve"
    JELLY = "jelly"      # jelly layers cleared of all placed
    STONES = "stones"    # stones broken of all placed
    ICE = "ice"          # ice layers cleared of all placed
    DROPS = "drops"      # drops collected of the goal


class Special(StrEnum):
    """A match3 special tile, named by its layout letter (`3h`, `3v`, `3b`, `*`)."""

    ROW = "h"        # a line special that clears its row (made by a run of 4 along a column)
    COLUMN = "v"     # a line special that clears its column (made by a run of 4 along a row)
    BOMB = "b"       # clears the 3x3 around it (made by an L, T or +)
    RAINBOW = "*"    # no kind of its own (made by a run of 5 or more)


class SpecialSort(StrEnum):
    """A sort of special a run can form, as a level file's `specials:` names it (a line is a row
    or a column line: which one follows from the run's direction)."""

    LINE = "line"
    BOMB = "bomb"
    RAINBOW = "rainbow"


class Lesson(StrEnum):
    """What a level teaches (a level file's `teaches:`): a special, a combo of two specials
    swapped together, or a blocker. The lab checks a level teaches it (game.bots.lessons)."""

    LINE = "line"                          # a row or column line special going off
    BOMB = "bomb"
    RAINBOW = "rainbow"
    LINE_LINE = "line+line"                # combos: two specials swapped together
    LINE_BOMB = "line+bomb"
    BOMB_BOMB = "bomb+bomb"
    RAINBOW_LINE = "rainbow+line"
    RAINBOW_BOMB = "rainbow+bomb"
    RAINBOW_RAINBOW = "rainbow+rainbow"
    JELLY = "jelly"                        # blockers: a jelly layer cleared, a stone hit, ...
    STONES = "stones"
    LOCKS = "locks"
    DROPS = "drops"
    ICE = "ice"
