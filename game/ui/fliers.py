"""Collected tiles flying from the board to their goal's counter in the HUD: a picture of Cleared events, never a rule."""

from __future__ import annotations

import functools
from typing import Any, Sequence

import arcade

from game.core import Cell, State

from . import textures
from .tween import Animator, Tween, ease_in_out, there_and_back

FLIGHT = 0.5            # seconds from the board to the counter
STAGGER = 0.035         # between tiles of one clear, so they read as a stream
MAX_PER_CLEAR = 6       # a clear of many wanted tiles sends a few: each is a quad to fill on software GL
PULSE = 0.18            # the counter's swell as a tile lands
PULSE_SCALE = 1.35


class GoalFliers:
    """Small tiles in flight, with their own animator: they never hold up the board's batch."""

    def __init__(self, speed: float = 1.0) -> None:
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.animator = Animator(speed)
        self._base: dict[int, float] = {}   # each counter icon's resting scale, by id

    @property
    def flying(self) -> bool:
        return len(self.sprites) > 0

    def launch(self, cells: Sequence[Cell], before: State, board: Any, counters: dict[int, arcade.Sprite],
               colorblind: bool = False) -> None:
        """Send the wanted tiles among `cells` (their kinds read off `before`, the board as it
        was when they cleared) to the counter icon of their kind."""
        if self.animator.speed <= 0 or not counters:
            return
        sent: dict[int, int] = {}
        for cell in cells:
            kind = before.at(cell)
            icon = counters.get(kind)
            if icon is None or sent.get(kind, 0) >= MAX_PER_CLEAR:
                continue
            n = sent[kind] = sent.get(kind, 0) + 1
            tex = textures.kind(kind, colorblind)
            x, y = board.center(cell)
            start = board.layout.cell * 0.8 / tex.width
            sprite = arcade.Sprite(tex, scale=start, center_x=x, center_y=y)
            self.sprites.append(sprite)
            end = icon.width / tex.width if tex.width else start
            self.animator.add_background(Tween(
                sprite, FLIGHT, delay=STAGGER * (n - 1), ease=ease_in_out,
                on_done=functools.partial(self._landed, sprite, icon),
                center_x=icon.center_x, center_y=icon.center_y, scale=end))

    def _landed(self, sprite: arcade.Sprite, icon: arcade.Sprite) -> None:
        if sprite in self.sprites:
            self.sprites.remove(sprite)
        base = self._base.setdefault(id(icon), icon.scale_x)
        self.animator.add_background(Tween(icon, PULSE, ease=there_and_back, scale=(base, base * PULSE_SCALE)))

    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def draw(self) -> None:
        if self.sprites:
            self.sprites.draw()
