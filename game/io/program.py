"""This program as a command: how to start one of its own subcommands, installed or bundled."""

from __future__ import annotations

import sys


def subcommand(*args: str) -> list[str]:
    """The command line that runs `gridfall ARGS` as this program runs: `python -m game ARGS`
    from an installed game, the program itself from a one-folder bundle (PyInstaller), whose
    sys.executable is the game and would take `-m game` for words of its own."""
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, "-m", "game", *args]
