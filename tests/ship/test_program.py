"""The game starts its own subcommands (Share's GIF) as it itself runs: installed or bundled."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from game.io.program import subcommand

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_an_installed_game_starts_python_on_itself_and_the_subcommand_answers() -> None:
    command = subcommand("--version")
    assert command[:3] == [sys.executable, "-m", "game"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("gridfall "), done.stderr


def test_a_bundle_starts_itself_with_the_subcommand_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller sets sys.frozen; sys.executable is then the game, which reads `-m` as its own word.
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert subcommand("record", "a.replay.yaml", "--out", "a.gif") == [
        sys.executable, "record", "a.replay.yaml", "--out", "a.gif"]


def test_nothing_else_spells_out_how_to_start_the_game() -> None:
    spelled = [str(path.relative_to(ROOT)) for folder in ("game", "editor") for path in (ROOT / folder).rglob("*.py")
               if path.name != "program.py" and '"-m", "game"' in path.read_text(encoding="utf-8")]
    assert spelled == []
