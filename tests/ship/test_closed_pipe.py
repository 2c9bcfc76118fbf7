"""A command whose reader goes away (`gridfall code ... | head -1`) ends quietly: no traceback."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from game.io import load_level
from game.io.codes import level_code
from game.io.paths import levels_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _closed_reader(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m game ARGS | head -0`: the pipe's reading end is closed before the command
    writes a byte, so its first write (or the flush at exit) meets a closed pipe, every time."""
    read, write = os.pipe()
    os.close(read)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.run([sys.executable, "-m", "game", *args], stdout=write, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, cwd=ROOT, env=env, timeout=120)
    finally:
        os.close(write)


def _first_level() -> pathlib.Path:
    return sorted(levels_dir().glob("first-steps/*.yaml"))[0]


@pytest.mark.parametrize("args", [
    pytest.param(lambda: ["code", "--decode", level_code(load_level(_first_level()))], id="code-decode"),
    pytest.param(lambda: ["code", str(_first_level())], id="code"),
    pytest.param(lambda: ["pack", "list"], id="pack-list"),
    pytest.param(lambda: ["--help"], id="help"),
])
def test_a_closed_pipe_ends_the_command_without_a_traceback(args, tmp_path: pathlib.Path,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    done = _closed_reader(*args())
    assert done.stderr == "", done.stderr
    assert done.returncode in (0, 1)   # never Python's 120 (its own flush at exit failed)

