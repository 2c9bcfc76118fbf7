"""The slide designer's actions: the solved board, a shuffle, tiles picked by typed number or by step."""

from __future__ import annotations

import random

from game.core import slide_solvable

from . import slide_tools
from .host import Host
from .model import tile_tool

SHUFFLE_MOVES = 30          # legal slides per press of "shuffle"
TYPE_DIGITS_SECONDS = 1.0   # digits typed within this make one slide tile number


class SlideActions:
    """A part of the editor: it keeps the number being typed digit by digit to itself."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._typed: int | None = None
        self._typed_age = 0.0

    def tick(self, dt: float) -> None:
        self._typed_age += dt

    def solved(self) -> None:
        m = self.host.model
        m.set(cells=slide_tools.solved_cells(m.draft.width, m.draft.height))
        self.host.say("the solved board: shuffle it (a solved level is a problem)")
        self.host.refresh()

    def shuffle(self) -> None:
        m = self.host.model
        grid = slide_tools.to_grid(m.draft)
        m.set(cells=slide_tools.shuffled(m.draft, SHUFFLE_MOVES, random.randrange(1 << 31)))
        if grid is not None and not slide_solvable(grid):
            # Slides never change whether a board can be solved: this one started over.
            self.host.say(f"this board could not be solved: {SHUFFLE_MOVES} random legal slides of the "
                          "solved board instead (Ctrl+Z brings yours back)", bad=True)
        else:
            self.host.say(f"{SHUFFLE_MOVES} random legal slides: always solvable")
        self.host.refresh()

    def type_digit(self, digit: int) -> None:
        """Slide tiles by number: digits typed within a second make one number (1, 2 is 12)."""
        d = self.host.model.draft
        largest = d.width * d.height - 1
        n = digit
        if self._typed is not None and self._typed_age < TYPE_DIGITS_SECONDS:
            joined = self._typed * 10 + digit
            if joined <= largest:
                n = joined
        self._typed, self._typed_age = n, 0.0
        if 1 <= n <= largest:
            self.host.model.select(tile_tool(n))
            self.host.say(f"tile {n}" + (" (type another digit for a two-digit tile)" if n * 10 <= largest else ""))
            self.host.refresh()

    def step(self, delta: int) -> None:
        """- and +: the tile number before or after the one the brush paints."""
        m = self.host.model
        d = m.draft
        n = int(m.tool.token) if m.tool.name == "tile" else 1
        m.select(tile_tool((n - 1 + delta) % max(1, d.width * d.height - 1) + 1))
        self.host.refresh()
