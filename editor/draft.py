"""The level being edited: a Draft (every field a level file has, allowed to be wrong for a while, and what it cannot hold kept as written), read and checked by the core."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from game.core import (
    FIELD, FIELDS, GOAL_OF, MAX_SIZE, MAX_SLIDE_SIZE, MIN_SIZE, MODES, RANDOM_TOKEN, Field, Form, GoalName,
    Level, Mode, Problem, LevelReading, design_warnings, faller_goal, level_mapping, parse_level, playability_problems,
    read_level, switch_goal, switch_name,
)

Cell = tuple[int, int]
Cells = tuple[tuple[str, ...], ...]
# A blocker's layers under each cell, as a level file's map of them; () while the board has none.
LayerRows = tuple[tuple[int, ...], ...]
# A property a designer types may be a number or, while mistyped, the raw text: the shared
# validator then reports it with the loader's own message ("expected a whole number, found ...").
Scalar = int | str | None
# Where a value sits in a level file: ("scor",), ("goals", "scor"), and the value itself, frozen
# (a mapping as ("map", items), a list as ("list", items)) so a draft stays hashable.
KeyPath = tuple[str, ...]
Kept = tuple[tuple[KeyPath, Any], ...]


# The editor's name for a blocker unit's goal switch is its field's in the core: goal_<its key>.
goal_flag = switch_name


def goal_of_flag(name: str) -> GoalName | None:
    """The blocker goal a flag name is (goal_<its key>: its key), else None."""
    f = FIELD.get(name)
    return switch_goal(f) if f is not None and f.form is Form.SWITCH else None


def _default(name: str) -> Any:
    """The core's default of a level field (what a file that leaves it out means)."""
    return FIELD[name].default


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
    teaches: str | None = None    # what the level teaches (kept as written; no panel edits it yet)
    special_sorts: tuple[str, ...] | None = None   # `specials:` (kept as written; None: all form)
    kinds: Scalar = _default("kinds")
    seed: Scalar = None
    deal_id: str | None = None    # the id the deal is seeded by after a rename that kept it
    moves: Scalar = None
    score: Scalar = None
    collect: tuple[tuple[int, Scalar], ...] = ()
    reach: Cell | None = None
    stars: tuple[Scalar, Scalar, Scalar] | None = None
    min_match: Scalar = _default("min_match")
    min_chain: Scalar = _default("min_chain")
    diagonal: bool = _default("diagonal")
    # Each map unit's layers (its level map), by its map key, each the shape of cells; a map with no
    # layer left is not there (so a board without it compares equal to a fresh one).
    maps: tuple[tuple[str, LayerRows], ...] = ()
    # The blocker units' goals asked (`goals: {<its key>: true}`: clear every one), in the core's
    # order; the editor names each by its flag, goal_<its key>.
    blocker_goals: tuple[GoalName, ...] = ()
    # The faller units' goals set (`goals: {<its key>: N}`: bring N down), by goal key, in the
    # core's order; a goal not set is not there. Set and read by its key (edited, wanted).
    fallers: tuple[tuple[GoalName, Scalar], ...] = ()
    specials: bool = _default("specials")   # rules.specials (match3): False turns specials off
    # What the file holds that no field above can: a misspelt or unknown key (`kindz: 5`, goals'
    # `scor: 500`), a value no field represents (`stars: [100, 50]`). Written back as it was,
    # so a save never drops or defaults a designer's words; the loader's problems name each.
    kept: Kept = ()

    # -- cells -----------------------------------------------------------------------
    def token(self, cell: Cell) -> str:
        return self.cells[cell[0]][cell[1]]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    def map_of(self, key: str) -> LayerRows:
        """The layers of the level map `key` (a unit's), the shape of cells, or () for none."""
        return next((rows for k, rows in self.maps if k == key), ())

    def layers_at(self, key: str, cell: Cell) -> int:
        """The layers of the blocker placed by the level map `key` under `cell`."""
        rows = self.map_of(key)
        return rows[cell[0]][cell[1]] if rows else 0

    def with_layers(self, key: str, changes: Mapping[Cell, int]) -> "Draft":
        """The draft with some cells' layers of the map `key` set."""
        if all(self.layers_at(key, cell) == n for cell, n in changes.items()):
            return self
        old = self.map_of(key)
        rows = [list(row) for row in old] if old else [[0] * self.width for _ in range(self.height)]
        for (r, c), n in changes.items():
            rows[r][c] = n
        return self.with_map(key, tuple(tuple(row) for row in rows))

    def wanted(self, goal: GoalName) -> Scalar:
        """What the faller goal `goal` asks (None: not set)."""
        return next((n for g, n in self.fallers if g == goal), None)

    def with_wanted(self, goal: GoalName, value: Scalar) -> "Draft":
        """The draft with the faller goal `goal` set to `value` (None: not set)."""
        asked = {g: n for g, n in self.fallers if g != goal} | ({goal: value} if value is not None else {})
        return replace(self, fallers=tuple((f, asked[f]) for f in _FALLER_GOALS if f in asked))

    def flag(self, name: str) -> bool:
        """A switch's value: a blocker's goal by its flag (goal_<its key>), or a field (specials)."""
        goal = goal_of_flag(name)
        return goal in self.blocker_goals if goal is not None else bool(getattr(self, name))

    def with_flag(self, name: str, on: bool) -> "Draft":
        """The draft with the flag `name` (a blocker's goal, goal_<its key>; or a field) set or cleared."""
        goal = goal_of_flag(name)
        if goal is None:
            kept: dict[str, Any] = {name: on}
            return replace(self, **kept)
        asked = (set(self.blocker_goals) | {goal}) if on else (set(self.blocker_goals) - {goal})
        return replace(self, blocker_goals=tuple(g for g in GOAL_OF if g in asked))

    def with_map(self, key: str, rows: LayerRows) -> "Draft":
        """The draft with the map `key`'s rows (back to () when no layer is left: a board
        without it compares equal to a fresh one)."""
        others = tuple((k, r) for k, r in self.maps if k != key)
        return replace(self, maps=tuple(sorted(others + (((key, rows),) if any(any(row) for row in rows) else ()))))

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
    def value(self, f: Field) -> Any:
        """What the draft holds of the level field `f` (one it holds: see holds)."""
        if f.form is Form.ROWS:
            # A board of random cells needs no layout; the game deals it (slide: shuffles it).
            return self.cells if any(tok != RANDOM_TOKEN for row in self.cells for tok in row) else None
        if f.form is Form.SWITCH:
            return switch_goal(f) in self.blocker_goals
        if f.form is Form.MAP:
            return self.map_of(f.key) or None
        if (goal := faller_goal(f)) is not None:
            return self.wanted(goal)
        return getattr(self, f.name)

    def to_mapping(self) -> dict[str, Any]:
        """The level-file mapping of this draft (keys in the documented order)."""
        out = level_mapping({f.name: self.value(f) for f in FIELDS if holds(f)})
        for path, value in self.kept:
            holder = out
            for part in path[:-1]:
                holder = holder.setdefault(part, {})
                if not isinstance(holder, dict):
                    break
            else:
                holder.setdefault(path[-1], thaw(value))   # a field the designer set wins
        return out


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
    return read_draft(level.to_dict())


def read_draft(data: Mapping[str, Any]) -> Draft:
    """A draft of a level mapping that may have problems (a saved draft, a hand-edited file),
    read by the core's own lenient reader (read_level), so the editor and the game never
    disagree about a file; what its fields cannot hold is kept as written."""
    draft = from_reading(read_level(data))
    if not isinstance(data, Mapping):
        return draft
    if "kinds" not in data and draft.mode != Mode.SLIDE:
        draft = replace(draft, kinds=None)   # no kinds written: none invented (the game's default applies)
    return replace(draft, kept=_kept(data, draft))


def holds(f: Field) -> bool:
    """Whether the draft holds the level field `f` in a field of its own (the layout as its
    cells, a unit's goal among blocker_goals or fallers, its map among maps, the rest by name); any other (a note,
    made:) it keeps as written, so a save writes it back as read."""
    return f.form is not Form.CONSTANT and (f.form in (Form.ROWS, Form.SWITCH, Form.MAP) or f.name in _NAMES
                                            or faller_goal(f) is not None)


_NAMES = frozenset(f.name for f in fields(Draft))
_FALLER_GOALS = tuple(goal for f in FIELDS if (goal := faller_goal(f)) is not None)
# The fields whose value a file may hold in a shape they cannot (a flag, a switch, kind counts,
# a cell, star marks): that value is kept until the designer sets the field (edited() lets it go).
_SHAPED: dict[str, KeyPath] = {f.name: f.path for f in FIELDS if holds(f) and f.form in (
    Form.FLAG, Form.SWITCH, Form.COUNTS, Form.CELL, Form.MARKS)}
_HELD_PATHS = frozenset(f.path for f in FIELDS if holds(f) or f.form is Form.CONSTANT)   # (the writer writes a constant)
_SWITCHES = frozenset(f.path for f in FIELDS if f.form is Form.SWITCH)
_GROUPS = frozenset(f.group for f in FIELDS if f.group is not None)


def _kept(data: Mapping[str, Any], draft: Draft) -> Kept:
    """What of `data` the draft's fields do not hold: unknown keys at the top and in a group
    (goals, rules), a field it keeps as written (the core's table says which are which), and
    values of a shape no field takes."""
    mine = draft.to_mapping()
    out: list[tuple[KeyPath, Any]] = []
    for key, value in data.items():
        if key in _GROUPS and isinstance(value, Mapping):
            out.extend(((key, str(sub)), freeze(v)) for sub, v in value.items() if (key, sub) not in _HELD_PATHS)
        elif key not in _GROUPS and (key,) not in _HELD_PATHS:
            out.append(((str(key),), freeze(value)))
    for path in _SHAPED.values():
        raw: Any = data
        for part in path:
            raw = raw.get(part) if isinstance(raw, Mapping) else None
        held: Any = mine
        for part in path:
            held = held.get(part) if isinstance(held, Mapping) else None
        if raw is not None and held is None and not (raw is False and path in _SWITCHES):
            out.append((path, freeze(raw)))
    return tuple(out)


def edited(draft: Draft, **values: Any) -> Draft:
    """The draft with fields set (a blocker's goal by its flag, goal_<its key>): a value kept
    as written for a field the designer sets goes."""
    gone = {_SHAPED[name] for name in values if name in _SHAPED}
    kept = tuple(k for k in draft.kept if k[0] not in gone) if gone else draft.kept
    flags = {name: values.pop(name) for name in list(values) if goal_of_flag(name) is not None}
    wanted = {GoalName(name): values.pop(name) for name in list(values) if name in _FALLER_GOALS}
    out = replace(draft, kept=kept, **values)
    for name, on in flags.items():
        out = out.with_flag(name, bool(on))
    for goal, n in wanted.items():
        out = out.with_wanted(goal, n)
    return out



def freeze(value: Any) -> Any:
    """A YAML value as a hashable one (thaw gives it back)."""
    if isinstance(value, Mapping):
        return ("map", tuple((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", tuple(freeze(v) for v in value))
    return value


def thaw(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "map":
        return {k: thaw(v) for k, v in value[1]}
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "list":
        return [thaw(v) for v in value[1]]
    return value


def from_reading(r: LevelReading) -> Draft:
    """The draft of what the core read: what a draft cannot hold (a row past the width, a
    size past the limits) is left out here; files.open_level says what was. Every field it
    holds by name comes from the reading as the core's table lists them; a field outside its
    modes keeps its default (another mode's draft leaves it out, since the panel that would
    fix it is not shown there)."""
    mode = r.mode or Mode.MATCH3
    width = clamp_size(mode, r.get("width") if r.get("width") is not None else 8)
    height = clamp_size(mode, r.get("height") if r.get("height") is not None else 8)
    board = {"mode", "width", "height"}
    values = {f.name: r.get(f.name) for f in FIELDS if f.name in _NAMES and f.name not in board
              and f.form is not Form.MAP and mode in f.modes and r.get(f.name) is not None}
    goals = tuple(switch_goal(f) for f in FIELDS if f.form is Form.SWITCH and mode in f.modes and r.get(f.name))
    fallers = tuple((goal, r.get(f.name)) for f in FIELDS if (goal := faller_goal(f)) is not None
                    and mode in f.modes and r.get(f.name) is not None)
    draft = Draft(mode=mode, width=width, height=height, cells=_grid(r.layout, width, height, RANDOM_TOKEN),
                  blocker_goals=goals, fallers=fallers, **values)
    # A map's digit out of range is kept, so the loader's problem about it stays in view;
    # what is no digit at all cannot be held by the layer and reads as 0.
    for f in FIELDS:
        if f.form is Form.MAP and holds(f):
            draft = draft.with_map(f.key, tuple(
                tuple(int(tok) if tok.isascii() and tok.isdigit() and len(tok) == 1 else 0 for tok in row)
                for row in _grid(r.get(f.key) if mode in f.modes else None, width, height, "0")))
    return draft


def _grid(rows: tuple[tuple[str, ...], ...] | None, width: int, height: int, fill: str) -> Cells:
    """Rows of tokens fitted to width x height: missing cells are `fill`, extra ones left out."""
    out = [[fill] * width for _ in range(height)]
    for r, row in enumerate((rows or ())[:height]):
        for c, tok in enumerate(row[:width]):
            out[r][c] = tok
    return tuple(tuple(row) for row in out)


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
