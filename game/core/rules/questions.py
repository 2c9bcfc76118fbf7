"""The board questions a bot asks of one match3 swap before making it (what it clears, what
specials it makes and sets off): the board alone, never the RNG."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..boards import Bitboard, Geometry, bits_of
from ..commands import Swap
from ..grid import Cell
from ..state import IllegalMove, State
from ..vocab import Mode, Special
from .match3 import _check_cells, _first_masks, _legal, _special_swap, board_of
from .specials import Layer, Outcome


FirstStep = tuple[list[int], Layer, "Outcome | None", int]


def looked_at(state: State, board: Bitboard, a: Cell, b: Cell) -> FirstStep:
    """_first_step for the questions that only read it (swap_clears, swap_specials and the
    blocker rules' own), without the board: a bot asks them one after another of the same
    swap, so the board kept with the state keeps the last answer. Its masks and layer must not
    be changed."""
    asked = board.asked
    last = asked.get("first")
    if last is not None and last[0] == (a, b):   # type: ignore[index]
        return last[1]   # type: ignore[index,no-any-return]
    found = _first_masks(state, board, a, b, shared=True)
    asked["first"] = ((a, b), found)   # one swap at a time: the last answer only
    return found


def kinds_after(state: State, a: Cell, b: Cell, cells: Iterable[Cell]) -> tuple[tuple[Cell, int], ...]:
    """Each of `cells` with the value it holds once a and b swapped (a kindless special's is its unit's value)."""
    grid = state.grid
    out = []
    for cell in cells:
        at = b if cell == a else a if cell == b else cell
        out.append((cell, grid[at[0]][at[1]]))
    return tuple(out)


def swap_clears(state: State, swap: Swap) -> tuple[tuple[Cell, int], ...]:
    """The tiles `swap`'s own clear explodes (cascade step 1), each with its kind, in reading order.

    A question about the board alone, never the RNG: what a player can see before swapping
    (a bot that must not know the spawns asks this instead of decide). Runs and every blast
    they set off count; a kindless special's kind is its unit's value. Empty for a swap that is not legal;
    raises IllegalMove unless the swap names two tiles side by side.
    """
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    min_match = state.level.rules.min_match
    board = board_of(state)
    if not _special_swap(state, board, a, b) and not _legal(board, state.grid, a, b, min_match):
        return ()
    cleared = looked_at(state, board, a, b)[3]
    return kinds_after(state, a, b, map(board.geo.cell_of.__getitem__, bits_of(cleared)))


def swap_specials(state: State, swap: Swap) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    """(made, set off): the specials `swap`'s own clear (cascade step 1) makes and fires, in
    firing order. Like swap_clears, a question about the board alone, never the RNG; empty for
    a swap that is not legal."""
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    board = board_of(state)
    if not _special_swap(state, board, a, b) and not _legal(board, state.grid, a, b, state.level.rules.min_match):
        return (), ()
    return outcome_specials(looked_at(state, board, a, b)[2])


def outcome_specials(outcome: Outcome | None) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    if outcome is None:
        return (), ()
    return tuple(s for _, s in outcome.created), tuple(s for _, s in outcome.fired)


@dataclass(frozen=True, slots=True)
class SwapLook:
    """Everything a bot reads of one swap's own clear (cascade step 1) in one answer, from the
    board alone: what swap_clears, swap_specials and blocker_progress say, counted."""

    tiles: int                       # cells it clears (swap_clears' length)
    by_kind: tuple[int, ...]         # [k]: of those, the tiles of kind k (1..kinds; [0] is 0)
    made: tuple[Special, ...]        # specials made, and set off, as swap_specials
    fired: tuple[Special, ...]
    progress: int                    # blocker_progress


def look(state: State, geo: Geometry, a: Cell, b: Cell, masks: list[int], outcome: Outcome | None, cleared: int,
         progress: int) -> SwapLook:
    """The SwapLook of a legal swap of a and b, from its first step (`masks`: the kinds' after
    the swap; `cleared`: the cells it takes off the board)."""
    kinds = state.level.kinds
    if outcome is None:
        # Plain runs: every cleared cell is a tile of the swap's masks, so popcounts count them
        # (no cell list to build, the usual case).
        return SwapLook(cleared.bit_count(), (0, *((cleared & masks[k]).bit_count() for k in range(1, kinds + 1))),
                        (), (), progress)
    # A special took part: its blasts may reach any cell, so read each cell's kind (a special
    # step may change the masks it worked on).
    cells = kinds_after(state, a, b, map(geo.cell_of.__getitem__, bits_of(cleared)))
    counted = Counter(kind for _, kind in cells)
    made, fired = outcome_specials(outcome)
    return SwapLook(len(cells), (0, *(counted[k] for k in range(1, kinds + 1))), made, fired, progress)


NOTHING = SwapLook(0, (), (), (), 0)
"""The look of a swap that is not legal: it clears nothing (by_kind empty: no kind counted)."""


def swap_look(state: State, swap: Swap) -> SwapLook:
    """swap_clears, swap_specials and blocker_progress of a board without blockers in one answer
    (blocked.swap_look counts the blockers)."""
    if state.level.mode != Mode.MATCH3:
        raise IllegalMove(f"a {state.level.mode} level takes no swaps")
    a, b = swap.a, swap.b
    _check_cells(state, a, b)
    board = board_of(state)
    if not _special_swap(state, board, a, b) and not _legal(board, state.grid, a, b, state.level.rules.min_match):
        return NOTHING
    masks, _layer, outcome, cleared = _first_masks(state, board, a, b, shared=True)
    return look(state, board.geo, a, b, masks, outcome, cleared, 0)
