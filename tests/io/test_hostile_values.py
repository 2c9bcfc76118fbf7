"""Numbers too long for Python, and file modes: loaders answer with their own errors, saves stay shareable."""

from __future__ import annotations

import os
import pathlib
import stat

import pytest

from game.io import LevelFileError, load_level
from game.io.atomic import atomic_write_text
from game.io.progress import load_progress
from game.io.replay import ReplayFileError, load_replay

LONG_NUMBERS = ["9" * 5000, "0b" + "1" * 20000, "1:" + "0:" * 3000 + "0"]


@pytest.mark.parametrize("number", LONG_NUMBERS, ids=["decimal", "binary", "base60"])
def test_a_number_too_long_is_a_level_file_error_naming_the_field(tmp_path: pathlib.Path, number: str) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text(f"format: 1\nid: huge\nname: Huge\nmode: match3\nwidth: {number}\nheight: 5\n")
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    assert "huge.yaml:5:8: width: a number of" in str(caught.value)


def test_a_replay_with_a_number_too_long_is_a_replay_error(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(f"format: 1\npack: p\nlevel: l\nseed: {'9' * 5000}\ncommands: []\n")
    with pytest.raises(ReplayFileError):
        load_replay(path)


def test_progress_with_a_number_too_long_is_moved_aside_not_fatal(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.yaml"
    path.write_text(f"format: 1\npacks: {'9' * 5000}\n")
    loaded = load_progress(path)
    assert loaded.notice and "far too long" in loaded.notice and f"{path}:2:" in loaded.notice
    assert not path.exists() and list(tmp_path.glob("progress.yaml.corrupt*"))


def test_saved_files_are_readable_by_others_like_any_new_file(tmp_path: pathlib.Path) -> None:
    old = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.yaml"
        atomic_write_text(fresh, "a: 1\n")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        kept = tmp_path / "kept.yaml"
        kept.write_text("old\n")
        kept.chmod(0o600)
        atomic_write_text(kept, "new\n")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() == "new\n"
    finally:
        os.umask(old)
