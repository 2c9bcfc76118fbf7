"""The editor's file flows: new, open, save, save as, and the guard on unsaved changes."""

from __future__ import annotations

import pathlib
from typing import Any, Callable

from game.core import Mode
from game.io.paths import user_levels_dir

from . import files
from .base import EditorBase
from .model import EditModel, blank, from_mapping
from .widgets import Dialog, button_style


class FileFlow(EditorBase):
    """The editor's file flows, for EditorView."""

    # -- files ---------------------------------------------------------------------------------------
    def guard(self, then: Callable[[], None], doing: str) -> None:
        """Run `then`, first asking what to do with unsaved changes."""
        if not self.model.dirty:
            then()
            return

        def save_then() -> None:
            self.close_dialog()
            if self.save():
                then()

        def discard() -> None:
            self.close_dialog()
            files.clear_recovery()
            then()

        self.open_dialog(Dialog(self.window, f"Unsaved changes to '{self.model.draft.name}'", [
            [("label", f"Save them before you {doing}?", 600)],
            [("button", "Save", 120, save_then), ("button", "Discard", 120, discard),
             ("button", "Cancel", 120, self.close_dialog)],
        ]))

    def save(self) -> bool:
        """Ctrl+S: save to the level's file (a new level goes to the user's levels folder)."""
        path = self.model.path
        if path is None or not self._writable(path):
            self.ask_save_as()
            return False
        if path.stem != self.model.draft.id:
            # The loader wants the id to be the file name: a changed id saves under its new name.
            path = path.with_name(f"{self.model.draft.id}.yaml")
        return self.save_to(path)

    def _writable(self, path: pathlib.Path) -> bool:
        from game.io.paths import levels_dir
        try:
            path.resolve().relative_to(levels_dir().resolve())
            return False   # the shipped packs are read-only: Save As a copy
        except ValueError:
            return True

    def save_to(self, path: pathlib.Path) -> bool:
        if path.stem != self.model.draft.id:
            # Save As a new name renames the level too (one undo step): the loader wants
            # a level's id to equal its file name.
            self.model.set(id=path.stem)
        try:
            valid = files.save_draft(self.model.draft, path)
        except (OSError, ValueError) as error:
            self.say(f"could not save: {error}", bad=True)
            return False
        self.model.mark_saved(path)
        self.origin = ""
        files.clear_recovery()
        self.since_autosave = 0.0
        n = len(self.model.problems())
        self.say(f"saved {path.name}" + ("" if valid else f" as a draft ({n} problems to fix)"),
                 bad=not valid)
        self.refresh()
        return True

    def ask_save_as(self) -> None:
        name = self.model.path.name if self.model.path and self._writable(self.model.path) \
            else f"{self.model.draft.id}.yaml"

        def go() -> None:
            text = dialog.value("file").strip()
            if not text:
                return
            if not text.endswith((".yaml", ".yml")):
                text += ".yaml"
            path = pathlib.Path(text) if pathlib.Path(text).is_absolute() else user_levels_dir() / text
            self.close_dialog()
            self.save_to(path)

        dialog = Dialog(self.window, "Save as", [
            [("label", f"in {user_levels_dir()}", 640)],
            [("label", "file name", 100), ("field", "file", name, 400)],
            [("button", "Save", 120, go), ("button", "Cancel", 120, self.close_dialog)],
        ])
        self.open_dialog(dialog)

    def ask_new(self) -> None:
        self.guard(self._new_dialog, "start a new level")

    def _new_dialog(self) -> None:
        choice = {"mode": self.model.draft.mode}

        def pick(mode: Mode) -> None:
            choice["mode"] = mode
            for m in Mode:
                dialog.buttons[m].style = button_style(11, selected=m == mode)

        def create() -> None:
            try:
                w, h = int(dialog.value("width")), int(dialog.value("height"))
            except ValueError:
                self.say("new level: width and height are whole numbers", bad=True)
                return
            self.close_dialog()
            self.replace_model(EditModel(blank(choice["mode"], w, h)))

        dialog = Dialog(self.window, "New level", [
            [("label", "mode", 100)] + [("button", m, 120, lambda m=m: pick(m)) for m in Mode],
            [("label", "width", 100), ("field", "width", "8", 80), ("label", "height", 70),
             ("field", "height", "8", 80)],
            [("button", "Create", 120, create), ("button", "Cancel", 120, self.close_dialog)],
        ])
        pick(choice["mode"])
        self.open_dialog(dialog)

    def replace_model(self, model: EditModel) -> None:
        self.model = model
        self.origin = ""
        self.cursor = (0, 0)
        self.flash = None
        self.picking_reach = False
        self.since_autosave = 0.0
        self.refresh()

    def ask_open(self, page: int = 0) -> None:
        self.guard(lambda: self._open_dialog(page), "open another level")

    def _open_dialog(self, page: int, entries: list[files.Entry] | None = None,
                     title: str = "Open a level") -> None:
        """The paged list of levels to open: every level (Open), or the given ones (a pack's)."""
        if entries is None:
            entries = files.browse()
        per = 12
        pages = max(1, (len(entries) + per - 1) // per)
        page = max(0, min(page, pages - 1))
        rows: list[list[tuple[Any, ...]]] = []
        for e in entries[page * per:(page + 1) * per]:
            rows.append([("label", e.group, 260), ("button", e.label, 300, lambda e=e: self.open_entry(e))])
        if not entries:
            rows.append([("label", "no levels yet: start one with New", 600)])
        nav: list[tuple[Any, ...]] = [("button", "Cancel", 110, self.close_dialog)]
        if page > 0:
            nav.append(("button", "< Prev", 100, lambda: self._reopen(page - 1, entries, title)))
        if page < pages - 1:
            nav.append(("button", "Next >", 100, lambda: self._reopen(page + 1, entries, title)))
        nav.append(("label", f"page {page + 1} of {pages}", 160))
        rows.append(nav)
        self.open_dialog(Dialog(self.window, title, rows, width=640))

    def _reopen(self, page: int, entries: list[files.Entry] | None = None,
                title: str = "Open a level") -> None:
        self.close_dialog()
        self._open_dialog(page, entries, title)

    def pick_from(self, entries: list[files.Entry], title: str) -> None:
        """A level picker for the given levels (`gridfall edit PACK` shows the pack's)."""
        self._open_dialog(0, entries, title)

    def open_entry(self, entry: files.Entry) -> None:
        self.close_dialog()
        try:
            if entry.path is not None:
                draft = files.load_draft(entry.path)
            else:
                assert entry.mapping is not None
                draft = from_mapping(entry.mapping)
        except files.EditorFileError as error:
            self.say(str(error).splitlines()[0], bad=True)
            return
        path = entry.path if entry.writable else None
        self.replace_model(EditModel(draft, path))
        self.origin = "" if path is not None else f"from {entry.group}, read-only"
        if path is None:
            self.model.saved = draft  # an unchanged shipped level is nothing to lose
        self.say(f"opened {entry.label}" + ("" if entry.writable else " (read-only: Save makes a copy)"))
        self.refresh()

    def open_path(self, path: pathlib.Path) -> None:
        draft = files.load_draft(path)
        writable = self._writable(path)
        self.replace_model(EditModel(draft, path if writable else None))
        self.model.saved = draft
        if not writable:
            self.origin = f"from {path.parent.name}, read-only"
        self.refresh()
