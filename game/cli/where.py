"""`gridfall where [WHAT]`: the folders and files the game keeps, to find or send them."""

from __future__ import annotations

import argparse
import pathlib
import sys
from collections.abc import Callable
from typing import Any

from game.cli.output import safe
from game.io import paths
from game.io.gate import PathRefused
from game.io.progress import progress_path
from game.io.settings import settings_path

# What `where` names, in the order printed; each a word a person can ask for alone.
PLACES: tuple[tuple[str, str, Callable[[], pathlib.Path]], ...] = (
    ("data", "the data folder (progress, settings, packs, logs)", paths.data_dir),
    ("settings", "the settings file", settings_path),
    ("progress", "completed levels, stars, games left halfway", progress_path),
    ("log", "the log file: send it with a bug report", paths.log_file),
    ("packs", "the packs you installed", paths.installed_packs_dir),
    ("my-packs", "the packs you are making in the editor", paths.user_packs_dir),
    ("levels", "your own levels", paths.user_levels_dir),
    ("shared", "the games and GIFs you shared", paths.share_dir),
)


def register(subparsers: Any) -> None:
    names = [name for name, _, _ in PLACES]
    parser = subparsers.add_parser(
        "where", help="print where the data folder, the settings, the log and your packs are",
        description="Print each folder and file Gridfall keeps for you, one a line "
                    "(GRIDFALL_DATA_DIR moves them all). Name one to print its path alone, "
                    "for a script: cd \"$(gridfall where packs)\".")
    parser.add_argument("what", nargs="?", choices=names, metavar="WHAT",
                        help=f"one of {', '.join(names)}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.what is not None:
            (place,) = [find for name, _, find in PLACES if name == args.what]
            print(safe(place()))
            return 0
        width = max(len(name) for name, _, _ in PLACES)
        for name, what, find in PLACES:
            print(safe(f"{name:<{width}}  {find()}  ({what})"))
    except (PathRefused, OSError) as exc:   # a file where a folder belongs, a folder not made
        print(safe(f"gridfall where: {exc}"), file=sys.stderr)
        return 1
    return 0
