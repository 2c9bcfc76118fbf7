"""FairBot (match3): greedy on what a person can see, the swap's own clear, never the spawns.

The greedy bot folds the whole cascade, new tiles included, which only the RNG knows; this
one judges a swap by the tiles it clears at once, so its win rate is nearer a person's.
"""

from __future__ import annotations

import random

from game.core import Command, State, Swap, legal_commands, run_cells

# A tile of a kind the level still wants is worth this many tiles of any other kind.
WANTED_WEIGHT = 5.0


class FairBot:
    """Picks the swap whose immediate clear does most for the goals; ties broken at random."""

    name = "fair"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _worth(self, state: State, swap: Swap) -> float:
        rows = [list(row) for row in state.grid]
        (ar, ac), (br, bc) = swap.a, swap.b
        rows[ar][ac], rows[br][bc] = rows[br][bc], rows[ar][ac]
        grid = tuple(tuple(row) for row in rows)
        cleared = run_cells(grid, state.level.rules.min_match)
        wanted = {kind: count - state.collected_of(kind) for kind, count in state.level.goals.collect}
        worth = 0.0
        for r, c in cleared:
            kind = grid[r][c]
            worth += WANTED_WEIGHT if wanted.get(kind, 0) > 0 else 1.0
        # Lower swaps stir more of the board: a person's rule of thumb for cascades.
        depth = max(ar, br) / max(1, state.level.height)
        return worth + 0.5 * depth + self.rng.random() * 0.1

    def choose(self, state: State) -> Command:
        swaps = [c for c in legal_commands(state) if isinstance(c, Swap)]
        if not swaps:
            raise ValueError("no legal swap in this state")
        return max(swaps, key=lambda s: self._worth(state, s))
