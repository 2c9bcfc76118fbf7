"""match3 with blockers and fallers, as cell layers over the one cascade.

A board with blockers plays by match3.py's rules and rules/cascade.py's one cascade, with the
cascade's blocker hooks (cascade.Blockers). The blockers are units (game/core/units): each
says how a clear hits it (a COVER takes its own tile's clear instead of the tile, a NEAR unit
loses a layer to a blast on it or a clear orthogonally next to it, an UNDER unit to its
tile's clear), whether it holds its cell (never swapped, never falling: tiles fall past it as
past a hole) and whether its cell is EMPTY and ordinary at 0; a hit is its unit's event. A
faller's piece (units.Faller: FALLER in the grid) never matches, is never swapped and is never
caught in a blast; it falls like a tile and leaves the board at the bottom of its chute (the
cascade's after-fall hook), and the pieces its goal wants beyond those placed enter from the
top, one at a time (a FALLER in `Spawned`, so no other event is needed).

This module holds what only blocker boards ask: their deal, and the board questions a bot
asks of one swap (swap_clears, swap_specials, blocker_progress) with the blockers counted.
"""

from __future__ import annotations

from typing import cast

from ..boards import Bitboard, bits_of
from ..commands import Command, Swap
from ..events import Event
from ..grid import Cell, Grid
from ..checking import Problem
from ..level import Level, LevelError
from ..rng import Draws
from ..state import State, placed
from ..units import Blocker, covered
from ..vocab import Special
from . import held, match3, questions
from .cascade import split
from .packed_blocked import BlockedPacker, kernel
from .specials import Layer, Outcome


# -- the ruleset's entry points (a level without blockers deals as match3.py does) ------------------
def deal(level: Level, draws: Draws) -> Grid:
    """A starting board: fixed tiles and blockers, random tiles elsewhere, no run, a legal swap."""
    if not level.has_blockers:
        return match3.deal(level, draws)
    template = level.template()
    specials, held = level.specials, covered(placed(level))
    packed = kernel(level)   # (on the packed path with blockers: asked on its packed board)
    why = ""
    for _ in range(match3.DEAL_ATTEMPTS):
        grid, why = match3.fill(template, level.kinds, level.rules.min_match, draws, need_swap=False,
                                geo=level.geometry())
        if grid is None:
            continue
        if (packed.playable(grid, held) if isinstance(packed, BlockedPacker)
                else match3.playable(grid, level.rules.min_match, specials, held, level.geometry())):
            return grid
        why = "no swap on this board can ever make a run (held tiles, filled cells and fallers' pieces never swap)"
    raise LevelError([Problem(("layout",), f"cannot deal a starting board: {why} "
                              f"(tried {match3.DEAL_ATTEMPTS} deals; add kinds, cells or fewer fixed tiles)")])


def legal_commands(state: State) -> list[Command]:
    return match3.legal_commands(state)


def decide(state: State, command: Swap) -> list[Event]:
    return match3.play(state, command)[0]


def play(state: State, command: Swap) -> tuple[list[Event], State]:
    return match3.play(state, command)


def swap_clears(state: State, swap: Swap) -> tuple[tuple[Cell, int], ...]:
    """questions.swap_clears with blockers: the tiles the swap's own step takes off the board."""
    if not state.has_blockers:
        return questions.swap_clears(state, swap)
    first = _first(state, swap)
    if first is None:
        return ()
    return first[2]


def swap_specials(state: State, swap: Swap) -> tuple[tuple[Special, ...], tuple[Special, ...]]:
    """questions.swap_specials with blockers: what the swap's own step makes and sets off."""
    if not state.has_blockers:
        return questions.swap_specials(state, swap)
    first = _first(state, swap)
    return questions.outcome_specials(first[1] if first is not None else None)


def blocker_progress(state: State, swap: Swap) -> int:
    """What the swap's own step does toward the blocker goals, as the board shows it (no RNG):
    blocker layers taken (unit by unit), and cleared cells under a faller's piece."""
    if not state.has_blockers:
        return 0
    first = _first(state, swap)
    if first is None:
        return 0
    return first[3] + first[4]


def swap_look(state: State, swap: Swap) -> questions.SwapLook:
    """swap_clears, swap_specials and blocker_progress in one answer (a bot asks all three of
    every swap it weighs): what the swap's own step clears, by kind, makes, sets off, and does
    to the blockers."""
    if not state.has_blockers:
        return questions.swap_look(state, swap)
    a, b = swap.a, swap.b
    match3._check_cells(state, a, b)
    board = match3.board_of(state)
    stride, unmoved, across, down, units, bits, fallen, under = _context(state, board)
    abit, bbit = a[0] * stride + a[1], b[0] * stride + b[1]
    if (unmoved >> abit) & 1 or (unmoved >> bbit) & 1:
        return questions.NOTHING
    if not ((across if a[0] == b[0] else down) >> (abit if abit < bbit else bbit)) & 1:
        return questions.NOTHING
    masks, _layer, outcome, runs = match3._first_masks(state, board, a, b, shared=True)
    cleared, hits = split(board.geo, runs, outcome, fallen, units, bits)
    progress = sum(hit.bit_count() for hit in hits) + (cleared & under).bit_count()
    return questions.look(state, board.geo, a, b, masks, outcome, cleared, progress)


First = tuple[Layer, "Outcome | None", tuple[tuple[Cell, int], ...], int, int]
"""After the swap: its specials, the step's Outcome, the tiles it clears (each with its
kind), its blocker hits, and how many of the tiles it clears lie under a faller's piece."""


def _first(state: State, swap: Swap) -> First | None:
    """The swap's own step on a board with blockers: the board after the swap, its specials,
    the step's Outcome, the tiles it clears (each with its kind), and its blocker hits; None
    for a swap that is not legal (IllegalMove for one that names no two tiles side by side).

    A bot asks swap_clears, swap_specials and blocker_progress of one swap in a row: the board
    kept with the state keeps the last answer (read only)."""
    board = match3.board_of(state)
    last = board.asked.get("blocked")
    if last is not None and (last[0] is swap or last[0] == swap):   # type: ignore[index]
        return last[1]   # type: ignore[index,no-any-return]
    match3._check_cells(state, swap.a, swap.b)
    found = _first_of(state, board, swap)
    board.asked["blocked"] = (swap, found)
    return found


Context = tuple[int, int, int, int, tuple[Blocker, ...], tuple[int, ...], int, int]
"""What every swap's question on one board reads: the stride, the cells no swap moves (held
tiles and fallers' pieces), the legal swaps' masks (across, down), the blocker units on the board
and their cells' bits, the pieces' bits, and the cells under a piece."""


def _context(state: State, board: Bitboard) -> Context:
    """The Context of the state's board (found once, kept with it)."""
    found = board.asked.get("context")
    if found is None:
        _, units, _, bits = held.kept_layers(state, board)
        fallen = held.fallen_bits(state, board)
        across, down = match3.legal_masks(state, board)
        found = board.asked["context"] = (board.geo.stride, held.held_bits(state, board) | fallen, across,
                                          down, units, bits, fallen, _under(board, fallen))
    return cast(Context, found)


def _first_of(state: State, board: Bitboard, swap: Swap) -> First | None:
    a, b = swap.a, swap.b
    stride, unmoved, across, down, units, bits, fallen, under = _context(state, board)
    abit, bbit = a[0] * stride + a[1], b[0] * stride + b[1]
    if (unmoved >> abit) & 1 or (unmoved >> bbit) & 1:
        return None
    # match3.swap_is_legal on a board with blockers: the legal masks, at the upper or left cell.
    if not ((across if a[0] == b[0] else down) >> (abit if abit < bbit else bbit)) & 1:
        return None
    geo = board.geo
    _, layer, outcome, runs = questions.looked_at(state, board, a, b)
    cleared, hits = split(geo, runs, outcome, fallen, units, bits)
    cells = questions.kinds_after(state, a, b, map(geo.cell_of.__getitem__, bits_of(cleared)))
    return (layer, outcome, cells, sum(hit.bit_count() for hit in hits), (cleared & under).bit_count())


def _under(board: Bitboard, fallen: int) -> int:
    """The cells under a faller's piece: every cell of a column below its highest (kept with the board)."""
    found = board.asked.get("under")
    if found is None:
        below = 0
        if fallen:
            geo = board.geo
            s = geo.stride
            board_bits = (1 << (geo.height * s)) - 1
            spread = (fallen << s) & board_bits
            while spread & ~below:
                below |= spread
                spread = (below << s) & board_bits
        found = board.asked["under"] = below
    return cast(int, found)
