"""The editor's rename: a level saved under a new id moves with everything that names it, and never
lands on another level's id (game.io.rename does the moving, in one journaled step)."""

from __future__ import annotations

import pathlib
from typing import Callable

from game.io.rename import RenameError, free_id, id_taken, naming, rename_level

from . import backups, files
from .autosave import Autosave
from .host import Host
from .widgets import Dialog


class RenameFlow:
    """A part of the file flow: the refusal (with a free id offered) when a new id is taken,
    and the rename itself: one step on disk, one status line saying what came along."""

    def __init__(self, host: Host, autosave: Autosave) -> None:
        self.host = host
        self._autosave = autosave

    def what_moves(self, old: pathlib.Path) -> str:
        """What a rename of `old` carries along, said before it is asked for."""
        moved = naming(old).said()
        deal = "its deal stays" if self.host.model.draft.deal_id else ""
        both = " and ".join(part for part in (moved, deal) if part)
        return f"A rename carries {both}." if both else "Nothing else names this level."

    def taken(self, path: pathlib.Path | None, new_id: str) -> str | None:
        """What already has `new_id` beside the level's file `path`, in words (None: free, or
        the level has no file to rename)."""
        return id_taken(path.parent, new_id, path.stem) if path is not None else None

    def refuse_taken(self, old: pathlib.Path, new: pathlib.Path, again: Callable[[], None]) -> bool:
        """True (and a dialog offering a free id) when `new`'s id already names another level
        beside `old`: a rename or a copy never replaces one. `again` saves once more after the
        free id is taken (one undo step, as typing it would be)."""
        taken = self.taken(old, new.stem)
        if taken is None:
            return False
        free = free_id(old.parent, new.stem, old.stem)

        def use_free() -> None:
            self.host.close_dialog()
            self.host.model.set(id=free)
            self.host.refresh()
            again()

        self.host.open_dialog(Dialog(self.host.window, f"The id '{new.stem}' is taken", [
            [("label", f"{taken}.", 740)],
            [("label", "A rename never replaces another level: pick another id.", 740)],
            [("button", f"Use '{free}'", 260, use_free), ("button", "Cancel", 120, self.host.close_dialog)],
        ], width=780, default=f"Use '{free}'"))
        return True

    def rename(self, old: pathlib.Path, new: pathlib.Path, then: Callable[[], None] | None) -> bool:
        """Move the level from `old` to `new` with its pack entry, proof and figures (the old
        versions kept in the backups); False, saying why, when nothing was changed."""
        model = self.host.model
        text, valid = files.draft_text(model.draft, new)
        try:
            done = rename_level(old, new.stem, text, keep=backups.keep)
        except RenameError as error:
            self.host.say(str(error), bad=True)
            return False
        except OSError as error:
            self.host.failed(f"{old.name} to {new.name}", error, "rename")
            return False
        model.mark_saved(new)
        self._autosave.forget()
        moved = done.said()
        kept = f"; the deal stays (dealt as '{model.draft.deal_id}')" if model.draft.deal_id else ""
        n = len(model.problems())
        self.host.say(f"renamed {old.name} to {new.name}" + (f" with {moved}" if moved else "") + kept
                      + ("" if valid else f" (a draft: {n} problems to fix)"), bad=not valid)
        self.host.refresh()
        if then is not None:
            then()
        return True
