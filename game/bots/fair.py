"""FairBot (match3, chain): greedy on what a person can see, never the spawns.

The greedy bot folds the whole cascade, new tiles included, which only the RNG knows; this
one judges a swap by the tiles it clears at once, so its win rate is nearer a person's. On a
chain level it plays the longest chain the core finds on the board. The game's hint asks it.
"""

from __future__ import annotations

from game.core import (
    Chain, Command, Mode, State, Swap, blocker_progress, legal_commands, looked, spread, swap_clears, tiles_wanted,
)

from .base import BotRandom

# A tile of a kind the level still wants is worth this many tiles of any other kind.
WANTED_WEIGHT = 5.0
# A blocker's layer taken or a cell cleared under a faller's piece (what the board shows) is worth this many tiles.
BLOCKER_WEIGHT = 5.0


class FairBot:
    """Picks the swap whose immediate clear does most for the goals; ties broken at random."""

    name = "fair"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)

    def _worth(self, state: State, swap: Swap, wanted: set[int]) -> float:
        # The core says what the swap clears, from the board alone (never the spawns).
        worth = sum(WANTED_WEIGHT if kind in wanted else 1.0 for _, kind in swap_clears(state, swap))
        worth += BLOCKER_WEIGHT * blocker_progress(state, swap)
        # Lower swaps stir more of the board: a person's rule of thumb for cascades.
        depth = max(swap.a[0], swap.b[0]) / max(1, state.level.height)
        return worth + 0.5 * depth + self.rng.random() * 0.1

    def choose(self, state: State) -> Command:
        if state.level.mode == Mode.CHAIN:
            # The core lists the chains it finds on the board longest first.
            chains = [c for c in legal_commands(state) if isinstance(c, Chain)]
            if not chains:
                raise ValueError("no legal chain in this state")
            return chains[0]
        # On a big board it reads no more swaps than a person would (game.core.budget.looked).
        swaps = spread([c for c in legal_commands(state) if isinstance(c, Swap)], looked(state))
        if not swaps:
            raise ValueError("no legal swap in this state")
        # The kinds the goals still ask for (a collect goal's), as the HUD shows them.
        wanted = set(tiles_wanted(state))
        return max(swaps, key=lambda s: self._worth(state, s, wanted))
