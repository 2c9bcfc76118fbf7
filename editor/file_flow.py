"""The editor's file flows: new, open, save, save as, and the guard on unsaved changes."""

from __future__ import annotations

import pathlib
from typing import Any, Callable, Protocol

from game.core import Level, Mode, Problem, valid_id
from game.io.paths import installed_packs_dir, levels_dir, user_levels_dir
from game.io import gate
from game.io.rename import free_id, id_taken

from . import backups, files, recovery
from .autosave import Autosave
from .file_browser import FileBrowser
from .host import Host, Part
from .look import clip, clip_path
from .draft import from_level
from .model import EditModel, blank, read_draft
from .rename_flow import RenameFlow
from .widgets import Dialog, button_style, restyle


# What the file flow keeps of a level while another is shown: (loaded, origin, source).
FileState = tuple["files.Opened | None", str, "pathlib.Path | None"]
# The origin of a generated level shown in a tab before it is added to a pack (the title says it).
PROPOSED = "proposed, not saved"


class OpenLevels(Protocol):
    """The levels open beside the shown one (tabs.py), as the file flows ask about them."""

    def show_file(self, path: pathlib.Path) -> bool:
        """Show the open level of file `path`; False when none is open."""

    def others_of(self, path: pathlib.Path) -> list[EditModel]:
        """The levels of file `path` open in other tabs than the shown one."""

    def let_go(self, path: pathlib.Path) -> None:
        """Close the other tabs holding file `path` (unchanged ones: its file is being replaced)."""

    def until_another(self) -> None:
        """The shown level stands in until another is picked: that one takes its tab (unchanged)."""


class _OneLevel:
    """An editor that holds one level only: nothing else is ever open."""

    def show_file(self, path: pathlib.Path) -> bool:
        return False

    def others_of(self, path: pathlib.Path) -> list[EditModel]:
        return []

    def let_go(self, path: pathlib.Path) -> None:
        pass

    def until_another(self) -> None:
        pass


ONE_LEVEL = _OneLevel()


class FileFlow(Part):
    """A part of the editor: new, open, save, save as, restore, and the question before unsaved
    changes go. It keeps the file as opened (while it had problems), where an unsaved draft
    came from, and the last look for another file with the level's id."""

    def __init__(self, host: Host, autosave: Autosave,
                 levels: Callable[[], OpenLevels] | None = None) -> None:
        super().__init__(host)
        self._autosave = autosave
        self._levels = levels or (lambda: ONE_LEVEL)   # the levels open beside this one (tabs.py)
        self.loaded: files.Opened | None = None   # the file as opened, while it had problems
        self.origin = ""   # where an unsaved draft came from ("from <pack>, read-only"), for the title
        self.source: pathlib.Path | None = None   # the file the level was read from (read-only too)
        self._id_check: tuple[Any, Problem | None] = (None, None)   # (what was asked, the warning)
        self.browser = FileBrowser(host, self.open_file, lambda: self._open_dialog(0))   # any file on disk
        self.renames = RenameFlow(host, autosave)

    def model_replaced(self) -> None:
        self.loaded = None
        self.origin = ""
        self.source = None

    def keep(self) -> FileState:
        """What this flow knows of the shown level's file, kept while another level is shown."""
        return (self.loaded, self.origin, self.source)

    def restore(self, state: FileState) -> None:
        self.loaded, self.origin, self.source = state

    def _shown_already(self, path: pathlib.Path) -> bool:
        """Opening a file that is open already shows its level (its unsaved changes kept)."""
        if not self._levels().show_file(path):
            return False
        self.host.close_dialog()
        self.host.say(f"{path.name} is open already: here it is")
        return True

    # -- files ---------------------------------------------------------------------------------------
    def guard(self, then: Callable[[], None], doing: str) -> None:
        """Run `then`, first asking what to do with unsaved changes (typed text included)."""
        self.host.commit_typing()
        if not self.host.model.dirty:
            then()
            return

        def save_then() -> None:
            self.host.close_dialog()
            self.save(then=then)   # Save may ask first (a name, a rename): `then` waits for it

        def discard() -> None:
            self.host.close_dialog()
            self._autosave.forget()
            then()

        self.host.open_dialog(Dialog(self.host.window, f"Unsaved changes to '{self.host.model.draft.name}'", [
            [("label", f"Save them before you {doing}?", 600)],
            [("button", "Save", 120, save_then), ("button", "Discard", 120, discard),
             ("button", "Cancel", 120, self.host.close_dialog)],
        ], default="Save"))

    def save(self, then: Callable[[], None] | None = None) -> bool:
        """Ctrl+S: save to the level's file (a new level goes to the user's levels folder).

        Returns True when saved now; False when it was refused or asks first (then `then`
        runs once the save is done).
        """
        self.host.commit_typing()
        path = self.host.model.path
        if path is None or not self._writable(path):
            self.ask_save_as(then)
            return False
        try:
            target = files.file_for(path.parent, self.host.model.draft.id)
        except files.EditorFileError as error:
            self.host.say(f"not saved: {error}", bad=True)
            return False
        if target != path:
            # The loader wants a level's id to be its file name: a new id means a new file.
            self._ask_rename(path, target, then)
            return False
        return self.save_to(path, then)

    def _writable(self, path: pathlib.Path) -> bool:
        """Built-in and installed packs are not the designer's to change: Save As a copy."""
        for root in (levels_dir(), installed_packs_dir()):
            if path.resolve().is_relative_to(root.resolve()):
                return False
        return True

    def _ask_rename(self, old: pathlib.Path, new: pathlib.Path, then: Callable[[], None] | None) -> None:
        """The id changed: move the level to its new file name, or keep both files; never onto
        another level's id (a free one is offered)."""
        if self.renames.refuse_taken(old, new, lambda: None if self.save(then) else None):
            return

        def rename() -> None:
            self.host.close_dialog()
            self.renames.rename(old, new, then)

        def copy() -> None:
            self.host.close_dialog()
            self._save_copy(old, new, then)

        self.host.open_dialog(Dialog(self.host.window, f"The id is now '{self.host.model.draft.id}'", [
            [("label", f"Rename {old.name} to {new.name}, or save a copy and keep {old.name}?", 740)],
            [("label", self.renames.what_moves(old), 740)],
            [("button", "Rename", 120, rename), ("button", "Copy", 120, copy),
             ("button", "Cancel", 120, self.host.close_dialog)],
        ], width=780, default="Copy"))

    def _save_copy(self, old: pathlib.Path, new: pathlib.Path, then: Callable[[], None] | None) -> None:
        """Save a copy to `new`, `old` unchanged: a pack lists the copy right after it. (A
        rename is rename_flow's: it moves everything that names the level.)"""
        if not self.save_to(new):
            return
        pack = files.pack_of(old)
        if pack is not None and old.name in pack.levels and new.name not in pack.levels:
            at = pack.levels.index(old.name) + 1
            pack.edit(lambda: pack.meta.__setitem__("levels", pack.levels[:at] + [new.name] + pack.levels[at:]))
        self.host.say(f"saved {new.name} (a copy: {old.name} is unchanged)")
        if then is not None:
            then()

    def save_to(self, path: pathlib.Path, then: Callable[[], None] | None = None, *, over_disk: bool = False) -> bool:
        """Write the level to `path` now (the callers asked whatever needed asking); its own
        file changed by another program since it was read asks first (unless `over_disk`)."""
        model = self.host.model
        if not over_disk and model.path is not None and path == model.path and model.disk is not None \
                and files.changed_on_disk(path, model.disk):
            self._ask_changed_on_disk(path, then)
            return False
        if path.stem != self.host.model.draft.id:
            # Save As a new name renames the level too (one undo step): the loader wants
            # a level's id to equal its file name.
            self.host.model.set(id=path.stem)
        try:
            files.file_for(path.parent, self.host.model.draft.id)
            valid = files.save_draft(self.host.model.draft, path)
        except (OSError, ValueError) as error:
            self.host.failed(path.name, error)
            return False
        self.host.model.mark_saved(path)
        self.host.model.disk = files.version_of(path)
        self.origin = ""
        self._autosave.forget()
        n = len(self.host.model.problems())
        kept = self.host.model.draft.kept
        words = f"; {', '.join('.'.join(p) for p, _v in kept)} kept as written" if kept else ""
        self.host.say(f"saved {path.name}" + ("" if valid else f" as a draft ({n} problems to fix{words})"),
                 bad=not valid)
        self.host.refresh()
        if then is not None:
            then()
        return True

    def _ask_changed_on_disk(self, path: pathlib.Path, then: Callable[[], None] | None) -> None:
        """The level's file was changed by another program since it was read: reload it, keep
        this version over it, or keep both (this one saved as a copy)."""

        def reload() -> None:
            self.host.close_dialog()
            try:
                opened = files.open_level(path)
            except files.EditorFileError as error:
                self.host.say(str(error).splitlines()[0], bad=True)
                return
            model = self.host.model
            model.history.apply(lambda _draft: opened.draft)   # Ctrl+Z brings this version back
            model.saved = opened.draft
            model.disk = files.version_of(path)
            self.host.say(f"reloaded {path.name} as it is on disk (Ctrl+Z brings back your version)")
            self.host.refresh()

        def keep_mine() -> None:
            self.host.close_dialog()
            self.save_to(path, then, over_disk=True)

        def keep_both() -> None:
            self.host.close_dialog()
            self.ask_save_as(then, suggest=f"{self.host.model.draft.id}-mine")

        self.host.open_dialog(Dialog(self.host.window, f"{path.name} changed on disk", [
            [("label", f"Another program changed {clip_path(str(path), 70)} since you opened it.", 740)],
            [("label", "Reload it (yours stays a Ctrl+Z away), keep yours over it, or keep both "
                       "(yours as a copy)?", 740)],
            [("button", "Reload", 120, reload), ("button", "Keep mine", 120, keep_mine),
             ("button", "Keep both", 120, keep_both), ("button", "Cancel", 120, self.host.close_dialog)],
        ], width=780, default="Cancel"))

    def id_taken(self) -> Problem | None:
        """A warning when another file in the level's folder (or pack) already has its id:
        saving would have to replace it, or the designer meant another id."""
        path = self.host.model.path
        folder = self._save_as_folder()
        key = (self.host.model.draft.id, path, folder)
        if self._id_check[0] != key:
            message = None
            try:
                other = files.file_for(folder, self.host.model.draft.id)
            except files.EditorFileError:
                other = None   # the problems panel already says what is wrong with the id
            taken = self.renames.taken(path, self.host.model.draft.id) if other is not None else None
            if taken is not None:   # saving renames the level's file: never onto another level
                message = Problem(("id",), f"{taken}: saving refuses this id (pick another)")
            elif other is not None and other != path and gate.exists(other):
                message = Problem(("id",), f"'{other.name}' already exists in {_short(folder)}: "
                                  "saving never replaces it (Save As offers a free name)")
            self._id_check = (key, message)
        return self._id_check[1]

    def _save_as_folder(self) -> pathlib.Path:
        """Where Save As writes: the level's own folder when it is the designer's, else theirs."""
        path = self.host.model.path
        return path.parent if path is not None and self._writable(path) else user_levels_dir()

    def ask_save_as(self, then: Callable[[], None] | None = None, suggest: str | None = None) -> None:
        folder = self._save_as_folder()
        stem = suggest or self.host.model.draft.id
        name = f"{stem}.yaml" if valid_id(stem) else ""

        def go() -> None:
            text = dialog.value("file").strip()
            if not text:
                dialog.show_error("type a file name")
                return
            if not text.endswith((".yaml", ".yml")):
                text += ".yaml"
            typed = pathlib.Path(text)
            if not typed.is_absolute() and typed.name != text:
                dialog.show_error(f"'{text}' is a path: type a file name (it goes in {_short(folder)})")
                return
            if not valid_id(typed.stem):
                dialog.show_error(f"'{typed.stem}' cannot be a level id: use 1 to 64 letters, digits, '-' or '_'")
                return
            path = typed if typed.is_absolute() else folder / typed.name
            if any(other.dirty for other in self._levels().others_of(path)):
                # Two tabs on one file would each overwrite the other's saves.
                dialog.show_error(f"{path.name} is open in another tab with unsaved changes: "
                                  "save or close it there, or pick another name")
                return
            own = self.host.model.path
            own_id = own.stem if own is not None and own.parent == path.parent else None
            taken = id_taken(path.parent, path.stem, own_id)
            if taken is not None:
                # A level never lands on another level's file: a free name is typed in instead.
                free = free_id(path.parent, path.stem, own_id)
                dialog.fields["file"].text = f"{free}.yaml"
                dialog.show_error(f"{taken}: Save As never replaces another level; '{free}.yaml' is free "
                                  "(Enter saves it there)")
                return
            self.host.close_dialog()

            def write() -> None:
                self._levels().let_go(path)   # an unchanged tab of the file replaced closes
                old = self.host.model.path
                if old is not None and old.parent == path.parent and old != path \
                        and files.pack_of(old) is not None:
                    # A copy beside a pack's level joins the pack, listed after it.
                    self._save_copy(old, path, then)
                else:
                    self.save_to(path, then)

            write()

        dialog = Dialog(self.host.window, "Save as", [
            [("label", f"in {_short(folder)}", 640)],
            [("label", "file name", 100), ("field", "file", name, 400)],
            [("button", "Save", 120, go), ("button", "Cancel", 120, self.host.close_dialog)],
        ], default="Save")
        self.host.open_dialog(dialog)

    def ask_new(self) -> None:
        self._new_dialog()   # a level of its own (a tab): nothing unsaved is at stake

    def _new_dialog(self) -> None:
        choice = {"mode": self.host.model.draft.mode}

        def pick(mode: Mode) -> None:
            choice["mode"] = mode
            for m in Mode:
                restyle(dialog.buttons[m], button_style(11, selected=m == mode))

        def create() -> None:
            try:
                w, h = int(dialog.value("width")), int(dialog.value("height"))
            except ValueError:
                dialog.show_error("width and height are whole numbers")
                return
            self.host.close_dialog()
            self.host.replace_model(EditModel(blank(choice["mode"], w, h)))

        dialog = Dialog(self.host.window, "New level", [
            [("label", "mode", 100)] + [("button", m, 120, lambda m=m: pick(m)) for m in Mode],
            [("label", "width", 100), ("field", "width", "8", 80), ("label", "height", 70),
             ("field", "height", "8", 80)],
            [("button", "Create", 120, create), ("button", "Cancel", 120, self.host.close_dialog)],
        ], default="Create")
        pick(choice["mode"])
        self.host.open_dialog(dialog)

    def ask_open(self, page: int = 0) -> None:
        self._open_dialog(page)   # opens in a tab of its own: nothing unsaved is at stake

    def _open_dialog(self, page: int, entries: list[files.Entry] | None = None,
                     title: str = "Open a level") -> None:
        """The paged list of levels to open: every level (Open), or the given ones (a pack's)."""
        if entries is None:
            entries = files.browse()
        per = 12
        pages = max(1, (len(entries) + per - 1) // per)
        page = max(0, min(page, pages - 1))
        dialog: Dialog
        # Any level file on disk: a typed path (Enter opens it) or the folder browser.
        rows: list[list[tuple[Any, ...]]] = [
            [("label", "file", 40), ("field", "path", "", 420),
             ("button", "Open file", 110, lambda: self.browser.typed(dialog)),
             ("button", "Browse...", 110, lambda: self.browser.browse())]]
        for e in entries[page * per:(page + 1) * per]:
            row: list[tuple[Any, ...]] = [("label", e.group, 260),
                                          ("button", e.label, 300, lambda e=e: self.open_entry(e))]
            kept = backups.versions(e.path) if e.path is not None and e.writable else []
            if kept:
                row.append(("button", f"{len(kept)} older", 110,
                            lambda e=e: self._versions_dialog(e), f"older {e.label}"))
            rows.append(row)
        if not entries:
            rows.append([("label", "no levels yet: start one with New", 600)])
        nav: list[tuple[Any, ...]] = [("button", "Cancel", 110, self.host.close_dialog)]
        if page > 0:
            nav.append(("button", "< Prev", 100, lambda: self._reopen(page - 1, entries, title)))
        if page < pages - 1:
            nav.append(("button", "Next >", 100, lambda: self._reopen(page + 1, entries, title)))
        nav.append(("label", f"page {page + 1} of {pages}", 160))
        rows.append(nav)
        dialog = Dialog(self.host.window, title, rows, width=760, default="Open file")
        self.host.open_dialog(dialog)

    def _versions_dialog(self, entry: files.Entry) -> None:
        """The kept versions of a level's file, newest first: open one to look at or restore."""
        assert entry.path is not None
        path = entry.path
        rows: list[list[tuple[Any, ...]]] = [
            [("label", f"version of {v.label}", 300),
             ("button", "open", 100, lambda v=v: self._open_version(path, v), f"open {i + 1}")]
            for i, v in enumerate(backups.versions(path)[:12])]
        rows.append([("button", "Back", 110, lambda: self._reopen(0)),
                     ("button", "Cancel", 110, self.host.close_dialog)])
        self.host.close_dialog()
        self.host.open_dialog(Dialog(self.host.window, f"Older versions of {path.name}", rows, width=640))

    def _open_version(self, path: pathlib.Path, version: backups.Version) -> None:
        """A kept version opens as unsaved work on the level's own file: Save restores it."""
        self.host.close_dialog()
        try:
            draft = files.load_draft(version.copy)
        except files.EditorFileError as error:
            self.host.say(str(error).splitlines()[0], bad=True)
            return
        if self._shown_already(path):
            # The file's level is open: the version comes into its tab as one edit (Ctrl+Z undoes it).
            self.host.model.history.apply(lambda _draft: draft)
            self.host.refresh()
        else:
            model = EditModel(draft, path)
            model.saved = None
            self.host.replace_model(model)
        self.host.say(f"opened the version of {path.name} from {version.label}: save to restore it")

    def _reopen(self, page: int, entries: list[files.Entry] | None = None,
                title: str = "Open a level") -> None:
        self.host.close_dialog()
        self._open_dialog(page, entries, title)

    def pick_from(self, entries: list[files.Entry], title: str) -> None:
        """A level picker for the given levels (`gridfall edit PACK` shows the pack's, its first
        level open meanwhile: the one picked takes its place)."""
        self._levels().until_another()
        self._open_dialog(0, entries, title)

    def open_entry(self, entry: files.Entry) -> None:
        if entry.path is not None and self._shown_already(entry.path):
            return
        self.host.close_dialog()
        try:
            if entry.path is not None:
                opened = files.open_level(entry.path)
            else:
                assert entry.mapping is not None
                opened = files.Opened(read_draft(entry.mapping))
        except files.EditorFileError as error:
            self.host.say(str(error).splitlines()[0], bad=True)
            return
        draft = opened.draft
        path = entry.path if entry.writable else None
        self.host.replace_model(EditModel(draft, path))
        if path is not None:
            self.host.model.disk = files.version_of(path)
        self._report_opened(opened)
        self.origin = "" if path is not None else f"from {entry.group}, read-only"
        self.source = entry.path
        if path is None:
            self.host.model.saved = draft  # an unchanged shipped level is nothing to lose
        self.host.say(f"opened {entry.label}" + ("" if entry.writable else " (read-only: Save makes a copy)"))
        self.host.refresh()

    def open_file(self, path: pathlib.Path) -> str | None:
        """Open a level file picked or typed in Open; the one-line error when it cannot be
        (nothing changes then)."""
        try:
            opened = files.open_any(path)
        except files.EditorFileError as error:
            return str(error).splitlines()[0]
        if self._shown_already(path):
            return None
        self.host.close_dialog()
        self._show_opened(path, opened)
        if not self.host.dialog:
            self.host.say(f"opened {clip_path(str(path), 80)}")
        return None

    def open_path(self, path: pathlib.Path) -> None:
        """`gridfall edit FILE` and the pack overview: EditorFileError when it cannot be opened."""
        opened = files.open_any(path)
        if not self._shown_already(path):
            self._show_opened(path, opened)

    def show_proposal(self, level: Level) -> None:
        """A generated level in a tab of its own (the pack overview's proposals): not saved
        anywhere, its title saying so (and keeping the next proposal from taking its tab)."""
        self.host.replace_model(EditModel(from_level(level)))
        self.origin = PROPOSED
        self.host.refresh()

    def open_or_say(self, path: pathlib.Path) -> None:
        """Open a level file, or say on the status line why it cannot be (the pack overview)."""
        error = self.open_file(path)
        if error is not None:
            self.host.say(error, bad=True)

    def _show_opened(self, path: pathlib.Path, opened: files.Opened) -> None:
        writable = self._writable(path)
        self.host.replace_model(EditModel(opened.draft, path if writable else None))
        self.host.model.saved = opened.draft
        self.host.model.disk = files.version_of(path) if writable else None
        self.source = path
        if not writable:
            self.origin = f"from {path.parent.name}, read-only"
        self._report_opened(opened)
        self.host.refresh()

    def _report_opened(self, opened: files.Opened) -> None:
        """A file with problems shows the loader's own (the panel lists them until the first
        edit); what the editor could not keep of it is said now, and makes the level unsaved,
        so nothing changes on disk unless the designer saves."""
        self.loaded = opened if opened.problems or opened.changed else None
        if opened.changed:
            self.host.model.saved = None
            self.host.show_problems("The editor cannot keep all of this file as written",
                               list(opened.changed) + ["Nothing is written until you save; closing asks first."])
        elif opened.problems:
            self.host.say(f"opened with {len(opened.problems)} problems (the loader's, in the panel)", bad=True)

    def offer_recovery(self, found: list[recovery.Recovery]) -> None:
        """Offer work that editors left unsaved, newest first, one dialog at a time."""
        if not found:
            return
        rec, rest = found[0], found[1:]

        def restore() -> None:
            self.host.close_dialog()
            model = EditModel(rec.draft, rec.source)
            model.saved = None   # restored work is unsaved until the designer saves it
            if rec.source_digest is not None:   # a change to the file since is asked about on Save
                model.disk = files.Version(0, -1, rec.source_digest)
            self.host.replace_model(model)
            # The work is this editor's now: its own slot holds it, the old file goes.
            self._autosave.write()
            rec.discard()
            self.host.say("restored your unsaved work")
            self.offer_recovery(rest)   # each restored level gets a tab of its own: offer the next now

        def discard() -> None:
            rec.discard()
            self.host.close_dialog()
            self.offer_recovery(rest)

        where = (f"Save writes them to {clip_path(str(rec.source), 90)}" if rec.source is not None
                 else "It had no file yet: Save asks where it goes")
        self.host.open_dialog(Dialog(self.host.window, "Restore unsaved work?", [
            [("label", f"An editor closed with unsaved changes to '{clip(rec.draft.name, 40)}'.", 740)],
            [("label", where + ".", 740)],
            [("button", "Restore", 120, restore), ("button", "Discard", 120, discard)],
        ], width=780, default="Restore"))


def _short(folder: pathlib.Path) -> str:
    """A folder as a person reads it: under the home folder as ~/..."""
    try:
        return "~/" + str(folder.resolve().relative_to(pathlib.Path.home().resolve()))
    except ValueError:
        return str(folder)
