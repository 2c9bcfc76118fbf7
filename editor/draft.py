"""The level being edited: a Draft (every field a level file has, allowed to be wrong for a while), read leniently, checked by the core."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any, Mapping

from game.core import (
    DEFAULT_KINDS, MAX_SIZE, MAX_SLIDE_SIZE, MIN_SIZE, MODES, RANDOM_TOKEN, Goals, Level, Mode, Problem, Rules,
    design_warnings, level_mapping, parse_level, playability_problems,
)

Cell = tuple[int, int]
Cells = tuple[tuple[str, ...], ...]
# Layers of jelly under each cell, the level file's `jelly:` map; () while the board has none.
Jelly = tuple[tuple[int, ...], ...]
# A property a designer types may be a number or, while mistyped, the raw text: the shared
# validator then reports it with the loader's own message ("expected a whole number, found ...").
Scalar = int | str | None


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
