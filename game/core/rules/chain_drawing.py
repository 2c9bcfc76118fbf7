"""The questions a screen asks of a chain path while a player draws it: where it may start, what
touching a cell does to it, and how the rules judge it as it stands (the view decides none)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..grid import Cell, are_neighbours, in_bounds
from ..state import IllegalMove, State
from .chain import check_path


class Touch(enum.Enum):
    """What the pointer (or a key) reaching `cell` does to a path being drawn."""

    EXTEND = "extend"     # the path goes on to the cell
    BACK = "back"         # the cell is the one before the path's end: the last step is taken back
    REFUSED = "refused"   # the path goes on to the cell, but no chain may run over it (shown refused)
    NOTHING = "nothing"   # not a step the path can take (not touching, on the path, another kind, no tile)


@dataclass(frozen=True, slots=True)
class PathLook:
    """A path being drawn as the rules judge it now."""

    legal: bool                  # committing it now plays a chain
    short: bool                  # it has fewer cells than the level's min_chain
    refused: tuple[Cell, ...]    # its cells no chain may run over (locked tiles): it can never be played
    said: str                    # why it would be refused, in a player's words ("" when legal)


def path_kind(state: State, path: tuple[Cell, ...] | list[Cell]) -> int | None:
    """The tile kind a path runs over (None while it holds no tile, as a bare token)."""
    for cell in path:
        v = state.at(cell)
        if v > 0:
            return v
    return None


def start_path(state: State, cell: Cell) -> tuple[Cell, ...]:
    """The path a press on `cell` starts: the token alone, the token and a tile next to it, or
    (a level without a token) the tile. Raises IllegalMove, in a player's words when there is a
    token to start from, when no path starts there."""
    if not in_bounds(cell, state.height, state.width):
        raise IllegalMove(f"{cell[0]},{cell[1]} is outside the board")
    player = state.player
    if player is not None:
        if cell == player:
            return (cell,)
        if are_neighbours(player, cell, state.level.rules.diagonal) and state.at(cell) > 0:
            return (player, cell)   # pressing next to the token starts from it
        raise IllegalMove(f"a chain starts on the player at {player[0]},{player[1]}",
                          said="Start the chain on the token (or a tile next to it).")
    if state.at(cell) > 0:
        return (cell,)
    raise IllegalMove(f"{cell[0]},{cell[1]} holds no tile to start a chain on")


def touch(state: State, path: tuple[Cell, ...] | list[Cell], cell: Cell) -> Touch:
    """What reaching `cell` does to `path`: a step back, a step on, a step on the rules refuse
    (a locked tile of the path's kind: drawn, and shown refused), or nothing."""
    if len(path) >= 2 and cell == path[-2]:
        return Touch.BACK
    if not path or cell in path or not in_bounds(cell, state.height, state.width):
        return Touch.NOTHING
    if not are_neighbours(path[-1], cell, state.level.rules.diagonal):
        return Touch.NOTHING
    v = state.at(cell)
    kind = path_kind(state, path)
    if v <= 0 or (kind is not None and v != kind):
        return Touch.NOTHING
    return Touch.REFUSED if state.locked(cell) else Touch.EXTEND


def look_at_path(state: State, path: tuple[Cell, ...] | list[Cell]) -> PathLook:
    """How the rules judge `path` as it stands: the chain check itself, not a copy of it."""
    path = tuple(path)
    tiles = path[1:] if state.player is not None and path[:1] == (state.player,) else path
    refused = tuple(cell for cell in tiles if state.locked(cell))
    short = len(path) < state.level.rules.min_chain
    try:
        check_path(state, path)
    except IllegalMove as refusal:
        return PathLook(False, short, refused, refusal.said or str(refusal))
    return PathLook(True, short, refused, "")
