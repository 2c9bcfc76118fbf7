"""A match3 board's blocker layers by bit, kept with its bitboard: what a swap's checks and the legal swaps read."""

from __future__ import annotations

from ..boards import Bitboard, cells_of
from ..grid import FALLER, Cell
from ..state import IllegalMove, State
from ..units import FALLER_AT, Blocker
from .cascade import Blockers, Kept


def kept_layers(state: State, board: Bitboard) -> Kept:
    """The state's blocker layers by bit, kept with its board (read only: Blockers copies them)."""
    if board.layers is None:
        board.layers = Blockers(state, board.geo).kept()
    return board.layers  # type: ignore[return-value]  # (no cast() call: asked every move)


def fallen_bits(state: State, board: Bitboard) -> int:
    """The bits of the fallers' pieces on the state's board (found once, kept with its board)."""
    if board.fallen < 0:
        board.fallen = cells_of(state.grid, FALLER, board.geo.stride)
    return board.fallen


def held_bits(state: State, board: Bitboard) -> int:
    """The bits of the tiles a blocker holds in place on the state's board (locked tiles)."""
    _, units, _, bits = kept_layers(state, board)
    held = 0
    for unit, mask in zip(units, bits):
        if unit.holds and not unit.frees:
            held |= mask
    return held


def check_blocked(state: State, board: Bitboard, a: Cell, b: Cell) -> None:
    """Raise IllegalMove for a swap that moves a faller's piece or a cell a blocker holds (a unit
    that holds), in the unit's own words (its swap refusal)."""
    stride = board.geo.stride
    both = (1 << (a[0] * stride + a[1])) | (1 << (b[0] * stride + b[1]))
    _, units, _, bits = kept_layers(state, board)
    refused = board.asked.get("refused")
    if refused is None:
        refused = board.asked["refused"] = fallen_bits(state, board) | _refused(units, bits)
    if not both & refused:  # type: ignore[operator]
        return   # nearly every swap: neither cell is a faller's or a blocker's that refuses it
    for cell in (a, b):
        if not (0 <= cell[0] < state.height and 0 <= cell[1] < state.width):
            break   # _check_cells names it
        faller = FALLER_AT.get(state.at(cell))
        if faller is not None:
            raise IllegalMove(f"{cell[0]},{cell[1]} {faller.swap_refusal[0]}", said=faller.swap_refusal[1])
        bit = 1 << (cell[0] * stride + cell[1])
        for unit, mask in zip(units, bits):
            if mask & bit and unit.swap_refusal is not None:
                raise IllegalMove(f"{cell[0]},{cell[1]} {unit.swap_refusal[0]}", said=unit.swap_refusal[1])


def _refused(units: tuple[Blocker, ...], bits: tuple[int, ...]) -> int:
    """The cells of the units that refuse a swap."""
    refused = 0
    for unit, mask in zip(units, bits):
        if unit.swap_refusal is not None:
            refused |= mask
    return refused
