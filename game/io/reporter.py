"""The one reporter of a failure to save or keep something: one line naming the real file, sent where the person looks."""

from __future__ import annotations

import sys
from collections.abc import Callable

from .gate import PathRefused


def describe(what: str, exc: BaseException, doing: str = "save") -> str:
    """'Could not save WHAT: FILE: why' in one line (or load, keep, rename: `doing`); the file is
    the real one (the gate names it, never its hidden temporary)."""
    if isinstance(exc, PathRefused):
        detail = str(exc)
    elif isinstance(exc, OSError) and exc.filename:
        detail = f"{exc.filename}: {exc.strerror or exc}"
    else:
        detail = str(exc) or type(exc).__name__
    return f"Could not {doing} {what}: {detail}"


class Reporter:
    """Where a failed save is told: the screen the person looks at (a toast in the game, the
    status line in the editor), given by `show`; until one is attached, kept and told at once
    when it is. Each line also goes to the console, for a log."""

    def __init__(self, show: Callable[[str], None] | None = None) -> None:
        self._show = show
        self.waiting: list[str] = []

    def attach(self, show: Callable[[str], None]) -> None:
        self._show = show
        waiting, self.waiting = self.waiting, []
        for line in waiting:
            show(line)

    def failed(self, what: str, exc: BaseException, doing: str = "save") -> str:
        """Tell that `what` could not be saved (or loaded, kept...: `doing`); the line told."""
        line = describe(what, exc, doing)
        print(f"gridfall: {line}", file=sys.stderr)
        if self._show is None:
            self.waiting.append(line)
        else:
            self._show(line)
        return line
