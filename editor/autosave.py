"""Autosave: a moment after each change each open level's draft goes to a recovery file of its own."""

from __future__ import annotations

from typing import Any

from . import recovery
from .host import Host, Part
from .look import AUTOSAVE_SECONDS
from .model import EditModel


class Autosave(Part):
    """A part of the editor that owns the recovery slots, one per open level (tab): it writes
    the shown level's unsaved draft to its slot a moment after each change (game time, never
    the wall clock, so a killed editor loses at most that moment's work), writes a level's
    pending change at once when another level is shown (only the shown one changes), and
    empties a slot once nothing is left to recover in it."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self._slots: dict[EditModel, recovery.Slot] = {}   # each open level's own recovery file
        self._written: dict[EditModel, Any] = {}           # the draft each slot holds
        self._shown = host.model                            # the level the ticks watch
        self._since = 0.0             # seconds since the change not yet autosaved

    @property
    def slot(self) -> recovery.Slot:
        """The shown level's recovery slot."""
        return self._slot(self.host.model)

    def _slot(self, model: EditModel) -> recovery.Slot:
        if model not in self._slots:
            self._slots[model] = recovery.Slot()
        return self._slots[model]

    def tick(self, dt: float) -> None:
        model = self.host.model
        slot = self._slot(model)
        if model.dirty and (model.draft is not self._written.get(model) or not slot.held):
            self._since += dt
            if self._since >= AUTOSAVE_SECONDS:
                self._since = 0.0
                self._write_safely(model)
        else:
            self._since = 0.0
            if not model.dirty and slot.held:
                # Undone back to what is saved: nothing is left to recover, so the next
                # start must not offer a stale copy.
                slot.clear()

    def _write_safely(self, model: EditModel) -> None:
        try:
            self._write(model)
        except OSError as error:
            name = model.path.name if model.path is not None else "Untitled"
            self.host.failed(f"the autosave of {name}", error)

    def write(self) -> None:
        """Keep the shown draft as it is now in its slot (a restored draft is this editor's at once)."""
        self._write(self.host.model)

    def _write(self, model: EditModel) -> None:
        self._slot(model).write(model.draft, model.path, model.disk.digest if model.disk is not None else None)
        self._written[model] = model.draft

    def forget(self) -> None:
        """The shown level's work was saved or discarded: nothing to recover (the next change
        starts anew)."""
        self.slot.clear()
        self._since = 0.0

    def forget_all(self) -> None:
        """Leaving the editor with every level's work saved or discarded."""
        for slot in self._slots.values():
            slot.clear()
        self._since = 0.0

    def drop(self, model: EditModel) -> None:
        """A level closed (its tab): its slot goes with it."""
        slot = self._slots.pop(model, None)
        if slot is not None:
            slot.clear()
        self._written.pop(model, None)

    def model_replaced(self) -> None:
        # The level shown before keeps its change safe now: while hidden it is not ticked (a
        # closed level's slot is gone: dropped, never written again).
        left = self._shown
        if left is not self.host.model and left.dirty and left in self._slots \
                and (left.draft is not self._written.get(left) or not self._slots[left].held):
            self._write_safely(left)
        self._shown = self.host.model
        self._since = 0.0
