"""Level: one level as a frozen value, read from and written to the level-file mapping."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Mapping, TypeVar

from .boards import Geometry, make_geometry, solved_slide
from .checking import Problem
from .grid import Cell, Grid
from .level_check import check_level
from .pickling import by_init_fields
from .level_format import (
    DEFAULT_KINDS, DEFAULT_SEED, FIELDS, HOLE_TOKEN, PLAYER_TOKEN, RANDOM_TOKEN, Field, Form, Goals, Hashed,
    Rules, Write, faller_goal, sorts_forming, specials_of, switch_goal, token_special, token_value,
)
from .made import Made
from .units import BLOCKERS, FALLERS, Blocker, Counts, Faller
from .vocab import Lesson, Mode, Special, SpecialSort

T = TypeVar("T")
_MISSING = object()


class LevelError(ValueError):
    """A level mapping that is not a valid level; `problems` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems) or "invalid level")


@dataclass(frozen=True, slots=True)
class Level:
    """One level: the board's shape and fixed cells, its goals, limits and rules."""

    id: str
    name: str
    mode: Mode
    width: int
    height: int
    kinds: int = DEFAULT_KINDS
    description: str = ""
    seed: int | None = None
    moves: int | None = None
    layout: tuple[tuple[str, ...], ...] | None = None
    # Each map unit's per-cell counts (its layers under each cell), by its map key, in the
    # units' order: the level key named as the unit's map_key (none for a unit the file has no map of).
    maps: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = ()
    goals: Goals = field(default_factory=Goals)
    stars: tuple[int, int, int] | None = None
    rules: Rules = field(default_factory=Rules)
    teaches: Lesson | None = None   # the mechanic the level teaches (the lab checks it does)
    # The sorts of special a run may form here (the file's `specials:`, in SpecialSort order);
    # None: every sort, as before the field. Specials the layout places are there regardless.
    special_sorts: tuple[SpecialSort, ...] | None = None
    # The id the deal is seeded by when it is not the level's own (`deal_id:`, written by a
    # rename that keeps the deal; see deal_id_after_rename). None: the id, as before the field.
    deal_id: str | None = None
    # How `gridfall generate` made and measured the level (a note: no hash names it).
    made: Made | None = None
    # Facts derived from the fields alone (the layout's blockers, the board's geometry, ...),
    # made on first use and kept with this value: the rules ask them every move. Not an init
    # field, so dataclasses.replace starts a changed level with none; not compared, hashed,
    # printed or pickled.
    derived: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # What a worker process is sent: the fields, not the derived facts (it makes its own).
        return by_init_fields(self)

    def kept(self, name: str, make: Callable[[], T]) -> T:
        """The derived fact `name`, made by `make` on first use and kept with the level (an
        immutable value that depends on the level alone: the rules keep their tables here)."""
        found = self.derived.get(name, _MISSING)
        if found is _MISSING:
            found = self.derived[name] = make()
        return found  # type: ignore[return-value]

    def solved_board(self) -> Grid:
        """A slide level's goal: 1..N-1 row by row, the gap last."""
        return self.kept("solved", lambda: solved_slide(self.height, self.width))

    def geometry(self) -> Geometry:
        """The board's geometry: its size and the layout's holes, with the tables the rules
        build on it (kept with the level, so every game of it shares them)."""
        return self.kept("geometry", self._make_geometry)

    def _make_geometry(self) -> Geometry:
        stride = self.width + 1
        holes = 0
        for r, c in self.holes:
            holes |= 1 << (r * stride + c)
        return make_geometry(self.height, self.width, holes)

    def content_hash(self) -> str:
        """A short, stable fingerprint of how the level plays and is scored (its canonical
        mapping less the name and description): stored results name it (their star rates
        change with the star marks), so a changed level is noticed. sha256, never Python's
        hash(), which changes from run to run."""
        return self._hash(frozenset({Hashed.NONE}))   # what a level says, not how it plays

    def play_hash(self) -> str:
        """content_hash less the star marks: what replays and saved games name. Stars weigh a
        finished game; they change no move, deal or score, so a pack that re-tunes its stars
        (as every rules change does) keeps its players' replays and games in progress."""
        return self._hash(frozenset({Hashed.NONE, Hashed.STARS}))

    def named_by(self, digest: str) -> bool:
        """Whether a replay's or saved game's level hash is this level's: its play_hash, or
        the content_hash that replays and saves named before play_hash was kept apart."""
        return digest in (self.play_hash(), self.content_hash())

    def _hash(self, leaving_out: frozenset[Hashed]) -> str:
        data = self.to_dict()
        # The id is in the hash for the deal it seeds: a level renamed with its deal kept
        # (deal_id) hashes as before the rename, so its proof, replays and figures still name it.
        data["id"] = data.pop("deal_id", data["id"])
        for f in FIELDS:
            if f.hashed in leaving_out:
                holder = data if f.group is None else data.get(f.group, {})
                holder.pop(f.key, None)
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]

    @property
    def dealt_as(self) -> str:
        """The id the deal is seeded by (with the seed): deal_id when the file names one, else
        the id. The one place this is decided; new_game deals from it."""
        return self.deal_id if self.deal_id is not None else self.id

    @property
    def play_seed(self) -> int:
        """The seed the game deals this level from when none is asked for: its own, else 0.

        The one place this is decided: play, record, prove, the editor's play-test and the
        loader's playability check all deal the same board from it.
        """
        return self.seed if self.seed is not None else DEFAULT_SEED

    def __post_init__(self) -> None:
        # A level built in code may name its mode (or lesson) as text; the field holds the enum.
        if type(self.mode) is not Mode:
            object.__setattr__(self, "mode", Mode(self.mode))
        if self.teaches is not None and type(self.teaches) is not Lesson:
            object.__setattr__(self, "teaches", Lesson(self.teaches))
        if self.deal_id == self.id:   # dealt under its own id: nothing to write, one hash
            object.__setattr__(self, "deal_id", None)
        if self.special_sorts is not None:
            named = {SpecialSort(s) for s in self.special_sorts}
            object.__setattr__(self, "special_sorts", tuple(s for s in SpecialSort if s in named))

    @property
    def forming(self) -> tuple[SpecialSort, ...]:
        """The sorts of special a run may form on this level (none when the rules turn specials
        off, else the `specials:` sorts, all when it names none): the goal card says them."""
        return sorts_forming(self.special_sorts, self.rules.specials)

    @property
    def forms(self) -> frozenset[Special]:
        """The specials a run may form on this level: the one switch the cascade reads."""
        found = self.derived.get("forms")   # read every move: no closure made to ask
        if found is None:
            found = self.derived["forms"] = specials_of(self.forming)
        return found  # type: ignore[return-value]

    # -- derived facts the rules need -------------------------------------------------
    def token(self, cell: Cell) -> str:
        """The layout token at `cell` ('.' where the level has no layout)."""
        if self.layout is None:
            return RANDOM_TOKEN
        return self.layout[cell[0]][cell[1]]

    @property
    def player_start(self) -> Cell | None:
        return self.kept("player_start", self._player_start)

    def _player_start(self) -> Cell | None:
        if self.layout is None:
            return None
        for r, row in enumerate(self.layout):
            for c, tok in enumerate(row):
                if tok == PLAYER_TOKEN:
                    return (r, c)
        return None

    @property
    def holes(self) -> frozenset[Cell]:
        return self.kept("holes", self._holes)

    def _holes(self) -> frozenset[Cell]:
        if self.layout is None:
            return frozenset()
        return frozenset(
            (r, c)
            for r, row in enumerate(self.layout)
            for c, tok in enumerate(row)
            if tok == HOLE_TOKEN
        )

    @property
    def specials(self) -> tuple[tuple[Cell, Special], ...]:
        """The specials the layout places (`3h`, `3v`, `3b`, `*`), in reading order."""
        return self.kept("specials", self._specials)

    def _specials(self) -> tuple[tuple[Cell, Special], ...]:
        if self.layout is None:
            return ()
        return tuple(
            ((r, c), special)
            for r, row in enumerate(self.layout)
            for c, tok in enumerate(row)
            if (special := token_special(tok)) is not None
        )

    def tokens_of(self, unit: Blocker) -> Counts:
        """The cells whose layout token places `unit`, each with its layers, in reading order."""
        if self.layout is None:
            return ()
        layers_of = unit.layers_of
        return tuple(((r, c), n) for r, row in enumerate(self.layout)
                     for c, tok in enumerate(row) if (n := layers_of(tok)))

    def placed_of(self, unit: Faller) -> int:
        """How many pieces of the faller `unit` (its token) the layout places."""
        return self.kept(f"placed {unit.name}", lambda: self._placed_of(unit))

    def _placed_of(self, unit: Faller) -> int:
        if self.layout is None:
            return 0
        return sum(row.count(unit.token) for row in self.layout)

    def map_of(self, key: str) -> tuple[tuple[int, ...], ...] | None:
        """The per-cell map `key` as the level file gives it (a row of counts a board row), or None."""
        return next((rows for k, rows in self.maps if k == key), None)

    def map_cells(self, key: str) -> Counts:
        """The cells with a count above 0 in the level's per-cell map `key` (a map unit's), each
        with its count, in reading order."""
        rows = self.map_of(key)
        if rows is None:
            return ()
        return tuple(((r, c), n) for r, row in enumerate(rows) for c, n in enumerate(row) if n > 0)

    @property
    def has_blockers(self) -> bool:
        """Whether the level places any blocker or faller, or asks a faller's goal (the rules then track layers)."""
        return self.kept("has_blockers", self._has_blockers)

    def _has_blockers(self) -> bool:
        return bool(any(self.layer_of(unit) for unit in BLOCKERS) or self.goals.fallers
                    or any(self.placed_of(unit) for unit in FALLERS))

    def layer_of(self, unit: Blocker) -> Counts:
        """The layer the level places of `unit` (its layout tokens, or the per-cell map it names)."""
        return self.tokens_of(unit) if unit.map_key is None else self.map_cells(unit.map_key)

    def template(self) -> Grid:
        """The layout as grid values: fixed kinds, HOLE, PLAYER, a faller's, a blocker unit's, and EMPTY where random."""
        return self.kept("template", self._template)

    def _template(self) -> Grid:
        return tuple(
            tuple(token_value(self.token((r, c))) for c in range(self.width))
            for r in range(self.height)
        )

    # -- the mapping form ---------------------------------------------------------------
    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Level":
        """Build a Level from a level-file mapping; raise LevelError listing every problem."""
        level, problems = parse_level(data)
        if problems or level is None:
            raise LevelError(problems)
        return level

    def to_dict(self) -> dict[str, Any]:
        """The level-file mapping, keys in the documented order, defaults left out."""
        return level_mapping({f.name: self.value(f) for f in FIELDS if f.form is not Form.CONSTANT})

    def value(self, f: Field) -> object:
        """The value of the level field `f` (on the level, or on its goals or rules)."""
        if f.form is Form.SWITCH:
            return switch_goal(f) in self.goals.blockers
        if f.form is Form.MAP:
            return self.map_of(f.key)
        if (faller := faller_goal(f)) is not None:
            return self.goals.wanted(faller)
        return getattr(self if f.group is None else getattr(self, f.group), f.name)


def level_mapping(values: Mapping[str, Any]) -> dict[str, Any]:
    """A level-file mapping from its fields' values by name (FIELDS), keys in the documented
    order, each written as its form is and when its Write says (a group, goals or rules, when
    any field in it is not its default).

    The editor writes drafts that may still have problems through this too, so the values
    are placed as given, unchecked.
    """
    out: dict[str, Any] = {}
    changed = {f.group for f in FIELDS if f.group is not None and values.get(f.name, f.default) != f.default}
    for f in FIELDS:
        value = values.get(f.name, f.default)
        if (f.group is None or f.group in changed) and _written(f, value, values):
            (out if f.group is None else out.setdefault(f.group, {}))[f.key] = _written_form(f, value)
    return out


def _written(f: Field, value: Any, values: Mapping[str, Any]) -> bool:
    """Whether the writer writes `f` (its group being written)."""
    if f.write is Write.ALWAYS:
        return True
    if f.write is Write.FILLED or f.form is Form.MAP:
        return bool(value) and (f.form is not Form.MAP or any(any(row) for row in value))
    if f.write is Write.CHANGED:
        return bool(value != f.default)
    if f.write is Write.IN_MODE:
        return value is not None and values.get("mode") in f.modes
    if f.write is Write.NOT_ID:
        return value is not None and value != values.get("id")
    return value is not None


def _written_form(f: Field, value: Any) -> Any:
    """`value` as a level file writes the field `f` (plain text for any writer)."""
    if f.form is Form.CONSTANT:
        return f.default
    if f.form is Form.ROWS:
        wide = max(len(tok) for row in value for tok in row)
        return [" ".join(tok.rjust(wide) for tok in row).rstrip() for row in value]
    if f.form is Form.MAP:
        return [" ".join(str(n) for n in row) for row in value]
    if f.form is Form.COUNTS:
        return {kind: count for kind, count in value}
    if f.form in (Form.CELL, Form.MARKS):
        return list(value)
    if f.form is Form.WORDS:
        return [s.value if isinstance(s, Enum) else s for s in value] if isinstance(value, (list, tuple)) else value
    if f.form is Form.NOTE:
        return value.to_dict() if isinstance(value, Made) else value
    return value.value if isinstance(value, Enum) else value


def parse_level(data: Mapping[str, Any]) -> tuple[Level | None, list[Problem]]:
    """Check a level mapping; return the Level (None when it cannot be built) and every problem."""
    fields, problems = check_level(data)
    return (Level(**fields) if fields is not None else None), problems
