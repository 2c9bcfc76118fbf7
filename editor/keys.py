"""The editor's one key table: every key it handles, where, and what it does (the F1 sheet is made from it)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import arcade

from game.core import KINDLESS, SPECIALS, Blocker, Edit

from .blocker_tools import blocker_tools, faller_tools

k = arcade.key


class Where(enum.Enum):
    """Where a key works: the editor itself, or a sheet over the board while it is open."""

    EDITOR = "In the editor"
    DIFFICULTY_SHEET = "In the difficulty sheet (F6)"
    OVERVIEW = "In the pack overview (F7)"


@dataclass(frozen=True, slots=True)
class Binding:
    """One row of the key sheet: the keys as a person reads them, what they do, and the key
    symbols (or typed characters) that do it. `ctrl`: held with Ctrl (Cmd on a Mac); Shift
    is never needed to tell two rows apart (Ctrl+Shift+S is in the Ctrl+S row)."""

    keys: str
    what: str
    symbols: tuple[int, ...] = ()
    typed: tuple[str, ...] = ()
    ctrl: bool = False
    where: Where = Where.EDITOR

    def covers(self, symbol: int, modifiers: int) -> bool:
        """Whether this row is the key `symbol` pressed with `modifiers`."""
        return symbol in self.symbols and self.ctrl == bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND))


DIGITS = tuple(range(k.KEY_0, k.KEY_9 + 1)) + tuple(range(k.NUM_0, k.NUM_9 + 1))
ENTER = (k.ENTER, k.RETURN, k.NUM_ENTER)

def blocker_key(unit: Blocker) -> int:
    """The key that picks a blocker unit's tool (its Tool's letter)."""
    assert unit.tool is not None
    return int(getattr(k, unit.tool.key))


def _takers() -> list[str]:
    return [u.tool.name for u, _ in blocker_tools() if u.tool is not None and u.tool.edit is not Edit.CYCLE]


# Add a key here when a part starts to handle it: the key sheet (F1) lists this table, and a
# test presses every key in every mode and fails on one the editor handles that is not here.
KEY_TABLE: tuple[Binding, ...] = (
    Binding("1 - 9", "a tile kind (slide: type a tile number)", DIGITS),
    Binding("R", "random brush: a fixed kind per cell, never lining up a run", (k.R,)),
    Binding("E  or right-click", "erase: an empty cell, dealt at random by the game", (k.E,)),
    Binding("H / P / G", "hole / player start (chain) / gap (slide)", (k.H, k.P, k.G)),
    Binding(" / ".join(("Q", *(u.token for u in KINDLESS))),
            f"match3: kind brush's special (none, {', '.join(f'{s} {u.name}' for u in SPECIALS if not u.value for s in u.specials)})"
            f"{''.join(f' / {u.name}' for u in KINDLESS)}", (k.Q,), typed=tuple(u.token for u in KINDLESS)),
    *(Binding(u.tool.key, u.tool.keys_line, (blocker_key(u),)) for u, _ in blocker_tools() if u.tool is not None),
    *(Binding(u.tool.key, u.tool.keys_line, (int(getattr(k, u.tool.key)),)) for u, _ in faller_tools()),
    Binding("right-click", f"with the {' or '.join(_takers())} tool: take away what a click puts"),
    Binding("+ / -", "slide: next or previous tile number", (k.PLUS, k.EQUAL, k.NUM_ADD, k.MINUS, k.NUM_SUBTRACT)),
    Binding("D / X / F (B)", "pen / rectangle / bucket fill", (k.D, k.X, k.F, k.B)),
    Binding("M", "mirror painting: off, left-right, up-down, both (not on a slide board)", (k.M,)),
    Binding("V / Shift+drag / +arrows", "select cells (a drag inside moves them; arrows too)", (k.V,)),
    Binding("Ctrl+C / X / V / A", "copy / cut / paste (a ghost to place) / select all", (k.C, k.X, k.V, k.A),
            ctrl=True),
    Binding("Del / Backspace", "clear the selected cells", (k.DELETE, k.BACKSPACE)),
    Binding("arrows", "move the keyboard cursor", (k.UP, k.DOWN, k.LEFT, k.RIGHT)),
    Binding("Space or Enter", "paint at the cursor (rectangle: first corner, then second)", (k.SPACE,) + ENTER),
    Binding("Tab / F5", "play-test (Tab in the game comes back) / difficulty: 200 bot games", (k.TAB, k.F5)),
    Binding("F6 / F7", "the difficulty sheet / the pack overview (every level of the pack)", (k.F6, k.F7)),
    Binding("Ctrl+Z / Ctrl+Y", "undo / redo (Ctrl+Shift+Z redoes too)", (k.Z, k.Y), ctrl=True),
    Binding("Ctrl+S / +Shift / N / O", "save / save as / new level / open", (k.S, k.N, k.O), ctrl=True),
    Binding("Ctrl+Tab / Ctrl+W", "next open level (+Shift, Ctrl+PgUp/PgDn: either way) / close it",
            (k.TAB, k.PAGEUP, k.PAGEDOWN, k.W), ctrl=True),
    Binding("Esc", "cancel a paste, selection, rectangle, cell pick or dialog; else leave", (k.ESCAPE,)),
    Binding("F1 or ?", "this sheet", (k.F1,), typed=("?",)),
    Binding("Left / Right", "pick one move less or more on the pass-rate curve", (k.LEFT, k.RIGHT), where=Where.DIFFICULTY_SHEET),
    Binding("Enter", "set the picked move limit (Apply)", ENTER, where=Where.DIFFICULTY_SHEET),
    Binding("Esc or F6", "close the sheet", (k.ESCAPE, k.F6), where=Where.DIFFICULTY_SHEET),
    Binding("arrows", "move the focus from card to card", (k.UP, k.DOWN, k.LEFT, k.RIGHT), where=Where.OVERVIEW),
    Binding("PgUp / PgDn", "scroll a screenful (or drag the empty space)", (k.PAGEUP, k.PAGEDOWN),
            where=Where.OVERVIEW),
    Binding("Home / End", "the first / the last level", (k.HOME, k.END), where=Where.OVERVIEW),
    Binding("Enter", "open the focused level", ENTER, where=Where.OVERVIEW),
    Binding("P", "propose 3 levels to go before the focused one", (k.P,), where=Where.OVERVIEW),
    Binding("Esc or F7", "cancel the proposing; else close the overview", (k.ESCAPE, k.F7), where=Where.OVERVIEW),
)


def bound(symbol: int, modifiers: int, where: Where = Where.EDITOR) -> bool:
    """Whether the table has a row for this key (pressed with these modifiers) there."""
    return any(b.where == where and b.covers(symbol, modifiers) for b in KEY_TABLE)


# The keys a text field keeps while it has the focus, with Ctrl: select all, the clipboard, and
# the caret's word steps; every other Ctrl key and every function key acts on the level.
FIELD_CTRL_KEYS = frozenset({arcade.key.A, arcade.key.C, arcade.key.V, arcade.key.X, arcade.key.LEFT,
                             arcade.key.RIGHT, arcade.key.HOME, arcade.key.END, arcade.key.BACKSPACE,
                             arcade.key.DELETE})


def acts_on_level(symbol: int, modifiers: int) -> bool:
    """Whether a key pressed while a property field has the focus is a command on the level
    (Ctrl+S, Ctrl+Z, Ctrl+Tab, Ctrl+W, F5, F6 ...): the field's text is committed first."""
    key = arcade.key
    if key.F1 <= symbol <= key.F12:
        return True
    return bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND)) and symbol not in FIELD_CTRL_KEYS
