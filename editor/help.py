"""The editor's help: a tooltip for every tool and button, and the key sheet (F1 or ?)."""

from __future__ import annotations

from typing import Any, Callable

import arcade

from game.core import BLOCKERS, GOAL_FIELDS, KINDLESS, SPECIALS, Blocker
from game.ui.layout import Rect
from game.ui.screens import style

from .host import Host, Part
from .keys import KEY_TABLE, Where
from .mirror import Mirror
from .blocker_tools import faller_of, goal_fields
from .model import Tool, unit_of
from .widgets import Dialog

TIP_DELAY = 0.5   # seconds the pointer rests before a tooltip shows

HEADER_TIPS = {
    "New": "Start a new level (Ctrl+N)",
    "Open": "Open a level, any level file, or an older version of one (Ctrl+O)",
    "Save": "Save the level to its file (Ctrl+S)",
    "Save As": "Save under another file name (Ctrl+Shift+S)",
    "Pack": "Your packs: add this level, order, remove, export",
    "Difficulty": "How hard is it? Person-like bots play the level as it is now, 200 times (F5)",
    "Play (Tab)": "Play-test the level as it is now (Tab; Tab in the game comes back)",
    "Undo": "Undo the last edit (Ctrl+Z)",
    "Redo": "Redo (Ctrl+Y or Ctrl+Shift+Z)",
    "Back": "Leave the editor (Esc); asks first about unsaved changes, or about several open levels",
}

PROPS_TIPS = {
    "mode:match3": "Match-3: swap neighbours to line up 3 or more",
    "mode:chain": "Chain: drag a path of one kind from the player token",
    "mode:slide": "Slide: the 15-puzzle at any size",
    "new seed": "Pick another seed: a new starting deal",
    "diagonal": "Whether chains may go diagonally",
    **{button: tip for goal in GOAL_FIELDS for button, tip in goal.editor.tips},   # a goal's own buttons
    "specials": "Match-3: whether runs of 4, 5 and L/T shapes make special tiles (rules: specials)",
    **{f"sort:{unit.name}": unit.sort_help for unit in SPECIALS},
    **{flag: f"Goal: clear every {unit.name} (paint it with {unit.tool.key})"
       for unit, flag in goal_fields() if unit.tool is not None},
    "solved": "Put every tile in its solved place (then shuffle it)",
    "shuffle": "Make 30 random legal slides: always solvable, more each press",
}

SHAPE_TIPS = {
    "pen": "Pen (D): paint every cell you drag over",
    "rect": "Rectangle (X): drag from corner to corner, or Space at two corners",
    "fill": "Bucket fill (F or B): fill the area of alike cells",
}

# The key sheet's rows: the one key table (keys.py), each sheet's keys under its heading.
KEYS = [(b.keys, b.what) for b in KEY_TABLE if b.where == Where.EDITOR]
SHEET_ROWS: list[tuple[str, str]] = [r for where in Where for r in
                                     ([] if where == Where.EDITOR else [("", where.value)])
                                     + [(b.keys, b.what) for b in KEY_TABLE if b.where == where]]


def tool_tip(tool: Tool, units: tuple[Blocker, ...] = BLOCKERS) -> str:
    unit = unit_of(tool, units)
    if unit is not None and unit.tool is not None:
        return unit.tool.help.format(token=tool.token)
    faller = faller_of(tool)
    if faller is not None:
        return faller.tool.help
    return {
        "kind": f"Kind {tool.token} ({tool.token}): a fixed tile of this kind",
        "random": "Random brush (R): a fixed kind per cell, never lining up a run",
        "hole": "Hole (H): a cell no tile ever fills",
        "player": "Player start (P): where the chain token stands",
        "tile": f"Tile {tool.token}: type its number, or step with - and +",
        "gap": "Gap (G): the empty slot tiles slide into",
        "erase": "Erase (E, or right-click): an empty cell, dealt at random by the game",
        **{unit.name: unit.tool_help for unit in KINDLESS},
    }.get(tool.name, tool.label)


MIRROR_TIPS = {
    Mirror.OFF: "Mirror off (M): a stroke paints only where it goes",
    Mirror.LEFT_RIGHT: "Mirror left-right (M): each stroke also paints its image across the middle column",
    Mirror.UP_DOWN: "Mirror up-down (M): each stroke also paints its image across the middle row",
    Mirror.BOTH: "Mirror both ways (M): each stroke paints four images (the player start stays one)",
}

SPECIAL_TIPS = {
    "": "Plain tiles: the kind brush paints no special (Q steps through them)",
    **{str(said.special): said.help for unit in SPECIALS for said in unit.said},
}


class EditorHelp(Part):
    """A part of the editor: tooltips under a resting pointer and the key sheet. It keeps the
    pointer, how long it has rested and the tooltip's label to itself; what has a tooltip it
    asks of the functions it is given (the palette's swatches, the header's and the
    properties' buttons, each as the part that makes them has them now)."""

    def __init__(self, host: Host, palette: Callable[[], list[tuple[Rect, str, Any]]],
                 header_buttons: Callable[[], dict[str, Any]], props_buttons: Callable[[], dict[str, Any]],
                 more: Callable[[], list[tuple[Rect, str]]] = lambda: []) -> None:
        super().__init__(host)
        self._more = more   # other parts' places and tooltips (the tabs' strip)
        self._palette = palette
        self._header_buttons = header_buttons
        self._props_buttons = props_buttons
        self.pointer: tuple[float, float] | None = None   # where the mouse rests
        self.rest = 0.0   # seconds it has rested there
        self.label: Any = None   # the tooltip's arcade.Text, while one was shown

    def moved(self, x: float, y: float) -> None:
        self.pointer, self.rest = (x, y), 0.0

    def clicked(self) -> None:
        self.rest = -float("inf")   # a click hides the tooltip until the pointer moves on

    def tick(self, dt: float) -> None:
        self.rest += dt

    def tips(self) -> list[tuple[Rect, str]]:
        """Every place a tooltip shows, with its text: palette, header and property buttons."""
        out: list[tuple[Rect, str]] = []
        for rect, kind, value in self._palette():
            if kind == "tool":
                out.append((rect, tool_tip(value, self.host.model.units)))
            elif kind == "special":
                out.append((rect, SPECIAL_TIPS[value]))
            elif kind == "shape":
                out.append((rect, SHAPE_TIPS.get(value, value)))
            elif kind == "mirror":
                out.append((rect, MIRROR_TIPS[value]))
            elif kind == "step":
                out.append((rect, "next tile number (+)" if value > 0 else "previous tile number (-)"))
        for text, b in self._header_buttons().items():
            out.append((_rect(b), HEADER_TIPS.get(text, text)))
        for name, b in self._props_buttons().items():
            if name in PROPS_TIPS and b.visible:
                out.append((_rect(b), PROPS_TIPS[name]))
        return out + self._more()

    def tip_at(self, x: float, y: float) -> str | None:
        if self.host.dialog is not None:
            return None
        for rect, text in self.tips():
            if rect.contains(x, y):
                return text
        return None

    def draw_tip(self) -> None:
        """The tooltip under a resting pointer, kept inside the window."""
        if self.rest < TIP_DELAY or self.pointer is None:
            return
        x, y = self.pointer
        text = self.tip_at(x, y)
        if text is None:
            return
        label = self.label
        if label is None or label.text != text:
            label = self.label = arcade.Text(text, 0, 0, style.TEXT, 11, font_name=style.BODY_FONT)
        w, h = label.content_width + 16, label.content_height + 10
        left = min(max(4.0, x + 14), self.host.window.width - w - 4)
        bottom = y - h - 14 if y - h - 14 > 4 else y + 18
        arcade.draw_lrbt_rectangle_filled(left, left + w, bottom, bottom + h, style.OVERLAY_EDGE)
        arcade.draw_lrbt_rectangle_filled(left + 1, left + w - 1, bottom + 1, bottom + h - 1, style.HEADER)
        label.x, label.y = left + 8, bottom + 8
        label.draw()

    def show_keys(self, page: int = 0) -> None:
        """F1 or ?: every key the editor knows, on one sheet (in pages when the window is too
        short for all of them: the sheet must never run off the screen)."""
        host = self.host
        room = host.window.height - 70 - Dialog.ERROR_H - 20
        per_page = max(4, room // Dialog.ROW - 1)   # one row for the buttons
        pages = (len(SHEET_ROWS) + per_page - 1) // per_page
        page = max(0, min(page, pages - 1))
        shown = SHEET_ROWS[page * per_page:(page + 1) * per_page]
        # A row with no keys is a heading: the keys below it work in that sheet.
        rows: list[list[tuple[Any, ...]]] = [[("label", k, 200), ("label", what, 520)] if k else
                                             [("label", what, 720)] for k, what in shown]
        buttons: list[tuple[Any, ...]] = [("button", "Close", 110, host.close_dialog)]
        if page > 0:
            buttons.append(("button", "< Prev", 110, lambda: self.show_keys(page - 1)))
        if page < pages - 1:
            buttons.append(("button", "Next >", 110, lambda: self.show_keys(page + 1)))
        rows.append(buttons)
        title = "Keys" if pages == 1 else f"Keys ({page + 1} of {pages})"
        host.open_dialog(Dialog(host.window, title, rows, width=760, default="Close"))


def _rect(widget: Any) -> Rect:
    r = widget.rect
    return Rect(r.left, r.bottom, r.width, r.height)
