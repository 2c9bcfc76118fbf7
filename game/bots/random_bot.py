"""RandomBot: a uniformly random legal command, the floor any level should be judged against."""

from __future__ import annotations

import random

from game.core import Command, State, legal_commands


class RandomBot:
    """Plays a random legal command; its own seed keeps a game repeatable."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Command:
        commands = legal_commands(state)
        if not commands:
            raise ValueError("no legal command in this state")
        return self.rng.choice(commands)
