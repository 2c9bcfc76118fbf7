"""The editor's model: a draft level, the painting tools and an unlimited undo history (no arcade)."""

from __future__ import annotations

import functools
import os
import pathlib
import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping

from game.core import (
    DEFAULT_KINDS, GAP_TOKEN, HOLE_TOKEN, MAX_SIZE, MAX_SLIDE_SIZE, MIN_SIZE, MODES, PLAYER_TOKEN,
    RANDOM_TOKEN, Goals, Level, LevelError, Mode, Problem, Rules, design_warnings, level_mapping, parse_level, playability_problems,
)
from game.core import DROP_TOKEN, LOCK_TOKEN, MAX_JELLY, MAX_STONE_HITS, RAINBOW_TOKEN, STONE_TOKEN, token_stone

Cell = tuple[int, int]
Cells = tuple[tuple[str, ...], ...]
# Layers of jelly under each cell, the level file's `jelly:` map; () while the board has none.
Jelly = tuple[tuple[int, ...], ...]
# A property a designer types may be a number or, while mistyped, the raw text: the shared
# validator then reports it with the loader's own message ("expected a whole number, found ...").
Scalar = int | str | None

EDGES = ("top", "bottom", "left", "right")


@dataclass(frozen=True, slots=True)
class Draft:
    """A level being edited: every field a level file has, allowed to be wrong for a while."""

    mode: Mode
    width: int
    height: int
    cells: Cells
    id: str = "untitled"
    name: str = "Untitled"
    description: str = ""
    kinds: Scalar = DEFAULT_KINDS
    seed: Scalar = None
    moves: Scalar = None
    score: Scalar = None
    collect: tuple[tuple[int, Scalar], ...] = ()
    reach: Cell | None = None
    stars: tuple[Scalar, Scalar, Scalar] | None = None
    min_match: Scalar = 3
    min_chain: Scalar = 3
    diagonal: bool = True
    jelly: Jelly = ()             # the jelly layer, same shape as cells (or () for none)
    goal_jelly: bool = False      # goals.jelly: clear every layer
    goal_stones: bool = False     # goals.stones: break every stone
    drops: Scalar = None          # goals.drops: bring this many drops down (match3)
    specials: bool = True         # rules.specials (match3): False turns specials off

    # -- cells -----------------------------------------------------------------------
    def token(self, cell: Cell) -> str:
        return self.cells[cell[0]][cell[1]]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def jelly_at(self, cell: Cell) -> int:
        """The layers of jelly under `cell` (0 where the board has none)."""
        return self.jelly[cell[0]][cell[1]] if self.jelly else 0

    def with_jelly(self, changes: Mapping[Cell, int]) -> "Draft":
        """The draft with some cells' jelly layers set (a board without jelly gets a layer of 0s)."""
        if all(self.jelly_at(cell) == n for cell, n in changes.items()):
            return self
        rows = [list(row) for row in self.jelly] if self.jelly else [[0] * self.width for _ in range(self.height)]
        for (r, c), n in changes.items():
            rows[r][c] = n
        # Back to () when the last layer goes: a board with no jelly compares equal to a fresh one.
        jelly = tuple(tuple(row) for row in rows) if any(any(row) for row in rows) else ()
        return replace(self, jelly=jelly)

    def find(self, token: str) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.cells) for c, t in enumerate(row) if t == token]

    def with_cells(self, changes: Mapping[Cell, str]) -> "Draft":
        if not changes:
            return self
        rows = [list(row) for row in self.cells]
        for (r, c), tok in changes.items():
            rows[r][c] = tok
        return replace(self, cells=tuple(tuple(row) for row in rows))

    # -- the level-file mapping ------------------------------------------------------------
    def to_mapping(self) -> dict[str, Any]:
        """The level-file mapping of this draft (keys in the documented order)."""
        # A board of random cells needs no layout; the game deals it (slide: shuffles it).
        layout = self.cells if any(tok != RANDOM_TOKEN for row in self.cells for tok in row) else None
        return level_mapping(
            id=self.id, name=self.name, description=self.description, mode=self.mode,
            width=self.width, height=self.height, kinds=self.kinds, seed=self.seed,
            moves=self.moves, layout=layout,
            goals=Goals(score=self.score, collect=self.collect, reach=self.reach,  # type: ignore[arg-type]
                        jelly=self.goal_jelly, stones=self.goal_stones, drops=self.drops),  # type: ignore[arg-type]
            stars=self.stars,
            rules=Rules(min_match=self.min_match, min_chain=self.min_chain,  # type: ignore[arg-type]
                        diagonal=self.diagonal, specials=self.specials),
            jelly=self.jelly or None,
        )


def blank(mode: Mode, width: int, height: int, *, level_id: str = "untitled",
          name: str = "Untitled") -> Draft:
    """An empty board: every cell random (the game deals it; a slide board is shuffled)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    mode = Mode(mode)
    width, height = clamp_size(mode, width), clamp_size(mode, height)
    cells = tuple(tuple(RANDOM_TOKEN for _ in range(width)) for _ in range(height))
    return Draft(mode=mode, width=width, height=height, cells=cells, id=level_id, name=name)


def clamp_size(mode: Mode, n: int) -> int:
    hi = MAX_SLIDE_SIZE if mode == Mode.SLIDE else MAX_SIZE
    return max(MIN_SIZE, min(hi, n))


def from_level(level: Level) -> Draft:
    """The draft of a valid level."""
    return from_mapping(level.to_dict())


def from_mapping(data: Mapping[str, Any]) -> Draft:
    """A draft from a level mapping that may have problems (a saved draft): keep what fits."""
    mode = Mode(data["mode"]) if data.get("mode") in MODES else Mode.MATCH3
    raw_w, raw_h = data.get("width"), data.get("height")
    width = clamp_size(mode, raw_w if isinstance(raw_w, int) and _is_int(raw_w) else 8)
    height = clamp_size(mode, raw_h if isinstance(raw_h, int) and _is_int(raw_h) else 8)
    rows: list[list[str]] = [[RANDOM_TOKEN] * width for _ in range(height)]
    layout = data.get("layout")
    if isinstance(layout, list):
        for r, text in enumerate(layout[:height]):
            if isinstance(text, str):
                for c, tok in enumerate(text.split()[:width]):
                    rows[r][c] = tok
    goals = data.get("goals") if isinstance(data.get("goals"), Mapping) else {}
    assert isinstance(goals, Mapping)
    collect_raw = goals.get("collect")
    collect = tuple(sorted(
        (int(k), v if _is_int(v) or isinstance(v, str) else str(v))
        for k, v in collect_raw.items() if _is_int(k)
    )) if isinstance(collect_raw, Mapping) else ()
    reach_raw = goals.get("reach")
    reach = (int(reach_raw[0]), int(reach_raw[1])) if (
        isinstance(reach_raw, list) and len(reach_raw) == 2 and all(_is_int(v) for v in reach_raw)
    ) else None
    stars_raw = data.get("stars")
    stars = tuple(_scalar(v) for v in stars_raw) if (
        isinstance(stars_raw, list) and len(stars_raw) == 3) else None
    rules = data.get("rules") if isinstance(data.get("rules"), Mapping) else {}
    assert isinstance(rules, Mapping)
    jelly_rows: list[list[int]] = [[0] * width for _ in range(height)]
    jelly_raw = data.get("jelly")
    if isinstance(jelly_raw, list) and mode != Mode.SLIDE:
        for r, text in enumerate(jelly_raw[:height]):
            if isinstance(text, str):
                for c, tok in enumerate(text.split()[:width]):
                    # A digit out of range is kept, so the loader's problem about it stays in
                    # view; what is no digit at all cannot be held by the layer and reads as 0.
                    jelly_rows[r][c] = int(tok) if tok.isascii() and tok.isdigit() and len(tok) == 1 else 0
    jelly = tuple(tuple(row) for row in jelly_rows) if any(any(row) for row in jelly_rows) else ()
    specials = rules.get("specials", True)
    return Draft(
        mode=mode, width=width, height=height, cells=tuple(tuple(r) for r in rows),
        id=str(data.get("id", "untitled")), name=str(data.get("name", "Untitled")),
        description=str(data.get("description") or ""),
        kinds=_scalar(data.get("kinds", DEFAULT_KINDS)) if mode != Mode.SLIDE else DEFAULT_KINDS,
        seed=_scalar(data.get("seed")), moves=_scalar(data.get("moves")),
        score=_scalar(goals.get("score")), collect=collect, reach=reach,
        stars=stars,  # type: ignore[arg-type]
        min_match=_scalar(rules.get("min_match", 3)), min_chain=_scalar(rules.get("min_chain", 3)),
        diagonal=rules.get("diagonal", True) if isinstance(rules.get("diagonal", True), bool) else True,
        jelly=jelly, goal_jelly=goals.get("jelly") is True, goal_stones=goals.get("stones") is True,
        # Drops and the specials switch are match3's (as kinds is no slide's): another mode's
        # draft leaves them out, since the fields that would fix them are not shown there.
        drops=_scalar(goals.get("drops")) if mode == Mode.MATCH3 else None,
        specials=specials if isinstance(specials, bool) and mode == Mode.MATCH3 else True,
    )


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar(v: object) -> Scalar:
    if v is None or _is_int(v) or isinstance(v, str):
        return v  # type: ignore[return-value]
    return str(v)


def parse_scalar(text: str) -> Scalar:
    """What a typed field means: blank is unset, digits are a number, anything else stays text."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


# -- validation: the one shared validator, plus "can a game be dealt at all" -----------------

@functools.lru_cache(maxsize=64)
def check(draft: Draft) -> tuple[Level | None, tuple[Problem, ...]]:
    """The level and every problem, with the loader's own messages (core parse_level)."""
    level, problems = parse_level(draft.to_mapping())
    if level is not None and not problems:
        problems = list(playability_problems(level))
        if problems:
            level = None
    return level, tuple(problems)


@functools.lru_cache(maxsize=64)
def advice(draft: Draft) -> tuple[Problem, ...]:
    """The core's design warnings for a draft that is a valid level (none while it has problems)."""
    level, _problems = check(draft)
    return tuple(design_warnings(level)) if level is not None else ()


# -- tools ------------------------------------------------------------------------------------

PEN, RECT, FILL = "pen", "rect", "fill"
SHAPES = (PEN, RECT, FILL)


@dataclass(frozen=True, slots=True)
class Tool:
    """What a click puts on the board: a token ('' erases back to a random cell)."""

    name: str           # kind, random, hole, player, tile, gap, erase, rainbow, stone, drop, lock, jelly
    token: str

    @property
    def label(self) -> str:
        return {"kind": f"kind {self.token}", "tile": f"tile {self.token}",
                "stone": f"stone {self.token}"}.get(self.name, self.name)


def kind_tool(kind: int) -> Tool:
    return Tool("kind", str(kind))


def stone_tool(hits: int) -> Tool:
    """A stone taking `hits` hits (1..3), the token `S1`..`S3`."""
    return Tool("stone", f"{STONE_TOKEN}{hits}")


# The random brush paints a fixed kind picked per cell (as Tiled's random mode does); erase
# puts back the empty cell, which the game deals at random. SCATTER is never stored.
SCATTER_TOKEN = "~"
RANDOM_TOOL = Tool("random", SCATTER_TOKEN)
HOLE_TOOL = Tool("hole", HOLE_TOKEN)
PLAYER_TOOL = Tool("player", PLAYER_TOKEN)
GAP_TOOL = Tool("gap", GAP_TOKEN)
ERASE_TOOL = Tool("erase", RANDOM_TOKEN)
RAINBOW_TOOL = Tool("rainbow", RAINBOW_TOKEN)
DROP_TOOL = Tool("drop", DROP_TOKEN)
# The lock and jelly tools change a layer of the cell rather than put a token: the lock puts
# an `L` on the tile there (or takes it off), jelly adds a layer under it. Their tokens are
# never written into a layout.
LOCK_TOOL = Tool("lock", LOCK_TOKEN)
JELLY_TOOL = Tool("jelly", "jelly")
LAYER_TOOLS = (LOCK_TOOL, JELLY_TOOL)
# The special a kind brush puts on its tiles ('' none): `3h` clears its row, `3v` its column,
# `3b` is a bomb. The key Q steps through them in this order.
SPECIALS = ("", "h", "v", "b")


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


def is_locked(token: str) -> bool:
    """Whether a token carries the lock's `L` (written after a tile: `3L`, `.L`).

    This is about the text only: whether the lock may sit there (`#L` on a hole may not) is
    the loader's to say, and the problems list shows it at the cell.
    """
    return len(token) >= 2 and token.endswith(LOCK_TOKEN)


def lock_cells(draft: Draft, cells: Iterable[Cell], on: bool) -> Draft:
    """Put the lock on (or take it off) the tile in each cell: `3` <-> `3L`, `.` <-> `.L`."""
    changes: dict[Cell, str] = {}
    for cell in cells:
        tok = draft.token(cell)
        if on and not is_locked(tok):
            changes[cell] = tok + LOCK_TOKEN
        elif not on and is_locked(tok):
            changes[cell] = tok[:-1]
    return draft.with_cells(changes)


def add_jelly(draft: Draft, cells: Iterable[Cell], delta: int) -> Draft:
    """Add (delta 1) or take away (delta -1) a layer of jelly in each cell, kept to 0..2."""
    return draft.with_jelly({cell: max(0, min(MAX_JELLY, draft.jelly_at(cell) + delta))
                             for cell in cells})


def next_hits(token: str) -> str:
    """A stone with one more hit to take (S3 comes round to S1): clicking a stone cycles it."""
    hits = token_stone(token) or 0
    return f"{STONE_TOKEN}{hits % MAX_STONE_HITS + 1}"


def _fill_cells(draft: Draft, cells: list[Cell], token: str) -> Draft:
    if token == SCATTER_TOKEN:
        for cell in cells:   # one at a time: each pick sees the kinds picked before it
            draft = place(draft, cell, token)
        return draft
    if token in (PLAYER_TOKEN, GAP_TOKEN) or (draft.mode == Mode.SLIDE and token.isdigit()):
        return place(draft, cells[-1], token) if cells else draft
    return draft.with_cells({cell: token for cell in cells})


def resize(draft: Draft, edge: str, delta: int) -> Draft:
    """Add (delta > 0) or remove rows/columns at one edge; content keeps its place on the board."""
    if edge not in EDGES:
        raise ValueError(f"edge must be one of {', '.join(EDGES)}")
    vertical = edge in ("top", "bottom")
    old = draft.height if vertical else draft.width
    new = clamp_size(draft.mode, old + delta)
    delta = new - old
    if delta == 0:
        return draft
    shift_r = delta if edge == "top" else 0
    shift_c = delta if edge == "left" else 0
    height = new if vertical else draft.height
    width = draft.width if vertical else new
    rows = tuple(
        tuple(
            draft.cells[r - shift_r][c - shift_c] if draft.inside((r - shift_r, c - shift_c))
            else RANDOM_TOKEN
            for c in range(width)
        )
        for r in range(height)
    )
    jelly = tuple(
        tuple(
            draft.jelly_at((r - shift_r, c - shift_c)) if draft.inside((r - shift_r, c - shift_c)) else 0
            for c in range(width)
        )
        for r in range(height)
    )
    reach = draft.reach
    if reach is not None:
        reach = (reach[0] + shift_r, reach[1] + shift_c)
    return replace(draft, width=width, height=height, cells=rows, reach=reach,
                   jelly=jelly if any(any(row) for row in jelly) else ())


def set_size(draft: Draft, width: int, height: int) -> Draft:
    """Change the size from the properties panel: rows and columns come and go at the bottom/right."""
    draft = resize(draft, "right", width - draft.width)
    return resize(draft, "bottom", height - draft.height)


def set_mode(draft: Draft, mode: Mode) -> Draft:
    """Switch the mode, dropping what the new mode cannot hold (undo brings it back)."""
    if mode == draft.mode:
        return draft
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    mode = Mode(mode)
    if mode == Mode.SLIDE or draft.mode == Mode.SLIDE:
        cells = tuple(tuple(RANDOM_TOKEN for _ in row) for row in draft.cells)
    else:
        cells = tuple(tuple(RANDOM_TOKEN if t == PLAYER_TOKEN else t for t in row)
                      for row in draft.cells)
    out = replace(draft, mode=mode, cells=cells)
    if mode != Mode.MATCH3:
        # Drops and the specials switch are match3's: the fields that set them are hidden in
        # other modes, so a problem about them could not be fixed where it is shown.
        out = replace(out, drops=None, specials=True)
    if mode == Mode.SLIDE:
        # Slide has no blockers: no jelly and no blocker goals.
        out = replace(out, score=None, collect=(), reach=None, jelly=(), goal_jelly=False, goal_stones=False,
                      width=clamp_size(mode, draft.width), height=clamp_size(mode, draft.height))
        if (out.width, out.height) != (draft.width, draft.height):
            out = replace(out, cells=tuple(tuple(RANDOM_TOKEN for _ in range(out.width))
                                           for _ in range(out.height)))
    elif mode != Mode.CHAIN:
        out = replace(out, reach=None)
    return out


def mode_switch_losses(before: Draft, after: Draft) -> list[str]:
    """What a mode switch dropped, in words (undo brings it all back)."""
    lost: list[str] = []
    fixed = sum(1 for r in range(min(before.height, after.height)) for c in range(min(before.width, after.width))
                if before.token((r, c)) not in (RANDOM_TOKEN, PLAYER_TOKEN, GAP_TOKEN)
                and after.token((r, c)) == RANDOM_TOKEN)
    if fixed:
        lost.append(f"{fixed} placed cell{'s' if fixed != 1 else ''}")
    if before.find(PLAYER_TOKEN) and not after.find(PLAYER_TOKEN):
        lost.append("the player start")
    if before.reach is not None and after.reach is None:
        lost.append("the reach goal")
    if before.score is not None and after.score is None:
        lost.append("the score goal")
    if before.collect and not after.collect:
        lost.append(f"{len(before.collect)} collect goal{'s' if len(before.collect) != 1 else ''}")
    if before.jelly and not after.jelly:
        lost.append("the jelly")
    for name, gone in (("jelly", before.goal_jelly and not after.goal_jelly),
                       ("stones", before.goal_stones and not after.goal_stones),
                       ("drops", before.drops is not None and after.drops is None)):
        if gone:
            lost.append(f"the {name} goal")
    if not before.specials and after.specials:
        lost.append("specials: off")
    if (before.width, before.height) != (after.width, after.height):
        lost.append(f"the {before.width}x{before.height} size (now {after.width}x{after.height})")
    return lost


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
        return self.apply(lambda d: replace(d, **values))

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

    def __init__(self, draft: Draft, path: Any = None) -> None:
        self.history = History(draft)
        self._path: pathlib.Path | None = None
        self.path = path
        # A fresh board is nothing to lose; restored or changed work is (see mark_saved).
        self.saved: Draft | None = draft
        self.tool: Tool = kind_tool(1) if draft.mode != Mode.SLIDE else tile_tool(1)
        self.shape = PEN
        self.special = ""   # the special the kind brush puts on its tiles (see SPECIALS)
        self._rect_anchor: Cell | None = None
        self._pen_at: Cell | None = None   # where the pen last painted in this stroke
        self._done: set[Cell] = set()      # the cells this stroke has painted
        self._lock_on = True               # this stroke locks (else unlocks)
        self._jelly_delta = 1              # this stroke adds a jelly layer (-1 takes one)

    # -- state -------------------------------------------------------------------------------
    @property
    def path(self) -> pathlib.Path | None:
        """The level's file, always absolute: a recovery file or a save made after a change of
        folder must still mean the file the work came from (issue 22: a relative path sent a
        restored save to a new folder under the new working folder)."""
        return self._path

    @path.setter
    def path(self, path: Any) -> None:
        self._path = pathlib.Path(os.path.abspath(path)) if path is not None else None

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
        """Q: the kind brush's next special (none, row line, column line, bomb, none...)."""
        self.special = SPECIALS[(SPECIALS.index(self.special) + 1) % len(SPECIALS)]
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

        `remove` is the right button with a layer tool: it takes a jelly layer or a lock away
        rather than adding one.
        """
        if self.tool in LAYER_TOOLS:
            # A stroke or a rectangle does one thing throughout, decided where it starts: the
            # lock goes on if the first tile had none and comes off if it had one (as a
            # checkbox column is ticked by dragging).
            self._lock_on = not remove and not is_locked(self.draft.token(cell))
            self._jelly_delta = -1 if remove else 1
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
                self.history.apply(lambda d: self._on_cells(d, rect_cells(d, anchor, cell)))

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
        # Each cell once a stroke: a drag back over a cell adds no second jelly layer and
        # does not cycle a stone's hits again.
        if cell in self._done or not self.draft.inside(cell):
            return
        self._done.add(cell)
        if self.tool.name == "stone" and len(self._done) == 1 and token_stone(self.draft.token(cell)) is not None:
            # A click on a stone with the stone tool gives it one more hit to take (S3: back to S1).
            self.history.stroke(lambda d: place(d, cell, next_hits(d.token(cell))))
            return
        self.history.stroke(lambda d: self._on_cells(d, [cell]))

    def _on_cells(self, draft: Draft, cells: list[Cell]) -> Draft:
        """What the tool does to these cells (one stroke step, a rectangle)."""
        if self.tool == LOCK_TOOL:
            return lock_cells(draft, cells, self._lock_on)
        if self.tool == JELLY_TOOL:
            return add_jelly(draft, cells, self._jelly_delta)
        if len(cells) == 1:
            return place(draft, cells[0], self.token)
        return _fill_cells(draft, cells, self.token)

    def _fill_area(self, draft: Draft, start: Cell) -> Draft:
        """The bucket: the area of alike cells, alike in the layer the tool paints."""
        if not draft.inside(start):
            return draft
        if self.tool == JELLY_TOOL:
            return self._on_cells(draft, area(draft, start, draft.jelly_at))
        if self.tool == LOCK_TOOL:
            return self._on_cells(draft, area(draft, start, draft.token))
        return bucket(draft, start, self.token)

    # -- other edits ----------------------------------------------------------------------------
    def resize(self, edge: str, delta: int) -> bool:
        return self.history.apply(lambda d: resize(d, edge, delta))

    def set_size(self, width: int, height: int) -> bool:
        return self.history.apply(lambda d: set_size(d, width, height))

    def set_mode(self, mode: Mode) -> bool:
        changed = self.history.apply(lambda d: set_mode(d, mode))
        if changed:
            self.tool = tile_tool(1) if mode == Mode.SLIDE else kind_tool(1)
            self._fit_tool()
        return changed

    def set(self, **values: Any) -> bool:
        return self.history.set(**values)

    def set_collect(self, kind: int, count: Scalar) -> bool:
        """Set (or with None remove) the collect goal for one kind."""
        others = [(k, v) for k, v in self.draft.collect if k != kind]
        if count is not None:
            others.append((kind, count))
        return self.history.set(collect=tuple(sorted(others)))

    def set_star(self, index: int, value: Scalar) -> bool:
        """Set one of the three star scores; all three blank removes `stars`."""
        stars = list(self.draft.stars or (None, None, None))
        stars[index] = value
        return self.history.set(stars=None if all(s is None for s in stars) else tuple(stars))

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
        elif mode != Mode.MATCH3 and name in ("rainbow", "drop"):
            self.tool = kind_tool(1)
        if mode != Mode.MATCH3:
            self.special = ""   # specials are match3's; the palette shows them only there


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
            if not _lines_up(draft, cell, str(k), need):
                return str(k)
    return str(order[0])


def _lines_up(draft: Draft, cell: Cell, token: str, need: int) -> bool:
    for dr, dc in ((0, 1), (1, 0)):
        run = 1
        for sign in (1, -1):
            r, c = cell[0] + sign * dr, cell[1] + sign * dc
            while draft.inside((r, c)) and draft.token((r, c)) == token:
                run += 1
                r, c = r + sign * dr, c + sign * dc
        if run >= need:
            return True
    return False


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

