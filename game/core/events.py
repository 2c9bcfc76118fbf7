"""Events: what happened, in the past tense; the state is the fold of them."""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Cell, Grid
from .vocab import Special


@dataclass(frozen=True, slots=True)
class Swapped:
    """Two tiles traded places and the swap made a run: a move is spent."""

    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class SwapRejected:
    """The swap made no run; the tiles went back and nothing changed."""

    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class Chained:
    """A chain was committed along `path`: a move is spent."""

    path: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Cleared:
    """Every cell in `cells` exploded at once (one cascade step); their tiles are collected."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Created:
    """The tile at `cell` became `special` (a kindless one loses its kind); it stays when its step clears."""

    cell: Cell
    special: Special


@dataclass(frozen=True, slots=True)
class Detonated:
    """The special at `cell` went off; its blast is in the step's Cleared (this gives the view the order).

    `took` is the kind a kindless special took (every tile of that kind is in its blast); 0 for
    a special with a kind, and for a kindless one that took the whole board (swapped with another)."""

    cell: Cell
    special: Special
    took: int = 0


@dataclass(frozen=True, slots=True)
class Unlocked:
    """The lock on the tile at `cell` broke (a clear or a blast took it instead of the tile)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Cracked:
    """The blocker filling `cell` took a hit; `hits` are left. At 0 it is gone and its cell is empty."""

    cell: Cell
    hits: int


@dataclass(frozen=True, slots=True)
class JellyCleared:
    """One layer of the blocker under `cell` went with the tile on it; `layers` are left."""

    cell: Cell
    layers: int


@dataclass(frozen=True, slots=True)
class Fell:
    """Tiles fell: each (src, dst) pair moved one tile, all at once."""

    moves: tuple[tuple[Cell, Cell], ...]


@dataclass(frozen=True, slots=True)
class Spawned:
    """New tiles entered at the top of their chutes; `rng` is the stream after drawing them."""

    tiles: tuple[tuple[Cell, int], ...]
    rng: int


@dataclass(frozen=True, slots=True)
class PlayerMoved:
    """The player stepped from src to dst, eating the tile there; src is left empty."""

    src: Cell
    dst: Cell


@dataclass(frozen=True, slots=True)
class Slid:
    """The tile at src slid into the gap at dst."""

    src: Cell
    dst: Cell


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """No move was left, so the board was dealt again as `grid`, its specials moved with their
    tiles (blockers and fallers stay where they are)."""

    grid: Grid
    rng: int
    specials: tuple[tuple[Cell, Special], ...] = ()


@dataclass(frozen=True, slots=True)
class Scored:
    """Points were earned; `combo` is the cascade step (1 for the move itself)."""

    points: int
    combo: int = 1


@dataclass(frozen=True, slots=True)
class BonusScored:
    """A win with moves to spare: `points` for the `moves_left` moves not needed (just before Won).

    From rules version 5 (MOVE_WORTH) it is also the finale's pay for a move left, what the
    player's moves were worth: BonusScored(1, worth) just before each MoveTurned, and one for the
    moves no plain tile was left to turn just before Won."""

    moves_left: int
    points: int


@dataclass(frozen=True, slots=True)
class FinaleBegan:
    """A match3 level was won (rules version 4 on) with `moves_left` moves to spare or specials
    on the board: the finale plays out (the specials left go off, then each move left becomes a
    line special that fires), and Won ends it."""

    moves_left: int


@dataclass(frozen=True, slots=True)
class LeftoversFired:
    """In the finale, the `count` specials left on the board went off at once: their Detonated
    events, the step's Cleared and its cascade follow."""

    count: int


@dataclass(frozen=True, slots=True)
class MoveTurned:
    """In the finale, a move left became a line special on the tile at `cell`, drawn from the
    game's stream (`rng` is the stream after the draw); `moves_left` are still to turn. Its
    Created, Detonated, the step's Cleared and its cascade follow."""

    cell: Cell
    moves_left: int
    rng: int


@dataclass(frozen=True, slots=True)
class MovesAdded:
    """A game lost by running out of moves goes on with `count` more moves (KeepGoing): it is
    playing again, on the board as it was, and helped (a win earns no stars)."""

    count: int


@dataclass(frozen=True, slots=True)
class Won:
    """Every goal was met."""


@dataclass(frozen=True, slots=True)
class Lost:
    """The moves ran out (or no move could ever be made) before the goals were met."""


Event = (
    Swapped | SwapRejected | Chained | Created | Detonated | Cleared | Unlocked | Cracked | JellyCleared
    | Fell | Spawned | PlayerMoved | Slid | Reshuffled | Scored | BonusScored
    | FinaleBegan | LeftoversFired | MoveTurned | MovesAdded | Won | Lost
)
