"""A blocker as a unit: its layer, how the one cascade and chain hit it, the event a hit is, its words."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable

from ..grid import EMPTY, Cell
from ..tokens import HOLE_TOKEN, PLAYER_TOKEN, RAINBOW_TOKEN, RANDOM_TOKEN, is_digits
from ..vocab import GoalName, Lesson, Mode
from .looks import Look, Tool

Counts = tuple[tuple[Cell, int], ...]
"""A counted layer (hits, layers): cells with a count above 0, in reading order."""


class Hit(Enum):
    """Which clears take a layer off a blocker's cell (one layer a cascade step at most)."""

    COVER = "cover"   # its own tile cleared, blasted or made a special: the cover takes it, the tile stays
    NEAR = "near"     # a blast over it, or a clear, a cover broken or a special made orthogonally next to it
    UNDER = "under"   # its cell's tile cleared or made a special (not when a cover took the clear)


@dataclass(frozen=True, slots=True)
class Placing:
    """How the level generator places a goal unit as a candidate's main goal: one cell each `per`
    moves (at least `least`), on at most 1/`share` of the free cells (and at most one a column's
    worth when `narrow`), off the top row or not, in the board's top half or not (`upper`)."""

    per: int = 1
    least: int = 1
    share: int = 1
    off_top: bool = False
    upper: bool = False
    narrow: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Blocker:
    """One blocker's core part: what the house's cascade, chain, fold and swap checks ask of it.

    A chain hits a COVER or NEAR blocker next to a tile it eats, an UNDER one under it.
    """

    name: str
    hit: Hit
    holds: bool     # its cell's tile never clears, swaps or falls while a layer is left (none falls through it)
    frees: bool     # at 0 its cell is EMPTY and ordinary (the cell held no tile: it was SOLID)
    event: type     # the event one hit is, with the layers it left
    made: Callable[[Cell, int], object]              # that event, for the cell and the layers left
    read: Callable[[object], tuple[Cell, int]]       # an event's cell and layers left
    # The level key whose per-cell map of counts places it (its name's map); None: its layout tokens.
    map_key: str | None = None
    swap_refusal: tuple[str, str] | None = None      # a swap that moves its cell: (why, in a player's words)
    chain_refusal: tuple[str, str] | None = None     # a chain over its cell: (why, in a player's words)
    # Its layout tokens (a unit placed by another key has none): the layers a token places (0:
    # not its token), the grid value of its cell, and `token_problem`: for a token that looks
    # like its own, what is wrong with it ('' when nothing is), else None; `token_help` says
    # the tokens in the layout's list of cells.
    layers_of: Callable[[str], int] = lambda tok: 0
    tile_of: Callable[[str], int] = lambda tok: 0
    token_problem: Callable[[str, int | None], str | None] = lambda tok, kinds: None
    token_help: str = ""
    # What a board shows of it, in the plural, in a designer's words ('locked tiles'); '' its name.
    many: str = ""
    look: Look | None = None   # how the view draws, animates and sounds it (None: not drawn)
    tool: Tool | None = None   # the editor's tool that places it (None: none)
    # What places it, every way it is written: its layout tokens (`S1`, `3L`), or its map's counts
    # above 0; a test checks the level schema and its README know each.
    samples: tuple[str, ...] = ()
    # Its goal (`goals: <name>: true`, clear every one) and how it counts: by layers (each one
    # taken is progress) or by cells (one counts when its last layer goes); `none_placed`: the
    # problem of a level that asks for the goal but places none.
    goal: GoalName | None = None
    goal_layers: bool = False
    none_placed: str = ""
    # What a lost game lacked, in a designer's words: '<short> (median 4 <counted>s)'.
    short: str = ""
    counted: str = "layer"
    # Its goal in a player's words: the HUD's word before the counter and the goal card's
    # line, `{target}` filled in (the number to clear).
    label: str = ""
    goal_line: str = ""
    lesson: Lesson | None = None   # the lesson a level teaching it is (its event shows it was used)
    # The bots' part-way credit, a share of a goal, for its layers taken (when its goal is asked,
    # or it has none): what the goals' counters do not show.
    credit: float = 0.0
    placing: Placing | None = None   # how the level generator places it (None: it does not)
    # Its layer as a replay's digest tells it (a lock's by its cells alone, as before units).
    digested: Callable[[Counts], object] = lambda layer: layer


def over_tile(head: str) -> bool:
    """Whether a token's first character names a tile a blocker can go over: a kind 1-9 or '.'."""
    return head == RANDOM_TOKEN or (is_digits(head) and head != "0")


def tile_under(tok: str) -> int:
    """The grid value of the tile under a blocker's token (`3L`: 3; `.L`: EMPTY, dealt at random)."""
    return EMPTY if tok[0] == RANDOM_TOKEN else int(tok[0])


def tile_problem(tok: str, kinds: int | None, done: str, goes: str) -> str | None:
    """What is wrong with the tile a blocker's token puts it over (None when nothing is): no
    tile (a hole, the player), a rainbow, or a kind the level does not have. `done`: what the
    blocker does to a tile ('locked'); `goes`: how it goes on one ('a lock goes on')."""
    head = tok[0]
    if head == HOLE_TOKEN:
        return f"'{tok}': a hole holds no tile, so it cannot be {done}"
    if head == PLAYER_TOKEN:
        return f"'{tok}': the player cannot be {done}"
    if head == RAINBOW_TOKEN:
        return f"'{tok}': {goes} a plain tile (a kind or '.'), not a rainbow"
    if head != RANDOM_TOKEN and is_digits(head) and kinds is not None and int(head) > kinds:
        return f"kind {head} does not exist (this level has {kinds} kinds)"
    return None


Problem = tuple[tuple[str | int, ...], str, Cell | None]
"""A problem a unit finds in a level: where it points (`("layout", row)`, `("goals", key)`), its words, its cell."""


@dataclass(frozen=True, slots=True, eq=False)
class Faller:
    """A unit that is a piece of its own on the board (its grid `value`, placed by its layout
    `token`): it never matches, is never swapped or caught in a blast, falls with the tiles and
    leaves the board when it reaches the bottom cell of its chute (its `event`, `points` each,
    times the cascade step), counted toward its goal (`goals: <goal>: N`, bring N down). The
    pieces a goal wants beyond those placed enter from the top, one at a time: after a refill
    with none on the board, one more draw turns one of the refill's new tiles into one.
    """

    name: str
    value: int                      # its grid value (one above RAINBOW: the cascade's last mask)
    token: str                      # its layout token
    event: type                     # the event of one leaving the board
    made: Callable[[Cell], object]  # that event, for the cell it left
    read: Callable[[object], Cell]  # an event's cell
    goal: GoalName
    modes: tuple[Mode, ...]         # the modes that have it (its token, goal and tool)
    points: int                     # points for each one that leaves (times the cascade step)
    bounds: tuple[int, int]         # its goal's least and most
    doc: str                        # its goal in a designer's words (the schema's description)
    token_help: str                 # its words in the layout's list of cells
    token_doc: str                  # its token in the schema's layout words
    wrong_mode: str                 # the problem of its token in a mode that has none
    goal_wrong_mode: str            # the problem of its goal in a mode that has none
    swap_refusal: tuple[str, str]   # a swap that moves one: (why, in a player's words)
    lesson: Lesson
    one: str                        # one piece, counted (its plural: its name)
    label: str                      # the HUD's word before its counter
    goal_line: str                  # the goal card's line, `{count}`: the pieces counted
    # What a lost game lacked, in a player's words: `{count}` the pieces left counted, `{where}`
    # how far the lowest is from the bottom ('2 rows from the bottom'), `{missing}` the number.
    short_none: str
    short_one: str
    short_many: str
    lab_short: str                  # the lab's words: `{count}`, then `{where}` (', lowest 2 rows up')
    check: Callable[[tuple[tuple[str, ...], ...] | None, dict[int, int], int | None, Mode, int | None],
                    list[Problem]]   # (layout, its chutes' bottoms, the goal asked, mode, moves): its placing's problems
    credit: float                   # the bots' credit: this share of a goal weight for how far down they came
    hint_share: float               # the hint's: how far down one came counts as this share of bringing it down
    texture: str                    # the view's picture of it (assets/textures/<texture>.png)
    tool: Tool                      # the editor's tool that places its token
    sample: int = 2                 # a sample of its goal
    placing: Placing | None = None  # how the level generator places it (None: it does not)
