"""Jelly: layers under a cell, one gone each time the tile on it clears."""

from __future__ import annotations

from typing import cast

from ..events import JellyCleared
from ..grid import Cell
from .base import Blocker, Hit


def _read(event: object) -> tuple[Cell, int]:
    cleared = cast(JellyCleared, event)
    return cleared.cell, cleared.layers


JELLY = Blocker(
    "jelly", Hit.UNDER, holds=False, frees=False, event=JellyCleared,
    made=JellyCleared, read=_read, map_key="jelly",
)
