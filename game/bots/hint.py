"""The game's hint for match3 and chain: the move that serves the level's goals most, as the
core's advice weighs it (game.core.advice), never a guess and never a peek at the coming tiles."""

from __future__ import annotations

from game.core import Command, Mode, State, legal_commands
from game.core import best_move

from .chain_bot import candidate_chains


class HintBot:
    """Every legal swap (in chain: for every cell a chain can end on, the longest one, and those
    ending nearest a reach goal) weighed by the core's advice: the goals it brings nearer (the
    kinds to collect, jelly, stones, drops, the reach target), with the moves left in mind. No
    noise: it sees only the board, as the player does, and the same board gets the same hint."""

    name = "hint"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed   # unused: the hint has no noise (the Bot protocol passes one)

    def choose(self, state: State) -> Command:
        if state.level.mode == Mode.MATCH3:
            return best_move(state, legal_commands(state))
        if state.level.mode == Mode.CHAIN:
            return best_move(state, list(candidate_chains(state)))
        raise ValueError(f"the hint bot plays match3 and chain levels, not {state.level.mode}")
