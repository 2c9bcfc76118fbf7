"""Start-up: the command line imports only the command it runs (no bots, io or yaml to print --help)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROBE = """
import sys
from game.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = sorted(m for m in ("game.bots", "game.io", "yaml", "arcade", "importlib.metadata") if m in sys.modules)
print("IMPORTED", ",".join(heavy))
"""


def imported(*argv: str) -> tuple[set[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    last = [line for line in out.stdout.splitlines() if line.startswith("IMPORTED")][-1]
    return set(filter(None, last.split(" ", 1)[1].split(","))), out.stdout


def test_help_lists_every_command_without_importing_them() -> None:
    heavy, text = imported("--help")
    assert heavy == set()
    for command in ("play", "simulate", "playtest", "replay", "validate", "pack", "edit", "record", "daily", "code"):
        assert f"    {command} " in text


def test_a_commands_own_help_still_has_its_options() -> None:
    heavy, text = imported("simulate", "--help")
    assert "--games" in text and "--bot" in text     # its choices come from the bots: they load now
    assert "game.bots" in heavy


def test_version_is_printed() -> None:
    _, text = imported("--version")
    assert text.startswith("gridfall ")


def test_each_command_is_listed_with_its_own_help() -> None:
    import argparse

    from game.cli import SUBCOMMANDS, build_parser

    def listed(parser: argparse.ArgumentParser) -> dict[str, str]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return {a.dest: str(a.help) for a in sub._choices_actions}

    assert listed(build_parser()) == listed(build_parser(every=True)) == {n: h for n, _, h in SUBCOMMANDS}
