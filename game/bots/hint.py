"""The game's hint for match3 and chain: the move a careful person would make, never a guess."""

from __future__ import annotations

from game.core import Command, Mode, Special, State, Swap, legal_commands, swap_specials

from .person import PersonChainBot, PersonMatch3Bot

# What a special is worth to a player, in tiles (the unit of the person bots' rule of thumb):
# a rainbow clears a whole kind, a bomb a 3x3, a line one row or column. The strongest special
# a swap makes or sets off is added to what the swap clears, so a swap that makes a line beats
# a plain run of three anywhere on the board (three tiles the goals want still weigh more).
SPECIAL_WORTH: dict[Special, float] = {
    Special.ROW: 6.0, Special.COLUMN: 6.0, Special.BOMB: 9.0, Special.RAINBOW: 14.0,
}
# Every further special made or set off by the same swap (a combo sets off two) adds this share of its worth.
MORE_SPECIALS = 0.25


def special_worth(state: State, swap: Swap) -> float:
    """The worth, in tiles, of the specials `swap` makes or sets off in its own step."""
    made, fired = swap_specials(state, swap)
    worths = sorted((SPECIAL_WORTH[s] for s in made + fired), reverse=True)
    if not worths:
        return 0.0
    return worths[0] + MORE_SPECIALS * sum(worths[1:])


class HintBot:
    """Every legal move weighed by the person bots' rule of thumb (the goals still wanted, lines
    that make specials, low swaps, steps toward a reach goal), plus, in match3, the strongest
    special the swap makes or fires; none missed and no noise: it sees only the board, as the
    player does, and the same board always gets the same hint."""

    name = "hint"

    def __init__(self, seed: int = 0) -> None:
        self._match3 = PersonMatch3Bot(seed)
        self._chain = PersonChainBot(seed)

    def match3_worth(self, state: State, swap: Swap) -> float:
        """The hint's weight of a legal swap: the person's rule of thumb plus its specials."""
        return self._match3.worth(state, swap) + special_worth(state, swap)

    def choose(self, state: State) -> Command:
        options = legal_commands(state)
        if not options:
            raise ValueError("no legal move in this state")
        if state.level.mode == Mode.MATCH3:
            return max(options, key=lambda c: self.match3_worth(state, c))  # type: ignore[arg-type]
        if state.level.mode == Mode.CHAIN:
            return max(options, key=lambda c: self._chain.worth(state, c))  # type: ignore[arg-type]
        raise ValueError(f"the hint bot plays match3 and chain levels, not {state.level.mode}")
