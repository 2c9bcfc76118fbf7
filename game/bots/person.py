"""PersonBot: plays as a person does, from what a player sees (board, goals, moves left), never the RNG.

match3: the swap whose own clear does most for the goals (what the core's swap_clears says the
board shows), big clears first, with some noise; chain: the longest or most goal-serving chain it
can see; slide: the row-by-row method people use, not an optimal search. Its pass rates are what
the playtest lab reports as a level's difficulty.
"""

from __future__ import annotations

import random

from game.core import (
    Chain, Command, GoalName, Mode, Slide, State, Swap, decide, fold, legal_commands, progress,
    swap_clears,
)

from .base import walk_distances
from .slide_solver import solve_by_rows

# A tile of a kind the level still wants counts this many times as much as any other.
WANTED_WEIGHT = 4.0
# A clear of four or more is worth more than its tiles: people go for them.
BIG_CLEAR_BONUS = 2.0
# How often a person takes a good move that is not the best (one of the next few).
DEFAULT_NOISE = 0.2
CONSIDERED = 4


class PersonBot:
    """A player's choices from the board alone; `noise` is how often it misses the best move."""

    name = "person"

    def __init__(self, seed: int = 0, noise: float = DEFAULT_NOISE) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.plan: list[Slide] = []
        self.expect: object = None

    def choose(self, state: State) -> Command:
        options = legal_commands(state)
        if not options:
            raise ValueError("no legal command in this state")
        if state.level.mode == Mode.SLIDE:
            return self._slide(state, options)
        wanted = {g.kind for g in progress(state) if g.name == GoalName.COLLECT and not g.met}
        if state.level.mode == Mode.MATCH3:
            ranked = sorted(options, key=lambda c: -self._swap_worth(state, c, wanted))
        else:
            ranked = sorted(options, key=lambda c: -self._chain_worth(state, c, wanted))
        return self._pick(ranked)

    def _pick(self, ranked: list[Command]) -> Command:
        if len(ranked) > 1 and self.rng.random() < self.noise:
            return ranked[self.rng.randrange(1, min(CONSIDERED, len(ranked)))]
        return ranked[0]

    def _swap_worth(self, state: State, command: Command, wanted: set[int]) -> float:
        assert isinstance(command, Swap)
        cleared = swap_clears(state, command)
        worth = sum(WANTED_WEIGHT if kind in wanted else 1.0 for _, kind in cleared)
        if len(cleared) >= 4:
            worth += BIG_CLEAR_BONUS * (len(cleared) - 3)
        # Lower on the board stirs more: the rule of thumb people use for cascades.
        return worth + 0.3 * max(command.a[0], command.b[0]) / state.height + self.rng.random() * 0.01

    def _chain_worth(self, state: State, command: Command, wanted: set[int]) -> float:
        assert isinstance(command, Chain)
        path = command.path[1:] if state.player is not None else command.path
        kinds = [state.at(cell) for cell in path]
        worth = sum(WANTED_WEIGHT if kind in wanted else 1.0 for kind in kinds)
        reach = state.level.goals.reach
        if reach is not None and state.player is not None:
            steps = walk_distances(state.level, reach)
            # Ending nearer the goal cell counts like a few tiles more.
            worth += 2.0 * (steps.get(state.player, 0) - steps.get(command.path[-1], 0))
        return worth + self.rng.random() * 0.01

    def _slide(self, state: State, options: list[Command]) -> Command:
        if state.grid != self.expect or not self.plan:
            self.plan = solve_by_rows(state.grid)
        if not self.plan:
            return options[0]
        if self.rng.random() < self.noise / 4:
            # A person sometimes tries a tile that is not the plan's; the plan is made again.
            self.plan = []
            self.expect = None
            return options[self.rng.randrange(len(options))]
        move = self.plan.pop(0)
        # The board the plan expects next is the one the core makes of this move.
        self.expect = fold(state, decide(state, move)).grid
        return move
