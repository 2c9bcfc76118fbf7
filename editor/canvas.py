"""The editor's canvas: the draft board drawn with the game's textures, a grid and row/column numbers."""

from __future__ import annotations

import functools
from typing import Any

import arcade
import pyglet
from PIL import Image, ImageDraw

from game.core import BLOCKERS, FALLERS, KIND_SPECIALS, KINDLESS, Blocker, Edit, Look, Mode
from game.core import token_special
from game.ui import textures
from game.ui.layout import BoardLayout, Rect
from game.ui.screens import style

from .blocker_tools import carries, map_units, placed_by, tile_under_mark
from .model import Cell, Draft


MAX_CELL = 72.0
GRID = (255, 255, 255, 40)
NUMBER = (170, 178, 196, 255)
RECT_LINE = (255, 220, 80, 255)   # a rectangle being drawn


@functools.cache
def marker(name: str) -> Any:
    """Editor-only pictures (random cell, hole; the dice, eraser and gap icons), drawn once with Pillow."""
    size = 96
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if name == "random":
        d.rounded_rectangle((18, 18, 78, 78), 10, outline=(150, 160, 180, 200), width=4)
        d.text((size / 2, size / 2), "?", fill=(170, 180, 200, 230), anchor="mm",
               font_size=44)
    elif name == "dice":   # the random brush: a die
        d.rounded_rectangle((14, 14, 82, 82), 14, fill=(235, 235, 240, 255), outline=(120, 130, 150, 255), width=3)
        for px, py in ((32, 32), (48, 48), (64, 64), (32, 64), (64, 32)):
            d.ellipse((px - 6, py - 6, px + 6, py + 6), fill=(40, 44, 60, 255))
    elif name == "erase":  # an eraser, tilted
        d.polygon([(20, 60), (52, 28), (80, 56), (48, 88)], fill=(236, 120, 140, 255))
        d.polygon([(20, 60), (34, 46), (62, 74), (48, 88)], fill=(230, 230, 236, 255))
        d.line((14, 88, 86, 88), fill=(150, 160, 180, 220), width=4)
    elif name == "gap":    # the slide gap: an empty, dashed slot
        for k in range(10, 86, 16):
            for a, b in (((k, 10), (k + 8, 10)), ((k, 86), (k + 8, 86)), ((10, k), (10, k + 8)), ((86, k), (86, k + 8))):
                d.line((*a, *b), fill=(170, 180, 200, 230), width=4)
    elif name == "hole":
        d.rectangle((0, 0, size - 1, size - 1), fill=(12, 12, 16, 255))
        for k in range(-size, size, 16):
            d.line((k, size, k + size, 0), fill=(70, 40, 40, 255), width=3)
    return arcade.Texture(img, hash=f"gridfall-editor-{name}")


@functools.cache
def covered(base: Any, look: Look, layers: int = 1) -> Any:
    """A token's picture with a blocker laid over it (`3L`, `.L`; `#L` too, which the
    problems list then explains): made once per picture."""
    size = 96
    img = base.image.convert("RGBA").resize((size, size), Image.Resampling.LANCZOS)
    over = textures.blocker(look, layers).image.convert("RGBA").resize((size, size), Image.Resampling.LANCZOS)
    img.alpha_composite(over)
    return arcade.Texture(img, hash=f"gridfall-editor-covered-{base.cache_name}-{look.pattern.value}-{look.colors}-{layers}")


def under_pictures(layers: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...], r: int, c: int,
                   units: tuple[Blocker, ...] = BLOCKERS) -> list[tuple[Any, float]]:
    """The pictures of the blockers a level map lays under cell (r, c), with their share of
    the cell, from each map's rows by key."""
    rows = dict(layers)
    out = []
    for unit in map_units(units):
        laid = rows.get(unit.map_key or "")
        n = laid[r][c] if laid else 0
        if n and unit.look is not None:
            out.append((textures.blocker(unit.look, n), 0.96))
    return out


def token_texture(token: str, mode: Mode, colorblind: bool = False, units: tuple[Blocker, ...] = BLOCKERS) -> Any | None:
    """The picture for one layout token (None for the slide gap: an empty cell).

    Specials, fallers and blockers are the game's own pictures (game.ui.textures);
    only what the game never shows (a random cell, a hole) is the editor's.
    """
    for unit in units:
        tool, look = unit.tool, unit.look
        if tool is not None and look is not None and tool.edit is Edit.TOGGLE and mode in tool.modes \
                and carries(token, tool.mark):
            base = token_texture(tile_under_mark(token), mode, colorblind, units)
            layers = max(1, unit.layers_of(token))
            return covered(base, look, layers) if base is not None else textures.blocker(look, layers)
    for kindless in KINDLESS:
        if token == kindless.token:
            return textures.special_picture(kindless)
    for faller in FALLERS:
        if token == faller.token:
            return textures.piece(faller)
    special = token_special(token)
    if special in KIND_SPECIALS and 1 <= int(token[0]) <= textures.KINDS:
        return textures.marked(int(token[0]), special, colorblind)
    blocker = placed_by(token, units)
    if blocker is not None and blocker.look is not None:
        return textures.blocker(blocker.look, blocker.layers_of(token))
    if token == "#":
        return marker("hole")
    if token == ".":
        return marker("random")
    if token == "P":
        return textures.load("player")
    if token == "_":
        return None
    if token.isdigit():
        n = int(token)
        if mode == Mode.SLIDE:
            return textures.slide_number(n)
        if 1 <= n <= textures.KINDS:
            return textures.kind(n, colorblind)
    return marker("random")


class Canvas:
    """Draws a draft in a rectangle and turns pixels into cells (via game.ui.layout).

    The sprites, grid lines and row/column numbers are built once per board size; after an
    edit only the cells whose token changed get a new texture (a frame of painting on a 32x32
    board would otherwise rebuild some 2,000 sprites and 64 texts).
    """

    def __init__(self, area: Rect) -> None:
        self.area = area
        self.layout: BoardLayout | None = None
        self.cells: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.tokens: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.floor: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()   # map blockers, under the tokens
        self.marks: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.dealt: arcade.SpriteList[arcade.Sprite] | None = None   # the deal on the random cells
        self._drawn: Draft | None = None
        self._shape: tuple[int, int, str, bool, tuple[Blocker, ...]] | None = None
        self.units: tuple[Blocker, ...] = BLOCKERS   # the blocker units drawn (as the model's)
        self._shown: list[list[str]] = []
        self._cell_sprites: list[list[Any]] = []
        self._token_sprites: list[list[Any]] = []
        self._under: dict[str, list[list[Any]]] = {}       # each map blocker's sprites, by its key
        self._under_shown: dict[str, list[list[int]]] = {}  # and the layers they show
        self._batch = pyglet.graphics.Batch()
        self._numbers: list[Any] = []   # kept referenced: batched text vanishes when freed
        self._grid: list[tuple[float, float]] = []
        self._target = arcade.Sprite(textures.load("target"))
        self.marks.append(self._target)
        self.rect_drawn: tuple[Cell, Cell] | None = None   # the rectangle being drawn, as last shown

    def fit(self, draft: Draft) -> BoardLayout:
        return BoardLayout.fit(draft.height, draft.width, self.area, max_cell=MAX_CELL)

    def sync(self, draft: Draft, colorblind: bool = False, units: tuple[Blocker, ...] = BLOCKERS) -> None:
        """Bring the sprites in step with the draft: a full build only when the size changed."""
        if draft is self._drawn and units == self.units:
            return
        self._drawn = draft
        self.units = units
        shape = (draft.width, draft.height, draft.mode, colorblind, units)
        if shape != self._shape:
            self._shape = shape
            self._build(draft)
        for r, row in enumerate(draft.cells):
            shown = self._shown[r]
            if list(row) == shown:
                continue
            for c, tok in enumerate(row):
                if tok != shown[c]:
                    self._set_cell(r, c, tok, draft.mode, colorblind)
                    shown[c] = tok
        for unit in map_units(self.units):
            key, look = unit.map_key or "", unit.look
            if look is None:
                continue
            for r, layers in enumerate(self._under_shown[key]):
                for c, was in enumerate(layers):
                    n = draft.layers_at(key, (r, c))
                    if n != was:
                        sprite = self._under[key][r][c]
                        sprite.visible = n > 0
                        if n > 0:
                            sprite.texture = textures.blocker(look, n)
                            sprite.width = sprite.height = self.layout.cell * 0.96 if self.layout else 1
                        layers[c] = n

    def _build(self, draft: Draft) -> None:
        """Make one cell sprite and one token sprite per cell, the grid lines and the numbers."""
        lay = self.layout = self.fit(draft)
        self.cells.clear()
        self.tokens.clear()
        self.floor.clear()
        cell_tex = textures.load("cell")
        blank_tex = marker("random")
        self._cell_sprites, self._token_sprites, self._shown = [], [], []
        keys = [(unit.map_key, unit.look) for unit in map_units(self.units) if unit.map_key is not None and unit.look is not None]
        self._under = {key: [] for key, _ in keys}
        self._under_shown = {key: [[0] * draft.width for _ in range(draft.height)] for key, _ in keys}
        for r in range(draft.height):
            cell_row, token_row = [], []
            for key, _ in keys:
                self._under[key].append([])
            for c in range(draft.width):
                x, y = lay.center((r, c))
                s = arcade.Sprite(cell_tex, center_x=x, center_y=y)
                s.width = s.height = lay.cell
                s.visible = False
                cell_row.append(s)
                self.cells.append(s)
                for key, look in keys:
                    under = arcade.Sprite(textures.blocker(look, 1), center_x=x, center_y=y)
                    under.visible = False
                    self._under[key][r].append(under)
                    self.floor.append(under)
                t = arcade.Sprite(blank_tex, center_x=x, center_y=y)
                t.visible = False
                token_row.append(t)
                self.tokens.append(t)
            self._cell_sprites.append(cell_row)
            self._token_sprites.append(token_row)
            # No token is shown yet: the sync after this sets every cell.
            self._shown.append([""] * draft.width)
        rect = lay.rect
        self._grid = []
        for r in range(draft.height + 1):
            y = rect.top - r * lay.cell
            self._grid += [(rect.left, y), (rect.right, y)]
        for c in range(draft.width + 1):
            x = rect.left + c * lay.cell
            self._grid += [(x, rect.bottom), (x, rect.top)]
        size = max(8, min(12, int(lay.cell * 0.4)))
        self._batch = pyglet.graphics.Batch()
        self._numbers = [
            # Whole pixels: at a half pixel the top row of a glyph is lost (a 7 read as "/").
            arcade.Text(str(r), round(rect.left - 6), round(lay.center((r, 0))[1]), NUMBER, size,
                        anchor_x="right", anchor_y="center", font_name=style.BODY_FONT, batch=self._batch)
            for r in range(draft.height)
        ] + [
            arcade.Text(str(c), round(lay.center((0, c))[0]), round(rect.top + 4), NUMBER, size,
                        anchor_x="center", anchor_y="bottom", font_name=style.BODY_FONT, batch=self._batch)
            for c in range(draft.width)
        ]
        self._target.width = self._target.height = lay.cell

    def _set_cell(self, r: int, c: int, tok: str, mode: Mode, colorblind: bool) -> None:
        assert self.layout is not None
        self._cell_sprites[r][c].visible = tok != "#"
        sprite = self._token_sprites[r][c]
        tex = token_texture(tok, mode, colorblind, self.units)
        if tex is None:
            sprite.visible = False
            return
        sprite.texture = tex
        sprite.width = sprite.height = self.layout.cell * (1.0 if tok == "#" else 0.86)
        sprite.visible = True

    def draw(self, draft: Draft, *, cursor: Cell | None, reach: Cell | None,
             flash: Cell | None, rect_from: Cell | None, rect_to: Cell | None,
             colorblind: bool = False) -> None:
        self.sync(draft, colorblind, self.units)
        lay = self.layout
        assert lay is not None
        self.cells.draw()
        self.floor.draw()    # map blockers lie under the tiles, as in the game
        self.tokens.draw()
        if self.dealt is not None:
            self.dealt.draw()
        arcade.draw_lines(self._grid, GRID, 1)
        self._batch.draw()
        if reach is not None and draft.inside(reach):
            self._target.position = lay.center(reach)
            self.marks.draw()
        self.rect_drawn = (rect_from, rect_to) if rect_from is not None and rect_to is not None else None
        if self.rect_drawn is not None:
            self.outline(*self.rect_drawn, RECT_LINE, 3)
        # The cursor inside, the problem's red outside it: a flashed cell under the cursor
        # (where clicking a problem puts it) still shows red.
        for cell, color, inset in ((cursor, (255, 255, 255, 230), 4), (flash, (255, 70, 70, 255), -1)):
            if cell is not None and draft.inside(cell):
                x, y = lay.center(cell)
                h = lay.cell / 2
                arcade.draw_lrbt_rectangle_outline(x - h + inset, x + h - inset, y - h + inset,
                                                   y + h - inset, color, 3)

    def outline(self, a: Cell, b: Cell, color: Any, width: float) -> None:
        """The outline of the rectangle of cells between corners a and b."""
        lay = self.layout
        assert lay is not None
        r0, r1 = sorted((a[0], b[0]))
        c0, c1 = sorted((a[1], b[1]))
        left = lay.left + c0 * lay.cell
        top = lay.top - r0 * lay.cell
        arcade.draw_lrbt_rectangle_outline(left, left + (c1 - c0 + 1) * lay.cell, top - (r1 - r0 + 1) * lay.cell,
                                           top, color, width)

    def cell_at(self, x: float, y: float) -> Cell | None:
        return self.layout.cell_at(x, y) if self.layout is not None else None

    def center(self, cell: Cell) -> tuple[float, float]:
        assert self.layout is not None
        return self.layout.center(cell)

    def edge_buttons(self) -> dict[tuple[str, int], Rect]:
        """The +/- buttons at each edge of the board (as PuzzleScript's editor has).

        They sit at the edges of the canvas's area, not of the board: the board is fitted anew
        after each resize, and buttons that moved with it slid from under the pointer onto the
        board (three clicks added a column, then painted two cells).
        """
        return edge_buttons_of(self.area)


def edge_buttons_of(r: Rect) -> dict[tuple[str, int], Rect]:
    """The +/- buttons around a canvas area `r` (Canvas.edge_buttons; the deal strip keeps clear)."""
    s = 18.0
    mx, my = r.left + r.width / 2, r.bottom + r.height / 2
    return {
        ("top", 1): Rect(mx - s - 2, r.top + 20, s, s), ("top", -1): Rect(mx + 2, r.top + 20, s, s),
        ("bottom", 1): Rect(mx - s - 2, r.bottom - 6 - s, s, s),
        ("bottom", -1): Rect(mx + 2, r.bottom - 6 - s, s, s),
        ("left", 1): Rect(r.left - 26 - s, my + 2, s, s), ("left", -1): Rect(r.left - 26 - s, my - s - 2, s, s),
        ("right", 1): Rect(r.right + 6, my + 2, s, s), ("right", -1): Rect(r.right + 6, my - s - 2, s, s),
    }
