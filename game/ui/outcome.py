"""How a player left a level: the outcome the play view hands back to the app or the editor."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core import Command, Status


class Action(StrEnum):
    """What the player chose when leaving a level."""

    NEXT = "next"
    LEVELS = "levels"
    RETRY = "retry"         # the same deal again
    NEW_DEAL = "new deal"   # another deal of the level
    EDITOR = "editor"
    WATCH = "watch"     # the game just finished, in the replay theatre


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """How a game was left: where it stood and what the player chose to do next."""

    level_id: str
    seed: int
    status: Status
    score: int
    stars: int
    commands: tuple[Command, ...]
    action: Action
    undone: bool = False   # undo was used (its stars are capped: game.ui.play_undo)
    helped: bool = False   # keep going gave it moves (a win earns no stars: game.ui.play_keep)
