"""Atomic file writes: a temporary file in the same folder, flushed, then os.replace."""

from __future__ import annotations

import errno
import os
import pathlib
import stat
import tempfile
import time


def _umask() -> int:
    # The only portable way to read the umask is to set it and put it back.
    current = os.umask(0)
    os.umask(current)
    return current


def read_regular(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of `path` when it is a regular file; None when it is missing, a folder, a named
    pipe or a device. Opened without blocking, so a FIFO never hangs the caller (a plain read
    of one waits for a writer forever)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one.

    Only a regular file (or a link, which is replaced, never followed) is ever replaced: a
    named pipe, a socket or a device in the way is refused, so is a folder."""
    target = pathlib.Path(path)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(target))
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise OSError(errno.EINVAL, "is not a regular file (a named pipe or a device); "
                      "choose another name", str(target))
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


STALE_TEMP_SECONDS = 600
"""A temporary file this old was left by a write that was killed: no live write takes as long."""


def sweep_stale_temporaries(path: str | os.PathLike[str]) -> int:
    """Remove the temporaries killed writes of `path` left beside it; return how many.

    Only regular files of our own naming (.NAME.*.tmp) untouched for STALE_TEMP_SECONDS go:
    another process writing the same file right now keeps its temporary.
    """
    target = pathlib.Path(path)
    removed = 0
    now = time.time()
    try:
        candidates = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return 0
    for stale in candidates:
        try:
            info = stale.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                stale.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def set_aside(path: pathlib.Path) -> pathlib.Path | None:
    """Move a damaged file out of the way as `NAME.corrupt-N` (the first N free), so a fresh one
    can start and nothing is lost; the new name, or None when it cannot be moved (read-only)."""
    n = 1
    while (backup := path.with_name(f"{path.name}.corrupt-{n}")).exists():
        n += 1
    try:
        path.replace(backup)
    except OSError:
        return None
    return backup
