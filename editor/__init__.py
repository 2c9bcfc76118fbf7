"""Gridfall's level editor: open_editor(window) shows it in the game's window."""

from __future__ import annotations

import pathlib

import game.ui  # noqa: F401  (prepares arcade: the editor's modules import it as usual)
from typing import Any, Callable


def open_editor(window: Any, path: str | pathlib.Path | None = None,
                on_leave: Callable[[], None] | None = None, settings: Any = None) -> Any:
    """Show the editor in `window` (on `path` when given) and return its view.

    `on_leave` runs when the designer leaves the editor (the title screen's way back); without
    it, leaving closes the window. A recovery file from a session that ended with unsaved
    changes (one no running editor holds) is offered for restoring first.
    """
    from game.io.rename import finish_renames
    from game.io.settings import load_settings

    from . import recovery
    from .view import EditorView

    if settings is None:
        settings = load_settings()
    # A rename a crash interrupted is finished before any of its files is shown.
    finish_renames(*([pathlib.Path(path).absolute().parent] if path is not None else []))
    view = EditorView(window, on_leave=on_leave, settings=settings)
    if path is not None:
        view.open_path(pathlib.Path(path))
    recovery.sweep_temporaries()
    view.offer_recovery(recovery.pending())
    window.show_view(view)
    return view


__all__ = ["open_editor"]
