"""The lock: a tile that stays put (never swapped, never falling) until a clear takes its lock instead of it."""

from __future__ import annotations

from typing import cast

from ..checking import shorten
from ..events import Unlocked
from ..grid import Cell
from ..tokens import HOLE_TOKEN, PLAYER_TOKEN, RAINBOW_TOKEN
from ..vocab import Lesson, Mode
from .base import Blocker, Hit, over_tile, tile_problem, tile_under
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool

LOCK_TOKEN = "L"
"""`3L` a locked tile of kind 3, `.L` a locked random one."""


def token_locked(tok: str) -> bool:
    """Whether a layout token places a locked tile (`3L`, or `.L` a random one)."""
    return len(tok) == 2 and tok[1] == LOCK_TOKEN and over_tile(tok[0])


def _problem(tok: str, kinds: int | None) -> str | None:
    if not (len(tok) == 2 and tok[1] == LOCK_TOKEN):
        return None
    if tok[0] in (HOLE_TOKEN, PLAYER_TOKEN, RAINBOW_TOKEN) or token_locked(tok):
        return tile_problem(tok, kinds, "locked", "a lock goes on") or ""
    return f"'{shorten(tok)}' is not a cell (a locked tile is a kind 1-9 or '.' then L, like '3L')"


def _read(event: object) -> tuple[Cell, int]:
    return cast(Unlocked, event).cell, 0


LOCK = Blocker(
    "locks", Hit.COVER, holds=True, frees=False, event=Unlocked,
    made=lambda cell, left: Unlocked(cell), read=_read,
    swap_refusal=("is locked", "That tile is locked: match it to break the lock."),
    chain_refusal=("is locked: a chain never runs over a locked tile",
                   "Locked tiles cannot be chained: eat a tile next to the lock."),
    layers_of=lambda tok: 1 if token_locked(tok) else 0,
    tile_of=tile_under,
    token_problem=_problem, token_help="3L or .L a locked tile", many="locked tiles", samples=("3L", ".L"),
    lesson=Lesson.LOCKS, credit=0.2, digested=lambda layer: tuple(cell for cell, _ in layer),
    look=Look(Pattern.CHAINS, Depth.OVER, ((245, 190, 40), (200, 206, 220), (40, 42, 52)),
              gone=Motion.BURST, chips=4, sound=Sound.CLINK),
    tool=Tool("L", "lock", (Mode.MATCH3, Mode.CHAIN), Edit.TOGGLE, 1,
              "Lock (L): click a tile to lock or unlock it; it never moves, a clear breaks the lock",
              "lock or unlock a tile", mark=LOCK_TOKEN),
)
