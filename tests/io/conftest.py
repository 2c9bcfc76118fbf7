"""Fixtures of the file tests: a data folder of the test's own."""

from __future__ import annotations

import pathlib

import pytest


@pytest.fixture()
def data(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    """An empty data folder for this test alone (GRIDFALL_DATA_DIR points at it)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(folder))
    return folder
