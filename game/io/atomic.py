"""Atomic file writes: a temporary file in the same folder, flushed, then os.replace."""

from __future__ import annotations

import os
import pathlib
import stat
import tempfile


def _umask() -> int:
    # The only portable way to read the umask is to set it and put it back.
    current = os.umask(0)
    os.umask(current)
    return current


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one."""
    target = pathlib.Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file owner-only (0600); a level or pack is meant to be shared, so
        # keep the old file's mode, or give a new one what open() would (0666 less the umask).
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
