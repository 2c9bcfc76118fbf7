"""Choosing what a click paints: the tool keys (1-9, H, R, each blocker unit's letter, ...), the palette's swatches, the special, the shape and the mirror."""

from __future__ import annotations

from typing import Any, Callable

import arcade

from game.core import BLOCKERS, SPECIALS, Blocker, Edit, Mode
from game.core import counted

from .host import Host, Part
from .mirror import Mirror
from .keys import blocker_key
from .model import (
    ERASE_TOOL, FILL, GAP_TOOL, HOLE_TOOL, PEN, PLAYER_TOOL, RANDOM_TOOL, RECT, Tool, blocker_tool,
    faller_tools, kind_tool, unit_of,
)
from .slide_actions import SlideActions

key = arcade.key

# The keys that pick a tool outright, and the modes that have it (None: every mode).
TOOL_KEYS: dict[int, tuple[Tool, tuple[Mode, ...] | None]] = {
    key.H: (HOLE_TOOL, None), key.R: (RANDOM_TOOL, None), key.P: (PLAYER_TOOL, None),
    key.G: (GAP_TOOL, None), key.E: (ERASE_TOOL, None),
    **{int(getattr(key, unit.tool.key)): (tool, unit.tool.modes) for unit, tool in faller_tools()},
}
SHAPE_KEYS = {key.B: FILL, key.F: FILL, key.X: RECT, key.D: PEN}
SPECIAL_SAID = {"": "plain tiles", **{str(said.special): said.said for unit in SPECIALS for said in unit.said}}
MIRROR_SAID = {Mirror.OFF: "mirror off", Mirror.LEFT_RIGHT: "mirror left-right: across the middle column",
               Mirror.UP_DOWN: "mirror up-down: across the middle row",
               Mirror.BOTH: "mirror both ways: four images a stroke"}


def blocker_keys(units: tuple[Blocker, ...] = BLOCKERS) -> dict[int, Blocker]:
    """The key that picks each blocker unit's tool (its Tool's letter)."""
    return {blocker_key(unit): unit for unit in units if unit.tool is not None}


class ToolPicker(Part):
    """A part of the editor: the keys and swatches that choose the brush (the model keeps the
    brush itself, so undo and painting see one tool). Choosing a tool ends a cell pick
    (`stop_picking`); a slide board's digits and +/- go to its own part."""

    def __init__(self, host: Host, slide: SlideActions, stop_picking: Callable[[], None]) -> None:
        super().__init__(host)
        self._slide = slide
        self._stop_picking = stop_picking

    def key(self, symbol: int, modifiers: int) -> bool:
        if modifiers & (key.MOD_CTRL | key.MOD_COMMAND):
            return False   # Ctrl+S saves, Ctrl+O opens: never a tool
        mode = self.host.model.draft.mode
        if mode == Mode.SLIDE and (key.KEY_0 <= symbol <= key.KEY_9 or key.NUM_0 <= symbol <= key.NUM_9):
            self._slide.type_digit(symbol - (key.KEY_0 if symbol <= key.KEY_9 else key.NUM_0))
        elif key.KEY_1 <= symbol <= key.KEY_9 or key.NUM_1 <= symbol <= key.NUM_9:
            self.select_tool(kind_tool(symbol - (key.KEY_1 if symbol <= key.KEY_9 else key.NUM_1) + 1))
        elif symbol in TOOL_KEYS and _has(TOOL_KEYS[symbol][1], mode):
            self.select_tool(TOOL_KEYS[symbol][0])
        elif (unit := blocker_keys(self.host.model.units).get(symbol)) is not None and unit.tool is not None \
                and mode in unit.tool.modes:
            self.select_blocker(unit)
        elif symbol == key.Q and mode == Mode.MATCH3:
            self.next_special()
        elif symbol == key.M:
            self.set_mirror(self.host.model.mirror.next())
        elif symbol in SHAPE_KEYS:
            self.host.model.shape = SHAPE_KEYS[symbol]
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD) and mode == Mode.SLIDE:
            self._slide.step(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT) and mode == Mode.SLIDE:
            self._slide.step(-1)
        else:
            return False
        return True

    def pick(self, kind: str, value: Any) -> None:
        """A palette swatch was clicked (chrome.py lays them out)."""
        model = self.host.model
        unit = unit_of(value, model.units) if kind == "tool" else None
        if unit is not None and model.tool == value:
            self.select_blocker(unit)   # a cycling tool's swatch again: one more layer
        elif kind == "tool":
            self.select_tool(value)
        elif kind == "special":
            self.set_special(value)
        elif kind == "shape":
            model.shape = value
        elif kind == "step":
            self._slide.step(value)
        elif kind == "mirror":
            self.set_mirror(value)

    def select_tool(self, tool: Tool) -> None:
        self.host.model.select(tool)
        self._stop_picking()
        self.host.refresh()

    def select_blocker(self, unit: Blocker) -> None:
        """A blocker's key, or its swatch: its tool; a cycling tool's again: one
        more layer for the blockers it paints, the most coming round to 1."""
        tool, now = unit.tool, self.host.model.tool
        assert tool is not None
        if tool.edit is Edit.LAYER or tool.most == 1:
            self.select_tool(blocker_tool(unit))
            return
        # The layers the tool paints now: a cycling token's (S2), or a layered mark's (I2).
        now_layers = int(now.token[-1]) if now.name == tool.name and now.token[-1:].isdigit() else 0
        layers = now_layers % tool.most + 1
        picked = blocker_tool(unit, layers)
        self.select_tool(picked)
        again = "a click on one adds one" if tool.edit is Edit.CYCLE else "a click puts it on a tile or takes it off"
        self.host.say(f"{tool.name} {picked.token}: takes {counted(layers, tool.layer)} "
                      f"({tool.key} again for more; {again})")

    def set_mirror(self, mirror: Mirror) -> None:
        """M, or a mirror swatch: which images of each stroke are painted too."""
        model = self.host.model
        model.mirror = mirror
        if model.draft.mode == Mode.SLIDE:
            self.host.say(f"{mirror.value}: a slide board is never mirrored")
        elif model.draft.mode == Mode.CHAIN and mirror != Mirror.OFF:
            self.host.say(f"mirror {mirror.value} (the player start stays one)")   # the status line is short
        else:
            self.host.say(MIRROR_SAID[mirror])
        self.host.refresh()

    def next_special(self) -> None:
        """Q: the special the kind brush puts on its tiles, in turn."""
        special = self.host.model.next_special()
        self._stop_picking()
        self.host.say(SPECIAL_SAID[special])
        self.host.refresh()

    def set_special(self, special: str) -> None:
        """A special swatch: the kind brush with that special (a click on the chosen one: plain)."""
        m = self.host.model
        m.special = "" if (m.special == special and m.tool.name == "kind") else special
        if m.tool.name != "kind":
            m.select(kind_tool(1))
        self.host.refresh()


def _has(modes: tuple[Mode, ...] | None, mode: Mode) -> bool:
    return modes is None or mode in modes
