"""The editor's test fixture: a fresh editor in the shared window, with no leftover recovery."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import pytest

from driving import clear_recoveries, frame
from editor import open_editor


@pytest.fixture()
def editor(window: Any, data_dir: pathlib.Path) -> Iterator[Any]:
    clear_recoveries()
    view = open_editor(window, on_leave=lambda: None)
    frame(window)
    yield view
    view.model.mark_saved()
