"""Collected tiles flying from the board to their goal's counter in the HUD, which counts each as it lands: a picture of Cleared events, never a rule."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable, Sequence

import arcade

from game.core import Cell, State

from . import textures
from .damage import Mark, sprite_marks
from .tween import Animator, Tween, ease_in_out, there_and_back

FLIGHT = 0.5            # seconds from the board to the counter
STAGGER = 0.035         # between tiles of one clear, so they read as a stream
MAX_PER_CLEAR = 6       # a clear of many wanted tiles sends a few: each is a quad to fill on software GL
PULSE = 0.18            # the counter's swell as a tile lands
PULSE_SCALE = 1.35


class GoalFliers:
    """Small tiles in flight, with their own animator: they never hold up the board's batch."""

    def __init__(self, speed: float = 1.0, on_land: Callable[[], object] | None = None) -> None:
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.animator = Animator(speed)
        self._base: dict[int, float] = {}   # each counter icon's resting scale, by id
        # Collected tiles of each kind still in the air: their counter shows them on landing.
        self.pending: dict[int, int] = {}
        self.on_land = on_land

    @property
    def flying(self) -> bool:
        return len(self.sprites) > 0

    def owed(self, state: State) -> State:
        """`state` as the counters show it: the tiles still flying not yet counted."""
        if not any(self.pending.values()):
            return state
        counted = tuple(max(0, n - self.pending.get(kind, 0)) for kind, n in enumerate(state.collected, 1))
        return dataclasses.replace(state, collected=counted)

    def clear(self) -> None:
        """Drop every tile in flight (the board jumped: undo, restart); nothing is owed."""
        self.sprites.clear()
        self.pending.clear()
        self.animator.finish()   # (their landings find nothing left to count)

    def launch(self, cells: Sequence[Cell], before: State, board: Any, counters: dict[int, arcade.Sprite],
               colorblind: bool = False) -> None:
        """Send the wanted tiles among `cells` (their kinds read off `before`, the board as it
        was when they cleared) to the counter icon of their kind."""
        if self.animator.speed <= 0 or not counters:
            return
        wanted = [(cell, before.at(cell)) for cell in cells if before.at(cell) in counters]
        total: dict[int, int] = {}
        for _, kind in wanted:
            total[kind] = total.get(kind, 0) + 1
        sent: dict[int, int] = {}
        for cell, kind in wanted:
            icon = counters[kind]
            if sent.get(kind, 0) >= MAX_PER_CLEAR:
                continue
            n = sent[kind] = sent.get(kind, 0) + 1
            # A few tiles stand for a big clear: each carries its share of the count.
            fliers = min(total[kind], MAX_PER_CLEAR)
            share = total[kind] // fliers + (1 if n <= total[kind] % fliers else 0)
            self.pending[kind] = self.pending.get(kind, 0) + share
            tex = textures.kind(kind, colorblind)
            x, y = board.center(cell)
            start = board.layout.cell * 0.8 / tex.width
            sprite = arcade.Sprite(tex, scale=start, center_x=x, center_y=y)
            self.sprites.append(sprite)
            end = icon.width / tex.width if tex.width else start
            self.animator.add_background(Tween(
                sprite, FLIGHT, delay=STAGGER * (n - 1), ease=ease_in_out,
                on_done=functools.partial(self._landed, sprite, icon, kind, share),
                center_x=icon.center_x, center_y=icon.center_y, scale=end))

    def _landed(self, sprite: arcade.Sprite, icon: arcade.Sprite, kind: int, share: int) -> None:
        if sprite not in self.sprites:
            return   # cleared while in flight: nothing owed any more
        self.sprites.remove(sprite)
        self.pending[kind] = max(0, self.pending.get(kind, 0) - share)
        base = self._base.setdefault(id(icon), icon.scale_x)
        self.animator.add_background(Tween(icon, PULSE, ease=there_and_back, scale=(base, base * PULSE_SCALE)))
        if self.on_land is not None:
            self.on_land()

    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def marks(self) -> list[Mark]:
        """The tiles in flight and where (game.ui.damage)."""
        return list(sprite_marks("fliers", self.sprites))

    def draw(self) -> None:
        if self.sprites:
            self.sprites.draw()
