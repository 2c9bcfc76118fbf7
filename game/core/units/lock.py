"""The lock: a tile that stays put (never swapped, never falling) until a clear takes its lock instead of it."""

from __future__ import annotations

from typing import cast

from ..events import Unlocked
from ..grid import Cell
from .base import Blocker, Hit


def _read(event: object) -> tuple[Cell, int]:
    return cast(Unlocked, event).cell, 0


LOCK = Blocker(
    "locks", Hit.COVER, holds=True, frees=False, event=Unlocked,
    made=lambda cell, left: Unlocked(cell), read=_read,
    placed=lambda level: tuple((cell, 1) for cell in level.locks),
    swap_refusal=("is locked", "That tile is locked: match it to break the lock."),
    chain_refusal=("is locked: a chain never runs over a locked tile",
                   "Locked tiles cannot be chained: eat a tile next to the lock."),
)
