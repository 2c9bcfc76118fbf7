"""Person-like bots, one per mode: they see what a player sees (board, goals, moves left), never the RNG.

A person scanning a board does not see every move: each legal command is noticed with a chance
(NOTICE), and the best noticed one by a person's rule of thumb is played. That is the noise, and
it comes from the bot's own seed, never from the state's RNG, so two states with the same board
get the same choice. The strong bots (greedy, chain) fold the real spawns, which a person cannot
know; they stay as the upper bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from game.core import (
    Chain, Command, Grid, Mode, Slide, Special, State, Swap, chain_blocker_hits, legal_commands, swap_look,
)

from .base import BotRandom, outcome, walk_distances
from .slide_solver import Unsolvable, _Board, _finish_corner, _solve_column, _solve_row, _tidy

# Each legal command is noticed with this chance; a person misses some moves on a busy board.
NOTICE = 0.75
# A tile of a kind the level still wants counts this many times as much as any other.
WANTED_WEIGHT = 4.0
# A line longer than the minimum (a four or five) or two lines crossing is what makes a special
# in the games people know: they go for it even before it pays.
SPECIAL_BONUS = 2.5
# How much more a person wants a bomb (an L or T) and a rainbow (a five) than a line (a four).
SPECIAL_RANK = {Special.ROW: 1, Special.COLUMN: 1, Special.BOMB: 2, Special.RAINBOW: 3}
# Each jelly layer, lock, stone hit (or cell cleared under a drop) a move takes counts like this
# many tiles: blockers are what a blocker level asks for.
BLOCKER_WEIGHT = 4.0
# Swaps low on the board stir more of it: the rule of thumb people use for cascades.
DEPTH_WEIGHT = 0.5
# chain: every step nearer a reach goal counts like this many tiles.
REACH_STEP_WEIGHT = 1.5
# slide: the chance a person slides a tile that is not the method's next one.
SLIP = 0.03


def _notice(rng: BotRandom, options: Sequence[Command],
            worth: Callable[[Command], float]) -> Command:
    """The best of the commands a person happens to notice (at least one, picked at random)."""
    best: Command | None = None
    best_worth = float("-inf")
    for command, draw in zip(options, rng.randoms(len(options))):
        if draw >= NOTICE:
            continue
        # The draw also breaks ties, so equal moves are picked evenly.
        value = worth(command) + draw * 1e-6
        if value > best_worth:
            best, best_worth = command, value
    return best if best is not None else options[rng.randrange(len(options))]


def _wanted(state: State) -> dict[int, int]:
    """Tiles still wanted per kind by the collect goals."""
    return {kind: count - state.collected_of(kind) for kind, count in state.level.goals.collect
            if count > state.collected_of(kind)}


def _tiles_worth(kinds: Counter[int], wanted: dict[int, int]) -> float:
    worth = 0.0
    for kind, count in kinds.items():
        useful = min(count, wanted.get(kind, 0))
        worth += WANTED_WEIGHT * useful + (count - useful)
    return worth


class PersonMatch3Bot:
    """match3: the noticed swap whose own clear serves the goals most; specials and low swaps win ties."""

    name = "person"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)

    def worth(self, state: State, swap: Swap, wanted: dict[int, int] | None = None) -> float:
        """What a person makes of `swap` (`wanted`: _wanted(state), when the caller has it)."""
        look = swap_look(state, swap)   # blasts included: firing a special pays in tiles
        if wanted is None:
            wanted = _wanted(state)
        # _tiles_worth of its tiles by kind, counted in whole numbers: every term is a whole
        # number (or a half) well inside a float's exact range, so the sum is the same float.
        useful = 0
        by_kind = look.by_kind
        for kind, count in wanted.items():
            if kind < len(by_kind):
                useful += min(by_kind[kind], count)
        worth = float(look.tiles + (WANTED_WEIGHT - 1) * useful)
        worth += SPECIAL_BONUS * sum(SPECIAL_RANK[s] for s in look.made)
        worth += BLOCKER_WEIGHT * look.progress
        return worth + DEPTH_WEIGHT * max(swap.a[0], swap.b[0]) / state.height

    def choose(self, state: State) -> Command:
        options = [c for c in legal_commands(state) if isinstance(c, Swap)]
        if not options:
            raise ValueError("no legal swap in this state")
        wanted = _wanted(state)
        return _notice(self.rng, options, lambda c: self.worth(state, c, wanted))  # type: ignore[arg-type]


class PersonChainBot:
    """chain: the noticed chain that eats the most wanted tiles, or ends nearest a reach goal."""

    name = "person"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)

    def worth(self, state: State, chain: Chain) -> float:
        tiles = chain.path[1:] if state.player is not None else chain.path
        worth = _tiles_worth(Counter(state.at(cell) for cell in tiles), _wanted(state))
        worth += BLOCKER_WEIGHT * chain_blocker_hits(state, tiles)
        reach = state.level.goals.reach
        if reach is not None and state.player is not None:
            steps = walk_distances(state.level, reach)
            far = len(steps)
            closer = steps.get(state.player, far) - steps.get(chain.path[-1], far)
            worth += REACH_STEP_WEIGHT * closer
            if chain.path[-1] == reach:
                worth += 1000.0   # the goal cell itself: a person takes it
        return worth

    def choose(self, state: State) -> Command:
        options = [c for c in legal_commands(state) if isinstance(c, Chain)]
        if not options:
            raise ValueError("no legal chain in this state")
        return _notice(self.rng, options, lambda c: self.worth(state, c))  # type: ignore[arg-type]


def solve_by_rows(grid: Grid) -> list[Slide]:
    """A person's method: the top rows one by one, then the last two rows column by column,
    then the last 2x2 corner. Not optimal (the strong slide bot's A* is). Raises Unsolvable."""
    b = _Board(grid)
    top, left = 0, 0
    locked: set[int] = set()
    while b.h - top > 2:
        _solve_row(b, top, left, locked)
        top += 1
    while b.w - left > 2:
        _solve_column(b, top, left, locked)
        left += 1
    _finish_corner(b, top, left)
    flat = [v for row in grid for v in row]
    slides = [Slide(divmod(i, b.w)) for i in range(len(flat))]   # one command a cell, not one a move
    return [slides[i] for i in _tidy(flat.index(0), b.moves)]


class PersonSlideBot:
    """slide: plays solve_by_rows, slips now and then, and plans again when the board surprises it."""

    name = "person"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRandom(seed)
        self.plan: list[Slide] = []
        self.expect: Grid | None = None

    def choose(self, state: State) -> Command:
        options = [c for c in legal_commands(state) if isinstance(c, Slide)]
        if not options:
            raise ValueError("no legal slide in this state")
        if state.grid != self.expect or not self.plan:
            try:
                self.plan = solve_by_rows(state.grid)
            except Unsolvable:
                self.plan = []
        if self.plan and self.rng.random() >= SLIP and self.plan[0] in options:
            move = self.plan.pop(0)
        else:
            move = options[self.rng.randrange(len(options))]
            self.plan = []
        # The board the plan expects next is the one the core makes of this move.
        self.expect = outcome(state, move).grid
        return move


PersonBot = PersonMatch3Bot | PersonChainBot | PersonSlideBot


def person_bot(mode: Mode, seed: int = 0) -> PersonBot:
    """The person-like bot for a mode."""
    if mode == Mode.MATCH3:
        return PersonMatch3Bot(seed)
    if mode == Mode.CHAIN:
        return PersonChainBot(seed)
    return PersonSlideBot(seed)
