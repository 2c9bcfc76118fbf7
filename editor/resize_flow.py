"""Resizing the board from the size fields and the edge buttons: asks first when content would go, and which side stays."""

from __future__ import annotations

from typing import Any

from .host import Host
from .resizing import H_ANCHORS, V_ANCHORS, content, losses, resize, resize_to
from .widgets import Dialog

# What each anchor does, as the dialog's buttons say it.
SIDES = {"left": "at the right", "right": "at the left", "center": "at both sides",
         "top": "at the bottom", "bottom": "at the top", "middle": "at top and bottom"}


class ResizeFlow:
    """A part of the editor. A size typed in changes an empty board at once; a board holding
    anything asks which side grows or is cropped (the anchor), saying what each choice would
    take away. An edge's '-' asks only when its row or column holds something."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def set_size(self, width: int, height: int) -> None:
        m = self.host.model
        d = m.draft
        if (width, height) == (d.width, d.height):
            return
        if not content(d):   # an empty board: nothing to keep anywhere, no question
            m.set_size(width, height)
            self.host.refresh()
            return
        horizontal = width != d.width
        anchors = H_ANCHORS if horizontal else V_ANCHORS
        rows: list[list[tuple[Any, ...]]] = []
        for anchor in anchors:
            h, v = (anchor, "top") if horizontal else ("left", anchor)
            gone = losses(d, resize_to(d, width, height, h, v), self.host.model.units)
            verb = "grow" if (width > d.width or height > d.height) else "crop"
            rows.append([("button", f"{verb} {SIDES[anchor]}", 220,
                          lambda h=h, v=v: self._apply(width, height, h, v), anchor),
                         ("label", "takes away " + ", ".join(gone) if gone else "takes nothing away", 480)])
        rows.append([("button", "Cancel", 120, self._cancel)])
        default = anchors[0]
        self.host.open_dialog(Dialog(self.host.window, f"Size {d.width}x{d.height} to {width}x{height}: "
                                     "which side changes?", rows, width=760, default=default))

    def edge(self, edge: str, delta: int) -> None:
        """An edge's + or -: a '-' that would take content away asks first."""
        m = self.host.model
        gone = losses(m.draft, resize(m.draft, edge, delta), m.units) if delta < 0 else []
        if not gone:
            m.resize(edge, delta)
            self.host.refresh()
            return
        line = "row" if edge in ("top", "bottom") else "column"

        def remove() -> None:
            self.host.close_dialog()
            m.resize(edge, delta)
            self.host.say(f"removed the {edge} {line} with {', '.join(gone)} (Ctrl+Z brings it back)")
            self.host.refresh()

        self.host.open_dialog(Dialog(self.host.window, f"Remove the {edge} {line}?", [
            [("label", f"It holds {', '.join(gone)}.", 640)],
            [("button", "Remove", 120, remove), ("button", "Cancel", 120, self._cancel)],
        ], default="Cancel"))

    def _apply(self, width: int, height: int, h: str, v: str) -> None:
        self.host.close_dialog()
        before = self.host.model.draft
        self.host.model.set_size(width, height, h, v)
        gone = losses(before, self.host.model.draft, self.host.model.units)
        if gone:
            self.host.say(f"now {width}x{height}: took away {', '.join(gone)} (Ctrl+Z brings it back)")
        self.host.refresh()

    def _cancel(self) -> None:
        self.host.close_dialog()
        self.host.refresh()   # the size fields show the board's real size again
