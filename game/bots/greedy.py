"""GreedyBot (match3): try every legal swap, keep the one whose outcome is worth most, look a step ahead."""

from __future__ import annotations

from game.core import Command, State, legal_commands

from .base import LookaheadBot

# Only the most promising swaps get a look one move further: enough to set up a cascade
# or a combo, cheap enough for thousands of games.
LOOKAHEAD_WIDTH = 5
# The second move counts a little less than the first: it may never come.
LOOKAHEAD_DISCOUNT = 0.9


class GreedyBot(LookaheadBot):
    """Scores each swap by goal progress and score (decide + fold), with a little lookahead.

    It sees the spawns its swaps would cause (they live in the state's RNG), which a person
    cannot: a level it finds hard is hard; one it finds easy may still ask a person to think.
    """

    name = "greedy"
    lookahead_width = LOOKAHEAD_WIDTH
    lookahead_discount = LOOKAHEAD_DISCOUNT

    def candidates(self, state: State) -> list[Command]:
        return legal_commands(state)
