"""What a bot's or a hint's look ahead may cost, counted and never timed: per decision, how many moves it plays out in full; per game, the cascade steps it may fold."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from .events import Cleared, Event
from .state import State

T = TypeVar("T")

# A decision plays out every candidate while candidates x the board's cells stays within this:
# every shipped board (9x9 has 144 swaps at most: 11,664 cells).
CANDIDATE_CELLS = 12_000
# Past it, the first wave (what a swap clears at once, the core's swap_look: about a board's
# cells of work) is read of at most this many cells' worth of moves (32x32: 117 of ~900 swaps)...
LOOKED_CELLS = 120_000
# ...and only the best of them by it are played out in full: this many cells' worth (32x32 and
# 24x24: 1, 16x16: 4, 12x12: 7). A 32x32 board with 3 kinds cascades about a hundred steps a
# move (about 80 ms of CPU): one is the move the bot then plays.
PLAYED_CELLS = 1_024
# A game's look ahead (every move a bot or the hint plays out to judge it, the move it plays
# included) may fold this many cells' worth of cascade steps: a cascade step costs about a
# microsecond a cell. Past it, each decision takes the best move by its first wave and plays it
# out only as its move. No shipped level's game comes near it: the hint's spend at most 40% of it
# (sweet-finale, seeds 1..20, the seeds of tests/bots/hint_goals.yaml), the greedy and chain bots'
# under a tenth.
GAME_WORK = 3_000_000


def cells(state: State) -> int:
    """The board's cells."""
    return state.width * state.height


def plays_all(state: State, candidates: int) -> bool:
    """Whether a decision over `candidates` moves plays every one out (within CANDIDATE_CELLS)."""
    return candidates * cells(state) <= CANDIDATE_CELLS


def looked(state: State) -> int:
    """How many moves a decision on a board past CANDIDATE_CELLS reads the first wave of."""
    return max(1, LOOKED_CELLS // cells(state))


def played(state: State) -> int:
    """How many moves a decision on a board past CANDIDATE_CELLS plays out in full (at least 1)."""
    return max(1, PLAYED_CELLS // cells(state))


def spread(items: Sequence[T], count: int) -> list[T]:
    """`count` of `items` spread evenly over them, in their order (all when there are no more):
    a sample that needs no random draw, so the same board always gets the same look."""
    n = len(items)
    if n <= count:
        return list(items)
    return [items[i * n // count] for i in range(count)]


def best_first(items: Sequence[T], worths: Iterable[float], count: int) -> list[T]:
    """The `count` items of most worth, best first (the earlier of equals first)."""
    ranked = sorted(zip(worths, range(len(items))), key=lambda wi: (-wi[0], wi[1]))
    return [items[i] for _, i in ranked[:count]]


def work(state: State, events: Sequence[Event]) -> int:
    """The cascade work of a move played in `state` whose events are `events`: its board's cells
    times its cascade steps (one at least: the move itself)."""
    return cells(state) * (1 + sum(1 for e in events if type(e) is Cleared))


class Work:
    """A game's budget of look-ahead work (GAME_WORK cells of cascade steps), spent as a bot or
    the hint plays moves out; once it is gone, decisions are by the first wave alone."""

    __slots__ = ("left",)

    def __init__(self, budget: int = GAME_WORK) -> None:
        self.left = budget

    def charge(self, state: State, events: Sequence[Event]) -> None:
        """Count one move played out in `state` (its `events`)."""
        self.left -= work(state, events)

    @property
    def spent(self) -> bool:
        return self.left <= 0
