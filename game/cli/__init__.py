"""The `gridfall` command line: one module per subcommand, listed in SUBCOMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from importlib.metadata import PackageNotFoundError, version

# Each module here defines `register(subparsers)`, which adds its parser and sets `run`.
SUBCOMMANDS: tuple[str, ...] = (
    "game.cli.play",
    "game.cli.simulate",
    "game.cli.playtest",
    "game.cli.replay",
    "game.cli.validate",
    "game.cli.pack",
    "game.cli.edit",
    "game.cli.record",
    "game.cli.daily",
    "game.cli.code",
)


def _version() -> str:
    try:
        return version("gridfall")
    except PackageNotFoundError:
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gridfall",
        description="Gridfall: match3, chain and slide puzzles, and a level workbench.",
    )
    parser.add_argument("--version", action="version", version=f"gridfall {_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from game.cli.output import guard_streams

    guard_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
