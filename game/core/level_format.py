"""What a level file holds: its fields in one table (FIELDS), its limits, the layout tokens, and the Rules and Goals values."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .fields import ALL_MODES as ALL_MODES, DEFAULT_KINDS as DEFAULT_KINDS, MAX_KINDS as MAX_KINDS, MAX_SIZE as MAX_SIZE
from .fields import MAX_SLIDE_SIZE as MAX_SLIDE_SIZE, MIN_KINDS as MIN_KINDS, MIN_SIZE as MIN_SIZE, TILE_MODES as TILE_MODES
from .fields import Field as Field, Form as Form, Hashed as Hashed, Write as Write
from .made import Made
from .goal_fields import GOAL_FIELDS
from .grid import EMPTY, HOLE, PLAYER, Cell
# The layout's plain tokens, read from here as before they moved (a blocker's are its unit's).
from .tokens import GAP_TOKEN as GAP_TOKEN, HOLE_TOKEN as HOLE_TOKEN, PLAYER_TOKEN as PLAYER_TOKEN
from .tokens import RAINBOW_TOKEN as RAINBOW_TOKEN, RANDOM_TOKEN as RANDOM_TOKEN, is_digits as is_digits
from .units import FALLER_LESSONS, FALLERS, GOAL_UNITS, KINDLESS, LESSON_OF, MAP_UNITS, SPECIALS, TOKEN_UNITS
from .units import KIND_SPECIALS as KIND_SPECIALS
from .vocab import GoalName, Lesson, Mode, Special, SpecialSort

FORMAT = 1
MODES = tuple(mode.value for mode in Mode)
DEFAULT_SEED = 0   # the seed of a level that names none (Level.play_seed)

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def valid_id(text: object) -> bool:
    """A level or pack id: 1-64 letters, digits, '-' or '_', starting with a letter or digit.

    The whole text must match (fullmatch: '$' would let a trailing newline through), so an id
    is always safe as a file name.
    """
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


# The specials each sort a level's `specials:` names lets runs form (SpecialSort order is the
# written order); a level that names none forms every one, as before the field.
SORT_SPECIALS: dict[SpecialSort, frozenset[Special]] = {unit.sort: frozenset(unit.specials) for unit in SPECIALS}
NO_SPECIALS: frozenset[Special] = frozenset()


def sorts_forming(sorts: tuple[SpecialSort, ...] | None, specials_on: bool) -> tuple[SpecialSort, ...]:
    """The sorts of special a run may form: none when the rules turn specials off, every one
    when the level names no `specials:`, else those it names."""
    if not specials_on:
        return ()
    return tuple(SpecialSort) if sorts is None else sorts


def specials_of(sorts: tuple[SpecialSort, ...]) -> frozenset[Special]:
    """The specials those sorts are (a line is a row or a column one)."""
    return frozenset().union(*(SORT_SPECIALS[s] for s in sorts))


BLOCKER_LESSONS = (*LESSON_OF, *FALLER_LESSONS)


def lesson_modes(lesson: Lesson) -> tuple[Mode, ...]:
    """The modes a level teaching `lesson` can be: a blocker unit's are in match3 and chain, a
    faller's its own; specials and combos are match3's alone."""
    if lesson in LESSON_OF:
        return TILE_MODES
    if lesson in FALLER_LESSONS:
        return FALLER_LESSONS[lesson].modes
    return (Mode.MATCH3,)


def deal_id_after_rename(old_id: str, deal_id: str | None, new_id: str) -> str | None:
    """The `deal_id` a level renamed from `old_id` to `new_id` keeps its deal with.

    A level is dealt from its deal_id and seed, and its deal_id is its id unless the file names
    another (`deal_id:`, written only then): so every level file from before the field deals as
    it always did, and a renamed level names the id it was dealt under. Renamed back, the field
    goes again (None: nothing to write).
    """
    dealt = deal_id if deal_id is not None else old_id
    return None if dealt == new_id else dealt


# Layout tokens: a digit is a fixed tile, the rest are tokens.py's and the blocker units' own.
# A match3 tile with a special is its kind followed by the letter (units.KIND_SPECIALS: `3h`);
# a kindless special's token is the whole cell (its unit's).
_KINDLESS_TOKENS = {unit.token: unit for unit in KINDLESS}
# A blocker's or a faller's tokens are its unit's (game/core/units).
MAX_JELLY = 2


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

    # The goals' file parts' values (goal_fields: each its row's name and default).
    score: int | None = None
    collect: tuple[tuple[int, int], ...] = ()
    reach: Cell | None = None
    # The blocker units' goals asked (clear every one of each), in units.GOAL_UNITS order.
    blockers: tuple[GoalName, ...] = ()
    # The faller units' goals asked, each with how many to bring down, in units.FALLERS order.
    fallers: tuple[tuple[GoalName, int], ...] = ()

    def is_empty(self) -> bool:
        return not any(goal.set(self) for goal in GOAL_FIELDS) and not self.blockers and not self.fallers

    def asks(self, goal: GoalName) -> bool:
        """Whether the blocker unit goal `goal` is asked for."""
        return goal in self.blockers

    def wanted(self, goal: GoalName) -> int | None:
        """How many the faller unit goal `goal` asks to bring down (None: not asked)."""
        for name, n in self.fallers:
            if name == goal:
                return n
        return None



def token_special(tok: str) -> Special | None:
    """The special a layout token places: a kindless special's token (`*`), a kind and a
    special's letter (`3h`); else None."""
    kindless = _KINDLESS_TOKENS.get(tok)
    if kindless is not None:
        return kindless.specials[0]
    if len(tok) == 2 and is_digits(tok[0]) and tok[1] in KIND_SPECIALS:
        return Special(tok[1])
    return None


def token_value(tok: str) -> int:
    if tok == HOLE_TOKEN:
        return HOLE
    for faller in FALLERS:
        if tok == faller.token:
            return faller.value
    for unit in TOKEN_UNITS:
        if unit.layers_of(tok):
            return unit.tile_of(tok)
    if tok == PLAYER_TOKEN:
        return PLAYER
    if tok in (RANDOM_TOKEN, GAP_TOKEN):
        return EMPTY
    kindless = _KINDLESS_TOKENS.get(tok)
    if kindless is not None:
        return kindless.value
    if token_special(tok) is not None:
        return int(tok[0])
    return int(tok)


def held(tok: str) -> bool:
    """Whether a layout token places a blocker that holds its cell (units that hold)."""
    return any(unit.holds and unit.layers_of(tok) for unit in TOKEN_UNITS)


def chute_bottoms(layout: tuple[tuple[str, ...], ...]) -> dict[int, int]:
    """Each column's lowest cell a tile can fall to, from a layout (holes, the cells a blocker
    holds and the player are not part of a chute); a column with none is left out."""
    out: dict[int, int] = {}
    for c in range(len(layout[0]) if layout else 0):
        for r in range(len(layout) - 1, -1, -1):
            tok = layout[r][c]
            if tok not in (HOLE_TOKEN, PLAYER_TOKEN) and not held(tok):
                out[c] = r
                break
    return out


def switch_name(goal: GoalName) -> str:
    """The field name of a blocker unit's goal switch: goal_<its key> (goal_jelly; the editor's flag)."""
    return f"goal_{goal}"


_RULES = Rules()


def _rule(name: str, sample: object, write: Write = Write.ALWAYS, modes: tuple[Mode, ...] = ALL_MODES,
          bounds: tuple[int, int | None] | None = None, doc: str = "") -> Field:
    """A switch of Rules (its default the one Rules has; written with the others when any is changed)."""
    form = Form.FLAG if isinstance(sample, bool) else Form.NUMBER
    return Field(name, ("rules", name), form, getattr(_RULES, name), write, modes, sample, bounds=bounds, doc=doc)


FIELDS: tuple[Field, ...] = (
    Field("format", ("format",), Form.CONSTANT, FORMAT, Write.ALWAYS, sample=FORMAT,
          doc=f"The file format version: {FORMAT}."),
    Field("id", ("id",), Form.TEXT, None, Write.ALWAYS, sample="a-level", pattern=f"^{ID_PATTERN.pattern}$",
          doc="The level's id; equals the file name without .yaml."),
    Field("name", ("name",), Form.TEXT, None, Write.ALWAYS, sample="A Level", hashed=Hashed.NONE, pattern=r"\S",
          doc="The name players see."),
    Field("description", ("description",), Form.TEXT, "", Write.FILLED, sample="Said under the name.",
          hashed=Hashed.NONE, doc="One line shown under the name."),
    Field("teaches", ("teaches",), Form.TEXT, sample=str(SPECIALS[0].lesson), vocab=Lesson, hashed=Hashed.NONE,
          doc="The mechanic the level teaches (optional): a special "
              f"({', '.join(unit.name for unit in SPECIALS)}), a combo of two specials "
              f"swapped together, or a blocker ({', '.join(BLOCKER_LESSONS)}). The lab checks the level teaches it: the person-like "
              "bot's wins use it, and a bot that never uses it rarely wins."),
    Field("special_sorts", ("specials",), Form.WORDS, modes=(Mode.MATCH3,), sample=[SPECIALS[1].name],
          vocab=SpecialSort,
          doc="match3: the sorts of special a run may form here (optional): "
              f"{', '.join(f'{unit.name} ({unit.shape})' for unit in SPECIALS)}; [] for none. Absent, every sort "
              "forms. A run whose special is not named clears "
              "as a plain run; specials the layout places are there regardless."),
    Field("mode", ("mode",), Form.WORD, None, Write.ALWAYS, sample=str(Mode.MATCH3), vocab=Mode,
          doc="The rules: swap to match, draw a chain, or slide tiles."),
    Field("width", ("width",), Form.SIZE, None, Write.ALWAYS, sample=5, bounds=(MIN_SIZE, MAX_SIZE),
          doc=f"Columns, {MIN_SIZE}..{MAX_SIZE} (slide {MIN_SIZE}..{MAX_SLIDE_SIZE})."),
    Field("height", ("height",), Form.SIZE, None, Write.ALWAYS, sample=5, bounds=(MIN_SIZE, MAX_SIZE),
          doc=f"Rows, {MIN_SIZE}..{MAX_SIZE} (slide {MIN_SIZE}..{MAX_SLIDE_SIZE})."),
    Field("kinds", ("kinds",), Form.NUMBER, DEFAULT_KINDS, Write.IN_MODE, TILE_MODES, sample=5,
          bounds=(MIN_KINDS, MAX_KINDS), doc=f"Tile kinds, {MIN_KINDS}..{MAX_KINDS} (not for slide)."),
    Field("seed", ("seed",), Form.NUMBER, sample=7, bounds=(0, (1 << 63) - 1), doc="The default seed of the deal."),
    Field("deal_id", ("deal_id",), Form.TEXT, None, Write.NOT_ID, sample="dealt-as", pattern=f"^{ID_PATTERN.pattern}$",
          doc="The id the deal is seeded by (with the seed) when it is not the level's own: a rename that keeps "
              "the deal writes the old id here. Left out, the level's id."),
    Field("moves", ("moves",), Form.NUMBER, sample=25, bounds=(1, 9999), doc="The move limit."),
    Field("layout", ("layout",), Form.ROWS, sample=["1 . . . .", *[". . . . ."] * 4]),
    *(Field(unit.map_key, (unit.map_key,), Form.MAP, modes=TILE_MODES,
            sample=[f"{unit.samples[0]} 0 0 0 0", *["0 0 0 0 0"] * 4]) for unit in MAP_UNITS if unit.map_key is not None),
    *(goal.field for goal in GOAL_FIELDS),
    *(Field(switch_name(unit.goal), ("goals", str(unit.goal)), Form.SWITCH, False, Write.FILLED, TILE_MODES, sample=True)
      for unit in GOAL_UNITS if unit.goal is not None),
    *(Field(str(unit.goal), ("goals", str(unit.goal)), Form.NUMBER, None, Write.SET, unit.modes, unit.sample,
            bounds=unit.bounds, doc=unit.doc) for unit in FALLERS),
    Field("stars", ("stars",), Form.MARKS, sample=[100, 200, 300], hashed=Hashed.STARS,
          doc="Scores for one, two and three stars, not going down."),
    _rule("min_match", 4, bounds=(3, 5)),
    _rule("min_chain", 4, bounds=(2, 9)),
    _rule("diagonal", False),
    _rule("specials", False, Write.CHANGED, (Mode.MATCH3,),
          doc="match3: runs of 4, 5 and L/T shapes make special tiles (default true)."),
    Field("made", ("made",), Form.NOTE, sample=Made((0.3, 0.6), (1, 20), (21, 60), 40, 18, 0.45, (0.31, 0.6)).to_dict(),
          hashed=Hashed.NONE,
          doc="How gridfall generate made the level: the pass band asked for, the seeds searched and the fresh "
              "seeds measured, the pass rate and its 95% Wilson interval."),
)
"""Every field a level file has, in the order it is written: the one list of them. The
validator (level_check) checks each, the writer (level.level_mapping) writes them from it, the
lenient reading (level_reading) reads them from it and the editor's draft holds them from it;
a blocker unit's map and goal and a faller's goal come from the units, another goal's row from
its file part (goal_fields)."""

FIELD: dict[str, Field] = {f.name: f for f in FIELDS}
KEY_ORDER = tuple(dict.fromkeys(f.path[0] for f in FIELDS))
"""The documented order of a level file's keys; writers emit them in this order."""
GROUP_DOCS = {"goals": "What wins the level; every goal given must be met."}
"""A group of fields' words (the schema's description)."""
GOAL_KEYS = tuple(f.key for f in FIELDS if f.group == "goals")
RULE_KEYS = tuple(f.key for f in FIELDS if f.group == "rules")
NOTE_KEYS = tuple(f.key for f in FIELDS if f.form is Form.NOTE)
"""Keys a level carries that no editor field edits (how it was made): an editor writes them back as read."""


def switch_goal(f: Field) -> GoalName:
    """The blocker unit goal a SWITCH field asks."""
    return GoalName(f.key)


FALLER_KEYS = frozenset(str(unit.goal) for unit in FALLERS)
"""The goal keys of the faller units (`goals: <key>: N`): Goals holds them in `fallers`."""


def faller_goal(f: Field) -> GoalName | None:
    """The faller unit goal a field asks for (bring N down), or None."""
    return GoalName(f.key) if f.group == "goals" and f.key in FALLER_KEYS else None
