"""The core's typed words: the modes, a game's status and the goal names, checked by mypy."""

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
