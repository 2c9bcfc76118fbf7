"""Pieces of a board: copy a rectangle of a Draft (every layer), paste it, clear it, move it, and its clipboard text (no arcade)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from game.core import GAP_TOKEN, MAX_SIZE, MODES, PLAYER_TOKEN, RANDOM_TOKEN, Mode

from game.io.yamldoc import DocError, parse
from game.io.yamlout import dump

from .blocker_tools import map_units
from .draft import Cell, Cells, Draft, LayerRows

# The first line of a piece on the clipboard: text without it is never read as a piece (a
# sentence copied from a browser must not paint the board).
PIECE_HEADER = "gridfall-piece: 1"
# Clipboard text longer than this is no piece (the largest board's piece is far shorter): a
# pasted novel is refused before YAML reads it.
MAX_PIECE_TEXT = 20_000
# A layout token as level files write them (`3`, `3h`, `S2`, `.L`, `#`, `P`, `12` on a slide
# board): short and without spaces; whether it fits the mode is the loader's to say after.
TOKEN = re.compile(r"[0-9A-Za-z.#_*]{1,3}")


@dataclass(frozen=True, slots=True)
class Area:
    """A rectangle of cells: its top-left cell and its size (always at least 1 x 1)."""

    top: int
    left: int
    height: int
    width: int

    @staticmethod
    def between(a: Cell, b: Cell) -> "Area":
        """The rectangle with `a` and `b` at opposite corners (either order)."""
        r0, r1 = sorted((a[0], b[0]))
        c0, c1 = sorted((a[1], b[1]))
        return Area(r0, c0, r1 - r0 + 1, c1 - c0 + 1)

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(self.top, self.top + self.height)
                for c in range(self.left, self.left + self.width)]

    def contains(self, cell: Cell) -> bool:
        return self.top <= cell[0] < self.top + self.height and self.left <= cell[1] < self.left + self.width

    def shifted(self, dr: int, dc: int) -> "Area":
        return replace(self, top=self.top + dr, left=self.left + dc)

    def within(self, draft: Draft) -> "Area | None":
        """The part of this rectangle on the board (None when none is)."""
        top, left = max(0, self.top), max(0, self.left)
        bottom = min(draft.height, self.top + self.height)
        right = min(draft.width, self.left + self.width)
        if bottom <= top or right <= left:
            return None
        return Area(top, left, bottom - top, right - left)


@dataclass(frozen=True, slots=True)
class Piece:
    """A copied rectangle of a board: its tokens (tiles, specials, blockers, fallers, holes,
    random cells, the player) and the layers of each blocker a level map places, by the map's
    key, with the mode it came from."""

    mode: Mode
    cells: Cells
    layers: tuple[tuple[str, LayerRows], ...] = ()   # each map's rows, the cells' shape (0: none); () for none

    def layer(self, key: str) -> LayerRows:
        """The rows of the map `key`, the cells' shape (0s where the piece has none of it)."""
        return dict(self.layers).get(key) or tuple(tuple(0 for _ in row) for row in self.cells)

    @property
    def height(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return len(self.cells[0]) if self.cells else 0


def copy(draft: Draft, area: Area) -> Piece:
    """The piece of `draft` under `area` (the part of it on the board)."""
    on = area.within(draft)
    if on is None:
        return Piece(draft.mode, ())
    rows = range(on.top, on.top + on.height)
    cols = range(on.left, on.left + on.width)
    layers = tuple((key, tuple(tuple(draft.layers_at(key, (r, c)) for c in cols) for r in rows)) for key in _keys())
    return Piece(draft.mode, tuple(tuple(draft.token((r, c)) for c in cols) for r in rows),
                 tuple((key, rows_) for key, rows_ in layers if any(any(row) for row in rows_)))


def _keys() -> list[str]:
    return [unit.map_key for unit in map_units() if unit.map_key is not None]


def clear(draft: Draft, area: Area) -> Draft:
    """The board with `area` emptied: random cells (the level's empty token), no blocker layers."""
    on = area.within(draft)
    if on is None:
        return draft
    cells = on.cells()
    draft = draft.with_cells({cell: RANDOM_TOKEN for cell in cells})
    for key in _keys():
        draft = draft.with_layers(key, {cell: 0 for cell in cells})
    return draft


def unique(draft: Draft, token: str) -> bool:
    """Whether a board holds `token` once at most: the player start, the slide gap, a slide number."""
    return token in (PLAYER_TOKEN, GAP_TOKEN) or (draft.mode == Mode.SLIDE and token.isdigit())


def paste(draft: Draft, piece: Piece, at: Cell) -> tuple[Draft, int]:
    """The board with `piece` laid with its top-left cell at `at`, and how many of its cells fell
    off the board (cut off). A one-of token (the player, the slide gap, a slide number) the board
    holds elsewhere already is not pasted (its cell gets the empty token): a paste never makes
    a second player, nor a player on a board of another mode. A slide board takes no blocker layers."""
    changes: dict[Cell, str] = {}
    layers: dict[str, dict[Cell, int]] = {key: {} for key in _keys()}
    cut = 0
    target = Area(at[0], at[1], piece.height, piece.width)
    # The one-of tokens already on the board outside the pasted cells: those stay the only ones.
    kept = {draft.token(cell) for cell in _all_cells(draft) if not target.contains(cell)}
    for dr, row in enumerate(piece.cells):
        for dc, tok in enumerate(row):
            cell = (at[0] + dr, at[1] + dc)
            if not draft.inside(cell):
                cut += 1
                continue
            if unique(draft, tok) and (tok in kept or tok in changes.values()):
                tok = RANDOM_TOKEN   # the one already on the board stays the only one
            elif tok == PLAYER_TOKEN and draft.mode != Mode.CHAIN:
                tok = RANDOM_TOKEN   # only a chain board has a player (a chain piece on a match3 board)
            changes[cell] = tok
            if draft.mode != Mode.SLIDE:
                for key, laid in layers.items():
                    laid[cell] = piece.layer(key)[dr][dc]
    # A one-of token under the pasted cells is overwritten like any other (as in any editor).
    draft = draft.with_cells(changes)
    for key, laid in layers.items():
        draft = draft.with_layers(key, laid)
    return draft, cut


def move(draft: Draft, area: Area, dr: int, dc: int) -> Draft:
    """The board with the content under `area` moved by (dr, dc): its old place emptied, what
    lands off the board cut off."""
    piece = copy(draft, area)
    moved, _cut = paste(clear(draft, area), piece, (area.top + dr, area.left + dc))
    return moved


def _all_cells(draft: Draft) -> list[Cell]:
    return [(r, c) for r in range(draft.height) for c in range(draft.width)]


# -- the clipboard's text form ----------------------------------------------------------------------

def piece_text(piece: Piece) -> str:
    """The piece as clipboard text: a header line, then small YAML with the layout's own token
    rows (as a level file writes them) and each blocker map's rows when it has any."""
    data: dict[str, object] = {"mode": str(piece.mode), "layout": [" ".join(row) for row in piece.cells]}
    for key, rows in piece.layers:
        if any(any(row) for row in rows):
            data[key] = [" ".join(str(n) for n in row) for row in rows]
    return PIECE_HEADER + "\n" + dump(data)   # the one YAML writer


class PieceError(ValueError):
    """Clipboard text that is no piece: the message is one line for the status line."""


def read_piece(text: str) -> Piece:
    """The piece a clipboard text holds; raises PieceError saying what is wrong with it."""
    if len(text) > MAX_PIECE_TEXT:
        raise PieceError("the clipboard's text is too long to be a board piece")
    if not text.strip().startswith(PIECE_HEADER):
        raise PieceError("no board piece on the clipboard (Ctrl+C copies one)")
    try:   # the bounded reader every file goes through (aliases, nesting and keys limited)
        data = parse(text.strip().removeprefix(PIECE_HEADER)).value
    except DocError:
        raise PieceError("clipboard piece: not readable YAML") from None
    if not isinstance(data, dict):
        raise PieceError("clipboard piece: no mode and layout")
    mode = data.get("mode")
    if mode not in MODES:
        raise PieceError(f"clipboard piece: mode {mode!r} is not one of {', '.join(MODES)}")
    cells = _rows(data.get("layout"), "layout")
    for row in cells:
        for tok in row:
            if not TOKEN.fullmatch(tok):
                raise PieceError(f"clipboard piece: {tok!r} is no layout token")
    layers: list[tuple[str, LayerRows]] = []
    for unit in map_units():
        key, most = unit.map_key, unit.tool.most if unit.tool is not None else 1
        if key is None or data.get(key) is None:
            continue
        rows = _rows(data[key], key)
        if [len(row) for row in rows] != [len(row) for row in cells]:
            raise PieceError(f"clipboard piece: {key} rows not the layout's shape")
        if any(not (t.isascii() and t.isdigit() and int(t) <= most) for row in rows for t in row):
            raise PieceError(f"clipboard piece: {key} layers are 0 to {most}")
        layers.append((key, tuple(tuple(int(t) for t in row) for row in rows)))
    return Piece(Mode(mode), cells, tuple(layers))


def _rows(value: object, name: str) -> Cells:
    """Token rows, each one a string of tokens split by spaces, all of one length."""
    if not isinstance(value, list) or not value or len(value) > MAX_SIZE:
        raise PieceError(f"clipboard piece: needs 1 to {MAX_SIZE} {name} rows")
    rows = tuple(tuple(str(row).split()) for row in value)
    width = len(rows[0])
    if not 1 <= width <= MAX_SIZE or any(len(row) != width for row in rows):
        raise PieceError(f"clipboard piece: {name} rows of different lengths")
    return rows


def fits(piece: Piece, draft: Draft) -> str | None:
    """Why `piece` cannot go on `draft` (None when it can): a slide board's numbered tiles and
    the other modes' tiles are not the same things."""
    if (piece.mode == Mode.SLIDE) != (draft.mode == Mode.SLIDE):
        return f"a {piece.mode} piece cannot go on a {draft.mode} board"
    return None
