"""The selection: a marquee over the board (V, or Shift+drag) to copy, cut, paste, move and clear cells of every layer."""

from __future__ import annotations

import enum
from typing import Any, Callable

import arcade


from .canvas import token_texture, under_pictures
from .host import Host, Part
from .model import Cell, Draft
from .regions import Area, Piece, PieceError, clear, copy, fits, move, paste, piece_text, read_piece

key = arcade.key

OUTLINE = (80, 230, 255, 255)     # the selection: bright cyan (the rectangle tool's preview is gold)
UNDER = (10, 12, 20, 255)         # a dark line under the dashes, seen on light and dark tiles alike
GHOST_ALPHA = 130                 # a paste or a move in progress: the piece drawn faded
DASH = 8.0                        # pixels of a dash (and of the gap after it)
MARCH = 24.0                      # pixels a second the dashes march round


ARROWS = {key.UP: (-1, 0), key.DOWN: (1, 0), key.LEFT: (0, -1), key.RIGHT: (0, 1)}


class Drag(enum.Enum):
    """What a mouse drag that began in the selection's hands is doing."""

    MARQUEE = "marquee"   # drawing a new selection from a corner
    MOVE = "move"         # carrying the selected cells to another place


class Clipboard:
    """The system clipboard (pyglet's window clipboard), so a piece goes between levels and
    editor sessions; a window without one (headless) keeps the text here."""

    def __init__(self, window: Any) -> None:
        self._window = window
        self._kept = ""   # the text when the window has no system clipboard

    def get(self) -> str:
        try:
            text = self._window.get_clipboard_text()
        except (NotImplementedError, AttributeError):
            return self._kept
        return str(text or "")

    def put(self, text: str) -> None:
        self._kept = text
        try:
            self._window.set_clipboard_text(text)
        except (NotImplementedError, AttributeError):
            pass


class Selection(Part):
    """A part of the editor: the rectangle selection, as in Tiled or LDtk. V turns the select
    tool on (or off); Shift+drag selects with any tool. The selection stays outlined until Esc;
    Ctrl+C / Ctrl+X copy / cut it to the clipboard, Ctrl+V carries the clipboard's piece under
    the pointer until a click lays it, Delete clears it, the arrows or a drag inside it move it.
    Each paste, cut, move or clear is one undo step. It keeps its rectangle, its drag and the
    piece being pasted to itself."""

    def __init__(self, host: Host, at_hand: Callable[[], Cell | None], cursor: Callable[[], Cell],
                 move_cursor: Callable[[Cell], None]) -> None:
        super().__init__(host)
        # The cell a paste goes to: under the pointer, or the keyboard's cursor when keys moved it last.
        self._at_hand = at_hand
        # The keyboard's cursor, which Shift+arrows carry while they stretch the selection from it.
        self._cursor, self._move_cursor = cursor, move_cursor
        self._anchor: Cell | None = None   # the corner Shift+arrows stretch the selection from
        self.active = False                 # the select tool is on (V)
        self.area: Area | None = None       # the selection, in board cells
        self.ghost: Piece | None = None     # a piece being pasted, following the pointer
        self.drag_kind: Drag | None = None
        self._from: Cell | None = None      # where the drag began
        self._to: Cell | None = None        # where it is now
        self._clock = 0.0                   # game time, for the dashes' march
        self._brush: Any = None   # the tool and shape when V was pressed: another brush or shape ends selecting
        self.clipboard = Clipboard(host.window)
        # The selection each board this part made (and the one before it) had: undo and redo
        # bring the outline back with the cells (an undone move outlines where they are again).
        self._areas: dict[int, tuple[Draft, Area | None]] = {}
        self._seen: Draft | None = None
        self._carried: Piece | None = None   # what a drag inside the selection carries
        # The ghost's sprites (a paste's or a carried piece's), made once a piece, moved with the pointer.
        self._ghost_list: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._ghost_made: tuple[Any, ...] | None = None
        self._ghost_at: tuple[Any, ...] | None = None
        self._ghost_cells: list[tuple[arcade.Sprite, int, int]] = []

    # -- input --------------------------------------------------------------------------------
    def key(self, symbol: int, modifiers: int) -> bool:
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        if ctrl:
            action = {key.C: self.copy, key.X: self.cut, key.V: self.start_paste, key.A: self.select_all}.get(symbol)
            if action is None:
                return False
            action()
            return True
        if symbol == key.V:
            self.toggle()
        elif symbol == key.ESCAPE and (self.ghost is not None or self.area is not None or self.drag_kind
                                       or self.active):
            self.cancel()
        elif symbol in (key.DELETE, key.BACKSPACE) and self.area is not None:
            self.delete()
        elif symbol in ARROWS and modifiers & key.MOD_SHIFT and self.ghost is None:
            self.stretch(*ARROWS[symbol])
        elif symbol in ARROWS and self.area is not None and self.ghost is None:
            self.nudge(*ARROWS[symbol])
        elif symbol in (key.SPACE, key.ENTER, key.RETURN, key.NUM_ENTER) and self.ghost is not None:
            self.place(self._at_hand() or (0, 0))
        else:
            return False
        return True

    def mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        cell = self.host.canvas.cell_at(x, y)
        if self.ghost is not None:
            if cell is not None and button == arcade.MOUSE_BUTTON_LEFT:
                self.place(cell)
            elif button == arcade.MOUSE_BUTTON_RIGHT:
                self.cancel()
            return cell is not None or button == arcade.MOUSE_BUTTON_RIGHT
        shift = bool(modifiers & key.MOD_SHIFT)
        if cell is None or button != arcade.MOUSE_BUTTON_LEFT:
            return False
        # A press inside the selection carries it, whatever the tool (Shift: a new marquee);
        # elsewhere only the select tool or Shift draws one, and a brush paints as ever.
        inside = self.area is not None and self.area.contains(cell) and not shift
        if not (inside or self.active or shift):
            return False
        self._from = self._to = cell
        if inside and self.area is not None:
            self.drag_kind = Drag.MOVE
            self._carried = copy(self.host.model.draft, self.area)
        else:
            self.drag_kind = Drag.MARQUEE
            self._anchor = None
            self.area = Area.between(cell, cell)
        return True

    def mouse_drag(self, x: float, y: float) -> bool:
        if self.drag_kind is None:
            return False
        cell = self.host.canvas.cell_at(x, y)
        if cell is not None:
            self._to = cell
            if self.drag_kind == Drag.MARQUEE and self._from is not None:
                self.area = Area.between(self._from, cell)
        return True

    def mouse_release(self, x: float, y: float) -> bool:
        kind, self.drag_kind = self.drag_kind, None
        if kind is None:
            return False
        self.mouse_drag(x, y)
        if kind == Drag.MOVE and self.area is not None and self._from is not None and self._to is not None:
            self.shift_by(self._to[0] - self._from[0], self._to[1] - self._from[1])
        elif kind == Drag.MARQUEE and self.area is not None:
            a = self.area
            self.host.say(f"selected {a.width} x {a.height}: Ctrl+C/X copy/cut, Del, arrows")
        return True

    def tick(self, dt: float) -> None:
        self._clock += dt
        draft = self.host.model.draft
        if draft is not self._seen:
            self._seen = draft
            kept = self._areas.get(id(draft))
            if kept is not None and kept[0] is draft:
                self.area = kept[1]
        if self.active and (self.host.model.tool, self.host.model.shape) != self._brush:
            self.active = False   # another brush was chosen: painting again

    def model_replaced(self) -> None:
        # The select tool and the selection belong to the level they were made on, as its brush
        # does: left on unseen, V in the next level turned it off and a drag painted. The ghost
        # stays: a piece may go to another level.
        selecting = self.active or self.area is not None
        self.area, self.drag_kind, self.active = None, None, False
        if selecting and self.ghost is None:
            self.host.say(f"painting with {self.host.model.tool.label}")   # not the other level's 'selected'

    @property
    def busy(self) -> bool:
        """Selecting, not painting: the brush's preview under the pointer would mislead."""
        return self.active or self.ghost is not None or self.drag_kind is not None

    # -- actions ----------------------------------------------------------------------------------
    def toggle(self) -> None:
        """V: the select tool on, or back to the brush."""
        self.active = not self.active
        self._brush = (self.host.model.tool, self.host.model.shape)
        self.host.say("select: drag over cells (V again: paint)" if self.active
                      else f"painting with {self.host.model.tool.label}")

    def select_all(self) -> None:
        d = self.host.model.draft
        self.area = Area(0, 0, d.height, d.width)
        self.host.say(f"selected the whole board, {d.width} x {d.height}")

    def cancel(self) -> None:
        """Esc: the nearest thing first: a paste in progress, the selection, then the select tool
        (the next Esc is the editor's: leaving it)."""
        if self.ghost is not None:
            self.ghost = None
            self.host.say("paste cancelled")
        elif self.area is not None or self.drag_kind is not None:
            self.area, self.drag_kind = None, None
            self.host.say("selection dropped")
        else:
            self.active = False
            self.host.say(f"painting with {self.host.model.tool.label}")

    def _on_board(self) -> Area | None:
        """The selection's part on the board (a board made smaller may have cut it)."""
        if self.area is None:
            return None
        self.area = self.area.within(self.host.model.draft)
        return self.area

    def copy(self) -> Piece | None:
        area = self._on_board()
        if area is None:
            self.host.say("nothing selected: V or Shift+drag selects cells", bad=True)
            return None
        piece = copy(self.host.model.draft, area)
        self.clipboard.put(piece_text(piece))
        self.host.say(f"copied {piece.width} x {piece.height}: Ctrl+V pastes (other levels too)")
        return piece

    def cut(self) -> None:
        area = self._on_board()
        if self.copy() is None or area is None:
            return
        self._apply(lambda d: clear(d, area), area)
        self.host.say(f"cut {area.width} x {area.height}: Ctrl+V pastes it")
        self.host.refresh()

    def delete(self) -> None:
        area = self._on_board()
        if area is None:
            return
        if self._apply(lambda d: clear(d, area), area):
            self.host.say(f"cleared {area.width} x {area.height} (Ctrl+Z undoes)")
        self.host.refresh()

    def start_paste(self) -> None:
        """Ctrl+V: the clipboard's piece follows the pointer until a click lays it (Esc: not)."""
        try:
            piece = read_piece(self.clipboard.get())
        except PieceError as e:
            self.host.say(str(e), bad=True)
            return
        why = fits(piece, self.host.model.draft)
        if why is not None:
            self.host.say(why, bad=True)
            return
        self.ghost = piece
        self.host.say(f"pasting {piece.width} x {piece.height}: click to lay it, Esc cancels")

    def place(self, at: Cell) -> None:
        piece, self.ghost = self.ghost, None
        if piece is None:
            return
        why = fits(piece, self.host.model.draft)
        if why is not None:   # the level changed under the ghost (another tab, a mode switch)
            self.host.say(why, bad=True)
            return
        cut = 0

        def lay(d: Any) -> Any:
            nonlocal cut
            out, cut = paste(d, piece, at)
            return out

        self._apply(lay, Area(at[0], at[1], piece.height, piece.width))
        said = f"pasted {piece.width} x {piece.height}"
        if cut:
            said += f", {cut} cell{'s' if cut > 1 else ''} off the board cut off"
        self.host.say(said)
        self.host.refresh()

    def stretch(self, dr: int, dc: int) -> None:
        """Shift+arrow: the keyboard's way to select, from the cursor's cell to where it goes."""
        d = self.host.model.draft
        r, c = self._cursor()
        if self._anchor is None or self.area is None or not self.area.contains(self._anchor):
            self._anchor = (r, c)
        to = (max(0, min(d.height - 1, r + dr)), max(0, min(d.width - 1, c + dc)))
        self._move_cursor(to)
        self.area = Area.between(self._anchor, to)
        self.host.say(f"selected {self.area.width} x {self.area.height}: Ctrl+C/X copy/cut, Del, arrows")

    def nudge(self, dr: int, dc: int) -> None:
        """An arrow: the selection and its content one cell over (never off the board)."""
        area = self._on_board()
        d = self.host.model.draft
        if area is None:
            return
        to = area.shifted(dr, dc)
        if to.within(d) != to:
            self.host.say("the selection is at the board's edge", bad=True)
            return
        self.shift_by(dr, dc)

    def shift_by(self, dr: int, dc: int) -> None:
        """Move the selected cells by (dr, dc), one undo step; what lands off the board is cut off."""
        area = self._on_board()
        if area is None or (dr, dc) == (0, 0):
            return
        self._apply(lambda d: move(d, area, dr, dc), area.shifted(dr, dc))
        self.host.say(f"moved {area.width} x {area.height} to row {area.top + dr}, column {area.left + dc}")
        self.host.refresh()

    def _apply(self, change: Callable[[Draft], Draft], after: Area) -> bool:
        """One undo step; the selection is then `after` (its part on the board), and undo, redo
        bring back the selection each side had."""
        model = self.host.model
        before, was = model.draft, self.area
        if not model.history.apply(change):
            return False
        self.area = after.within(model.draft)
        if len(self._areas) > 400:
            self._areas.clear()   # a long session's old steps: their outlines are not worth the memory
        self._areas[id(before)] = (before, was)
        self._areas[id(model.draft)] = (model.draft, self.area)
        self._seen = model.draft
        return True

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self) -> None:
        lay = self.host.canvas.layout
        if lay is None:
            return
        at = self._at_hand() if self.ghost is not None else None
        if self.ghost is not None and at is not None:
            self._draw_piece(self.ghost, at, lay)
            self._outline(Area(at[0], at[1], self.ghost.height, self.ghost.width), lay)
        area = self.area.within(self.host.model.draft) if self.area is not None else None
        if area is None:
            return   # none, or an undone resize left it off the board
        if self.drag_kind == Drag.MOVE and self._from is not None and self._to is not None:
            dr, dc = self._to[0] - self._from[0], self._to[1] - self._from[1]
            if (dr, dc) != (0, 0) and self._carried is not None:
                self._shade(area, lay)   # the place it leaves: emptied on release
                area = area.shifted(dr, dc)
                self._draw_piece(self._carried, (area.top, area.left), lay)
        self._outline(area, lay)

    def _draw_piece(self, piece: Piece, at: Cell, lay: Any) -> None:
        """The piece faded over the board with its top-left at `at` (cells off the board not drawn).

        Its sprites are made once per piece and only moved as the pointer moves: drawn one
        picture at a time, a 32 x 32 piece cost some 600 ms a frame on software GL."""
        d = self.host.model.draft
        made = (piece, d.mode, lay.cell)
        if made != self._ghost_made:
            self._ghost_made, self._ghost_at = made, None
            self._ghost_list.clear()
            self._ghost_cells = []
            for r, row in enumerate(piece.cells):
                for c, tok in enumerate(row):
                    pictures = under_pictures(piece.layers, r, c, self.host.model.units)
                    tex = token_texture(tok, d.mode, units=self.host.model.units)
                    if tex is not None:
                        pictures.append((tex, 0.86))
                    for picture, scale in pictures:
                        sprite = arcade.Sprite(picture)
                        sprite.width = sprite.height = lay.cell * scale
                        sprite.alpha = GHOST_ALPHA
                        self._ghost_list.append(sprite)
                        self._ghost_cells.append((sprite, r, c))
        place = (at, lay.left, lay.top, d.width, d.height)
        if place != self._ghost_at:
            self._ghost_at = place
            for sprite, r, c in self._ghost_cells:
                cell = (at[0] + r, at[1] + c)
                sprite.visible = d.inside(cell)
                if sprite.visible:
                    sprite.position = lay.center(cell)
        on = Area(at[0], at[1], piece.height, piece.width).within(d)
        if on is not None:
            self._shade(on, lay, (20, 24, 36, 200))   # the board under the piece, dimmed: the ghost reads as one
        self._ghost_list.draw()

    def _shade(self, area: Area, lay: Any, color: tuple[int, int, int, int] = (12, 14, 22, 170)) -> None:
        left = lay.left + area.left * lay.cell
        top = lay.top - area.top * lay.cell
        arcade.draw_lrbt_rectangle_filled(left, left + area.width * lay.cell, top - area.height * lay.cell, top, color)

    def _outline(self, area: Area, lay: Any) -> None:
        """Marching dashes round the area's cells (on the board part), over a dark line."""
        left = lay.left + area.left * lay.cell
        top = lay.top - area.top * lay.cell
        right, bottom = left + area.width * lay.cell, top - area.height * lay.cell
        arcade.draw_lrbt_rectangle_outline(left, right, bottom, top, UNDER, 4)
        corners = [(left, top), (right, top), (right, bottom), (left, bottom), (left, top)]
        dashes: list[tuple[float, float]] = []
        phase = (self._clock * MARCH) % (2 * DASH)
        for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
            length = abs(x1 - x0) + abs(y1 - y0)
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            s = phase - 2 * DASH
            while s < length:
                a, b = max(0.0, s), min(length, s + DASH)
                if b > a:
                    dashes += [(x0 + ux * a, y0 + uy * a), (x0 + ux * b, y0 + uy * b)]
                s += 2 * DASH
        if dashes:
            arcade.draw_lines(dashes, OUTLINE, 2)
