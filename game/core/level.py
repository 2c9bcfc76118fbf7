"""Level: one level as a frozen value, read from and written to the level-file mapping."""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from .boards import run_cells, slide_solvable, solved_slide
from .grid import DROP, EMPTY, HOLE, PLAYER, RAINBOW, STONE, Cell, Grid, neighbours
from .vocab import Mode, Special

FORMAT = 1
MODES = tuple(mode.value for mode in Mode)
MIN_SIZE, MAX_SIZE = 2, 32
MAX_SLIDE_SIZE = 12
MIN_KINDS, MAX_KINDS = 3, 9
DEFAULT_KINDS = 6
DEFAULT_SEED = 0   # the seed of a level that names none (Level.play_seed)

# The documented order of a level file's keys; writers emit them in this order.
KEY_ORDER = (
    "format", "id", "name", "description", "mode", "width", "height", "kinds",
    "seed", "moves", "layout", "jelly", "goals", "stars", "rules",
)
GOAL_KEYS = ("score", "collect", "reach", "jelly", "stones", "drops")
RULE_KEYS = ("min_match", "min_chain", "diagonal", "specials")
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def valid_id(text: object) -> bool:
    """A level or pack id: 1-64 letters, digits, '-' or '_', starting with a letter or digit.

    The whole text must match (fullmatch: '$' would let a trailing newline through), so an id
    is always safe as a file name.
    """
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None

# Layout tokens: a digit is a fixed tile, the rest are these.
RANDOM_TOKEN = "."
HOLE_TOKEN = "#"
PLAYER_TOKEN = "P"
GAP_TOKEN = "_"
RAINBOW_TOKEN = "*"
# A match3 tile with a special is its kind followed by the letter: `3h`, `3v`, `3b`.
KIND_SPECIALS = (Special.ROW, Special.COLUMN, Special.BOMB)
# Blockers: `S1`..`S3` a stone with its hits, `3L` / `.L` a locked tile, `D` a drop.
STONE_TOKEN = "S"
LOCK_TOKEN = "L"
DROP_TOKEN = "D"
MAX_STONE_HITS = 3
MAX_JELLY = 2

PathPart = str | int
Path = tuple[PathPart, ...]


class Part(Enum):
    """Which part of the entry at a problem's path is at fault."""

    VALUE = "value"  # the value (for a key that is missing: the mapping that lacks it)
    KEY = "key"  # the key itself: an unknown key, a collect goal's kind


class Fault(Enum):
    """What kind of wrong a problem is; says whether how YAML read a bare word explains it."""

    VALUE = "value"  # the value has the right type but is not allowed (a range, a rule)
    TYPE = "type"  # the value has the wrong type, is missing or empty, or the key is unknown
    NOT_TEXT = "not text"  # a field that takes text got something else (quotes would help)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a level: where (a field path, maybe a cell), what, and which part."""

    path: Path
    message: str
    cell: Cell | None = None
    part: Part = Part.VALUE
    fault: Fault = Fault.VALUE

    @property
    def layout_row(self) -> Path | None:
        """The path of the layout row this problem is in: its own, or its board cell's row.

        A problem about the layout as a whole (two players, a free run) names the cell to
        point at; a goal's cell (reach) is written in the goal, not in the layout.
        """
        if self.path[:1] not in (("layout",), ("jelly",)):   # jelly rows point at cells too
            return None
        if len(self.path) == 2:
            return self.path
        return (self.path[0], self.cell[0]) if self.cell is not None else None

    def where(self) -> str:
        return ".".join(str(p) for p in self.path) if self.path else "(level)"

    def __str__(self) -> str:
        return f"{self.where()}: {self.message}"


class LevelError(ValueError):
    """A level mapping that is not a valid level; `problems` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems) or "invalid level")


@dataclass(frozen=True, slots=True)
class Rules:
    """Rule switches a level may change."""

    min_match: int = 3
    min_chain: int = 3
    diagonal: bool = True
    specials: bool = True      # match3: runs of 4, 5 and L/T shapes make special tiles


@dataclass(frozen=True, slots=True)
class Goals:
    """What wins the level; every goal that is set must be met."""

    score: int | None = None
    collect: tuple[tuple[int, int], ...] = ()
    reach: Cell | None = None
    jelly: bool = False          # clear every layer of jelly
    stones: bool = False         # break every stone
    drops: int | None = None     # bring this many drops to the bottom

    def is_empty(self) -> bool:
        return (self.score is None and not self.collect and self.reach is None
                and not self.jelly and not self.stones and self.drops is None)


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
    jelly: tuple[tuple[int, ...], ...] | None = None   # layers of jelly under each cell (0..2)
    goals: Goals = field(default_factory=Goals)
    stars: tuple[int, int, int] | None = None
    rules: Rules = field(default_factory=Rules)

    def content_hash(self) -> str:
        """A short, stable fingerprint of how the level plays (its canonical mapping less the
        name and description): stored results, replays and saves name it, so a changed level
        is noticed. sha256, never Python's hash(), which changes from run to run."""
        data = self.to_dict()
        for cosmetic in ("name", "description"):
            data.pop(cosmetic, None)
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]

    @property
    def play_seed(self) -> int:
        """The seed the game deals this level from when none is asked for: its own, else 0.

        The one place this is decided: play, record, prove, the editor's play-test and the
        loader's playability check all deal the same board from it.
        """
        return self.seed if self.seed is not None else DEFAULT_SEED

    def __post_init__(self) -> None:
        # A level built in code may name its mode as text; the field always holds a Mode.
        if type(self.mode) is not Mode:
            object.__setattr__(self, "mode", Mode(self.mode))

    # -- derived facts the rules need -------------------------------------------------
    def token(self, cell: Cell) -> str:
        """The layout token at `cell` ('.' where the level has no layout)."""
        if self.layout is None:
            return RANDOM_TOKEN
        return self.layout[cell[0]][cell[1]]

    @property
    def player_start(self) -> Cell | None:
        if self.layout is None:
            return None
        for r, row in enumerate(self.layout):
            for c, tok in enumerate(row):
                if tok == PLAYER_TOKEN:
                    return (r, c)
        return None

    @property
    def holes(self) -> frozenset[Cell]:
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
        if self.layout is None:
            return ()
        return tuple(
            ((r, c), special)
            for r, row in enumerate(self.layout)
            for c, tok in enumerate(row)
            if (special := token_special(tok)) is not None
        )

    @property
    def stones(self) -> tuple[tuple[Cell, int], ...]:
        """The stones the layout places (`S1`..`S3`), each with its hits, in reading order."""
        if self.layout is None:
            return ()
        return tuple(((r, c), int(tok[1])) for r, row in enumerate(self.layout)
                     for c, tok in enumerate(row) if token_stone(tok) is not None)

    @property
    def locks(self) -> tuple[Cell, ...]:
        """The locked tiles the layout places (`3L`, `.L`), in reading order."""
        if self.layout is None:
            return ()
        return tuple((r, c) for r, row in enumerate(self.layout)
                     for c, tok in enumerate(row) if token_locked(tok))

    @property
    def drops_placed(self) -> int:
        """How many drops (`D`) the layout places."""
        if self.layout is None:
            return 0
        return sum(row.count(DROP_TOKEN) for row in self.layout)

    @property
    def jelly_cells(self) -> tuple[tuple[Cell, int], ...]:
        """The cells with jelly under them, each with its layers, in reading order."""
        if self.jelly is None:
            return ()
        return tuple(((r, c), n) for r, row in enumerate(self.jelly) for c, n in enumerate(row) if n > 0)

    @property
    def has_blockers(self) -> bool:
        """Whether the level places any blocker or asks for drops (the rules then track layers)."""
        return bool(self.stones or self.locks or self.jelly_cells or self.drops_placed
                    or self.goals.drops is not None)

    def template(self) -> Grid:
        """The layout as grid values: fixed kinds, HOLE, PLAYER, STONE, DROP, and EMPTY where random."""
        return tuple(
            tuple(_token_value(self.token((r, c))) for c in range(self.width))
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
        return level_mapping(
            id=self.id, name=self.name, description=self.description, mode=self.mode,
            width=self.width, height=self.height, kinds=self.kinds, seed=self.seed,
            moves=self.moves, layout=self.layout, goals=self.goals, stars=self.stars,
            rules=self.rules, jelly=self.jelly,
        )


def level_mapping(
    *, id: Any, name: Any, description: Any, mode: Any, width: Any, height: Any, kinds: Any,
    seed: Any, moves: Any, layout: tuple[tuple[str, ...], ...] | None, goals: Goals,
    stars: Any, rules: Rules, jelly: tuple[tuple[int, ...], ...] | None = None,
) -> dict[str, Any]:
    """A level-file mapping from its parts, keys in the documented order, defaults left out.

    The editor writes drafts that may still have problems through this too, so the values
    are placed as given, unchecked.
    """
    out: dict[str, Any] = {"format": FORMAT, "id": id, "name": name}
    if description:
        out["description"] = description
    out["mode"] = mode.value if isinstance(mode, Mode) else mode   # plain text for any writer
    out["width"] = width
    out["height"] = height
    if mode != Mode.SLIDE:
        out["kinds"] = kinds
    if seed is not None:
        out["seed"] = seed
    if moves is not None:
        out["moves"] = moves
    if layout is not None:
        wide = max(len(tok) for row in layout for tok in row)
        out["layout"] = [" ".join(tok.rjust(wide) for tok in row).rstrip() for row in layout]
    if jelly is not None and any(any(row) for row in jelly):
        # written only when some cell has jelly, so older levels keep their bytes and hash
        out["jelly"] = [" ".join(str(n) for n in row) for row in jelly]
    goal_map: dict[str, Any] = {}
    if goals.score is not None:
        goal_map["score"] = goals.score
    if goals.collect:
        goal_map["collect"] = {kind: count for kind, count in goals.collect}
    if goals.reach is not None:
        goal_map["reach"] = [goals.reach[0], goals.reach[1]]
    if goals.jelly:
        goal_map["jelly"] = True
    if goals.stones:
        goal_map["stones"] = True
    if goals.drops is not None:
        goal_map["drops"] = goals.drops
    if goal_map:
        out["goals"] = goal_map
    if stars is not None:
        out["stars"] = list(stars)
    if rules != Rules():
        out["rules"] = {
            "min_match": rules.min_match,
            "min_chain": rules.min_chain,
            "diagonal": rules.diagonal,
        }
        if not rules.specials:   # written only when off, so older levels keep their bytes and hash
            out["rules"]["specials"] = False
    return out


def _is_number(tok: str) -> bool:
    # str.isdigit() also accepts '²' and '１', which int() refuses or a file should not hold.
    return tok.isascii() and tok.isdigit()


def token_special(tok: str) -> Special | None:
    """The special a layout token places: `*` a rainbow, `3h` a row line, ...; else None."""
    if tok == RAINBOW_TOKEN:
        return Special.RAINBOW
    if len(tok) == 2 and _is_number(tok[0]) and tok[1] in KIND_SPECIALS:
        return Special(tok[1])
    return None


def token_stone(tok: str) -> int | None:
    """The hits of the stone a layout token places (`S1`..`S3`), else None."""
    if len(tok) == 2 and tok[0] == STONE_TOKEN and tok[1] in "123":
        return int(tok[1])
    return None


def token_locked(tok: str) -> bool:
    """Whether a layout token places a locked tile (`3L`, or `.L` a random one)."""
    return len(tok) == 2 and tok[1] == LOCK_TOKEN and (tok[0] == RANDOM_TOKEN or (_is_number(tok[0]) and tok[0] != "0"))


def _token_value(tok: str) -> int:
    if tok == HOLE_TOKEN:
        return HOLE
    if token_stone(tok) is not None:
        return STONE
    if tok == DROP_TOKEN:
        return DROP
    if token_locked(tok):
        return EMPTY if tok[0] == RANDOM_TOKEN else int(tok[0])
    if tok == PLAYER_TOKEN:
        return PLAYER
    if tok in (RANDOM_TOKEN, GAP_TOKEN):
        return EMPTY
    if tok == RAINBOW_TOKEN:
        return RAINBOW
    if token_special(tok) is not None:
        return int(tok[0])
    return int(tok)


# -- parsing and checking ------------------------------------------------------------------

class _Collector:
    """Gathers problems so that a designer sees all of them at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: Path, message: str, cell: Cell | None = None,
            part: Part = Part.VALUE, fault: Fault = Fault.VALUE) -> None:
        self.problems.append(Problem(path, message, cell, part, fault))


def _is_int(value: object) -> bool:
    # YAML 1.1 turns `yes` into True, and True is an int in Python: refuse it here.
    return isinstance(value, int) and not isinstance(value, bool)


def describe(value: object) -> str:
    """A value as a designer would name it in a message: 'the number 5', 'a list', ...

    Every file check (levels, packs, progress, replays) says "found ..." through this, so a
    500,000-character key or a 5,000-digit number is shown cut, never in full.
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        if value.bit_length() > 128:   # str() of a huge int is slow, and refused past 4300 digits
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {shorten(value)!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):   # a YAML date or timestamp (the core keeps clear of datetime)
        return f"the date {shorten(str(isoformat()))}"
    return type(value).__name__


def shorten(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters with '...' (messages never echo a whole long value)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def unknown_keys(data: Mapping[Any, Any], known: tuple[str, ...], path: Path = ()) -> list[Problem]:
    """A problem on each key of `data` that is not in `known`, naming the nearest known key."""
    out = []
    for key in data:
        if key in known:
            continue
        shown = shorten(str(key))
        near = difflib.get_close_matches(shown, known, n=1, cutoff=0.6)
        hint = f"; did you mean '{near[0]}'?" if near else f"; known keys: {', '.join(known)}"
        out.append(Problem(path + (shown,), f"unknown key '{shown}'{hint}", part=Part.KEY,
                           fault=Fault.TYPE))
    return out


def _int_field(
    out: _Collector, data: Mapping[str, Any], key: str, lo: int, hi: int | None,
    path: Path = (), required: bool = False, what: str = "a whole number",
) -> int | None:
    if key not in data or data[key] is None:
        if required:
            out.add(path + (key,), f"is required ({what})", fault=Fault.TYPE)
        return None
    value = data[key]
    if not _is_int(value):
        out.add(path + (key,), f"expected {what}, found {describe(value)}", fault=Fault.TYPE)
        return None
    if value < lo or (hi is not None and value > hi):
        rng = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
        out.add(path + (key,), f"must be {rng}, found {value}")
        return None
    return int(value)


def _str_field(out: _Collector, data: Mapping[str, Any], key: str, required: bool) -> str | None:
    if key not in data or data[key] is None:
        if required:
            out.add((key,), "is required (text)", fault=Fault.TYPE)
        return None
    value = data[key]
    if not isinstance(value, str):
        out.add((key,), f"expected text, found {describe(value)}", fault=Fault.NOT_TEXT)
        return None
    return value


def parse_level(data: Mapping[str, Any]) -> tuple[Level | None, list[Problem]]:
    """Check a level mapping; return the Level (None when it cannot be built) and every problem."""
    out = _Collector()
    if not isinstance(data, Mapping):
        out.add((), f"a level is a mapping of keys to values, found {describe(data)}",
                fault=Fault.TYPE)
        return None, out.problems
    out.problems += unknown_keys(data, KEY_ORDER)

    fmt = data.get("format")
    if "format" not in data:
        out.add(("format",), f"is required (write 'format: {FORMAT}')", fault=Fault.TYPE)
    elif not _is_int(fmt) or fmt != FORMAT:
        out.add(("format",), f"this game reads format {FORMAT}, found {describe(fmt)}",
                fault=Fault.VALUE if _is_int(fmt) else Fault.TYPE)

    level_id = _str_field(out, data, "id", required=True)
    if level_id is not None and not valid_id(level_id):
        out.add(("id",), "use 1-64 letters, digits, '-' or '_', starting with a letter or digit"
                f", found {describe(level_id)}")
        level_id = None
    name = _str_field(out, data, "name", required=True)
    if name is not None and not name.strip():
        out.add(("name",), "must not be blank")
    description = _str_field(out, data, "description", required=False) or ""

    raw_mode = data.get("mode")
    mode: Mode | None = None
    if "mode" not in data:
        out.add(("mode",), f"is required (one of {', '.join(MODES)})")
    elif raw_mode not in MODES:
        near = difflib.get_close_matches(str(raw_mode), MODES, n=1, cutoff=0.5)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        out.add(("mode",), f"expected one of {', '.join(MODES)}, found {describe(raw_mode)}{hint}",
                fault=Fault.NOT_TEXT)
    else:
        mode = Mode(raw_mode)

    hi = MAX_SLIDE_SIZE if mode == Mode.SLIDE else MAX_SIZE
    width = _int_field(out, data, "width", MIN_SIZE, hi, required=True)
    height = _int_field(out, data, "height", MIN_SIZE, hi, required=True)
    kinds = _int_field(out, data, "kinds", MIN_KINDS, MAX_KINDS)
    if kinds is None:
        kinds = DEFAULT_KINDS if not ("kinds" in data and data["kinds"] is not None) else None
    if mode == Mode.SLIDE and "kinds" in data:
        out.add(("kinds",), "slide levels use numbered tiles, not kinds; remove 'kinds'")
    seed = _int_field(out, data, "seed", 0, (1 << 63) - 1)
    moves = _int_field(out, data, "moves", 1, 9999)

    rules = _parse_rules(out, data.get("rules"), mode)
    layout = _parse_layout(out, data.get("layout"), mode, width, height, kinds)
    jelly = _parse_jelly(out, data.get("jelly"), mode, width, height, layout)
    goals = _parse_goals(out, data.get("goals"), mode, width, height, kinds, layout)
    stars = _parse_stars(out, data.get("stars"))

    if layout is not None and mode is not None and width is not None and height is not None:
        _check_layout_semantics(out, layout, mode, rules, width, height)
    if rules is not None and width is not None and height is not None:
        _check_rules_fit(out, rules, mode, width, height)
    if goals is not None and mode is not None and mode != Mode.SLIDE and width is not None and height is not None:
        _check_blockers(out, layout, jelly, goals, mode, moves, width, height)

    if out.problems or None in (level_id, name, mode, width, height, kinds) or rules is None:
        return None, out.problems
    assert level_id is not None and name is not None and mode is not None
    assert width is not None and height is not None and kinds is not None
    level = Level(
        id=level_id, name=name, mode=mode, width=width, height=height,
        kinds=kinds, description=description, seed=seed, moves=moves, layout=layout,
        jelly=jelly, goals=goals or Goals(), stars=stars, rules=rules,
    )
    return level, out.problems


def _parse_rules(out: _Collector, raw: Any, mode: Mode | None) -> Rules | None:
    if raw is None:
        return Rules()
    if not isinstance(raw, Mapping):
        out.add(("rules",), f"expected a mapping like {{min_match: 3}}, found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    out.problems += unknown_keys(raw, RULE_KEYS, ("rules",))
    min_match = _int_field(out, raw, "min_match", 3, 5, ("rules",))
    min_chain = _int_field(out, raw, "min_chain", 2, 9, ("rules",))
    diagonal = raw.get("diagonal", True)
    if not isinstance(diagonal, bool):
        out.add(("rules", "diagonal"), f"expected true or false, found {describe(diagonal)}",
                fault=Fault.TYPE)
        diagonal = True
    specials = raw.get("specials", True)
    if not isinstance(specials, bool):
        out.add(("rules", "specials"), f"expected true or false, found {describe(specials)}",
                fault=Fault.TYPE)
        specials = True
    elif "specials" in raw and mode not in (Mode.MATCH3, None):
        out.add(("rules", "specials"), "only match3 levels have special tiles; remove 'specials'")
    if ("min_match" in raw and min_match is None) or ("min_chain" in raw and min_chain is None):
        return None
    return Rules(
        min_match=3 if min_match is None else min_match,
        min_chain=3 if min_chain is None else min_chain,
        diagonal=diagonal, specials=specials,
    )


def _check_rules_fit(out: _Collector, rules: Rules, mode: Mode | None, width: int, height: int) -> None:
    # Caught here, not at deal time, so the designer hears which rule is impossible.
    if mode == Mode.MATCH3 and rules.min_match > max(width, height):
        out.add(("rules", "min_match"), f"a run of {rules.min_match} cannot fit on a "
                f"{width}x{height} board; lower min_match or enlarge the board")
    if mode == Mode.CHAIN and rules.min_chain > width * height:
        out.add(("rules", "min_chain"), f"a chain of {rules.min_chain} cannot fit on a "
                f"{width}x{height} board; lower min_chain or enlarge the board")


def _parse_layout(
    out: _Collector, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    kinds: int | None,
) -> tuple[tuple[str, ...], ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(row, str) for row in raw):
        out.add(("layout",), "expected a list of rows, each a text like \"1 2 . #\"",
                fault=Fault.TYPE)
        return None
    rows = tuple(tuple(row.split()) for row in raw)
    ok = True
    if height is not None and len(rows) != height:
        out.add(("layout",), f"has {len(rows)} rows but the level's height is {height}")
        ok = False
    for r, row in enumerate(rows):
        if width is not None and len(row) != width:
            out.add(("layout", r), f"row {r} has {len(row)} cells but the level's width is {width}")
            ok = False
        for c, tok in enumerate(row):
            message = _token_problem(tok, mode, kinds, width, height)
            if message:
                out.add(("layout", r), f"cell {r},{c}: {message}", (r, c))
                ok = False
    return rows if ok else None


def _token_problem(
    tok: str, mode: Mode | None, kinds: int | None, width: int | None, height: int | None,
) -> str | None:
    if mode == Mode.SLIDE:
        if tok == GAP_TOKEN:
            return None
        if _is_number(tok) and width is not None and height is not None:
            # A board has at most 12x12 cells: a longer number is no tile, and int() of
            # thousands of digits is slow (and refused past 4300), so it is never converted.
            if len(tok) <= 4 and 1 <= int(tok) < width * height:
                return None
            return (f"tile {shorten(tok, 12)} does not exist (this board has tiles "
                    f"1..{width * height - 1})")
        return f"'{shorten(tok)}' is not a slide cell (write a tile number or '_' for the gap)"
    if tok in (RANDOM_TOKEN, HOLE_TOKEN):
        return None
    if tok == PLAYER_TOKEN:
        return None if mode == Mode.CHAIN or mode is None else "only chain levels have a player 'P'"
    if tok == GAP_TOKEN:
        return "'_' is the slide gap; match3 and chain boards use '.' for a random tile"
    if len(tok) == 1 and _is_number(tok) and tok != "0":
        if kinds is not None and int(tok) > kinds:
            return f"kind {tok} does not exist (this level has {kinds} kinds)"
        return None
    special = token_special(tok)
    if special is not None or (len(tok) == 2 and tok[1] in KIND_SPECIALS):
        if mode not in (Mode.MATCH3, None):
            return f"'{shorten(tok)}' is a special tile: only match3 levels have specials"
        if special is None:
            if tok[0] == HOLE_TOKEN:
                return f"'{shorten(tok)}': a hole holds no tile, so it cannot hold a special"
            if tok[0] == RANDOM_TOKEN:
                return f"'{shorten(tok)}': a special needs a fixed kind, like '3{tok[1]}'"
            return f"'{shorten(tok)}' is not a cell (a special is a kind 1-9 then h, v or b, like '3h')"
        if special != Special.RAINBOW and (tok[0] == "0" or (kinds is not None and int(tok[0]) > kinds)):
            return f"kind {tok[0]} does not exist (this level has {kinds} kinds)"
        return None
    if len(tok) == 2 and tok[0] == STONE_TOKEN and _is_number(tok[1]):
        if token_stone(tok) is None:
            return f"a stone takes 1 to {MAX_STONE_HITS} hits: write S1, S2 or S3, not '{tok}'"
        return None
    if len(tok) == 2 and tok[1] == LOCK_TOKEN:
        if tok[0] == HOLE_TOKEN:
            return f"'{tok}': a hole holds no tile, so it cannot be locked"
        if tok[0] == PLAYER_TOKEN:
            return f"'{tok}': the player cannot be locked"
        if tok[0] == RAINBOW_TOKEN:
            return f"'{tok}': a lock goes on a plain tile (a kind or '.'), not a rainbow"
        if not token_locked(tok):
            return f"'{shorten(tok)}' is not a cell (a locked tile is a kind 1-9 or '.' then L, like '3L')"
        if tok[0] != RANDOM_TOKEN and kinds is not None and int(tok[0]) > kinds:
            return f"kind {tok[0]} does not exist (this level has {kinds} kinds)"
        return None
    if tok == DROP_TOKEN:
        return None if mode in (Mode.MATCH3, None) else "drops 'D' are for match3 levels only"
    return (f"'{shorten(tok)}' is not a cell (use 1-9 for a kind, '.' random, '#' hole, 'P' player"
            f"{', 3h/3v/3b a kind with a special, * a rainbow' if mode != Mode.CHAIN else ''}"
            f", S1-S3 a stone, 3L or .L a locked tile{', D a drop' if mode != Mode.CHAIN else ''})")


def _check_layout_semantics(
    out: _Collector, layout: tuple[tuple[str, ...], ...], mode: Mode, rules: Rules | None,
    width: int, height: int,
) -> None:
    flat = [tok for row in layout for tok in row]
    if mode == Mode.SLIDE:
        if flat.count(GAP_TOKEN) != 1:
            out.add(("layout",), f"a slide board has exactly one gap '_', found {flat.count(GAP_TOKEN)}")
            return
        numbers = sorted(int(t) for t in flat if t != GAP_TOKEN)
        if numbers != list(range(1, width * height)):
            counts = Counter(numbers)
            dupes = sorted(n for n, k in counts.items() if k > 1)
            missing = sorted(set(range(1, width * height)) - set(numbers))
            detail = []
            if dupes:
                detail.append("repeated: " + ", ".join(map(str, dupes)))
            if missing:
                detail.append("missing: " + ", ".join(map(str, missing)))
            out.add(("layout",), f"a slide board holds each tile 1..{width * height - 1} once ({'; '.join(detail)})")
            return
        grid = tuple(tuple(_token_value(t) for t in row) for row in layout)
        if not slide_solvable(grid):
            out.add(("layout",), "this slide board cannot be solved (two tiles are swapped "
                    "relative to any solvable board: swap any two tiles to fix it)")
        elif grid == solved_slide(height, width):
            # It would start solved yet 'playing', with no move able to win it.
            out.add(("layout",), "this slide board is already solved: shuffle it (slide some "
                    "tiles) or leave the layout out for a random deal")
        return
    players = [(r, c) for r, row in enumerate(layout) for c, t in enumerate(row) if t == PLAYER_TOKEN]
    if len(players) > 1:
        cells = ", ".join(f"{r},{c}" for r, c in players)
        out.add(("layout",), f"a level has at most one player start 'P', found {len(players)} at {cells}",
                players[1])
    tiles = sum(1 for t in flat if t not in (HOLE_TOKEN, PLAYER_TOKEN))
    if tiles == 0:
        out.add(("layout",), "the board has no tile cells: every cell is a hole or the player")
    elif len(players) == 1:
        diagonal = rules.diagonal if rules is not None else True
        pr, pc = players[0]
        around = [layout[r][c] for r, c in neighbours((pr, pc), height, width, diagonal)]
        if not any(tok != HOLE_TOKEN for tok in around):
            # no chain could ever start: say so here, not as a failed deal at play time
            out.add(("layout",), f"cannot deal a starting board: the player at {pr},{pc} has "
                    f"no tile cell next to it ({'8' if diagonal else '4'} neighbours), so no "
                    "chain can start", (pr, pc))
        elif not any(tok != HOLE_TOKEN and token_stone(tok) is None and not token_locked(tok) for tok in around):
            # a chain is what breaks stones and locks, so walled in the player never moves
            out.add(("layout",), f"cannot deal a starting board: the player at {pr},{pc} has "
                    "only stones, locked tiles and holes next to it, and a chain never runs "
                    "over those, so no chain can start", (pr, pc))
    if mode == Mode.MATCH3 and rules is not None and not rules.specials:
        for r, row in enumerate(layout):
            for c, tok in enumerate(row):
                if token_special(tok) is not None:
                    out.add(("layout", r), f"cell {r},{c}: '{tok}' is a special tile, but this "
                            "level turns specials off (rules: specials: false)", (r, c))
    if mode == Mode.MATCH3 and rules is not None:
        grid = tuple(
            tuple(_token_value(t) if _is_number(t[0]) else EMPTY for t in row) for row in layout
        )
        runs = sorted(run_cells(grid, rules.min_match))
        if runs:
            cells = ", ".join(f"{r},{c}" for r, c in runs[:6])
            more = "..." if len(runs) > 6 else ""
            out.add(("layout",), f"fixed tiles already make a run of {rules.min_match} "
                    f"at {cells}{more}: a new board must start with no free match", runs[0])


def _parse_goals(
    out: _Collector, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    kinds: int | None, layout: tuple[tuple[str, ...], ...] | None,
) -> Goals | None:
    if raw is None:
        return Goals()
    if not isinstance(raw, Mapping):
        out.add(("goals",), f"expected a mapping like {{score: 3000}}, found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    out.problems += unknown_keys(raw, GOAL_KEYS, ("goals",))
    if mode == Mode.SLIDE and raw:
        out.add(("goals",), "a slide level is won by solving the board; it takes no goals "
                "(use 'moves' to limit it)")
        return None
    score = _int_field(out, raw, "score", 1, None, ("goals",))
    collect: list[tuple[int, int]] = []
    raw_collect = raw.get("collect")
    if raw_collect is not None:
        if not isinstance(raw_collect, Mapping) or not raw_collect:
            out.add(("goals", "collect"), "expected a mapping of kind to count, like {1: 20, 3: 15}",
                    fault=Fault.TYPE)
        else:
            for kind, count in raw_collect.items():
                if not _is_int(kind):
                    out.add(("goals", "collect", str(kind)), f"a kind is a number 1..{kinds or MAX_KINDS}, found {describe(kind)}",
                            part=Part.KEY, fault=Fault.TYPE)
                    continue
                if kinds is not None and not 1 <= kind <= kinds:
                    out.add(("goals", "collect", kind), f"kind {kind} does not exist (this level has {kinds} kinds)",
                            part=Part.KEY)
                    continue
                if not _is_int(count) or count < 1:
                    out.add(("goals", "collect", kind), f"the count must be a whole number of at least 1, found {describe(count)}",
                            fault=Fault.VALUE if _is_int(count) else Fault.TYPE)
                    continue
                collect.append((int(kind), int(count)))
    reach: Cell | None = None
    raw_reach = raw.get("reach")
    if raw_reach is not None:
        if (not isinstance(raw_reach, list) or len(raw_reach) != 2
                or not all(_is_int(v) for v in raw_reach)):
            out.add(("goals", "reach"), f"expected [row, column], found {describe(raw_reach)}",
                    fault=Fault.TYPE)
        else:
            reach = (int(raw_reach[0]), int(raw_reach[1]))
            if mode != Mode.CHAIN:
                out.add(("goals", "reach"), "only chain levels have a reach goal (the player walks there)")
            if width is not None and height is not None and not (0 <= reach[0] < height and 0 <= reach[1] < width):
                out.add(("goals", "reach"), f"{reach[0]},{reach[1]} is outside the {width}x{height} board")
            elif layout is not None:
                try:
                    tok = layout[reach[0]][reach[1]]
                except IndexError:
                    tok = ""
                if tok == HOLE_TOKEN:
                    out.add(("goals", "reach"), f"{reach[0]},{reach[1]} is a hole: the player can never stand there", reach)
                if tok == PLAYER_TOKEN:
                    out.add(("goals", "reach"), f"{reach[0]},{reach[1]} is where the player starts: the goal would be met at once", reach)
            if mode == Mode.CHAIN and (layout is None or not any(PLAYER_TOKEN in row for row in layout)):
                out.add(("goals", "reach"), "a reach goal needs a player: put a 'P' in the layout")
    flags = {}
    for key in ("jelly", "stones"):
        value = raw.get(key, False)
        if value is None:
            value = False
        if not isinstance(value, bool):
            out.add(("goals", key), f"expected true or false, found {describe(value)}", fault=Fault.TYPE)
            value = False
        flags[key] = value
    drops = _int_field(out, raw, "drops", 1, 999, ("goals",))
    if drops is not None and mode not in (Mode.MATCH3, None):
        out.add(("goals", "drops"), "drops are for match3 levels only (tiles fall to the bottom there)")
    return Goals(score=score, collect=tuple(sorted(collect)), reach=reach,
                 jelly=flags["jelly"], stones=flags["stones"], drops=drops)


def _parse_jelly(
    out: _Collector, raw: Any, mode: Mode | None, width: int | None, height: int | None,
    layout: tuple[tuple[str, ...], ...] | None,
) -> tuple[tuple[int, ...], ...] | None:
    """The `jelly:` key: one row of digits 0..2 a board row, like `layout`."""
    if raw is None:
        return None
    if mode == Mode.SLIDE:
        out.add(("jelly",), "slide levels have no blockers; remove 'jelly'")
        return None
    if not isinstance(raw, list) or not all(isinstance(row, str) for row in raw):
        out.add(("jelly",), "expected a list of rows, each a text of layers 0-2 like \"0 1 2 0\"",
                fault=Fault.TYPE)
        return None
    rows = [row.split() for row in raw]
    ok = True
    if height is not None and len(rows) != height:
        out.add(("jelly",), f"has {len(rows)} rows but the level's height is {height}")
        ok = False
    found: list[tuple[int, ...]] = []
    for r, row in enumerate(rows):
        if width is not None and len(row) != width:
            out.add(("jelly", r), f"row {r} has {len(row)} cells but the level's width is {width}")
            ok = False
        if len(row) > MAX_SIZE:
            continue   # far past any board: not worth a problem per cell
        layers: list[int] = []
        for c, tok in enumerate(row):
            if tok not in ("0", "1", "2"):
                out.add(("jelly", r), f"cell {r},{c}: jelly is 0, 1 or {MAX_JELLY} layers, found "
                        f"'{shorten(tok)}'", (r, c))
                ok = False
                continue
            n = int(tok)
            layers.append(n)
            under = layout[r][c] if layout is not None and r < len(layout) and c < len(layout[r]) else RANDOM_TOKEN
            if n and under == HOLE_TOKEN:
                out.add(("jelly", r), f"cell {r},{c}: jelly on a hole: jelly lies under a tile, "
                        "and a hole has none", (r, c))
                ok = False
            elif n and under == PLAYER_TOKEN:
                out.add(("jelly", r), f"cell {r},{c}: jelly under the player: only an eaten tile "
                        "clears jelly, and the player's cell has none", (r, c))
                ok = False
            elif n and token_stone(under) is not None:
                out.add(("jelly", r), f"cell {r},{c}: jelly under a stone: jelly lies under a "
                        "tile; put it beside the stone", (r, c))
                ok = False
        found.append(tuple(layers))
    return tuple(found) if ok else None


def chute_bottoms(layout: tuple[tuple[str, ...], ...]) -> dict[int, int]:
    """Each column's lowest cell a tile can fall to, from a layout (holes, stones, locked tiles
    and the player are not part of a chute); a column with none is left out."""
    out: dict[int, int] = {}
    for c in range(len(layout[0]) if layout else 0):
        for r in range(len(layout) - 1, -1, -1):
            tok = layout[r][c]
            if tok not in (HOLE_TOKEN, PLAYER_TOKEN) and token_stone(tok) is None and not token_locked(tok):
                out[c] = r
                break
    return out


def _check_blockers(
    out: _Collector, layout: tuple[tuple[str, ...], ...] | None,
    jelly: tuple[tuple[int, ...], ...] | None, goals: Goals, mode: Mode, moves: int | None,
    width: int, height: int,
) -> None:
    """The blocker goals against what the board places, and drops that could never be collected."""
    flat = [tok for row in layout for tok in row] if layout is not None else []
    if goals.jelly and not any(n for row in jelly or () for n in row):
        out.add(("goals", "jelly"), "there is no jelly to clear: add a 'jelly:' map with layers "
                "1 or 2, or remove the goal")
    if goals.stones and not any(token_stone(t) is not None for t in flat):
        out.add(("goals", "stones"), "there is no stone to break: place S1, S2 or S3 in the "
                "layout, or remove the goal")
    placed = flat.count(DROP_TOKEN)
    if layout is not None and placed:
        bottoms = chute_bottoms(layout)
        for r, row in enumerate(layout):
            for c, tok in enumerate(row):
                if tok != DROP_TOKEN:
                    continue
                if goals.drops is None and mode == Mode.MATCH3:
                    out.add(("layout", r), f"cell {r},{c}: a drop 'D' counts only toward a drops "
                            "goal: add 'drops:' to the goals", (r, c))
                elif bottoms.get(c) == r:
                    out.add(("layout", r), f"cell {r},{c}: this drop is on the bottom cell of its "
                            "column already, so it would be collected before the first move", (r, c))
    if goals.drops is not None and mode == Mode.MATCH3:
        spawned = goals.drops - placed
        # Missing drops enter from the top one at a time (never two on the board), so each
        # needs a move of its own at least.
        if spawned > 0 and moves is not None and spawned > moves:
            out.add(("goals", "drops"), f"{goals.drops} drops, but the layout places {placed} and "
                    f"the other {spawned} enter one at a time, a move each at least: more than the "
                    f"{moves} moves; place more 'D' or lower the goal")


def _parse_stars(out: _Collector, raw: Any) -> tuple[int, int, int] | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 3 or not all(_is_int(v) and v >= 0 for v in raw)):
        out.add(("stars",), f"expected three scores for one, two and three stars, like [1000, 2000, 3000], found {describe(raw)}",
                fault=Fault.TYPE)
        return None
    if not raw[0] <= raw[1] <= raw[2]:
        out.add(("stars",), f"the three star scores must not go down, found {raw}")
        return None
    return (int(raw[0]), int(raw[1]), int(raw[2]))
