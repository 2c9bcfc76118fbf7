"""Drawing the editor: the chrome built once, the palette, the problems list and the changing texts."""

from __future__ import annotations

import textwrap
from typing import Any

import arcade
import pyglet

from game.core import Mode, Problem, Special
from game.core import token_stone
from game.ui import textures
from game.ui.layout import Rect
from game.ui.screens import style

from .base import EditorBase
from .look import (
    BAD,
    BG,
    DIM,
    GOOD,
    HEADER_H,
    PALETTE_W,
    PANEL,
    PROBLEMS_H,
    PROPS_W,
    SELECTED,
    TEXT,
    WARN,
    clip,
    rgba,
)
from .canvas import marker, token_texture
from .model import (
    DROP_TOOL,
    ERASE_TOOL,
    GAP_TOOL,
    HOLE_TOOL,
    JELLY_TOOL,
    LOCK_TOOL,
    PLAYER_TOOL,
    RAINBOW_TOOL,
    RANDOM_TOOL,
    SHAPES,
    SPECIALS,
    Cell,
    is_locked,
    kind_tool,
    next_hits,
    stone_tool,
    tile_tool,
)


class EditorDrawing(EditorBase):
    """Drawing the editor, for EditorView."""

    def _chrome_key(self) -> tuple[Any, ...]:
        m = self.model
        d = m.draft
        lay = self.canvas.layout
        return (self.window.width, self.window.height, d.mode, d.kinds, m.tool, m.special, m.shape,
                self.colorblind, (lay.left, lay.top, lay.cell, lay.rows, lay.cols) if lay else None)

    def on_draw(self) -> None:
        self.clear(color=BG)
        m = self.model
        h = self.window.height
        self.canvas.sync(m.draft, self.colorblind)
        key = self._chrome_key()
        if key != self._chrome_built:
            self._build_chrome()
            self._chrome_built = key
        self.texts.begin_frame()
        self._chrome.draw()
        # The title keeps clear of the header's buttons, however narrow the window.
        room = min(b.rect.left for b in self.header_buttons.values()) - 20
        self.texts.show("title", clip(self.title().removeprefix("Gridfall editor - "), max(8, int(room / 8.5))),
                   12, h - HEADER_H / 2, BAD if m.dirty else TEXT, 13, anchor_y="center")
        self._draw_problems()
        self.canvas.draw(m.draft, cursor=self.cursor, reach=m.draft.reach, flash=self.flash,
                         rect_from=m.rect_anchor, rect_to=self._rect_end() if m.rect_anchor else None,
                         colorblind=self.colorblind)
        self._draw_brush_preview()
        self._chrome_icons.draw()
        self.texts.show("undoinfo", f"undo {len(m.history.past)} / redo {len(m.history.future)}",
                   12, 14, DIM, 10)
        self.texts.end_frame()
        self._chrome_batch.draw()
        for part in self.parts:
            part.draw()
        self.texts.draw()
        self.ui.draw()
        if self.dialog is not None:
            self.dialog.draw()
        else:
            self.help.draw_tip()

    def _build_chrome(self) -> None:
        """Make the panels, palette, edge buttons and collect icons for the model as it is now."""
        self._chrome = arcade.SpriteList()
        self._chrome_icons = arcade.SpriteList()
        self._chrome_batch = pyglet.graphics.Batch()
        self._chrome_texts = []   # kept referenced: batched text vanishes when Python frees it
        w, h = self.window.width, self.window.height
        for rect, color in ((Rect(0, h - HEADER_H, w, HEADER_H), PANEL),
                            (Rect(0, 0, PALETTE_W, h - HEADER_H), PANEL),
                            (Rect(w - PROPS_W, 0, PROPS_W, h - HEADER_H), PANEL),
                            (Rect(PALETTE_W, 0, w - PROPS_W - PALETTE_W, PROBLEMS_H), (30, 32, 42))):
            self._fill(rect, color)
        self._build_palette()
        for (edge, delta), rect in self.canvas.edge_buttons().items():
            self._fill(rect, (60, 66, 84))
            self._label("+" if delta > 0 else "-", *rect.center, TEXT, 11,
                        anchor_x="center", anchor_y="center")

    def _fill(self, rect: Rect, color: Any) -> None:
        s = arcade.SpriteSolidColor(max(1, round(rect.width)), max(1, round(rect.height)),
                                    center_x=rect.center[0], center_y=rect.center[1], color=rgba(color))
        self._chrome.append(s)

    def _icon(self, tex: Any, x: float, y: float, size: float, alpha: int = 255) -> None:
        s = arcade.Sprite(tex, center_x=x, center_y=y)
        s.width = s.height = size
        s.alpha = alpha
        self._chrome_icons.append(s)

    def _label(self, text: str, x: float, y: float, color: Any, size: int, **kw: Any) -> None:
        self._chrome_texts.append(arcade.Text(text, x, y, rgba(color), size, font_name=style.BODY_FONT,
                                              batch=self._chrome_batch, **kw))

    def _build_palette(self) -> None:
        m = self.model
        d = m.draft
        h = self.window.height
        self._palette = []
        top = h - HEADER_H - 14
        # A short window gets smaller swatches, so the shapes at the bottom stay in view.
        compact = h < 760
        size = 36 if compact else 46
        entry_h = 28 if compact else 36
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
            grid = [(kind_tool(k), textures.marked(k, special, self.colorblind) if special else
                     textures.kind(k, self.colorblind), str(k),
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
            self._palette.append((rect, kind, value))
            self._square(rect, m.tool == value)
            if tex is not None:
                self._icon(tex, rect.left + 18, rect.center[1], entry_h - 10)
            self._label(text, rect.left + 38, rect.center[1], TEXT, 11, anchor_y="center")
            y -= entry_h
        if d.mode == Mode.SLIDE:
            for i, (delta, text) in enumerate(((-1, "-"), (1, "+"))):
                rect = Rect(8 + i * 40, y - 30, 34, 28)
                self._palette.append((rect, "step", delta))
                self._square(rect, False)
                self._label(text, *rect.center, TEXT, 13, anchor_x="center", anchor_y="center")
            y -= 36
        else:
            # Blockers (and the rainbow, a special with no kind): one swatch each, its key in
            # the corner. A stone's swatch shows the hits it paints (S again, or a click, for more).
            stone = m.tool if m.tool.name == "stone" else stone_tool(1)
            blockers = [(RAINBOW_TOOL, textures.rainbow(), "*")] if d.mode == Mode.MATCH3 else []
            blockers += [(stone, textures.stone(int(stone.token[1])), "S"), (LOCK_TOOL, textures.lock(), "L")]
            if d.mode == Mode.MATCH3:
                blockers.append((DROP_TOOL, textures.drop(), "O"))
            blockers.append((JELLY_TOOL, textures.jelly(2), "J"))
            self._label("Blockers", 12, y - 8, DIM, 10, anchor_y="center")
            y = self._swatches([(t, tex, k, False) for t, tex, k in blockers], y - 18, size)
        y -= 6
        self._label("Shape", 12, y - 8, TEXT, 13, anchor_y="center")
        y -= 20
        bw = (PALETTE_W - 16 - 8) / 3
        for i, (shape, text) in enumerate(zip(SHAPES, ("pen D", "rect X", "fill F"))):
            rect = Rect(8 + i * (bw + 4), y - 28, bw, 26)
            self._palette.append((rect, "shape", shape))
            self._square(rect, m.shape == shape)
            self._label(text, *rect.center, TEXT, 10, anchor_x="center", anchor_y="center")

    def _swatches(self, items: list[tuple[Any, Any, str, bool]], y: float, size: int) -> float:
        """Square tool swatches three to a row, each with its key in the corner; returns the y below."""
        m = self.model
        for i, (tool, tex, key, unused) in enumerate(items):
            x = 12 + (i % 3) * (size + 6)
            rect = Rect(x, y - (i // 3) * (size + 6) - size, size, size)
            self._palette.append((rect, "tool", tool))
            self._square(rect, m.tool == tool, dim=unused)
            self._icon(tex, *rect.center, size - 10, 80 if unused else 255)
            # The key that picks it, in the corner: the swatches teach their shortcuts.
            self._label(key, rect.left + 4, rect.top - 3, DIM if unused else TEXT, 9,
                        anchor_y="top", bold=True)
        rows = (len(items) + 2) // 3
        return y - rows * (size + 6) - 4

    def _special_row(self, y: float, size: int) -> float:
        """The special the kind brush puts on its tiles: none, row line, column line, bomb (Q)."""
        m = self.model
        self._label("special (Q)", 12, y - 8, DIM, 10, anchor_y="center")
        y -= 18
        k = int(m.tool.token) if m.tool.name == "kind" else 1
        small = (PALETTE_W - 16 - 3 * 4) / 4
        side = min(small, size - 6)
        for i, special in enumerate(SPECIALS):
            rect = Rect(8 + i * (small + 4), y - side, small, side)
            self._palette.append((rect, "special", special))
            self._square(rect, m.special == special and m.tool.name == "kind")
            tex = textures.marked(k, Special(special), self.colorblind) if special else textures.kind(k, self.colorblind)
            self._icon(tex, *rect.center, side - 8)
        return y - side - 8

    def _square(self, rect: Rect, selected: bool, dim: bool = False) -> None:
        self._fill(rect, SELECTED if selected else ((44, 46, 56) if dim else (56, 62, 80)))

    def _draw_brush_preview(self) -> None:
        """The tool's picture, faint, on the cell under the pointer: what a click would paint."""
        m = self.model
        cell = self.hover
        lay = self.canvas.layout
        if cell is None or lay is None or self.mouse_down or self.dialog is not None or self.props.picking_reach \
                or not m.draft.inside(cell):
            return
        under = m.draft.token(cell)
        if m.tool == RANDOM_TOOL:
            tex = marker("dice")
        elif m.tool == LOCK_TOOL and is_locked(under):
            tex = token_texture(under[:-1], m.draft.mode, self.colorblind)   # a click unlocks it
        elif m.tool == LOCK_TOOL:
            tex = textures.lock()
        elif m.tool.name == "stone" and token_stone(under) is not None:
            tex = token_texture(next_hits(under), m.draft.mode)   # a click adds a hit
        elif m.tool == JELLY_TOOL:
            tex = textures.jelly(1)
        else:
            tex = token_texture(m.token, m.draft.mode, self.colorblind)
        if tex is None or (under == m.token and m.tool.name != "stone"):
            return
        x, y = lay.center(cell)
        size = lay.cell * 0.7
        arcade.draw_texture_rect(tex, arcade.XYWH(x, y, size, size), alpha=150)

    def _rect_end(self) -> Cell:
        """Where a rectangle being drawn ends: the keyboard cursor when keys moved it last."""
        return self.cursor if self.keyboard_led or self.hover is None else self.hover

    def warnings(self) -> list[Problem]:
        """What the designer should know that does not stop the level: the core's design
        warnings and an id another file already has."""
        taken = self.id_taken()
        return (list(self.model.warnings()) + ([taken] if taken is not None else [])
                + self.difficulty.warnings())

    def shown_problems(self) -> list[Problem]:
        """The level's problems, then its pack's as `gridfall validate` finds them. Until the
        first edit of a file opened with problems, the level's are the loader's own, with
        their lines (the draft can hold less than a hand-edited file says)."""
        loaded = self.loaded
        if loaded is not None and loaded.draft is self.model.draft:
            own = [Problem((p.field or "file",), f"{p.message} (line {p.line}, column {p.column})")
                   for p in loaded.problems] + [Problem(("opened",), c) for c in loaded.changed]
        else:
            own = list(self.model.problems())
        return own + list(self.pack_check.problems(self.model.path))

    def _draw_problems(self) -> None:
        problems = self.shown_problems()
        warnings = self.warnings()
        if self.flash is not None and all(p.cell != self.flash for p in (*problems, *warnings)):
            self.flash = None   # the problem it showed is fixed: no red left behind
        left = PALETTE_W + 12
        top = PROBLEMS_H - 12
        self._problem_rows = []
        width = self.window.width - PROPS_W - PALETTE_W - 16 - self.difficulty.width()
        chars = max(30, int(width / 7.8))   # wrap to the panel, never under the properties
        head_chars = max(24, int(width / 8.4))
        if problems:
            head = f"{len(problems)} problem{'s' if len(problems) > 1 else ''} (click one to see its cell)"
            self.texts.show("phead", clip(head, head_chars), left, top - 8, BAD, 12, anchor_y="center")
        elif warnings:
            head = f"No problems, {len(warnings)} warning{'s' if len(warnings) > 1 else ''}: Tab to play-test"
            self.texts.show("phead", clip(head, head_chars), left, top - 8, WARN, 12, anchor_y="center")
        else:
            self.texts.show("phead", clip("No problems: Tab to play-test", head_chars), left, top - 8, GOOD, 12,
                       anchor_y="center")
        y = top - 30
        lines_left = 4   # and a line for "... and N more" clear of the status line below
        shown = 0
        listed = [(p, False) for p in problems] + [(w, True) for w in warnings]
        self._problems_first = min(self._problems_first, max(0, len(listed) - 1))
        for p, warning in listed[self._problems_first:]:
            where = f" [cell {p.cell[0]},{p.cell[1]}]" if p.cell is not None else ""
            lines = textwrap.wrap(("warning: " if warning else "") + str(p) + where, chars)[:3]
            if len(lines) > lines_left:
                break
            rect = Rect(left - 4, y - 9 - 18 * (len(lines) - 1), width, 18 * len(lines))
            self._problem_rows.append((rect, p))
            if p.cell is not None and p.cell == self.flash:
                arcade.draw_lrbt_rectangle_filled(rect.left, rect.right, rect.bottom, rect.top, (70, 40, 46))
            for line in lines:
                k = f"prob{4 - lines_left}"
                self.texts.show(k, line, left, y, WARN if warning else TEXT, 11, anchor_y="center")
                y -= 18
                lines_left -= 1
            shown += 1
        hidden = len(listed) - shown
        if hidden:
            above = f"{self._problems_first} above, " if self._problems_first else ""
            below = len(listed) - self._problems_first - shown
            self.texts.show("pmore", f"... {above}{below} more (scroll the wheel here)" if below or above else "",
                       left, y, DIM, 10, anchor_y="center")
        self.texts.show("status", clip(self.status.shown(), max(20, int(width / 6.5))), left, 10,
                        BAD if self.status.bad else DIM, 10)
