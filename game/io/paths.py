"""Where Gridfall keeps things: the shipped levels and the user's data folder."""

from __future__ import annotations

import os
import pathlib

import platformdirs

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]


def levels_dir() -> pathlib.Path:
    """The built-in packs shipped with the game."""
    return REPO_ROOT / "levels"


def assets_dir() -> pathlib.Path:
    return REPO_ROOT / "assets"


def data_dir() -> pathlib.Path:
    """The user's data folder (progress, settings, installed packs, own levels).

    GRIDFALL_DATA_DIR overrides it, so tests and portable installs never touch the real one.
    """
    override = os.environ.get("GRIDFALL_DATA_DIR")
    base = pathlib.Path(override) if override else pathlib.Path(platformdirs.user_data_dir("gridfall", appauthor=False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def installed_packs_dir() -> pathlib.Path:
    path = data_dir() / "packs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_levels_dir() -> pathlib.Path:
    path = data_dir() / "levels"
    path.mkdir(parents=True, exist_ok=True)
    return path
