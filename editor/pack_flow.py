"""The editor's pack flows: create a pack, add, reorder and remove levels, edit its metadata, export it."""

from __future__ import annotations

from typing import Any, Callable

from . import files
from .base import LEVELS_PER_PAGE, PACKS_PER_PAGE, EditorBase, _page, _pager
from .widgets import Dialog


class PackFlow(EditorBase):
    """The editor's pack flows, for EditorView."""

    # -- packs ---------------------------------------------------------------------------------------
    def ask_pack(self, page: int = 0) -> None:
        packs = files.user_packs()
        page, pages, shown = _page(packs, page, PACKS_PER_PAGE)
        rows: list[list[tuple[Any, ...]]] = []
        for pack in shown:
            rows.append([("label", f"{pack.meta.get('name', pack.folder.name)} "
                          f"({len(pack.levels)} levels)", 360),
                         ("button", f"open {pack.folder.name}", 240, lambda p=pack: self.pack_dialog(p))])
        rows.append([("label", "new pack id", 120), ("field", "new_id", "", 220),
                     ("button", "Create pack", 160, self._create_pack)])
        rows.append([("button", "Close", 110, self.close_dialog)]
                    + _pager(page, pages, lambda n: self._repack(n)))
        self.open_dialog(Dialog(self.window, "Packs (in your data folder)", rows))

    def _repack(self, page: int) -> None:
        self.close_dialog()
        self.ask_pack(page)

    def _create_pack(self) -> None:
        assert self.dialog is not None
        pack_id = self.dialog.value("new_id").strip()
        try:
            pack = files.new_pack(pack_id, pack_id)
        except files.EditorFileError as error:
            self.say(str(error), bad=True)
            return
        self.pack_dialog(pack)

    def pack_dialog(self, pack: files.PackFolder, page: int | None = None) -> None:
        """A pack's details and levels (paged; reordering keeps the page the level is on)."""
        if page is None:
            page = self._pack_page if self._pack is pack else 0
        self.close_dialog()
        m = pack.meta
        rows: list[list[tuple[Any, ...]]] = [
            [("label", "name", 90), ("field", "name", str(m.get("name") or ""), 240),
             ("label", "author", 70), ("field", "author", str(m.get("author") or ""), 200)],
            [("label", "version", 90), ("field", "version", str(m.get("version") or ""), 100),
             ("label", "description", 120), ("field", "description", str(m.get("description") or ""), 210)],
        ]
        page, pages, shown = _page(pack.levels, page, LEVELS_PER_PAGE)
        self._pack_page = page
        for i, name in enumerate(shown, start=page * LEVELS_PER_PAGE):
            rows.append([("label", f"{i + 1}. {name}", 330),
                         ("button", f"up {i + 1}", 70, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, -1))),
                         ("button", f"down {i + 1}", 80, lambda i=i: self._pack_edit(pack, lambda: pack.move(i, 1))),
                         ("button", f"remove {i + 1}", 100, lambda i=i: self._pack_edit(pack, lambda: pack.remove(i)))])
        rows.append([("button", "Add this level", 170, lambda: self._pack_add(pack)),
                     ("button", "Save details", 150, lambda: self._pack_edit(pack, lambda: None)),
                     ("button", "Export", 110, lambda: self._pack_export(pack)),
                     ("button", "Close", 100, self.close_dialog)])
        if pages > 1:
            rows.append(_pager(page, pages, lambda n: self.pack_dialog(pack, n)))
        self.open_dialog(Dialog(self.window, f"Pack '{pack.folder.name}'", rows, width=720))
        self._pack = pack

    def _read_pack_fields(self, pack: files.PackFolder) -> None:
        if self.dialog is None:
            return
        for key in ("name", "author", "version", "description"):
            if key in self.dialog.fields:
                pack.meta[key] = self.dialog.value(key)

    def _pack_edit(self, pack: files.PackFolder, change: Callable[[], None]) -> None:
        self._read_pack_fields(pack)
        change()
        pack.save()
        self.pack_dialog(pack)

    def _pack_add(self, pack: files.PackFolder) -> None:
        problems = self.model.problems()
        self._read_pack_fields(pack)
        path = pack.add(self.model.draft)
        if self.model.path is None:
            self.model.mark_saved(path)
        self.say(f"added {self.model.draft.id} to {pack.folder.name}"
                 + (f" as a draft ({len(problems)} problems: export will refuse it)" if problems else ""),
                 bad=bool(problems))
        self.pack_dialog(pack)
        self.refresh()

    def _pack_export(self, pack: files.PackFolder) -> None:
        self._read_pack_fields(pack)
        pack.save()
        target = files.exports_dir() / f"{pack.folder.name}.pack.yaml"
        try:
            pack.export(target)
        except files.EditorFileError as error:
            self.show_problems("Export refused", [str(p) for p in error.problems])
            return
        self.close_dialog()
        self.say(f"exported {target}")
