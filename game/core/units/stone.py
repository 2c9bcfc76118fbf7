"""The stone: fills its cell (STONE in the grid), never moves; hits from clears next to it break it."""

from __future__ import annotations

from operator import attrgetter

from ..events import Cracked
from ..grid import SOLID
from ..tokens import is_digits
from ..vocab import GoalName, Lesson, Mode
from .base import Blocker, Hit, Placing
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool

STONE_TOKEN = "S"
MAX_STONE_HITS = 3
"""`S1`..`S3`: a stone with its hits."""


def token_stone(tok: str) -> int | None:
    """The hits of the stone a layout token places (`S1`..`S3`), else None."""
    if len(tok) == 2 and tok[0] == STONE_TOKEN and tok[1] in "123":
        return int(tok[1])
    return None


def _problem(tok: str, kinds: int | None) -> str | None:
    if not (len(tok) == 2 and tok[0] == STONE_TOKEN and is_digits(tok[1])):
        return None
    if token_stone(tok) is None:
        return f"a stone takes 1 to {MAX_STONE_HITS} hits: write S1, S2 or S3, not '{tok}'"
    return ""


STONE = Blocker(
    "stones", Hit.NEAR, holds=True, frees=True, event=Cracked, made=Cracked, read=attrgetter("cell", "hits"),
    swap_refusal=("is a stone, which never moves", "Stones cannot be moved: clear tiles next to them."),
    layers_of=lambda tok: token_stone(tok) or 0, tile_of=lambda tok: SOLID,
    token_problem=_problem, token_help="S1-S3 a stone", many="stones", samples=("S1", "S2", "S3"),
    goal=GoalName.STONES,
    none_placed="there is no stone to break: place S1, S2 or S3 in the layout, or remove the goal",
    short="stones left", counted="stone", lesson=Lesson.STONES, credit=0.5, placing=Placing(per=3, least=2, share=2, off_top=True),
    label="Stones", goal_line="Break every stone ({target})",
    look=Look(Pattern.ROCK, Depth.FILL, ((150, 150, 160), (170, 170, 180), (40, 40, 48)), shown=MAX_STONE_HITS,
              hit=Motion.SHAKE, gone=Motion.CRUMBLE, chips=3, sound=Sound.CRACK),
    tool=Tool("S", "stone", (Mode.MATCH3, Mode.CHAIN), Edit.CYCLE, MAX_STONE_HITS,
              "Stone {token} (S; S again for 1-3 hits): never moves, breaks from clears beside it",
              "stone; S again or a click on a stone: one more hit (1-3)", mark=STONE_TOKEN, layer="hit"),
)
