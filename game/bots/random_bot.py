"""RandomBot: a uniformly random legal command, the floor any level should be judged against."""

from __future__ import annotations

from game.core import Command, State, legal_commands

from .base import BotRandom


class RandomBot:
    """Plays a random legal command; its own seed keeps a game repeatable."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)

    def choose(self, state: State) -> Command:
        commands = legal_commands(state)
        if not commands:
            raise ValueError("no legal command in this state")
        return self.rng.choice(commands)
