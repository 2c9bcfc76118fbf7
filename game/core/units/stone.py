"""The stone: fills its cell (STONE in the grid), never moves; hits from clears next to it break it."""

from __future__ import annotations

from typing import cast

from ..events import Cracked
from ..grid import Cell
from .base import Blocker, Hit


def _read(event: object) -> tuple[Cell, int]:
    cracked = cast(Cracked, event)
    return cracked.cell, cracked.hits


STONE = Blocker(
    "stones", Hit.NEAR, holds=True, frees=True, event=Cracked,
    made=Cracked, read=_read, placed=lambda level: level.stones,
    swap_refusal=("is a stone, which never moves", "Stones cannot be moved: clear tiles next to them."),
)
