"""ChainBot: prefers long chains, walks toward a reach goal, prefers the kinds a level asks for."""

from __future__ import annotations

from game.core import Chain, Cell, State, legal_commands, walk_to
from game.core import Visits, chain_grid, chain_starts, paths_by_end, tiles_needed

from .base import LookaheadBot

# Node visits for the path search of one turn: a board of 8x8 with 6 kinds rarely needs 1000.
SEARCH_BUDGET = 6000
# Candidates compared a turn: the longest chains, plus those ending nearest a reach goal.
LONGEST_KEPT = 20
NEAREST_KEPT = 10
LOOKAHEAD_WIDTH = 4
LOOKAHEAD_DISCOUNT = 0.9


def candidate_chains(state: State, budget: int = SEARCH_BUDGET) -> list[Chain]:
    """Legal chains worth comparing: for every cell a chain can end on, the longest found.

    The end cell matters as much as the length: it is where the player stands next.
    """
    grid = chain_grid(state)   # locked tiles are never part of a path
    diagonal = state.level.rules.diagonal
    player = state.player
    need = tiles_needed(state.level.rules.min_chain, player is not None)
    starts = chain_starts(grid, player, diagonal)
    per_start = max(50, budget // max(1, len(starts)))
    best = paths_by_end(grid, starts, need, diagonal, Visits(budget), per_start, state.level.geometry())
    head: tuple[Cell, ...] = (player,) if player is not None else ()
    paths = sorted(best.values(), key=lambda p: (-len(p), p))
    kept = paths[:LONGEST_KEPT]
    steps = walk_to(state.level)   # where the goals want the token (a reach target)
    if steps is not None:
        near = sorted(paths, key=lambda p: (steps.get(p[-1], 1 << 20), -len(p), p))
        kept += [p for p in near[:NEAREST_KEPT] if p not in kept]
    chains = [Chain(head + tuple(path)) for path in kept]
    if not chains:
        # The core always knows at least one legal chain while the game is on.
        chains = [c for c in legal_commands(state) if isinstance(c, Chain)]
    return chains


class ChainBot(LookaheadBot):
    """Compares candidate chains by their outcome (decide + fold), with a short lookahead."""

    name = "chain"
    lookahead_width = LOOKAHEAD_WIDTH
    lookahead_discount = LOOKAHEAD_DISCOUNT

    def candidates(self, state: State) -> list[Chain]:
        return candidate_chains(state)

    def follow_ups(self, state: State) -> list[Chain]:
        return candidate_chains(state, SEARCH_BUDGET // 4)
