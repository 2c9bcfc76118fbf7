"""The editor's canvas: the draft board drawn with the game's textures, a grid and row/column numbers."""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from game.ui import textures
from game.ui.boot import import_arcade
from game.ui.layout import BoardLayout, Rect

from .model import Cell, Draft

arcade = import_arcade()

MAX_CELL = 72.0
GRID = (255, 255, 255, 40)
NUMBER = (170, 178, 196, 255)


@functools.cache
def marker(name: str) -> Any:
    """Editor-only cell pictures (random cell, hole), drawn once with Pillow."""
    size = 96
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if name == "random":
        d.rounded_rectangle((18, 18, 78, 78), 10, outline=(150, 160, 180, 200), width=4)
        d.text((size / 2, size / 2), "?", fill=(170, 180, 200, 230), anchor="mm",
               font_size=44)
    elif name == "hole":
        d.rectangle((0, 0, size - 1, size - 1), fill=(12, 12, 16, 255))
        for k in range(-size, size, 16):
            d.line((k, size, k + size, 0), fill=(70, 40, 40, 255), width=3)
    return arcade.Texture(img, hash=f"gridfall-editor-{name}")


def token_texture(token: str, mode: str, colorblind: bool = False) -> Any | None:
    """The picture for one layout token (None for the slide gap: an empty cell)."""
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
        if mode == "slide":
            return textures.slide_number(n)
        if 1 <= n <= textures.KINDS:
            return textures.kind(n, colorblind)
    return marker("random")


class Canvas:
    """Draws a draft in a rectangle and turns pixels into cells (via game.ui.layout)."""

    def __init__(self, area: Rect) -> None:
        self.area = area
        self.layout: BoardLayout | None = None
        self.cells = arcade.SpriteList()
        self.tokens = arcade.SpriteList()
        self.marks = arcade.SpriteList()
        self._drawn: Draft | None = None
        self._numbers: list[Any] = []
        self._grid: list[tuple[float, float]] = []

    def fit(self, draft: Draft) -> BoardLayout:
        return BoardLayout.fit(draft.height, draft.width, self.area, max_cell=MAX_CELL)

    def sync(self, draft: Draft, colorblind: bool = False) -> None:
        """Rebuild the sprites when the draft changed (cheap next to a frame: <= 1024 cells)."""
        if draft is self._drawn:
            return
        self._drawn = draft
        lay = self.layout = self.fit(draft)
        self.cells.clear()
        self.tokens.clear()
        cell_tex = textures.load("cell")
        for r in range(draft.height):
            for c in range(draft.width):
                x, y = lay.center((r, c))
                tok = draft.token((r, c))
                if tok != "#":
                    s = arcade.Sprite(cell_tex, center_x=x, center_y=y)
                    s.width = s.height = lay.cell
                    self.cells.append(s)
                tex = token_texture(tok, draft.mode, colorblind)
                if tex is not None:
                    s = arcade.Sprite(tex, center_x=x, center_y=y)
                    s.width = s.height = lay.cell * (1.0 if tok == "#" else 0.86)
                    self.tokens.append(s)
        rect = lay.rect
        self._grid = []
        for r in range(draft.height + 1):
            y = rect.top - r * lay.cell
            self._grid += [(rect.left, y), (rect.right, y)]
        for c in range(draft.width + 1):
            x = rect.left + c * lay.cell
            self._grid += [(x, rect.bottom), (x, rect.top)]
        size = max(8, min(12, int(lay.cell * 0.4)))
        self._numbers = [
            arcade.Text(str(r), rect.left - 6, lay.center((r, 0))[1], NUMBER, size,
                        anchor_x="right", anchor_y="center")
            for r in range(draft.height)
        ] + [
            arcade.Text(str(c), lay.center((0, c))[0], rect.top + 4, NUMBER, size,
                        anchor_x="center", anchor_y="bottom")
            for c in range(draft.width)
        ]

    def draw(self, draft: Draft, *, cursor: Cell | None, reach: Cell | None,
             flash: Cell | None, rect_from: Cell | None, rect_to: Cell | None,
             colorblind: bool = False) -> None:
        self.sync(draft, colorblind)
        lay = self.layout
        assert lay is not None
        self.cells.draw()
        self.tokens.draw()
        arcade.draw_lines(self._grid, GRID, 1)
        for t in self._numbers:
            t.draw()
        self.marks.clear()
        if reach is not None and draft.inside(reach):
            s = arcade.Sprite(textures.load("target"), center_x=lay.center(reach)[0],
                              center_y=lay.center(reach)[1])
            s.width = s.height = lay.cell
            self.marks.append(s)
        self.marks.draw()
        if rect_from is not None and rect_to is not None:
            r0, r1 = sorted((rect_from[0], rect_to[0]))
            c0, c1 = sorted((rect_from[1], rect_to[1]))
            left = lay.left + c0 * lay.cell
            top = lay.top - r0 * lay.cell
            arcade.draw_lrbt_rectangle_outline(left, left + (c1 - c0 + 1) * lay.cell,
                                               top - (r1 - r0 + 1) * lay.cell, top,
                                               (255, 220, 80, 255), 3)
        for cell, color in ((flash, (255, 70, 70, 255)), (cursor, (255, 255, 255, 230))):
            if cell is not None and draft.inside(cell):
                x, y = lay.center(cell)
                h = lay.cell / 2
                arcade.draw_lrbt_rectangle_outline(x - h + 1, x + h - 1, y - h + 1, y + h - 1,
                                                   color, 3)

    def cell_at(self, x: float, y: float) -> Cell | None:
        return self.layout.cell_at(x, y) if self.layout is not None else None

    def center(self, cell: Cell) -> tuple[float, float]:
        assert self.layout is not None
        return self.layout.center(cell)

    def edge_buttons(self) -> dict[tuple[str, int], Rect]:
        """The +/- buttons at each edge of the board (as PuzzleScript's editor has)."""
        assert self.layout is not None
        r = self.layout.rect
        s = 18.0
        mx, my = r.left + r.width / 2, r.bottom + r.height / 2
        return {
            ("top", 1): Rect(mx - s - 2, r.top + 20, s, s), ("top", -1): Rect(mx + 2, r.top + 20, s, s),
            ("bottom", 1): Rect(mx - s - 2, r.bottom - 6 - s, s, s),
            ("bottom", -1): Rect(mx + 2, r.bottom - 6 - s, s, s),
            ("left", 1): Rect(r.left - 26 - s, my + 2, s, s), ("left", -1): Rect(r.left - 26 - s, my - s - 2, s, s),
            ("right", 1): Rect(r.right + 6, my + 2, s, s), ("right", -1): Rect(r.right + 6, my - s - 2, s, s),
        }
