"""`gridfall play`: open the game window (the default subcommand)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="open the game (the default)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print("gridfall: the game window (title, packs, levels, play) is not built yet; "
          "it will open here. The board core is ready: see README.md.")
    return 0
