"""Ice: 1 or 2 layers over a tile that hold it in place; a clear next to it or a blast over it takes a layer."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from ..checking import shorten
from ..grid import Cell
from ..tokens import HOLE_TOKEN, PLAYER_TOKEN, RAINBOW_TOKEN
from ..vocab import GoalName, Lesson, Mode
from .base import Blocker, Hit, over_tile, tile_problem, tile_under
from .looks import Depth, Edit, Look, Motion, Pattern, Sound, Tool

ICE_TOKEN = "I"
MAX_ICE = 2
"""`3I1`, `.I2`: a tile (kind 3, or a random one) under 1 or 2 layers of ice, written like a lock."""


@dataclass(frozen=True, slots=True)
class IceCracked:
    """The ice over the tile at `cell` lost a layer; `layers` are left. At 0 the tile is free."""

    cell: Cell
    layers: int


def token_ice(tok: str) -> int:
    """The layers of ice a layout token places (`3I1`, `.I2`), else 0."""
    if len(tok) == 3 and tok[1] == ICE_TOKEN and tok[2] in "12" and over_tile(tok[0]):
        return int(tok[2])
    return 0


def _problem(tok: str, kinds: int | None) -> str | None:
    if not (2 <= len(tok) <= 3 and ICE_TOKEN in (tok[0], tok[1])):
        return None
    if tok[0] == ICE_TOKEN:
        layers = tok[1:] if tok[1:] in ("1", "2") else "1"
        return f"ice goes over a tile: did you mean '.I{layers}' (a random tile) or a kind like '3I{layers}'?"
    if tok[0] in (HOLE_TOKEN, PLAYER_TOKEN, RAINBOW_TOKEN) or token_ice(tok):
        return tile_problem(tok, kinds, "iced", "ice goes over") or ""
    if over_tile(tok[0]):
        return f"ice has 1 or {MAX_ICE} layers: did you mean '{tok[:2]}1' or '{tok[:2]}2'?"
    return f"'{shorten(tok)}' is not a cell (an iced tile is a kind 1-9 or '.', then I and its layers, like '3I2')"


ICE = Blocker(
    "ice", Hit.NEAR, holds=True, frees=False, event=IceCracked, made=IceCracked, read=attrgetter("cell", "layers"),
    swap_refusal=("is under ice", "That tile is frozen in: clear tiles next to the ice."),
    chain_refusal=("is under ice: a chain never runs over an iced tile",
                   "Iced tiles cannot be chained: eat a tile next to the ice."),
    layers_of=token_ice, tile_of=tile_under,
    token_problem=_problem, token_help="3I1 or .I2 an iced tile", many="iced tiles", samples=(".I1", ".I2", "3I1", "3I2"),
    goal=GoalName.ICE, goal_layers=True,
    none_placed="there is no ice to clear: place .I1, .I2 or a kind like 3I1 in the layout, or remove the goal",
    short="ice left", lesson=Lesson.ICE, credit=0.2, label="Ice", goal_line="Clear all the ice ({target} layers)",
    look=Look(Pattern.FROST, Depth.OVER, ((150, 215, 250), (235, 250, 255), (40, 90, 140)), shown=MAX_ICE,
              hit=Motion.SHAKE, gone=Motion.BURST, chips=3, sound=Sound.SHATTER),
    tool=Tool("I", "ice", (Mode.MATCH3, Mode.CHAIN), Edit.TOGGLE, MAX_ICE,
              "Ice {token} (I; I again for 1-2 layers): click a tile to ice it or thaw it; it holds the tile, clears beside it crack it",
              "ice over a tile (I again: 1 or 2 layers); a click ices a tile or thaws it", mark=ICE_TOKEN),
)
