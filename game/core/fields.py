"""A level file's field as the core's table (level_format.FIELDS) holds it, and the file's limits: low in the house, so a goal's file part can make its own row."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .vocab import Mode

MIN_SIZE, MAX_SIZE = 2, 32
MAX_SLIDE_SIZE = 12
MIN_KINDS, MAX_KINDS = 3, 9
DEFAULT_KINDS = 6
TILE_MODES = (Mode.MATCH3, Mode.CHAIN)
"""The modes of a board of tile kinds (match3, chain): kinds, goals and blocker units are theirs, a slide board has none."""


class Form(Enum):
    """A field's value as a level file writes it (the writer, level_mapping, writes each form
    one way) and as the lenient reading holds it (level_reading reads each form one way)."""

    CONSTANT = "constant"   # always its default (format): never read into a draft
    TEXT = "text"           # text (read: any value's text)
    WORD = "word"           # a word of the field's vocabulary (read: the word, else None)
    WORDS = "words"         # a list of words (read: each as text; a lone word is a list of it)
    NUMBER = "number"       # a whole number (read: the number, else the value as text, so its problem stays in view)
    SIZE = "size"           # a whole number (read: None when it is not one)
    FLAG = "flag"           # true or false (read: None when neither)
    SWITCH = "switch"       # a unit's goal, asked by `true` (read: True only where it says true)
    ROWS = "rows"           # the layout: one text a row, its tokens split by spaces
    MAP = "map"             # a unit's per-cell counts: one text a row, a digit a cell (written when any is above 0)
    COUNTS = "counts"       # kind: count, like {1: 20}
    CELL = "cell"           # [row, column]
    MARKS = "marks"         # three scores, for one, two and three stars
    NOTE = "note"           # a note no editor field edits (made:): a draft carries it as written


class Write(Enum):
    """When the writer writes a field (inside a written group: goals, rules)."""

    ALWAYS = "always"
    SET = "set"             # when it is not None
    FILLED = "filled"       # when it is not empty (or not false)
    CHANGED = "changed"     # when it is not its default (older levels keep their bytes and hash)
    IN_MODE = "in mode"     # when it is set and the level's mode is one of the field's
    NOT_ID = "not id"       # when it is set and not the level's own id


class Hashed(Enum):
    """Which of a level's hashes name a field (Level.content_hash, Level.play_hash)."""

    PLAY = "play"     # how it plays: both
    STARS = "stars"   # how a finished game is weighed: content_hash only (a re-tune keeps replays)
    NONE = "none"     # what the level says, not how it plays (its name), or how it was made: neither


ALL_MODES = tuple(Mode)


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a level file: its name (the Level's, the reading's and the draft's, on
    Level, Goals or Rules), where the file holds it (`("moves",)`, `("goals", "score")`), its
    form, its default (what a file that leaves it out means), when it is written, the modes
    whose levels may have it (the schema says so; an editor's draft of another mode holds its
    default, since the panel that would fix it is not shown there), a sample value a level file
    may hold, its vocabulary (WORD), which of the level's hashes name it, and its check's bounds
    or pattern and its words."""

    name: str
    path: tuple[str, ...]
    form: Form
    default: object = None
    write: Write = Write.SET
    modes: tuple[Mode, ...] = ALL_MODES
    sample: object = None
    vocab: type[Enum] | None = None
    hashed: Hashed = Hashed.PLAY
    bounds: tuple[int, int | None] | None = None   # a whole number's least and most (None: no most)
    pattern: str | None = None   # a regular expression its text must hold a match of (anchored for a whole match)
    doc: str = ""   # what it is, in a designer's words (the schema's description; a unit's comes from the unit)

    @property
    def key(self) -> str:
        """Its key in its mapping (the file's, or its group's: goals, rules)."""
        return self.path[-1]

    @property
    def group(self) -> str | None:
        """The group mapping that holds it (goals, rules), None at the top of the file."""
        return self.path[0] if len(self.path) > 1 else None
