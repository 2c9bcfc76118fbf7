"""The editor's pack flows: create a pack, add, reorder, remove and delete levels, undo, export."""

from __future__ import annotations

import pathlib
from typing import Any, Callable

from game.io.pack_proofs import Verdict, proofs_said
from game.io.paths import exports_dir
from game.io import gate

from . import files
from .autosave import Autosave
from .file_flow import ONE_LEVEL, OpenLevels
from .host import Host
from .look import LEVELS_PER_PAGE, PACKS_PER_PAGE, page_of, pager
from .widgets import Dialog


class PackFlow:
    """A part of the editor: the pack dialogs. It keeps the packs it has seen (each with its
    own undo steps) and the pack dialog's page to itself."""

    def __init__(self, host: Host, autosave: Autosave, levels: Callable[[], OpenLevels] | None = None) -> None:
        self.host = host
        self._autosave = autosave
        self._levels = levels or (lambda: ONE_LEVEL)   # the levels open in other tabs (tabs.py)
        self._packs: dict[pathlib.Path, files.PackFolder] = {}   # packs seen, with their undo steps
        self._pack: files.PackFolder | None = None   # the pack dialog's pack and page
        self._page = 0

    # -- packs ---------------------------------------------------------------------------------------
    def _known_pack(self, pack: files.PackFolder) -> files.PackFolder:
        """The pack as this editor already holds it (with its undo steps), else as read now.

        When pack.yaml changed since (a level renamed or copied into it by a save), the file
        wins: edits from a stale copy would write the old list back.
        """
        held = self._packs.get(pack.folder)
        if held is None or not gate.is_folder(held.folder) or _written(held.meta) != _written(pack.meta):
            self._packs[pack.folder] = held = pack
        return held

    def ask_pack(self, page: int = 0, error: str = "") -> None:
        packs = [self._known_pack(p) for p in files.user_packs()]
        page, pages, shown = page_of(packs, page, PACKS_PER_PAGE)
        rows: list[list[tuple[Any, ...]]] = []
        for pack in shown:
            rows.append([("label", f"{pack.meta.get('name', pack.folder.name)} "
                          f"({len(pack.levels)} levels)", 360),
                         ("button", f"open {pack.folder.name}", 240, lambda p=pack: self.pack_dialog(p))])
        rows.append([("label", "new pack id", 120), ("field", "new_id", "", 220),
                     ("button", "Create pack", 160, self._create_pack)])
        rows.append([("button", "Close", 110, self.host.close_dialog)]
                    + pager(page, pages, lambda n: self._repack(n)))
        self.host.open_dialog(Dialog(self.host.window, "Packs you are making (kept apart from installed packs)",
                                rows, default="Create pack", error=error))

    def _repack(self, page: int) -> None:
        self.host.close_dialog()
        self.ask_pack(page)

    def _create_pack(self) -> None:
        dialog = self.host.dialog
        assert dialog is not None
        pack_id = dialog.value("new_id").strip()
        try:
            pack = files.new_pack(pack_id, pack_id)
        except files.EditorFileError as error:
            dialog.show_error(str(error))
            return
        except OSError as error:
            dialog.show_error(self.host.failed(f"the new pack {pack_id}", error))
            return
        self.pack_dialog(self._known_pack(pack))

    def pack_dialog(self, pack: files.PackFolder, page: int | None = None, error: str = "") -> None:
        """A pack's details and levels (paged; reordering keeps the page the level is on)."""
        if page is None:
            page = self._page if self._pack is pack else 0
        self.host.close_dialog()
        m = pack.meta
        rows: list[list[tuple[Any, ...]]] = [
            [("label", "name", 90), ("field", "name", str(m.get("name") or ""), 240),
             ("label", "author", 70), ("field", "author", str(m.get("author") or ""), 200)],
            [("label", "version", 90), ("field", "version", str(m.get("version") or ""), 100),
             ("label", "description", 120), ("field", "description", str(m.get("description") or ""), 210)],
        ]
        page, pages, shown = page_of(pack.levels, page, LEVELS_PER_PAGE)
        self._page = page
        for i, name in enumerate(shown, start=page * LEVELS_PER_PAGE):
            rows.append([("label", f"{i + 1}. {name}", 330),
                         ("button", f"up {i + 1}", 70, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, -1))),
                         ("button", f"down {i + 1}", 80, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, 1))),
                         ("button", f"remove {i + 1}", 100, lambda i=i: self._pack_remove(pack, i))])
        if pages > 1:
            rows.append(pager(page, pages, lambda n: self.pack_dialog(pack, n)))
        # Files a remove left in the folder: listed again, or deleted on purpose.
        for name in pack.unlisted()[:3]:
            rows.append([("label", f"not listed: {name}", 330),
                         ("button", f"list {name}", 150,
                          lambda name=name: self._pack_edit(pack, lambda: pack.meta.__setitem__(
                              "levels", pack.levels + [name]))),
                         ("button", f"delete {name}", 150, lambda name=name: self._ask_delete(pack, name))])
        rows.append([("button", "Add this level", 170, lambda: self._pack_add(pack)),
                     ("button", "Save details", 150, lambda: self._pack_edit(pack, lambda: None)),
                     ("button", "Undo", 90, lambda: self._pack_undo(pack)),
                     ("button", "Export", 110, lambda: self._pack_export(pack)),
                     ("button", "Close", 100, self.host.close_dialog)])
        self.host.open_dialog(Dialog(self.host.window, f"Pack '{pack.folder.name}'", rows, width=760, error=error))
        self._pack = pack

    def _read_pack_fields(self, pack: files.PackFolder) -> None:
        dialog = self.host.dialog
        if dialog is None:
            return
        values: dict[str, str] = {k: dialog.value(k) for k in ("name", "author", "version", "description")
                                  if k in dialog.fields}
        if any(str(pack.meta.get(k) or "") != v for k, v in values.items()):
            pack.edit(lambda: pack.meta.update(values))

    def _pack_edit(self, pack: files.PackFolder, change: Callable[[], None]) -> None:
        self._read_pack_fields(pack)
        try:
            pack.edit(change)
        except OSError as error:
            self.pack_dialog(pack, error=self.host.failed(f"the pack {pack.folder.name}", error))
            return
        self.pack_dialog(pack)

    def _pack_remove(self, pack: files.PackFolder, index: int) -> None:
        self._read_pack_fields(pack)
        name = pack.remove(index)
        self.pack_dialog(pack)
        if name is not None:
            self.host.say(f"took {name} out of the pack (its file stays; Undo lists it again)")

    def _pack_undo(self, pack: files.PackFolder) -> None:
        self._read_pack_fields(pack)
        if pack.undo():
            self.pack_dialog(pack)
            self.host.say(f"undid the last change to pack '{pack.folder.name}'")
        else:
            self.pack_dialog(pack, error="nothing to undo in this pack")

    def _ask_delete(self, pack: files.PackFolder, name: str) -> None:
        self._read_pack_fields(pack)

        def delete() -> None:
            path = pack.folder / name
            try:
                pack.delete_file(name)
            except files.EditorFileError as error:
                self.pack_dialog(pack, error=str(error))
                return
            except OSError as error:
                self.pack_dialog(pack, error=self.host.failed(name, error, "delete"))
                return
            shown = [self.host.model] if self.host.model.path is not None and self.host.model.path == path else []
            for model in shown + self._levels().others_of(path):
                # The open level's file is gone (in any tab): it is unsaved work again, and says so.
                model.path = None
                model.saved = None
            self.host.refresh()
            self.pack_dialog(pack)
            self.host.say(f"deleted {name} (its last version is in the backups: Open > Backups)")

        self.host.close_dialog()
        self.host.open_dialog(Dialog(self.host.window, f"Delete {name}?", [
            [("label", f"Delete the file {name} from the pack's folder?", 640)],
            [("label", "Its last version stays in the backups, restorable from Open.", 640)],
            [("button", "Delete", 120, delete), ("button", "Cancel", 120, lambda: self.pack_dialog(pack))],
        ], default="Cancel"))

    def _pack_add(self, pack: files.PackFolder) -> None:
        problems = self.host.model.problems()
        self._read_pack_fields(pack)
        try:
            target = pack.file_of(self.host.model.draft.id)
        except files.EditorFileError as error:
            self.pack_dialog(pack, error=f"not added: {error}")
            return
        own = self.host.model.path is not None and self.host.model.path.resolve() == target.resolve()
        if gate.exists(target) and not own:
            self.pack_dialog(pack, error=f"the pack already has {target.name}: change this level's id, "
                                         "or open that level to edit it")
            return
        try:
            path = pack.add(self.host.model.draft)
        except (OSError, ValueError) as error:
            self.pack_dialog(pack, error=self.host.failed(f"{self.host.model.draft.id} to the pack (not added)", error,
                                                          "add"))
            return
        old = self.host.model.path
        # From now on the editor edits the pack's file: one copy, which the title names.
        self.host.model.mark_saved(path)
        self.host.model.disk = files.version_of(path)
        self._autosave.forget()
        was = ""
        if old is not None and old != path and files.loose_level(old):
            # A level of "my levels" moves into the pack: Open never lists two of one id.
            files.move_into_pack(old)
            for model in self._levels().others_of(old):
                model.path = None
                model.saved = None
            was = " (moved from my levels; its last version is in the backups)"
        elif old is not None and old != path:
            was = f" (your copy {old.name} stays as it was)"
        self.host.say(f"added {self.host.model.draft.id} to {pack.folder.name}; now editing {pack.folder.name}/{path.name}"
                 + was + (f", a draft with {len(problems)} problems: export will refuse it" if problems else ""),
                 bad=bool(problems))
        self.pack_dialog(pack)
        self.host.refresh()

    def _pack_export(self, pack: files.PackFolder) -> None:
        self._read_pack_fields(pack)
        target = exports_dir() / f"{pack.folder.name}.pack.yaml"
        try:
            proofs = pack.export(target)
        except files.EditorFileError as error:
            self.host.show_problems("Export refused", [str(p) for p in error.problems] or [str(error)])
            return
        except OSError as error:
            self.pack_dialog(pack, error=self.host.failed(f"the pack {pack.folder.name}", error, "export"))
            return
        self.host.close_dialog()
        failing = [p.level_id for p in proofs if p.verdict == Verdict.FAILS]
        self.host.say(f"exported {target} ({proofs_said(proofs)})"
                      + (f"; left out, not proving their level: {', '.join(failing)}" if failing else ""),
                      bad=bool(failing))


def _written(meta: dict[str, Any]) -> dict[str, Any]:
    """A pack's details as pack.yaml keeps them (empty ones are left out of the file)."""
    return {k: v for k, v in meta.items() if v not in ("", None)}
