"""What an editor part may ask of the editor that holds it: the model, dialogs, the status line, a refresh."""

from __future__ import annotations

from typing import Any, Protocol

from .model import EditModel
from .widgets import Dialog


class Host(Protocol):
    """The small interface every part talks to; a part keeps everything else to itself."""

    window: Any

    @property
    def model(self) -> EditModel: ...

    def open_dialog(self, dialog: Dialog) -> None: ...

    def close_dialog(self) -> None: ...

    def refresh(self) -> None:
        """Bring the widgets in step with the model after a change."""

    def say(self, text: str, bad: bool = False) -> None:
        """Put a message on the status line (the one place it is written)."""

    def commit_typing(self) -> None:
        """What is typed in a field counts now (before a play-test, a save, a close)."""

    def show_problems(self, title: str, lines: list[str]) -> None:
        """A dialog listing problems, with OK."""

    def on_close(self) -> bool | None:
        """The window's close: asks about unsaved changes first (True keeps it open)."""
