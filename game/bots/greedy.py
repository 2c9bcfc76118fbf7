"""GreedyBot (match3): try every legal swap, keep the one whose outcome is worth most, look a step ahead."""

from __future__ import annotations

import random

from game.core import Command, State, legal_commands

from .base import outcome, value

# Only the most promising swaps get a look one move further: enough to set up a cascade
# or a combo, cheap enough for thousands of games.
LOOKAHEAD_WIDTH = 5
# The second move counts a little less than the first: it may never come.
LOOKAHEAD_DISCOUNT = 0.9


class GreedyBot:
    """Scores each swap by goal progress and score (decide + fold), with a little lookahead.

    It sees the spawns its swaps would cause (they live in the state's RNG), which a person
    cannot: a level it finds hard is hard; one it finds easy may still ask a person to think.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, lookahead: bool = True, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.lookahead = lookahead
        # Noise makes different bot seeds play different games (for the prover's retries).
        self.noise = noise

    def _jitter(self) -> float:
        return self.rng.random() * self.noise if self.noise else self.rng.random() * 1e-6

    def choose(self, state: State) -> Command:
        commands = legal_commands(state)
        if not commands:
            raise ValueError("no legal command in this state")
        scored = []
        for command in commands:
            after = outcome(state, command)
            scored.append((value(after) + self._jitter(), command, after))
        scored.sort(key=lambda item: -item[0])
        if not self.lookahead or scored[0][2].status != "playing":
            return scored[0][1]
        best_value, best = float("-inf"), scored[0][1]
        for first_value, command, after in scored[:LOOKAHEAD_WIDTH]:
            if after.status != "playing":
                total = first_value
            else:
                follow = max((value(outcome(after, c)) for c in legal_commands(after)),
                             default=first_value)
                total = first_value + LOOKAHEAD_DISCOUNT * (follow - first_value)
            if total > best_value:
                best_value, best = total, command
        return best
