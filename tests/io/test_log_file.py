"""The log file (issue 38): a game's run is kept in logs/gridfall.log (the file `gridfall where log`
names), with every line the console printed and the error that stopped the game; it rotates."""

from __future__ import annotations

import logging
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from game.io import logfile
from game.io.reporter import Reporter

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _env(tmp_path: pathlib.Path) -> dict[str, str]:
    return dict(os.environ, GRIDFALL_DATA_DIR=str(tmp_path / "data"), ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT))


def _where_log(tmp_path: pathlib.Path) -> pathlib.Path:
    done = subprocess.run([sys.executable, "-m", "game", "where", "log"], env=_env(tmp_path), capture_output=True,
                          text=True, timeout=60, check=True)
    return pathlib.Path(done.stdout.strip())


def test_an_error_that_stops_the_game_is_in_the_log_where_says_and_the_console_names_it(tmp_path: pathlib.Path) -> None:
    script = (
        "import arcade\n"
        "from game.ui.screens.title import TitleView\n"
        "def broken(self):\n"
        "    raise RuntimeError('the title could not draw')\n"
        "TitleView.on_draw = broken\n"
        "from game.cli import main\n"
        "main(['play', '--frames', '3'])\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=_env(tmp_path), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0
    log = _where_log(tmp_path)
    said = log.read_text(encoding="utf-8")
    assert "INFO started" in said and "Traceback" in said and "RuntimeError: the title could not draw" in said
    assert f"the error below is in {log}" in done.stderr


def test_what_the_console_printed_while_the_game_ran_is_in_the_log(tmp_path: pathlib.Path, capsys: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    shown: list[str] = []
    with logfile.kept(Reporter(shown.append)):
        print("a line on the console")
        print("gridfall: a warning", file=sys.stderr)
        Reporter().failed("your progress", IsADirectoryError(21, "Is a directory", "/x/progress.yaml"))
    print("after the game")
    out = capsys.readouterr()
    assert "a line on the console" in out.out and "a warning" in out.err   # the console still has them
    said = (tmp_path / "data" / "logs" / "gridfall.log").read_text(encoding="utf-8")
    assert "INFO a line on the console" in said and "WARNING gridfall: a warning" in said
    assert "Could not save your progress: /x/progress.yaml: Is a directory" in said
    assert "after the game" not in said and not shown and sys.stdout is not None


def test_the_log_rotates_and_keeps_a_few_older_files(tmp_path: pathlib.Path, capsys: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(logfile, "LOG_BYTES", 2_000)
    with logfile.kept(Reporter()):
        for n in range(400):
            print(f"line {n:04d} of a long game")
    capsys.readouterr()
    logs = tmp_path / "data" / "logs"
    assert sorted(p.name for p in logs.iterdir()) == ["gridfall.log", *(f"gridfall.log.{n}" for n in range(1, logfile.KEPT + 1))]
    assert all(p.stat().st_size <= 2_100 for p in logs.iterdir())
    assert "line 0399" in (logs / "gridfall.log").read_text(encoding="utf-8")


def test_a_log_that_cannot_be_opened_is_told_once_and_the_game_goes_on(tmp_path: pathlib.Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "logs").mkdir(parents=True)
    (tmp_path / "data" / "logs" / "gridfall.log").mkdir()   # a folder where the file goes
    shown: list[str] = []
    with logfile.kept(Reporter(shown.append)):
        print("still playing")
    assert len(shown) == 1 and shown[0].startswith("Could not save the log: ") and "gridfall.log" in shown[0]
    assert not [h for h in logging.getLogger(logfile.LOGGER).handlers if isinstance(h, logging.FileHandler)]
