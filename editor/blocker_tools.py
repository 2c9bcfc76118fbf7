"""The blocker, faller and special units' editor tools, made from the registry: each unit's tool, what it does to a draft's cells, what a board holds of each (no arcade)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.core import BLOCKERS, FALLERS, GOAL_UNITS, KIND_SPECIALS, KINDLESS, Blocker, Edit, Faller, SpecialUnit

from .draft import Cell, Draft, goal_flag


@dataclass(frozen=True, slots=True)
class Tool:
    """What a click puts on the board: a token ('' erases back to a random cell)."""

    name: str           # kind, random, hole, player, tile, gap, erase, or a blocker's, faller's or kindless special's name
    token: str

    @property
    def label(self) -> str:
        # A kind, a slide tile, a blocker with its layers (S2) say which; the others their name.
        return f"{self.name} {self.token}" if self.token[-1:].isdigit() else self.name


def blocker_tool(unit: Blocker, layers: int = 1) -> Tool:
    """The editor's tool for a blocker unit (its Tool says how): a token with `layers` (S2),
    its mark put on tiles (L), or a layer under them named by its level map."""
    assert unit.tool is not None, f"{unit.name} has no editor tool"
    tool = unit.tool
    if tool.edit is Edit.CYCLE or (tool.edit is Edit.TOGGLE and tool.most > 1):
        return Tool(tool.name, f"{tool.mark}{max(1, min(tool.most, layers))}")   # S2; a layered mark: I2
    return Tool(tool.name, tool.mark if tool.edit is Edit.TOGGLE else unit.map_key or tool.name)


def blocker_tools(units: tuple[Blocker, ...] = BLOCKERS) -> tuple[tuple[Blocker, Tool], ...]:
    """Each unit that has an editor tool, with its tool (at one layer), as the palette lists
    them: the token blockers (those that fill a cell, then the marks on tiles), then the layers."""
    tooled = [unit for unit in units if unit.tool is not None]
    tooled.sort(key=lambda unit: _PALETTE_ORDER.index(unit.tool.edit) if unit.tool is not None else 0)
    return tuple((unit, blocker_tool(unit)) for unit in tooled)


_PALETTE_ORDER = (Edit.CYCLE, Edit.TOGGLE, Edit.LAYER)


def faller_tools(units: tuple[Faller, ...] = FALLERS) -> tuple[tuple[Faller, Tool], ...]:
    """Each faller unit with the editor's tool that paints its token."""
    return tuple((unit, Tool(unit.tool.name, unit.token)) for unit in units)


def faller_of(tool: Tool) -> Faller | None:
    """The faller unit whose tool `tool` is, or None."""
    return next((unit for unit, t in faller_tools() if t.name == tool.name), None)


def special_tools(units: tuple[SpecialUnit, ...] = KINDLESS) -> tuple[tuple[SpecialUnit, Tool], ...]:
    """Each kindless special unit (a tile of no kind: match3's) with the editor's tool that paints its token."""
    return tuple((unit, Tool(unit.name, unit.token)) for unit in units)


def special_of(tool: Tool) -> SpecialUnit | None:
    """The kindless special unit whose tool `tool` is, or None."""
    return next((unit for unit, t in special_tools() if t.name == tool.name), None)


BRUSH_SPECIALS: tuple[str, ...] = ("", *(str(special) for special in KIND_SPECIALS))
"""The special a kind brush puts on its tiles ('' none), by its letter (`3h`): Q steps through them in this order."""


def unit_of(tool: Tool, units: tuple[Blocker, ...] = BLOCKERS) -> Blocker | None:
    """The blocker unit whose tool `tool` is, or None."""
    return next((unit for unit in units if unit.tool is not None and unit.tool.name == tool.name), None)


def changes_layers(tool: Tool, units: tuple[Blocker, ...] = BLOCKERS) -> bool:
    """Whether `tool` changes a layer of a cell (puts a mark on its tile, or a layer under it)
    rather than its token: the right button then takes one away."""
    unit = unit_of(tool, units)
    return unit is not None and unit.tool is not None and unit.tool.edit is not Edit.CYCLE


def carries(token: str, mark: str) -> bool:
    """Whether a token carries a blocker's mark after its one-character tile, with any layers
    (an `L`: `3L`, `.L`; an `I`: `3I1`, `.I2`; `mark` may name layers too, `I2`).

    This is about the text only: whether it may sit there (`#L` on a hole may not) is the
    loader's to say, and the problems list shows it at the cell.
    """
    base = mark.rstrip(_DIGITS)
    return bool(base) and len(token) > 1 and token[1:].rstrip(_DIGITS) == base


def tile_under_mark(token: str) -> str:
    """The tile a marked token lies over (`3L`, `3I2`: `3`)."""
    return token[:1]


_DIGITS = "0123456789"


def mark_cells(draft: Draft, cells: Iterable[Cell], mark: str, on: bool) -> Draft:
    """Put a blocker's mark on (or take it off) the tile in each cell: `3` <-> `3L`, `.` <-> `.L`;
    a layered mark (`I2`) puts on its layers, over a mark of the same blocker with others too."""
    changes: dict[Cell, str] = {}
    for cell in cells:
        tok = draft.token(cell)
        if on and tok[1:] != mark:
            changes[cell] = tile_under_mark(tok) + mark if carries(tok, mark) else tok + mark
        elif not on and carries(tok, mark):
            changes[cell] = tile_under_mark(tok)
    return draft.with_cells(changes)


def add_layers(draft: Draft, unit: Blocker, cells: Iterable[Cell], delta: int) -> Draft:
    """Add (delta 1) or take away (delta -1) a layer of `unit` under each cell, kept to 0..its most."""
    assert unit.map_key is not None and unit.tool is not None
    key, most = unit.map_key, unit.tool.most
    return draft.with_layers(key, {cell: max(0, min(most, draft.layers_at(key, cell) + delta)) for cell in cells})


def next_layers(unit: Blocker, token: str) -> str:
    """A blocker token with one more layer (the most comes round to 1): a click on one cycles it."""
    assert unit.tool is not None
    return f"{unit.tool.mark}{unit.layers_of(token) % unit.tool.most + 1}"


def goal_fields(units: tuple[Blocker, ...] = BLOCKERS) -> tuple[tuple[Blocker, str], ...]:
    """Each blocker unit with a goal (clear every one), with the draft's flag for it
    (`goal_<its key>`, as the level file's `goals: {<its key>: true}`), in the core's order of goals."""
    goaled = [unit for unit in GOAL_UNITS if unit in units] + [u for u in units if u.goal is not None and u not in GOAL_UNITS]
    return tuple((unit, goal_flag(unit.goal)) for unit in goaled if unit.goal is not None)


def map_units(units: tuple[Blocker, ...] = BLOCKERS) -> tuple[Blocker, ...]:
    """The units placed by a level map under the tiles, which a draft keeps
    in the field named as the map's key."""
    return tuple(unit for unit in units if unit.map_key is not None)


def without_maps(draft: Draft, units: tuple[Blocker, ...] = BLOCKERS) -> Draft:
    """The draft with no layer of any map unit."""
    for unit in map_units(units):
        draft = draft.with_map(unit.map_key or "", ())
    return draft


def blocker_counts(draft: Draft, units: tuple[Blocker, ...] = BLOCKERS) -> dict[str, int]:
    """What the board holds of each blocker that has a tool, by its tool's name (a map's
    by its layers: '<name> layer')."""
    tooled = [(unit, unit.tool) for unit in units if unit.tool is not None]
    out: dict[str, int] = {}
    for unit, tool in tooled:
        out[f"{tool.name} layer" if tool.edit is Edit.LAYER else tool.name] = 0
    for r, row in enumerate(draft.cells):
        for c, tok in enumerate(row):
            for unit, tool in tooled:
                if tool.edit is Edit.LAYER and unit.map_key is not None:
                    out[f"{tool.name} layer"] += draft.layers_at(unit.map_key, (r, c))
                elif tool.edit is Edit.TOGGLE and carries(tok, tool.mark):
                    out[tool.name] += 1
                elif tool.edit is Edit.CYCLE and unit.layers_of(tok) > 0:
                    out[tool.name] += 1
    return out


def bare(token: str, units: tuple[Blocker, ...] = BLOCKERS) -> str:
    """A token with the blockers' marks read off its tile (`3L` -> `3`)."""
    for unit in units:
        if unit.tool is not None and unit.tool.edit is Edit.TOGGLE and carries(token, unit.tool.mark):
            token = tile_under_mark(token)
    return token


def placed_by(token: str, units: tuple[Blocker, ...] = BLOCKERS) -> Blocker | None:
    """The unit whose cycling token `token` is (S2), else None."""
    return next((unit for unit in units if unit.tool is not None and unit.tool.edit is Edit.CYCLE
                 and unit.layers_of(token) > 0), None)
