"""Autosave: a moment after each change the draft goes to this editor's own recovery file."""

from __future__ import annotations

from typing import Any

from . import recovery
from .host import Host, Part
from .look import AUTOSAVE_SECONDS


class Autosave(Part):
    """A part of the editor that owns its recovery slot: it writes the unsaved draft there a
    moment after each change (game time, never the wall clock, so a killed editor loses at most
    that moment's work) and empties it once nothing is left to recover."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.slot = recovery.Slot()   # this editor's own recovery file
        self._since = 0.0             # seconds since the change not yet autosaved
        self._written: Any = None     # the draft the slot holds

    def tick(self, dt: float) -> None:
        model = self.host.model
        if model.dirty and (model.draft is not self._written or not self.slot.held):
            self._since += dt
            if self._since >= AUTOSAVE_SECONDS:
                self._since = 0.0
                try:
                    self.write()
                except OSError as error:
                    self.host.say(f"autosave failed: {error}", bad=True)
        else:
            self._since = 0.0
            if not model.dirty and self.slot.held:
                # Undone back to what is saved: nothing is left to recover, so the next
                # start must not offer a stale copy.
                self.slot.clear()

    def write(self) -> None:
        """Keep the draft as it is now in the slot (a restored draft is this editor's at once)."""
        model = self.host.model
        self.slot.write(model.draft, model.path)
        self._written = model.draft

    def forget(self) -> None:
        """The work was saved or discarded: nothing to recover (the next change starts anew)."""
        self.slot.clear()
        self._since = 0.0

    def model_replaced(self) -> None:
        self._since = 0.0
