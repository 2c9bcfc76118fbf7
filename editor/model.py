"""The editor's model: the painting tools and the edit session with its unlimited undo history (no arcade)."""

from __future__ import annotations

import functools
import os
import pathlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.core import (
    BLOCKERS, DEFAULT_KINDS, GAP_TOKEN, HOLE_TOKEN, PLAYER_TOKEN, RANDOM_TOKEN, Blocker,
    Edit, Level, LevelError, Mode, Problem, deal_id_after_rename, lines_up, valid_id,
)

# The draft and the resizing live in modules of their own; their names are the model's too.
from .draft import (
    Cell as Cell,
    Cells as Cells,
    Draft as Draft,
    LayerRows as LayerRows,
    Scalar as Scalar,
    advice as advice,
    blank as blank,
    check as check,
    clamp_size as clamp_size,
    edited as edited,
    from_level as from_level,
    read_draft as read_draft,
    parse_scalar as parse_scalar,
)
from .blocker_tools import (
    Tool as Tool,
    add_layers,
    blocker_tool as blocker_tool,
    blocker_tools as blocker_tools,
    carries as carries,
    faller_of,
    faller_tools as faller_tools,
    BRUSH_SPECIALS as BRUSH_SPECIALS,
    special_of as special_of,
    special_tools as special_tools,
    tile_under_mark as tile_under_mark,
    changes_layers as changes_layers,
    mark_cells,
    next_layers as next_layers,
    unit_of as unit_of,
)
from .mirror import Mirror, mirrored
from .resizing import (
    EDGES as EDGES,
    resize_to as resize_to,
    mode_switch_losses as mode_switch_losses,
    resize as resize,
    set_mode as set_mode,
    set_size as set_size,
)

# -- tools ------------------------------------------------------------------------------------

PEN, RECT, FILL = "pen", "rect", "fill"
SHAPES = (PEN, RECT, FILL)


def kind_tool(kind: int) -> Tool:
    return Tool("kind", str(kind))


# The random brush paints a fixed kind picked per cell (as Tiled's random mode does); erase
# puts back the empty cell, which the game deals at random. SCATTER is never stored.
SCATTER_TOKEN = "~"
RANDOM_TOOL = Tool("random", SCATTER_TOKEN)
HOLE_TOOL = Tool("hole", HOLE_TOKEN)
PLAYER_TOOL = Tool("player", PLAYER_TOKEN)
GAP_TOOL = Tool("gap", GAP_TOKEN)
ERASE_TOOL = Tool("erase", RANDOM_TOKEN)


def tile_tool(n: int) -> Tool:
    return Tool("tile", str(n))


def place(draft: Draft, cell: Cell, token: str) -> Draft:
    """Put `token` at `cell`, keeping the one-of rules a designer expects.

    The player start and the slide gap exist once: placing one moves it. A slide tile number
    exists once too: placing it where another number is swaps the two, so a full board stays
    a permutation while the designer rearranges it.
    """
    if not draft.inside(cell):
        return draft
    if token == SCATTER_TOKEN:
        token = scatter_kind(draft, cell)
    old = draft.token(cell)
    if old == token:
        return draft
    changes: dict[Cell, str] = {cell: token}
    unique = token in (PLAYER_TOKEN, GAP_TOKEN) or (draft.mode == Mode.SLIDE and token.isdigit())
    if unique:
        for other in draft.find(token):
            if other != cell:
                # In slide the displaced token takes the old place; elsewhere the cell goes random.
                changes[other] = old if draft.mode == Mode.SLIDE else RANDOM_TOKEN
    return draft.with_cells(changes)


def fill_rect(draft: Draft, a: Cell, b: Cell, token: str) -> Draft:
    """Fill the rectangle between two corners (one-of tokens go to the last cell only)."""
    return _fill_cells(draft, rect_cells(draft, a, b), token)


def bucket(draft: Draft, start: Cell, token: str) -> Draft:
    """Flood-fill the 4-connected area of cells holding the same token as `start`."""
    if not draft.inside(start) or draft.token(start) == token:
        return draft
    return _fill_cells(draft, area(draft, start, draft.token), token)


def area(draft: Draft, start: Cell, key: Callable[[Cell], object]) -> list[Cell]:
    """The 4-connected cells around `start` whose `key` equals start's (a bucket fill's area)."""
    target = key(start)
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n not in seen and draft.inside(n) and key(n) == target:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def rect_cells(draft: Draft, a: Cell, b: Cell) -> list[Cell]:
    """The cells of the rectangle between two corners, in reading order."""
    r0, r1 = sorted((a[0], b[0]))
    c0, c1 = sorted((a[1], b[1]))
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if draft.inside((r, c))]


def _fill_cells(draft: Draft, cells: list[Cell], token: str) -> Draft:
    if token == SCATTER_TOKEN:
        for cell in cells:   # one at a time: each pick sees the kinds picked before it
            draft = place(draft, cell, token)
        return draft
    if token in (PLAYER_TOKEN, GAP_TOKEN) or (draft.mode == Mode.SLIDE and token.isdigit()):
        return place(draft, cells[-1], token) if cells else draft
    return draft.with_cells({cell: token for cell in cells})


# -- the history: every change one undo step -----------------------------------------------------

@dataclass
class History:
    """The draft now, with unlimited undo and redo. A stroke or a drag is one step."""

    current: Draft
    past: list[Draft] = field(default_factory=list)
    future: list[Draft] = field(default_factory=list)
    _stroke_start: Draft | None = None

    def apply(self, change: Callable[[Draft], Draft]) -> bool:
        """Apply one change as one undo step; False (and no step) when nothing changed."""
        self.end_stroke()
        new = change(self.current)
        if new == self.current:
            return False
        self.past.append(self.current)
        self.future.clear()
        self.current = new
        return True

    def set(self, **values: Any) -> bool:
        """Change properties (one step)."""
        return self.apply(lambda d: edited(d, **values))

    # A stroke paints many cells while the mouse is down and becomes one step on release.
    def begin_stroke(self) -> None:
        self.end_stroke()
        self._stroke_start = self.current

    def stroke(self, change: Callable[[Draft], Draft]) -> None:
        if self._stroke_start is None:
            self.begin_stroke()
        self.current = change(self.current)

    def end_stroke(self) -> bool:
        start, self._stroke_start = self._stroke_start, None
        if start is None or start == self.current:
            return False
        self.past.append(start)
        self.future.clear()
        return True

    @property
    def in_stroke(self) -> bool:
        return self._stroke_start is not None

    def undo(self) -> bool:
        self.end_stroke()
        if not self.past:
            return False
        self.future.append(self.current)
        self.current = self.past.pop()
        return True

    def redo(self) -> bool:
        self.end_stroke()
        if not self.future:
            return False
        self.past.append(self.current)
        self.current = self.future.pop()
        return True


class EditModel:
    """The edit session: the history, the current tool, the file it belongs to, saved or not."""

    def __init__(self, draft: Draft, path: Any = None, units: tuple[Blocker, ...] = BLOCKERS) -> None:
        self.history = History(draft)
        self.units = units   # the blocker units the editor offers tools for (the registry; a test adds one)
        self.disk: Any = None   # its file's version as last read or written (files.Version)
        self._path: pathlib.Path | None = None
        self.path = path
        # A fresh board is nothing to lose; restored or changed work is (see mark_saved).
        self.saved: Draft | None = draft
        self.tool: Tool = kind_tool(1) if draft.mode != Mode.SLIDE else tile_tool(1)
        self.shape = PEN
        self.special = ""   # the special the kind brush puts on its tiles (see BRUSH_SPECIALS)
        self.mirror = Mirror.OFF           # every stroke also paints its mirror images (mirror.py)
        self._rect_anchor: Cell | None = None
        self._pen_at: Cell | None = None   # where the pen last painted in this stroke
        self._done: set[Cell] = set()      # the cells this stroke has painted
        self._mark_on = True               # this stroke puts a blocker's mark on (else takes it off)
        self._layer_delta = 1              # this stroke adds a blocker layer (-1 takes one)

    # -- state -------------------------------------------------------------------------------
    @property
    def path(self) -> pathlib.Path | None:
        """The level's file, always absolute: a recovery file or a save made after a change of
        folder must still mean the file the work came from (issue 22: a relative path sent a
        restored save to a new folder under the new working folder)."""
        return self._path

    @path.setter
    def path(self, path: Any) -> None:
        new = pathlib.Path(os.path.abspath(path)) if path is not None else None
        if new != self._path:
            self.disk = None   # the version known was another file's
        self._path = new

    @property
    def draft(self) -> Draft:
        return self.history.current

    @property
    def dirty(self) -> bool:
        return self.saved != self.draft

    def mark_saved(self, path: Any = None) -> None:
        if path is not None:
            self.path = path
        self.saved = self.draft

    def problems(self) -> tuple[Problem, ...]:
        return check(self.draft)[1]

    def warnings(self) -> tuple[Problem, ...]:
        return advice(self.draft)

    def level(self) -> Level:
        """The level as it is now; raises LevelError listing every problem."""
        level, problems = check(self.draft)
        if level is None:
            raise LevelError(list(problems))
        return level

    # -- painting -----------------------------------------------------------------------------
    def select(self, tool: Tool) -> None:
        self.tool = tool

    def next_special(self) -> str:
        """Q: the kind brush's next special (none, then each special unit's that rides a kind, none...)."""
        self.special = BRUSH_SPECIALS[(BRUSH_SPECIALS.index(self.special) + 1) % len(BRUSH_SPECIALS)]
        if self.tool.name != "kind":
            self.tool = kind_tool(1)   # a special rides a kind: pick the brush it goes on
        return self.special

    @property
    def token(self) -> str:
        """What a click paints: the kind brush with its special on it (`3h`), else the tool's token."""
        if self.tool.name == "kind" and self.special:
            return self.tool.token + self.special
        return self.tool.token

    def press(self, cell: Cell, remove: bool = False) -> None:
        """Mouse down on a cell with the current tool and shape.

        `remove` is the right button with a layer tool: it takes a layer or a mark away
        rather than adding one.
        """
        unit = unit_of(self.tool, self.units)
        if unit is not None and changes_layers(self.tool, self.units):
            # A stroke or a rectangle does one thing throughout, decided where it starts: the
            # mark goes on if the first tile had none and comes off if it had one (as
            # a checkbox column is ticked by dragging).
            # (a layered mark, I2, goes on over the same blocker's other layers: I1 becomes I2)
            self._mark_on = not remove and self.draft.token(cell)[1:] != self.tool.token
            self._layer_delta = -1 if remove else 1
        if self.shape == PEN or remove:
            self.history.begin_stroke()
            self._done = set()
            self._paint(cell)
            self._pen_at = cell
        elif self.shape == RECT:
            self._rect_anchor = cell
        else:
            self.history.apply(lambda d: self._fill_area(d, cell))

    def drag(self, cell: Cell) -> None:
        """The pointer moved to `cell` while down: a pen paints every cell on the way there,
        so a fast drag that skips cells between two pointer events leaves no gaps."""
        if self.history.in_stroke:
            for step in line_cells(self._pen_at or cell, cell):
                self._paint(step)
            self._pen_at = cell

    def release(self, cell: Cell | None) -> None:
        if self.history.in_stroke:
            self.history.end_stroke()
        elif self.shape == RECT and self._rect_anchor is not None:
            anchor, self._rect_anchor = self._rect_anchor, None
            if cell is not None:
                self.history.apply(lambda d: self._on_cells(d, self.mirror_of(d, rect_cells(d, anchor, cell))))

    @property
    def rect_anchor(self) -> Cell | None:
        return self._rect_anchor

    def paint_at(self, cell: Cell, remove: bool = False) -> bool:
        """Paint one cell as one step (the keyboard's Space; `remove`: a right-click)."""
        steps = len(self.history.past)
        shape, self.shape = self.shape, PEN   # one cell, whatever the shape
        try:
            self.press(cell, remove)
        finally:
            self.shape = shape
        self.history.end_stroke()
        return len(self.history.past) > steps

    def _paint(self, cell: Cell) -> None:
        # Each cell once a stroke: a drag back over a cell (or over a cell already painted as
        # a mirror image) adds no second layer and does not cycle a blocker's layers again.
        if cell in self._done or not self.draft.inside(cell):
            return
        first = not self._done
        cells = [c for c in self.mirror_of(self.draft, [cell]) if c not in self._done]
        self._done.update(cells)
        under = self.draft.token(cell)
        unit = unit_of(self.tool, self.units)
        if (unit is not None and unit.tool is not None and unit.tool.edit is Edit.CYCLE and first
                and unit.layers_of(under) > 0):
            # A click on its own blocker with a cycling tool gives it one more layer (S3:
            # back to S1); its mirror images become that same blocker.
            self.history.stroke(lambda d: d.with_cells({c: next_layers(unit, under) for c in cells}))
            return
        self.history.stroke(lambda d: self._on_cells(d, cells))

    def mirroring(self, draft: Draft) -> Mirror:
        """The mirror a stroke paints with now: off on a slide board (its numbers are a
        permutation) and for the one-of tokens (the player start, the gap), which exist once."""
        one_of = not changes_layers(self.tool, self.units) and self.token in (PLAYER_TOKEN, GAP_TOKEN)
        return Mirror.OFF if draft.mode == Mode.SLIDE or one_of else self.mirror

    def mirror_of(self, draft: Draft, cells: list[Cell]) -> list[Cell]:
        """The cells a stroke on `cells` paints: with their mirror images when mirroring."""
        return mirrored(cells, draft.width, draft.height, self.mirroring(draft))

    def _on_cells(self, draft: Draft, cells: list[Cell]) -> Draft:
        """What the tool does to these cells (one stroke step, a rectangle)."""
        unit = unit_of(self.tool, self.units)
        if unit is not None and unit.tool is not None and unit.tool.edit is Edit.TOGGLE:
            return mark_cells(draft, cells, self.tool.token, self._mark_on)   # L, or a layered mark: I2
        if unit is not None and unit.tool is not None and unit.tool.edit is Edit.LAYER:
            return add_layers(draft, unit, cells, self._layer_delta)
        if len(cells) == 1:
            return place(draft, cells[0], self.token)
        return _fill_cells(draft, cells, self.token)

    def _fill_area(self, draft: Draft, start: Cell) -> Draft:
        """The bucket: the area of alike cells, alike in the layer the tool paints (and the
        areas at the start's mirror images, all read on the board before the fill)."""
        if not draft.inside(start):
            return draft
        unit = unit_of(self.tool, self.units)
        key: Callable[[Cell], object] = draft.token
        if unit is not None and unit.map_key is not None and unit.tool is not None and unit.tool.edit is Edit.LAYER:
            key = functools.partial(draft.layers_at, unit.map_key)
        cells: list[Cell] = []
        for s in self.mirror_of(draft, [start]):
            if changes_layers(self.tool, self.units) or draft.token(s) != self.token:
                cells += [c for c in area(draft, s, key) if c not in cells]
        return self._on_cells(draft, cells) if cells else draft

    # -- other edits ----------------------------------------------------------------------------
    def resize(self, edge: str, delta: int) -> bool:
        return self.history.apply(lambda d: resize(d, edge, delta))

    def set_size(self, width: int, height: int, h_anchor: str = "left", v_anchor: str = "top") -> bool:
        """The board at width x height, its content kept against the anchor (one undo step)."""
        return self.history.apply(lambda d: resize_to(d, width, height, h_anchor, v_anchor))

    def set_mode(self, mode: Mode) -> bool:
        changed = self.history.apply(lambda d: set_mode(d, mode))
        if changed:
            self.tool = tile_tool(1) if mode == Mode.SLIDE else kind_tool(1)
            self._fit_tool()
        return changed

    def set(self, **values: Any) -> bool:
        """Change properties (one undo step). A new id keeps the deal of a level that has one
        to keep (a file, a kept seed, a deal kept before): the id seeds the deal, so the step
        also names the id it was dealt under (deal_id), and renaming back takes that away."""
        return self.history.set(**self._deal_kept_with(values))

    def typed(self, **values: Any) -> None:
        """Properties as a field holds them while it is typed in: a stroke, one undo step when
        the field commits (or any other change comes first). An id typed keeps the deal as set does."""
        values = self._deal_kept_with(values)
        self.history.stroke(lambda d: edited(d, **values))

    def _deal_kept_with(self, values: dict[str, Any]) -> dict[str, Any]:
        new_id = values.get("id", self.draft.id)
        if new_id != self.draft.id and "deal_id" not in values and self._deal_kept():
            values = {**values, "deal_id": deal_id_after_rename(self.draft.id, self.draft.deal_id, new_id)}
        return values

    def _deal_kept(self) -> bool:
        d = self.draft
        return d.deal_id is not None or (valid_id(d.id) and (self.path is not None or d.seed is not None))

    def set_collect(self, kind: int, count: Scalar) -> bool:
        """Set (or with None remove) the collect goal for one kind."""
        return self.history.set(collect=with_count(self.draft.collect, kind, count))

    def set_star(self, index: int, value: Scalar) -> bool:
        """Set one of the three star scores; all three blank removes `stars`."""
        return self.history.set(stars=with_star(self.draft, index, value))

    def undo(self) -> bool:
        self._rect_anchor = None
        done = self.history.undo()
        self._fit_tool()
        return done

    def redo(self) -> bool:
        self._rect_anchor = None
        done = self.history.redo()
        self._fit_tool()
        return done

    def cancel_rect(self) -> bool:
        """Esc: drop a rectangle's first corner (True when there was one)."""
        had, self._rect_anchor = self._rect_anchor is not None, None
        return had

    def _fit_tool(self) -> None:
        """Keep a tool the palette shows: an undone mode change must not leave clicks painting
        with a tool of the other mode (a slide tile on a match3 board)."""
        mode, name = self.draft.mode, self.tool.name
        if mode == Mode.SLIDE and name not in ("tile", "gap", "erase"):
            self.tool = tile_tool(1)
        elif mode != Mode.SLIDE and name in ("tile", "gap"):
            self.tool = kind_tool(1)
        elif mode != Mode.CHAIN and name == "player":
            self.tool = kind_tool(1)
        elif mode != Mode.MATCH3 and special_of(self.tool) is not None:
            self.tool = kind_tool(1)
        elif (faller := faller_of(self.tool)) is not None and mode not in faller.tool.modes:
            self.tool = kind_tool(1)
        if mode != Mode.MATCH3:
            self.special = ""   # specials are match3's; the palette shows them only there


def with_count(counts: tuple[tuple[int, Scalar], ...], kind: int, count: Scalar) -> tuple[tuple[int, Scalar], ...]:
    """A goal of kinds' counts (collect's) with one kind's count set (None: that kind's removed)."""
    others = [(k, v) for k, v in counts if k != kind]
    if count is not None:
        others.append((kind, count))
    return tuple(sorted(others))


def with_star(draft: Draft, index: int, value: Scalar) -> tuple[Scalar, Scalar, Scalar] | None:
    """The three star scores with one set; all three blank is no `stars` at all."""
    stars = list(draft.stars or (None, None, None))
    stars[index] = value
    return None if all(s is None for s in stars) else (stars[0], stars[1], stars[2])


def scatter_kind(draft: Draft, cell: Cell) -> str:
    """A kind for the random brush at `cell`: varied from cell to cell (the same cell of the
    same board gets the same pick, so painting is repeatable), and in match3 never one that
    would line up a run with the fixed tiles around it."""
    kinds = draft.kinds if isinstance(draft.kinds, int) and 1 <= draft.kinds <= 9 else DEFAULT_KINDS
    order = list(range(1, kinds + 1))
    random.Random(f"{cell[0]},{cell[1]},{draft.width}x{draft.height}").shuffle(order)
    if draft.mode == Mode.MATCH3:
        need = draft.min_match if isinstance(draft.min_match, int) and draft.min_match >= 2 else 3
        for k in order:
            token = str(k)
            if not lines_up(cell, need, lambda at: draft.token(at) == token, draft.height, draft.width):
                return str(k)
    return str(order[0])


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """The cells on the straight line from `a` to `b`, both ends included (Bresenham)."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    sr, sc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    err = dc - dr
    out = [(r0, c0)]
    while (r0, c0) != (r1, c1):
        twice = 2 * err
        if twice > -dr:
            err -= dr
            c0 += sc
        if twice < dc:
            err += dc
            r0 += sr
        out.append((r0, c0))
    return out


def cells_of(draft: Draft) -> Iterable[Cell]:
    return ((r, c) for r in range(draft.height) for c in range(draft.width))
