"""Where Gridfall keeps things: the shipped levels and the user's data folder."""

from __future__ import annotations

import atexit
import functools
import importlib.resources
import os
import pathlib
import shutil
import tempfile

import platformdirs

from . import gate
from .gate import PathRefused
from .home import data_base

WORKING_FOLDER = "my-packs"   # in the data folder: the packs a designer is making
SHIPPED_IN = ("data",)   # where the build (setup.py) puts levels/ and assets/ inside the package


def levels_dir() -> pathlib.Path:
    """The built-in packs shipped with the game, each with its proofs in replays/ (levels/)."""
    return shipped_dir("levels")


def assets_dir() -> pathlib.Path:
    """Textures and sounds shipped with the game (assets/)."""
    return shipped_dir("assets")


def shipped_dir(name: str) -> pathlib.Path:
    """A top-level folder of shipped data (levels, assets), wherever the game runs from.

    An installed wheel (pip, pipx) and a one-folder bundle carry it as package data, game/data/NAME
    (setup.py maps it there), read through importlib.resources; a checkout (an editable install,
    PYTHONPATH) keeps it at its top, beside game/. This is the one place that knows both.
    """
    package = importlib.resources.files("game")
    if not isinstance(package, pathlib.Path):
        return _unpacked(name)
    folder = package.joinpath(*SHIPPED_IN, name)
    if gate.chosen_folder(folder):
        return folder
    checkout = package.parent / name
    return checkout if gate.chosen_folder(checkout) else folder


@functools.cache
def _unpacked(name: str) -> pathlib.Path:
    """Package data that is not a folder on disk (the game imported from a zip): copied once
    into a temporary folder that lives as long as the process, since packs and textures are
    read as files."""
    target = pathlib.Path(tempfile.mkdtemp(prefix="gridfall-data-"))
    atexit.register(shutil.rmtree, target, True)
    stack = [(importlib.resources.files("game").joinpath(*SHIPPED_IN, name), target / name)]
    while stack:
        source, dest = stack.pop()
        if source.is_dir():
            dest.mkdir()
            stack.extend((child, dest / child.name) for child in source.iterdir())
        else:
            dest.write_bytes(source.read_bytes())
    return target / name


def data_dir() -> pathlib.Path:
    """The user's data folder (progress, settings, installed packs, own levels), made."""
    return _folder(data_base())


LinkInDataError = PathRefused   # the gate's one refusal: kept under its older name


def data_path(*parts: str) -> pathlib.Path:
    """data_dir()/parts, refusing every part that is a link (a symbolic link could lead out of
    the data folder, and the game would then read, write or delete the player's other files
    there). Nothing is made; the data folder itself may be a link the player chose."""
    return gate.guard(data_dir().joinpath(*parts))


def data_folder(*parts: str) -> pathlib.Path:
    """data_path(*parts) as a folder, each part made when missing (and checked: no links)."""
    return gate.make_folder(data_dir().joinpath(*parts))


def installed_packs_dir() -> pathlib.Path:
    return data_folder("packs")


def user_packs_dir() -> pathlib.Path:
    """The packs a designer is building in the editor: kept apart from installed packs, so an
    install never replaces work in progress and `pack list` can tell the two apart."""
    return data_folder(WORKING_FOLDER)


def user_levels_dir() -> pathlib.Path:
    return data_folder("levels")


def personas_dir() -> pathlib.Path:
    """The designer's personas (`gridfall calibrate` writes there by default): the editor's
    Difficulty panel offers each one beside the default person-like bot."""
    return data_folder("personas")


def _folder(path: pathlib.Path) -> pathlib.Path:
    """A folder the person chose (or Gridfall's default for one), made when missing."""
    return gate.make_root(path)


SHARE_FOLDER = "Gridfall"   # in the player's Documents: shared games a player finds without help


def share_dir() -> pathlib.Path:
    """Where shared games go: Documents/Gridfall, a folder a player finds without help.

    GRIDFALL_SHARE_DIR names another; with GRIDFALL_DATA_DIR set (a portable install, the
    tests) it is that folder's shared/, so nothing is written outside it.
    """
    override = os.environ.get("GRIDFALL_SHARE_DIR")
    if override:
        return _folder(pathlib.Path(override))
    if os.environ.get("GRIDFALL_DATA_DIR"):
        return data_folder("shared")
    return _folder(pathlib.Path(platformdirs.user_documents_dir()) / SHARE_FOLDER)


def recovery_dir() -> pathlib.Path:
    """The editor's unsaved work, one file per open editor (data folder's recovery/)."""
    return data_folder("recovery")


def exports_dir() -> pathlib.Path:
    """Packs the editor exports as one shareable file (data folder's exports/)."""
    return data_folder("exports")



LOG_NAME = "gridfall.log"


def logs_dir() -> pathlib.Path:
    """The log files (data folder's logs/): what the game said, to send with a bug report."""
    return data_folder("logs")


def log_file() -> pathlib.Path:
    """The current log file (older ones beside it, numbered: logs/gridfall.log.1, ...), never a link."""
    return gate.guard(logs_dir() / LOG_NAME)


def icon_file() -> pathlib.Path:
    """The game's icon (256 px PNG, drawn by assets/make_textures.py): the window's and the
    desktop entry's."""
    return assets_dir() / "textures" / "icon.png"


DESKTOP_NAME = "gridfall"   # the desktop entry's and the icon's file stem (freedesktop.org)


def desktop_entry_file() -> pathlib.Path:
    """Where a desktop (GNOME, KDE, SteamOS's desktop mode) looks for the game's menu entry:
    XDG_DATA_HOME/applications/gridfall.desktop (~/.local/share unless set)."""
    return _xdg_data_home() / "applications" / f"{DESKTOP_NAME}.desktop"


def desktop_icon_file() -> pathlib.Path:
    """Where the desktop entry's icon goes: the hicolor theme's 256x256 apps folder."""
    return _xdg_data_home() / "icons" / "hicolor" / "256x256" / "apps" / f"{DESKTOP_NAME}.png"


def _xdg_data_home() -> pathlib.Path:
    return pathlib.Path(platformdirs.user_data_dir(appname=None, appauthor=False))
