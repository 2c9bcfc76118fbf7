"""The game's hint for match3 and chain: the move a careful person would make, never a guess."""

from __future__ import annotations

from game.core import Command, Mode, State, legal_commands

from .person import PersonChainBot, PersonMatch3Bot


class HintBot:
    """Every legal move weighed by the person bots' rule of thumb (the goals still wanted, lines
    that make specials, low swaps, steps toward a reach goal), none missed and no noise: it sees
    only the board, as the player does, and the same board always gets the same hint."""

    name = "hint"

    def __init__(self, seed: int = 0) -> None:
        self._match3 = PersonMatch3Bot(seed)
        self._chain = PersonChainBot(seed)

    def choose(self, state: State) -> Command:
        options = legal_commands(state)
        if not options:
            raise ValueError("no legal move in this state")
        if state.level.mode == Mode.MATCH3:
            return max(options, key=lambda c: self._match3.worth(state, c))  # type: ignore[arg-type]
        if state.level.mode == Mode.CHAIN:
            return max(options, key=lambda c: self._chain.worth(state, c))  # type: ignore[arg-type]
        raise ValueError(f"the hint bot plays match3 and chain levels, not {state.level.mode}")
