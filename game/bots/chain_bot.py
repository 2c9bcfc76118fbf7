"""ChainBot: prefers long chains, walks toward a reach goal, prefers the kinds a level asks for."""

from __future__ import annotations

import random

from game.core import Chain, Cell, Command, State, legal_commands
from game.core.grid import neighbours

from .base import outcome, value, walk_distances

# Node visits for the path search of one turn: a board of 8x8 with 6 kinds rarely needs 1000.
SEARCH_BUDGET = 6000
# Candidates compared a turn: the longest chains, plus those ending nearest a reach goal.
LONGEST_KEPT = 20
NEAREST_KEPT = 10
LOOKAHEAD_WIDTH = 4
LOOKAHEAD_DISCOUNT = 0.9


def _tiles_needed(state: State) -> int:
    min_chain = state.level.rules.min_chain
    return max(1, min_chain - 1) if state.player is not None else min_chain


def candidate_chains(state: State, budget: int = SEARCH_BUDGET) -> list[Chain]:
    """Legal chains worth comparing: for every cell a chain can end on, the longest found.

    The end cell matters as much as the length: it is where the player stands next.
    """
    grid = state.grid
    height, width = state.level.height, state.level.width
    diagonal = state.level.rules.diagonal
    need = _tiles_needed(state)
    player = state.player
    if player is not None:
        starts = [n for n in neighbours(player, height, width, diagonal) if grid[n[0]][n[1]] > 0]
    else:
        starts = [(r, c) for r in range(height) for c in range(width) if grid[r][c] > 0]
    best: dict[Cell, list[Cell]] = {}
    visits = [budget]
    # Spread the budget over the starts so that one big blob cannot starve the rest.
    per_start = max(50, budget // max(1, len(starts)))

    def walk(path: list[Cell], kind: int, left: list[int]) -> None:
        if len(path) >= need:
            if len(path) > len(best.get(path[-1], ())):
                best[path[-1]] = list(path)
        if left[0] <= 0 or visits[0] <= 0:
            return
        left[0] -= 1
        visits[0] -= 1
        for n in neighbours(path[-1], height, width, diagonal):
            if grid[n[0]][n[1]] == kind and n not in path:
                path.append(n)
                walk(path, kind, left)
                path.pop()

    for start in starts:
        walk([start], grid[start[0]][start[1]], [per_start])
    head: tuple[Cell, ...] = (player,) if player is not None else ()
    paths = sorted(best.values(), key=lambda p: (-len(p), p))
    kept = paths[:LONGEST_KEPT]
    reach = state.level.goals.reach
    if reach is not None:
        steps = walk_distances(state.level, reach)
        near = sorted(paths, key=lambda p: (steps.get(p[-1], 1 << 20), -len(p), p))
        kept += [p for p in near[:NEAREST_KEPT] if p not in kept]
    chains = [Chain(head + tuple(path)) for path in kept]
    if not chains:
        # The core always knows at least one legal chain while the game is on.
        chains = [c for c in legal_commands(state) if isinstance(c, Chain)]
    return chains


class ChainBot:
    """Compares candidate chains by their outcome (decide + fold), with a short lookahead."""

    name = "chain"

    def __init__(self, seed: int = 0, lookahead: bool = True, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.lookahead = lookahead
        self.noise = noise

    def _jitter(self) -> float:
        return self.rng.random() * self.noise if self.noise else self.rng.random() * 1e-6

    def choose(self, state: State) -> Command:
        chains = candidate_chains(state)
        if not chains:
            raise ValueError("no legal chain in this state")
        scored = []
        for chain in chains:
            after = outcome(state, chain)
            scored.append((value(after) + self._jitter(), chain, after))
        scored.sort(key=lambda item: -item[0])
        if not self.lookahead or scored[0][2].status != "playing":
            return scored[0][1]
        best_value, best = float("-inf"), scored[0][1]
        for first_value, chain, after in scored[:LOOKAHEAD_WIDTH]:
            if after.status != "playing":
                total = first_value
            else:
                follow = max((value(outcome(after, c)) for c in candidate_chains(after, SEARCH_BUDGET // 4)),
                             default=first_value)
                total = first_value + LOOKAHEAD_DISCOUNT * (follow - first_value)
            if total > best_value:
                best_value, best = total, chain
        return best
