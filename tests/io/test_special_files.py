"""Named pipes, sockets and folders where a file is written (issue 22: Save As onto a FIFO hung the
editor, whose backups read the target first): never a hang, never a pipe replaced, a clear error."""

from __future__ import annotations

import os
import pathlib
import socket

import pytest

from editor import backups
from editor.files import save_draft
from editor.model import from_level
from game.core import Level
from game.io import save_level
from game.io.atomic import atomic_write_bytes, read_regular
from game.io.gate import PathRefused

LEVEL = Level(id="pipe", name="Pipe", mode="slide", width=3, height=3)


@pytest.fixture()
def fifo(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def test_backups_of_a_fifo_keep_nothing_and_never_wait(fifo: pathlib.Path) -> None:
    assert backups.keep(fifo) is None   # a plain read would wait for a writer forever
    assert read_regular(fifo) is None


@pytest.mark.parametrize("write", [
    lambda p: atomic_write_bytes(p, b"x"),
    lambda p: save_level(LEVEL, p),
    lambda p: save_draft(from_level(LEVEL), p),
])
def test_saving_onto_a_fifo_is_refused_and_the_pipe_stays(fifo: pathlib.Path, write: object) -> None:
    with pytest.raises(OSError, match="not a regular file"):
        write(fifo)  # type: ignore[operator]
    assert pathlib.Path(fifo).is_fifo()
    assert [p.name for p in fifo.parent.iterdir()] == [fifo.name]   # no temporary left


def test_saving_onto_a_socket_or_folder_is_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "s.yaml"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(OSError, match="not a regular file"):
            save_level(LEVEL, path)
    finally:
        server.close()
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    with pytest.raises(PathRefused, match="is a folder"):
        save_level(LEVEL, folder)
    assert backups.keep(folder) is None


def test_a_regular_file_is_still_backed_up_and_replaced(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "pipe.yaml"
    save_level(LEVEL, path)
    before = path.read_bytes()
    kept = backups.keep(path)
    assert kept is not None and kept.read_bytes() == before
    save_draft(from_level(LEVEL), path)
    assert path.read_bytes() == before
