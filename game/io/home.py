"""Where the user's data folder is, found without touching the disk (the gate's root and paths' base)."""

from __future__ import annotations

import os
import pathlib

import platformdirs


def data_base() -> pathlib.Path:
    """Where the user's data folder is, made or not.

    GRIDFALL_DATA_DIR overrides it, so tests and portable installs never touch the real one.
    """
    override = os.environ.get("GRIDFALL_DATA_DIR")
    return pathlib.Path(override) if override else pathlib.Path(platformdirs.user_data_dir("gridfall", appauthor=False))
