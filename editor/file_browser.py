"""Open any level file on disk: a typed path (Open's field) and a folder browser of .yaml files."""

from __future__ import annotations

import functools
import os
import pathlib
from typing import Any, Callable

from game.io import gate

from .host import Host
from .look import clip_path
from .widgets import Dialog

PER_PAGE = 10   # entries a browser page shows (the dialog fits the editor's smallest window)


def resolve_typed(text: str, folder: pathlib.Path) -> pathlib.Path:
    """A typed path as a person means it: ~ is the home folder, a relative path is under
    `folder` (the browser's). Never resolved: a link stays a link, so opening it is refused."""
    path = pathlib.Path(os.path.expanduser(text.strip()))
    return path if path.is_absolute() else folder / path


def listing(folder: pathlib.Path) -> list[tuple[str, pathlib.Path]]:
    """What the browser shows of `folder`: '..', its folders (name/), then its .yaml files.
    Hidden entries and links are left out (a link is never followed out of a folder)."""
    dirs: list[tuple[str, pathlib.Path]] = []
    levels: list[tuple[str, pathlib.Path]] = []
    for path, kind in gate.entries(folder):
        if path.name.startswith("."):
            continue
        if kind is gate.Kind.FOLDER:
            dirs.append((path.name + "/", path))
        elif kind is gate.Kind.FILE and path.name.endswith((".yaml", ".yml")):
            levels.append((path.name, path))
    up = [("..", folder.parent)] if folder.parent != folder else []
    return up + sorted(dirs, key=lambda e: e[0].lower()) + sorted(levels, key=lambda e: e[0].lower())


class FileBrowser:
    """Open's way to any file: it keeps the folder being browsed (the current level's own
    folder at first, else the folder the editor started in) and opens what is picked through
    `open_file`, which returns the error to show (None when opened)."""

    def __init__(self, host: Host, open_file: Callable[[pathlib.Path], str | None],
                 back: Callable[[], None]) -> None:
        self.host = host
        self._open_file = open_file
        self._back_to = back   # the Open dialog this browser was asked from
        self.folder: pathlib.Path | None = None   # None: not browsed yet (start_folder)

    def start_folder(self) -> pathlib.Path:
        if self.folder is not None and gate.chosen_folder(self.folder):
            return self.folder
        path = self.host.model.path
        return path.parent if path is not None and gate.chosen_folder(path.parent) else pathlib.Path.cwd()

    def typed(self, dialog: Dialog) -> None:
        """Enter (or Open file) in a path field: open the file, or browse the folder typed."""
        text = dialog.value("path").strip()
        if not text:
            dialog.show_error("type a level file's path (~ for your home folder), or Browse")
            return
        path = resolve_typed(text, self.start_folder())
        if gate.chosen_folder(path) and not gate.is_link(path):
            self.browse(path)
            return
        error = self._open_file(path)
        if error is not None:
            dialog.show_error(clip_path(error, 110))

    def browse(self, folder: pathlib.Path | None = None, page: int = 0) -> None:
        """The folder browser: '..' goes up, a folder opens, a .yaml file opens as a level."""
        folder = folder if folder is not None else self.start_folder()
        try:
            entries = listing(folder)
        except OSError as error:
            self.host.failed(f"the folder {folder.name}", error, "list")
            return
        self.folder = folder
        pages = max(1, (len(entries) + PER_PAGE - 1) // PER_PAGE)
        page = max(0, min(page, pages - 1))
        dialog: Dialog
        rows: list[list[tuple[Any, ...]]] = [
            [("label", clip_path(str(folder), 80), 720)],
            [("label", "path", 50), ("field", "path", "", 450),
             ("button", "Open file", 110, lambda: self.typed(dialog)),
             ("button", "Back", 80, self._back)],
        ]
        for name, path in entries[page * PER_PAGE:(page + 1) * PER_PAGE]:
            go = functools.partial(self.browse if name == ".." or name.endswith("/") else self._pick, path)
            rows.append([("button", name, 420, go, f"entry {name}")])
        if not entries[page * PER_PAGE:]:
            rows.append([("label", "no folders or .yaml files here", 600)])
        nav: list[tuple[Any, ...]] = [("button", "Cancel", 110, self.host.close_dialog)]
        if page > 0:
            nav.append(("button", "< Prev", 100, lambda: self.browse(folder, page - 1)))
        if page < pages - 1:
            nav.append(("button", "Next >", 100, lambda: self.browse(folder, page + 1)))
        nav.append(("label", f"page {page + 1} of {pages}", 160))
        rows.append(nav)
        self.host.close_dialog()
        dialog = Dialog(self.host.window, "Open a file", rows, width=760, default="Open file")
        self.host.open_dialog(dialog)

    def _back(self) -> None:
        self.host.close_dialog()
        self._back_to()

    def _pick(self, path: pathlib.Path) -> None:
        dialog = self.host.dialog
        error = self._open_file(path)
        if error is not None and dialog is not None and self.host.dialog is dialog:
            dialog.show_error(clip_path(error, 110))
