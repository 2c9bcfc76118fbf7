"""The `gridfall` command line: one module per subcommand, listed in SUBCOMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Each module here defines `register(subparsers)`, which adds its parser and sets `run`. Only the
# command being run is imported: most of them import the bots, io and yaml, and `gridfall --help`
# (or starting the game) should not pay for that; the others are listed by name and help alone.
SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    ("play", "game.cli.play", "open the game (the default)"),
    ("simulate", "game.cli.simulate", "let a bot play a level over many seeds (win rate, score, moves)"),
    ("playtest", "game.cli.playtest", "play each level many times and report how hard it is"),
    ("generate", "game.cli.generate", "propose levels for a pass band (and a lesson), proven on fresh seeds"),
    ("calibrate", "game.cli.calibrate", "fit the person-like bot to real players' replays (a persona file)"),
    ("replay", "game.cli.replay", "play a replay file through the rules and print the result"),
    ("validate", "game.cli.validate", "check level files and packs, listing every problem"),
    ("pack", "game.cli.pack", "build, unpack, install or list level packs"),
    ("edit", "game.cli.edit", "open the level editor"),
    ("record", "game.cli.record", "record a replay or a bot's game as an animated GIF (offscreen)"),
    ("daily", "game.cli.daily", "print or write the daily puzzle's level file"),
    ("code", "game.cli.code", "a level as a short code for a chat message (a replay: the whole game), or a code "
                              "back into files"),
    ("where", "game.cli.where", "print where the data folder, the settings, the log and your packs are"),
    ("desktop", "game.cli.desktop", "print the desktop entry (a menu item with the icon), or install it"),
)


def _command_in(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` names (its first word that is one), if any."""
    names = {name for name, _, _ in SUBCOMMANDS}
    return next((word for word in argv if word in names), None)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gridfall")
    except PackageNotFoundError:
        return "0+unknown"


class _Version(argparse.Action):
    """--version: the installed version, looked up only when asked (importlib.metadata is slow to load)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"gridfall {_version()}")
        parser.exit()


def build_parser(command: str | None = None, *, every: bool = False) -> argparse.ArgumentParser:
    """The parser: `command`'s in full (every command's with `every`), the others by name and help."""
    parser = argparse.ArgumentParser(
        prog="gridfall",
        description="Gridfall: match3, chain and slide puzzles, and a level workbench.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module, summary in SUBCOMMANDS:
        if every or name == command:
            importlib.import_module(module).register(subparsers)
        else:
            subparsers.add_parser(name, help=summary, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        # A one-folder bundle is its own worker: a process it spawns (a playtest on a terminal,
        # the editor's F5) starts here and must become the worker, not a second game.
        import multiprocessing

        multiprocessing.freeze_support()
    from game.cli.output import guard_streams, quiet_broken_pipe

    guard_streams()
    try:
        words = sys.argv[1:] if argv is None else argv
        command = _command_in(words)
        args = build_parser(command).parse_args(words)
        if args.command is None:
            args = build_parser("play").parse_args(["play", *words])
        code = int(args.run(args) or 0)
        sys.stdout.flush()   # a closed pipe is found here, not at exit where nothing can catch it
        return code
    except BrokenPipeError:
        # The reader went away (`gridfall code ... | head`): what is left to say has no one to read it.
        return quiet_broken_pipe()


if __name__ == "__main__":
    sys.exit(main())
