"""What a level file holds: its keys and limits, the layout tokens, and the Rules and Goals values."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .grid import DROP, EMPTY, HOLE, PLAYER, RAINBOW, Cell
# The layout's plain tokens, read from here as before they moved (a blocker's are its unit's).
from .tokens import GAP_TOKEN as GAP_TOKEN, HOLE_TOKEN as HOLE_TOKEN, PLAYER_TOKEN as PLAYER_TOKEN
from .tokens import RAINBOW_TOKEN as RAINBOW_TOKEN, RANDOM_TOKEN as RANDOM_TOKEN, is_digits as is_digits
from .units import GOAL_UNITS, LESSON_OF, MAP_UNITS, TOKEN_UNITS
from .vocab import GoalName, Lesson, Mode, Special, SpecialSort

FORMAT = 1
MODES = tuple(mode.value for mode in Mode)
MIN_SIZE, MAX_SIZE = 2, 32
MAX_SLIDE_SIZE = 12
MIN_KINDS, MAX_KINDS = 3, 9
DEFAULT_KINDS = 6
DEFAULT_SEED = 0   # the seed of a level that names none (Level.play_seed)

# The documented order of a level file's keys; writers emit them in this order.
KEY_ORDER = (
    "format", "id", "name", "description", "teaches", "specials", "mode", "width", "height", "kinds",
    "seed", "deal_id", "moves", "layout", *(unit.map_key for unit in MAP_UNITS if unit.map_key is not None),
    "goals", "stars", "rules", "made",
)
# Keys a level carries that no editor field edits (how it was made): an editor writes them back as read.
NOTE_KEYS = ("made",)
GOAL_KEYS = ("score", "collect", "reach", *(str(unit.goal) for unit in GOAL_UNITS), "drops")
RULE_KEYS = ("min_match", "min_chain", "diagonal", "specials")
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def valid_id(text: object) -> bool:
    """A level or pack id: 1-64 letters, digits, '-' or '_', starting with a letter or digit.

    The whole text must match (fullmatch: '$' would let a trailing newline through), so an id
    is always safe as a file name.
    """
    return isinstance(text, str) and ID_PATTERN.fullmatch(text) is not None


# The specials each sort a level's `specials:` names lets runs form (SpecialSort order is the
# written order); a level that names none forms every one, as before the field.
SORT_SPECIALS: dict[SpecialSort, frozenset[Special]] = {
    SpecialSort.LINE: frozenset({Special.ROW, Special.COLUMN}),
    SpecialSort.BOMB: frozenset({Special.BOMB}),
    SpecialSort.RAINBOW: frozenset({Special.RAINBOW}),
}
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


BLOCKER_LESSONS = (*LESSON_OF, Lesson.DROPS)


def lesson_modes(lesson: Lesson) -> tuple[Mode, ...]:
    """The modes a level teaching `lesson` can be: a blocker unit's are in match3 and chain;
    specials, combos and drops are match3's alone."""
    if lesson in LESSON_OF:
        return (Mode.MATCH3, Mode.CHAIN)
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
# A match3 tile with a special is its kind followed by the letter: `3h`, `3v`, `3b`.
KIND_SPECIALS = (Special.ROW, Special.COLUMN, Special.BOMB)
# `D` a drop; a blocker's tokens are its unit's (game/core/units).
DROP_TOKEN = "D"
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

    score: int | None = None
    collect: tuple[tuple[int, int], ...] = ()
    reach: Cell | None = None
    # The blocker units' goals asked (clear every one of each), in units.GOAL_UNITS order.
    blockers: tuple[GoalName, ...] = ()
    drops: int | None = None     # bring this many drops to the bottom

    def is_empty(self) -> bool:
        return (self.score is None and not self.collect and self.reach is None
                and not self.blockers and self.drops is None)

    def asks(self, goal: GoalName) -> bool:
        """Whether the blocker unit goal `goal` is asked for."""
        return goal in self.blockers



def token_special(tok: str) -> Special | None:
    """The special a layout token places: `*` a rainbow, `3h` a row line, ...; else None."""
    if tok == RAINBOW_TOKEN:
        return Special.RAINBOW
    if len(tok) == 2 and is_digits(tok[0]) and tok[1] in KIND_SPECIALS:
        return Special(tok[1])
    return None


def token_value(tok: str) -> int:
    if tok == HOLE_TOKEN:
        return HOLE
    if tok == DROP_TOKEN:
        return DROP
    for unit in TOKEN_UNITS:
        if unit.layers_of(tok):
            return unit.tile_of(tok)
    if tok == PLAYER_TOKEN:
        return PLAYER
    if tok in (RANDOM_TOKEN, GAP_TOKEN):
        return EMPTY
    if tok == RAINBOW_TOKEN:
        return RAINBOW
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
