"""The game's hint for match3 and chain: the move that serves the level's goals most, as the
core's advice weighs it (game.core.advice), never a guess and never a peek at the coming tiles."""

from __future__ import annotations

from game.core import Command, State, Work, hint_move


class HintBot:
    """The game's hint as a bot (game.core.advice.hint_move): every legal swap (in chain, the
    chains worth weighing for the goals) weighed by the goals it brings nearer (the kinds to
    collect, the blockers, the fallers, the reach target), with the moves left in mind, and the best
    few weighed again by the best move after them. No noise: it sees only the board, as the
    player does, and the same board gets the same hint.

    A bot playing a whole game keeps the game's look-ahead budget (game.core.budget); the game's
    H key (`per_game=False`) weighs each hint on its own, bounded by the board's size alone."""

    name = "hint"

    def __init__(self, seed: int = 0, per_game: bool = True) -> None:
        self.seed = seed   # unused: the hint has no noise (the Bot protocol passes one)
        self.work = Work() if per_game else None

    def choose(self, state: State) -> Command:
        return hint_move(state, self.work)
