"""The key help beside the board: the keys, or a pad's buttons by the names printed on them
while a pad is the last thing used (game/ui/pad.py), in play and in the theatre."""

from __future__ import annotations

from typing import Callable

from game.core import Mode

# The names printed on the buttons of each family of pad (pyglet's Controller.type).
NAMES: dict[str, dict[str, str]] = {
    "XB": {"a": "A", "b": "B", "x": "X", "y": "Y", "shoulders": "LB RB", "triggers": "LT RT",
           "start": "Start"},
    "PS": {"a": "Cross", "b": "Circle", "x": "Square", "y": "Triangle", "shoulders": "L1 R1",
           "triggers": "L2 R2", "start": "Options"},
}

PLAYTEST_LINE = "Tab back to the editor"


def play_keys(playtest: bool = False) -> str:
    """The play screen's keys (whole items a line: a wrap mid-item read "Esc" / "menu")."""
    if playtest:
        return f"{PLAYTEST_LINE}\nH hint   Z undo   Y redo   Esc menu"
    return "H hint   Z undo   Y redo\nEsc menu   F11 full screen"


LINE = 31   # characters a legend line holds beside the board at the smallest window: no item wraps


def lines(items: list[str]) -> str:
    """Items three spaces apart, as many to a line as fit in LINE characters, never one split."""
    out: list[str] = []
    for item in items:
        if out and len(out[-1]) + 3 + len(item) <= LINE:
            out[-1] += "   " + item
        else:
            out.append(item)
    return "\n".join(out)


def wrap_items(text: str, fits: Callable[[str], bool]) -> str:
    """`text`'s lines, each broken between its items (three spaces apart) where it is wider
    than `fits` allows: a line may wrap, an item never splits."""
    out: list[str] = []
    for line in text.split("\n"):
        row = ""
        for item in (i.strip() for i in line.split("   ") if i.strip()):
            if row and not fits(row + "   " + item):
                out.append(row)
                row = item
            else:
                row = row + "   " + item if row else item
        out.append(row)
    return "\n".join(out)


def play_pad(mode: Mode, family: str = "XB", playtest: bool = False, token: bool = True) -> str:
    """The play screen's pad buttons for `mode` (a chain level with or without its `token`), by
    the names on the last pad's buttons."""
    n = NAMES.get(family, NAMES["XB"])
    first = {
        Mode.MATCH3: ["Stick move", f"{n['a']} pick", "then push to swap", f"{n['b']} drop"],
        Mode.CHAIN: ["Stick draw", f"{n['a']} go", f"{n['b']} step back"] if token
        else ["Stick move", f"{n['a']} start", "Stick draw", f"{n['a']} go", f"{n['b']} step back"],
        Mode.SLIDE: ["D-pad slide a tile"],
    }[mode]
    words = lines([*first, f"{n['x']} undo", f"{n['y']} hint", f"{n['start']} menu"])
    return f"{PLAYTEST_LINE}\n{words}" if playtest else words


THEATRE_KEYS = "Space play or pause\nLeft Right step   Home End\n+ - speed   S share\nEnter play from here\nEsc back"


def theatre_pad(family: str = "XB") -> str:
    n = NAMES.get(family, NAMES["XB"])
    return "\n".join([f"{n['a']} play or pause", f"{n['shoulders']} step",
                      f"{n['triggers']} scrub   pulled harder, faster", "Up Down speed", f"{n['b']} back"])


def menu_help(pad: bool, family: str = "XB") -> str:
    """The title screen's line on how to get about the menus."""
    if not pad:
        return "Arrows and Enter, or the mouse  ·  Esc goes back  ·  F11 fullscreen"
    n = NAMES.get(family, NAMES["XB"])
    return f"Stick or D-pad, {n['a']} chooses  ·  {n['b']} goes back  ·  {n['start']} pauses a game"
