"""The editor's chrome: the panels, the tool palette and the board's edge buttons, built once and rebuilt only when what they show changes."""

from __future__ import annotations

from typing import Any, Callable

import arcade
import pyglet

from game.core import Blocker, Edit, Mode, Special
from game.ui import textures
from game.ui.layout import Rect
from game.ui.screens import style

from .canvas import marker, token_texture
from .host import Host, Part
from .mirror import Mirror, flip, flips
from .look import DIM, HEADER_H, PALETTE_W, PANEL, PROBLEMS_H, PROPS_W, SELECTED, TEXT, rgba
from .model import (
    ERASE_TOOL,
    GAP_TOOL,
    HOLE_TOOL,
    PLAYER_TOOL,
    RANDOM_TOOL,
    SHAPES,
    BRUSH_SPECIALS,
    Cell,
    Tool,
    blocker_tools,
    kind_tool,
    next_layers,
    tile_tool,
    tile_under_mark,
    faller_tools,
    special_tools,
    unit_of,
)

# The brush's preview: smaller than a painted tile and faint, so it never reads as painted.
PREVIEW_SIZE = 0.7     # of a cell
PREVIEW_ALPHA = 150


class Chrome(Part):
    """A part of the editor: what stays put between edits (the panels' backgrounds, the palette
    with its swatches and labels, the board's + and - buttons) in SpriteLists and a text Batch,
    made again only when what it shows changes. A click on a swatch is handed to `pick(kind,
    value)`; a click on an edge button to `resize(edge, delta)`."""

    def __init__(self, host: Host, pick: Callable[[str, Any], None], resize: Callable[[str, int], None],
                 colorblind: bool) -> None:
        super().__init__(host)
        self._pick = pick
        self._resize = resize
        self._colorblind = colorblind
        self.entries: list[tuple[Rect, str, Any]] = []   # the palette: (where, kind, value)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.icons: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._batch = pyglet.graphics.Batch()
        self._labels: list[Any] = []   # kept referenced: batched text vanishes when Python frees it
        self._built: tuple[Any, ...] | None = None

    def _key(self) -> tuple[Any, ...]:
        m = self.host.model
        d = m.draft
        window = self.host.window
        lay = self.host.canvas.layout
        return (window.width, window.height, d.mode, d.kinds, m.tool, m.special, m.shape, m.mirror,
                (lay.left, lay.top, lay.cell, lay.rows, lay.cols) if lay else None)

    def draw_under(self) -> None:
        """The panels and swatches, under everything else (made anew when they changed)."""
        key = self._key()
        if key != self._built:
            self._build()
            self._built = key
        self.sprites.draw()

    def draw_over(self, hover: Cell | None) -> None:
        """After the board: the brush's picture on the cell under the pointer (None: no
        preview), the swatches' icons and the labels."""
        self._draw_mirror_axes()
        self._draw_brush_preview(hover)
        self.icons.draw()
        self._batch.draw()

    def forget(self) -> None:
        """A resized window: build everything again at the next frame."""
        self._built = None

    def click(self, x: float, y: float, button: int) -> bool:
        for rect, kind, value in self.entries:
            if rect.contains(x, y):
                self._pick(kind, value)
                return True
        for (edge, delta), rect in self.host.canvas.edge_buttons().items():
            if rect.contains(x, y):
                self._resize(edge, delta)
                return True
        return False

    def _build(self) -> None:
        """Make the panels, palette and edge buttons for the model as it is now."""
        self.sprites = arcade.SpriteList()
        self.icons = arcade.SpriteList()
        self._batch = pyglet.graphics.Batch()
        self._labels = []
        w, h = self.host.window.width, self.host.window.height
        for rect, color in ((Rect(0, h - HEADER_H, w, HEADER_H), PANEL),
                            (Rect(0, 0, PALETTE_W, h - HEADER_H), PANEL),
                            (Rect(w - PROPS_W, 0, PROPS_W, h - HEADER_H), PANEL),
                            (Rect(PALETTE_W, 0, w - PROPS_W - PALETTE_W, PROBLEMS_H), (30, 32, 42))):
            self._fill(rect, color)
        self._build_palette()
        for (edge, delta), rect in self.host.canvas.edge_buttons().items():
            self._fill(rect, (60, 66, 84))
            self._label("+" if delta > 0 else "-", *rect.center, TEXT, 11,
                        anchor_x="center", anchor_y="center")

    def _fill(self, rect: Rect, color: Any) -> None:
        s = arcade.SpriteSolidColor(max(1, round(rect.width)), max(1, round(rect.height)),
                                    center_x=rect.center[0], center_y=rect.center[1], color=rgba(color))
        self.sprites.append(s)

    def _icon(self, tex: Any, x: float, y: float, size: float, alpha: int = 255) -> None:
        s = arcade.Sprite(tex, center_x=x, center_y=y)
        s.width = s.height = size
        s.alpha = alpha
        self.icons.append(s)

    def _label(self, text: str, x: float, y: float, color: Any, size: int, **kw: Any) -> None:
        self._labels.append(arcade.Text(text, x, y, rgba(color), size, font_name=style.BODY_FONT,
                                        batch=self._batch, **kw))

    def _build_palette(self) -> None:
        m = self.host.model
        d = m.draft
        h = self.host.window.height
        self.entries = []
        top = h - HEADER_H - 14
        # A short window gets smaller swatches, so the shapes and mirrors at the bottom stay in
        # view (at 560 high the mirror row went under the undo count).
        size = 30 if h < 640 else 36 if h < 760 else 46
        entry_h = 24 if h < 640 else 28 if h < 760 else 36
        self._label("Tools", 12, top - 10, TEXT, 13, anchor_y="center")
        y = top - 34
        entries: list[tuple[str, Any, str, Any]] = []
        if d.mode == Mode.SLIDE:
            n = int(m.tool.token) if m.tool.name == "tile" else 1
            entries += [("tool", tile_tool(n), f"tile {n}  (-/+)", textures.slide_number(n)),
                        ("tool", GAP_TOOL, "gap (G)", marker("gap"))]
        else:
            # With a special chosen, the kind swatches show it: what the brush paints is in view.
            special = Special(m.special) if m.special and d.mode == Mode.MATCH3 else None
            grid = [(kind_tool(k), textures.marked(k, special, self._colorblind) if special else
                     textures.kind(k, self._colorblind), str(k),
                     isinstance(d.kinds, int) and k > d.kinds) for k in range(1, 10)]
            y = self._swatches(grid, y, size)
            if d.mode == Mode.MATCH3:
                y = self._special_row(y, size)
            entries += [("tool", RANDOM_TOOL, "random (R)", marker("dice")),
                        ("tool", HOLE_TOOL, "hole (H)", marker("hole"))]
            if d.mode == Mode.CHAIN:
                entries.append(("tool", PLAYER_TOOL, "player (P)", textures.load("player")))
        entries.append(("tool", ERASE_TOOL, "erase (E)", marker("erase")))
        for kind, value, text, tex in entries:
            rect = Rect(8, y - entry_h + 2, PALETTE_W - 16, entry_h - 4)
            self.entries.append((rect, kind, value))
            self._square(rect, m.tool == value)
            if tex is not None:
                self._icon(tex, rect.left + 18, rect.center[1], entry_h - 10)
            self._label(text, rect.left + 38, rect.center[1], TEXT, 11, anchor_y="center")
            y -= entry_h
        if d.mode == Mode.SLIDE:
            for i, (delta, text) in enumerate(((-1, "-"), (1, "+"))):
                rect = Rect(8 + i * 40, y - 30, 34, 28)
                self.entries.append((rect, "step", delta))
                self._square(rect, False)
                self._label(text, *rect.center, TEXT, 13, anchor_x="center", anchor_y="center")
            y -= 36
        else:
            # Blockers (and the kindless specials): one swatch each, its key in
            # the corner: those a token places, the fallers, then those laid under the tiles. A
            # cycling tool's swatch shows the layers it paints (its key again, or a click, for more).
            blockers = [(tool, textures.special_picture(unit), unit.token) for unit, tool in special_tools()
                        if d.mode == Mode.MATCH3]
            swatches = [(unit.tool.edit is Edit.LAYER, self._blocker_swatch(unit, m.tool if m.tool.name == tool.name else tool))
                        for unit, tool in blocker_tools(m.units) if unit.tool is not None and d.mode in unit.tool.modes]
            blockers += [swatch for laid, swatch in swatches if not laid]
            blockers += [(tool, textures.piece(unit), unit.tool.key) for unit, tool in faller_tools()
                         if d.mode in unit.tool.modes]
            blockers += [swatch for laid, swatch in swatches if laid]
            self._label("Blockers", 12, y - 8, DIM, 10, anchor_y="center")
            y = self._swatches([(t, tex, k, False) for t, tex, k in blockers], y - 18, size)
        y -= 6
        self._label("Shape", 12, y - 8, TEXT, 13, anchor_y="center")
        y -= 20
        bw = (PALETTE_W - 16 - 8) / 3
        for i, (shape, text) in enumerate(zip(SHAPES, ("pen D", "rect X", "fill F"))):
            rect = Rect(8 + i * (bw + 4), y - 28, bw, 26)
            self.entries.append((rect, "shape", shape))
            self._square(rect, m.shape == shape)
            self._label(text, *rect.center, TEXT, 10, anchor_x="center", anchor_y="center")
        if d.mode != Mode.SLIDE:   # a slide board is never mirrored: its numbers exist once
            self._mirror_row(y - 34, bw)

    def _mirror_row(self, y: float, bw: float) -> None:
        """The mirror (M): off, left-right, up-down, both; the board shows the axes it paints across."""
        m = self.host.model
        self._label("Mirror (M)", 12, y - 8, TEXT, 13, anchor_y="center")
        y -= 20
        small = (PALETTE_W - 16 - (len(BRUSH_SPECIALS) - 1) * 4) / len(BRUSH_SPECIALS)
        for i, (mirror, text) in enumerate(zip(Mirror, ("off", "|", "--", "+"))):
            rect = Rect(8 + i * (small + 4), y - 28, small, 26)
            self.entries.append((rect, "mirror", mirror))
            self._square(rect, m.mirror == mirror)
            self._label(text, *rect.center, TEXT, 11, anchor_x="center", anchor_y="center", bold=True)

    def _draw_mirror_axes(self) -> None:
        """Mirror painting on: a line through the board's middle for each axis strokes are mirrored
        across, and a rectangle being drawn outlined at its images too (where it will paint)."""
        m = self.host.model
        canvas = self.host.canvas
        lay = canvas.layout
        if lay is None or m.mirror == Mirror.OFF or m.draft.mode == Mode.SLIDE:
            return
        if canvas.rect_drawn is not None:
            d = m.draft
            a, b = canvas.rect_drawn
            for columns, rows in flips(m.mirroring(d))[1:]:
                canvas.outline(flip(a, d.width, d.height, columns, rows), flip(b, d.width, d.height, columns, rows),
                               (255, 220, 80, 150), 2)
        board = lay.rect
        color = (90, 200, 255, 220)
        if m.mirror.flips_columns:
            x = board.left + board.width / 2
            arcade.draw_line(x, board.bottom - 8, x, board.top + 8, color, 3)
        if m.mirror.flips_rows:
            y = board.bottom + board.height / 2
            arcade.draw_line(board.left - 8, y, board.right + 8, y, color, 3)

    def _swatches(self, items: list[tuple[Any, Any, str, bool]], y: float, size: int) -> float:
        """Square tool swatches three to a row, each with its key in the corner; returns the y below."""
        m = self.host.model
        for i, (tool, tex, key, unused) in enumerate(items):
            x = 12 + (i % 3) * (size + 6)
            rect = Rect(x, y - (i // 3) * (size + 6) - size, size, size)
            self.entries.append((rect, "tool", tool))
            self._square(rect, m.tool == tool, dim=unused)
            self._icon(tex, *rect.center, size - 10, 80 if unused else 255)
            # The key that picks it, in the corner: the swatches teach their shortcuts.
            self._label(key, rect.left + 4, rect.top - 3, DIM if unused else TEXT, 9,
                        anchor_y="top", bold=True)
        rows = (len(items) + 2) // 3
        return y - rows * (size + 6) - 4

    def _special_row(self, y: float, size: int) -> float:
        """The special the kind brush puts on its tiles: none, then each that rides a kind (Q)."""
        m = self.host.model
        self._label("special (Q)", 12, y - 8, DIM, 10, anchor_y="center")
        y -= 18
        k = int(m.tool.token) if m.tool.name == "kind" else 1
        small = (PALETTE_W - 16 - (len(BRUSH_SPECIALS) - 1) * 4) / len(BRUSH_SPECIALS)
        side = min(small, size - 6)
        for i, special in enumerate(BRUSH_SPECIALS):
            rect = Rect(8 + i * (small + 4), y - side, small, side)
            self.entries.append((rect, "special", special))
            self._square(rect, m.special == special and m.tool.name == "kind")
            tex = textures.marked(k, Special(special), self._colorblind) if special else textures.kind(k, self._colorblind)
            self._icon(tex, *rect.center, side - 8)
        return y - side - 8

    @staticmethod
    def _blocker_swatch(unit: Blocker, tool: Tool) -> tuple[Tool, Any, str]:
        """A blocker's swatch: its tool, its picture (with the layers a cycling tool paints, else
        its most) and its key."""
        assert unit.look is not None and unit.tool is not None
        cycles = unit.tool.edit is Edit.CYCLE
        layers = unit.layers_of(tool.token) if cycles else unit.look.shown
        return tool, textures.blocker(unit.look, layers), unit.tool.key

    def _square(self, rect: Rect, selected: bool, dim: bool = False) -> None:
        self._fill(rect, SELECTED if selected else ((44, 46, 56) if dim else (56, 62, 80)))

    def _draw_brush_preview(self, cell: Cell | None) -> None:
        """The tool's picture, faint, on the cell under the pointer: what a click would paint."""
        m = self.host.model
        lay = self.host.canvas.layout
        if cell is None or lay is None or not m.draft.inside(cell):
            return
        under = m.draft.token(cell)
        if m.tool == RANDOM_TOOL:
            tex = marker("dice")
        elif (unit := unit_of(m.tool, m.units)) is not None and unit.tool is not None and unit.look is not None:
            edit = unit.tool.edit
            if edit is Edit.TOGGLE and under[1:] == m.tool.token:
                tex = token_texture(tile_under_mark(under), m.draft.mode, self._colorblind, m.units)   # a click takes it off
            elif edit is Edit.CYCLE and unit.layers_of(under) > 0:
                tex = token_texture(next_layers(unit, under), m.draft.mode, units=m.units)   # a click adds a layer
            elif edit is Edit.CYCLE:
                tex = token_texture(m.token, m.draft.mode, self._colorblind, m.units)
            else:
                tex = textures.blocker(unit.look, 1)
        else:
            tex = token_texture(m.token, m.draft.mode, self._colorblind, m.units)
        cycles = (unit := unit_of(m.tool, m.units)) is not None and unit.tool is not None and unit.tool.edit is Edit.CYCLE
        if tex is None or (under == m.token and not cycles):
            return
        size = lay.cell * PREVIEW_SIZE
        for image in m.mirror_of(m.draft, [cell]):   # where a click paints with the mirror on
            x, y = lay.center(image)
            arcade.draw_texture_rect(tex, arcade.XYWH(x, y, size, size), alpha=PREVIEW_ALPHA)
