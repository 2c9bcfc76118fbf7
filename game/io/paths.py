"""Where Gridfall keeps things: the shipped levels and the user's data folder."""

from __future__ import annotations

import os
import pathlib

import platformdirs

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
WORKING_FOLDER = "my-packs"   # in the data folder: the packs a designer is making


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
    return _folder(base)


class LinkInDataError(OSError):
    """A link inside the data folder: Gridfall never reads, writes or deletes through one."""


def data_path(*parts: str) -> pathlib.Path:
    """data_dir()/parts, refusing every part that is a link (a symbolic link could lead out of
    the data folder, and the game would then read, write or delete the player's other files
    there). Nothing is made; the data folder itself may be a link the player chose."""
    path = data_dir()
    for part in parts:
        path = path / part
        if path.is_symlink():
            raise LinkInDataError(f"{path} is a link; Gridfall never follows links inside its "
                                  "data folder: move it away")
    return path


def data_folder(*parts: str) -> pathlib.Path:
    """data_path(*parts) as a folder, each part made when missing (and checked: no links)."""
    path = data_dir()
    for n in range(len(parts)):
        path = _folder(data_path(*parts[: n + 1]))
    return path


def installed_packs_dir() -> pathlib.Path:
    return data_folder("packs")


def user_packs_dir() -> pathlib.Path:
    """The packs a designer is building in the editor: kept apart from installed packs, so an
    install never replaces work in progress and `pack list` can tell the two apart."""
    return data_folder(WORKING_FOLDER)


def user_levels_dir() -> pathlib.Path:
    return data_folder("levels")


def _folder(path: pathlib.Path) -> pathlib.Path:
    """`path`, made when missing; an OSError that names it when it is a file or cannot be made."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(f"{path} is a file where Gridfall keeps a folder; move it away") from None
    except OSError as exc:
        raise OSError(f"cannot make the folder {path} ({exc.strerror or exc})") from None
    if not path.is_dir():
        raise NotADirectoryError(f"{path} is not a folder; move it away")
    return path
