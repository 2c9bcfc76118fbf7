"""The one gate to the user's files: every read, write, listing, rename and delete, kept inside its folder and never through a link."""

from __future__ import annotations

import contextlib
import enum
import errno
import fnmatch
import os
import pathlib
import secrets
import shutil
import stat
import time
from typing import Iterator

from .home import data_base

# Every path belongs to a folder (its root): the data folder, the shipped levels, or else the
# folder a person chose (the file's own folder). From the root down, each part is opened
# relative to its parent's descriptor with O_NOFOLLOW, so no link is followed at any step,
# even one made between a check and a use; the resolved path is also checked to be inside.
# A root itself may be a link: the person chose it (a data folder on another disk).

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW
_BY_FD = os.open in os.supports_dir_fd and os.listdir in os.supports_fd and bool(_NOFOLLOW)

PathLike = str | os.PathLike[str]


class PathRefused(OSError, ValueError):
    """A path Gridfall will not touch: a link, a folder where a file belongs (or the reverse), a pipe, a place outside its folder."""

    def __init__(self, path: PathLike, reason: str) -> None:
        self.path = pathlib.Path(path)
        self.reason = reason
        super().__init__(f"{self.path} {reason}")

    def __str__(self) -> str:
        return f"{self.path} {self.reason}"


LINK = "is a link; Gridfall never follows a link in the folders it keeps: move it away"


class Kind(enum.Enum):
    """What a name in a folder is, seen without following it."""

    FILE = "file"
    FOLDER = "folder"
    LINK = "link"
    OTHER = "other"   # a named pipe, a socket, a device


def _kind(mode: int) -> Kind:
    if stat.S_ISLNK(mode):
        return Kind.LINK
    if stat.S_ISDIR(mode):
        return Kind.FOLDER
    return Kind.FILE if stat.S_ISREG(mode) else Kind.OTHER


def _roots() -> list[str]:
    # The shipped levels need no root of their own: nothing writes there, and a file read
    # there is kept to its own folder like any other.
    return [str(data_base())]


def root_of(path: PathLike, folder: bool = False) -> pathlib.Path:
    """The folder `path` belongs to: the data folder or the shipped levels when it is inside
    one of them (as written, or as resolved), else the folder a person chose: the file's own
    folder, or the folder itself when `folder`."""
    here = os.path.abspath(path)
    for root in _roots():
        for form in (os.path.abspath(root), os.path.realpath(root)):
            if here == form or here.startswith(form.rstrip(os.sep) + os.sep):
                return pathlib.Path(form)
    return pathlib.Path(here if folder else os.path.dirname(here))


def _place(path: PathLike, folder: bool = False, within: PathLike | None = None) -> tuple[pathlib.Path, list[str]]:
    """(root, the parts below it) for `path` (the root `within` when given), refused when its
    resolved path leaves the root."""
    here = os.path.abspath(path)
    root = pathlib.Path(os.path.abspath(within)) if within is not None else root_of(here, folder)
    parts = [p for p in os.path.relpath(here, root).split(os.sep) if p not in ("", ".")]
    real, real_root = os.path.realpath(here), os.path.realpath(root)
    if real != real_root and not real.startswith(real_root.rstrip(os.sep) + os.sep):
        for n in range(1, len(parts) + 1):   # name the link itself, where there is one
            if os.path.islink(step := os.path.join(root, *parts[:n])):
                raise PathRefused(step, LINK)
        raise PathRefused(here, f"leads out of {root} (to {real}); Gridfall never follows a link "
                          "out of the folders it keeps: move it away")
    return root, parts


class _Folder:
    """An open folder: its descriptor (None where the system has no *at calls) and its path."""

    def __init__(self, path: pathlib.Path, fd: int | None) -> None:
        self.path, self.fd = path, fd

    def at(self, name: str) -> str:
        return name if self.fd is not None else str(self.path / name)

    def lstat(self, name: str) -> os.stat_result | None:
        try:
            return os.stat(self.at(name), dir_fd=self.fd, follow_symlinks=False)
        except (FileNotFoundError, NotADirectoryError):
            return None

    def child(self, name: str, make: bool) -> _Folder:
        where = self.path / name
        info = self.lstat(name)
        if info is None:
            if not make:
                raise FileNotFoundError(errno.ENOENT, "no such folder", str(where))
            try:
                os.mkdir(self.at(name), dir_fd=self.fd)
            except FileExistsError:
                pass   # made meanwhile by another process: checked below like any other
            except OSError as exc:
                raise OSError(exc.errno, f"cannot make the folder ({exc.strerror or exc})", str(where)) from None
            info = self.lstat(name)
        if info is not None and stat.S_ISLNK(info.st_mode):
            raise PathRefused(where, LINK)
        if info is None or not stat.S_ISDIR(info.st_mode):
            raise PathRefused(where, "is a file where Gridfall keeps a folder; move it away")
        if self.fd is None:
            return _Folder(where, None)
        try:
            fd = os.open(name, _FOLDER_FLAGS, dir_fd=self.fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):   # swapped for a link since
                raise PathRefused(where, LINK) from None
            raise
        return _Folder(where, fd)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _open_root(root: pathlib.Path, make: bool) -> _Folder:
    if make:
        make_root(root)
    if not _BY_FD:
        return _Folder(root, None)
    return _Folder(root, os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)))


@contextlib.contextmanager
def _walk(root: pathlib.Path, parts: list[str], make: bool) -> Iterator[_Folder]:
    """root/parts, opened part by part from the root (each part made when `make`)."""
    folder = _open_root(root, make)
    try:
        for part in parts:
            inner = folder.child(part, make)
            folder.close()
            folder = inner
        yield folder
    finally:
        folder.close()


@contextlib.contextmanager
def _folder(path: PathLike, make: bool = False) -> Iterator[_Folder]:
    """The folder `path` (a folder a person chose is its own root)."""
    with _walk(*_place(path, folder=True), make) as folder:
        yield folder


@contextlib.contextmanager
def _parent(path: PathLike, make: bool = False) -> Iterator[tuple[_Folder, str]]:
    """The folder holding `path`, opened from the root `path` belongs to, and the name in it."""
    root, parts = _place(path)
    if not parts:
        raise PathRefused(path, "is a folder Gridfall keeps, not a file")
    with _walk(root, parts[:-1], make) as folder:
        yield folder, parts[-1]


def make_root(path: PathLike) -> pathlib.Path:
    """A folder a person chose (the data folder, a share folder), made when missing; it may be
    a link they made. A PathRefused names it when a file is in the way."""
    folder = pathlib.Path(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        raise PathRefused(folder, "is a file where Gridfall keeps a folder; move it away") from None
    except OSError as exc:
        raise OSError(exc.errno, f"cannot make the folder ({exc.strerror or exc})", str(folder)) from None
    if not os.path.isdir(folder):
        raise PathRefused(folder, "is not a folder; move it away")
    return folder


def make_folder(path: PathLike) -> pathlib.Path:
    """`path` as a folder inside its root, each missing part made, none a link."""
    with _folder(path, make=True):
        return pathlib.Path(path)


# -- reading ------------------------------------------------------------------------------------

def lstat(path: PathLike) -> os.stat_result | None:
    """What `path` is, without following it; None when it (or a folder above it) is missing."""
    try:
        with _parent(path) as (folder, name):
            return folder.lstat(name)
    except (FileNotFoundError, NotADirectoryError):
        return None


def guard(path: PathLike, within: PathLike | None = None) -> pathlib.Path:
    """`path`, refused (PathRefused) when any part of it that exists is a link or leads out of
    its folder (`within`, when given: a folder the game keeps inside one a person chose); nothing
    is made."""
    if within is not None:
        root, parts = _place(path, within=within)
        for n in range(1, len(parts) + 1):
            step = root.joinpath(*parts[:n])
            if os.path.islink(step):
                raise PathRefused(step, LINK)
    info = lstat(path)   # walks the folders above it, refusing a link among them
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise PathRefused(path, LINK)
    return pathlib.Path(path)


def kind(path: PathLike) -> Kind | None:
    info = lstat(path)
    return None if info is None else _kind(info.st_mode)


def is_file(path: PathLike) -> bool:
    """True for a regular file (never a link to one); False for anything else or a refused path."""
    try:
        return kind(path) is Kind.FILE
    except PathRefused:
        return False


def is_folder(path: PathLike) -> bool:
    try:
        return kind(path) is Kind.FOLDER
    except PathRefused:
        return False


def exists(path: PathLike) -> bool:
    """Whether anything is at `path`, a link included (never followed). A path refused for a link
    on the way counts: something Gridfall did not make is in the way, and whatever acts on it
    next says so."""
    try:
        return lstat(path) is not None
    except PathRefused:
        return True
    except (OSError, ValueError):   # a name no file can have (too long, a NUL): nothing there
        return False


def is_link(path: PathLike) -> bool:
    """Whether the name `path` itself is a link (whatever it points at)."""
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def same_file(a: PathLike, b: PathLike) -> bool:
    """Whether `a` and `b` are one file on disk (False when either is missing)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def chosen_folder(path: PathLike) -> bool:
    """Whether `path`, a folder a person named (on the command line, in a file dialog), is a
    folder: what lies above or at the root a person chose is theirs, so a link there is followed;
    below it, nothing is (every other call here)."""
    try:
        return os.path.isdir(path)
    except (OSError, ValueError):
        return False


def writable(path: PathLike, folder: bool = False) -> bool:
    """Whether this user may write `path` (a folder: make and remove names in it)."""
    return os.access(path, os.W_OK | (os.X_OK if folder else 0))


def read_bytes(path: PathLike, limit: int | None = None) -> bytes:
    """A regular file's bytes (at most `limit`, when given). FileNotFoundError when missing;
    PathRefused for a link, a folder or a pipe (opened without blocking, so a pipe never hangs)."""
    with _parent(path) as (folder, name):
        try:
            fd = os.open(folder.at(name), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NOFOLLOW,
                         dir_fd=folder.fd)
        except FileNotFoundError:
            raise FileNotFoundError(errno.ENOENT, "no such file", str(path)) from None
        except OSError as exc:
            info = folder.lstat(name)
            if exc.errno in (errno.ELOOP, errno.EMLINK) or (info and stat.S_ISLNK(info.st_mode)):
                raise PathRefused(path, LINK) from None
            if info is not None and stat.S_ISDIR(info.st_mode):
                raise PathRefused(path, "is a folder, not a file") from None
            raise OSError(exc.errno, f"cannot read it ({exc.strerror or exc})", str(path)) from None
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode):
                raise PathRefused(path, "is a folder, not a file")
            if not stat.S_ISREG(mode):
                raise PathRefused(path, "is not a regular file (a named pipe or a device)")
            os.set_blocking(fd, True)
            with os.fdopen(fd, "rb", closefd=False) as handle:
                return handle.read() if limit is None else handle.read(limit)
        finally:
            os.close(fd)


def read_text(path: PathLike) -> str:
    return read_bytes(path).decode("utf-8")


def read_regular(path: PathLike) -> bytes | None:
    """A regular file's bytes; None when it is missing, a folder, a pipe or a device (a link
    is refused: PathRefused)."""
    try:
        return read_bytes(path)
    except FileNotFoundError:
        return None
    except PathRefused as exc:
        if exc.reason == LINK or exc.path != pathlib.Path(path):
            raise
        return None


def names(folder: PathLike) -> list[str]:
    """The names in `folder`, sorted; [] when it is missing."""
    try:
        with _folder(folder) as opened:
            return sorted(os.listdir(opened.fd if opened.fd is not None else opened.path))
    except FileNotFoundError:
        return []


def entries(folder: PathLike, pattern: str = "*") -> list[tuple[pathlib.Path, Kind]]:
    """Each name in `folder` matching `pattern`, with what it is (links are not followed)."""
    out: list[tuple[pathlib.Path, Kind]] = []
    base = pathlib.Path(folder)
    try:
        with _folder(folder) as opened:
            listed = os.listdir(opened.fd if opened.fd is not None else opened.path)
            for name in sorted(fnmatch.filter(listed, pattern)):
                info = opened.lstat(name)
                if info is not None:
                    out.append((base / name, _kind(info.st_mode)))
    except FileNotFoundError:
        return []
    return out


def files(folder: PathLike, pattern: str = "*") -> list[pathlib.Path]:
    """The regular files in `folder` matching `pattern`, sorted (never a link)."""
    return [p for p, k in entries(folder, pattern) if k is Kind.FILE]


def folders(folder: PathLike, pattern: str = "*") -> list[pathlib.Path]:
    """The folders in `folder` matching `pattern`, sorted (never a link)."""
    return [p for p, k in entries(folder, pattern) if k is Kind.FOLDER]


# -- writing ------------------------------------------------------------------------------------

def _umask() -> int:
    # The only portable way to read the umask is to set it and put it back.
    current = os.umask(0)
    os.umask(current)
    return current


def _writable(path: PathLike, info: os.stat_result | None) -> None:
    if info is None:
        return
    if stat.S_ISLNK(info.st_mode):
        raise PathRefused(path, LINK)
    if stat.S_ISDIR(info.st_mode):
        raise PathRefused(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise PathRefused(path, "is not a regular file (a named pipe or a device); choose another name")


def write_bytes(path: PathLike, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one: a hidden
    temporary beside it, flushed, then renamed over it. Missing folders are made. A link, a
    folder or a pipe in the way is refused; any other failure names `path`, never the temporary."""
    with _parent(path, make=True) as (folder, name):
        info = folder.lstat(name)
        _writable(path, info)
        # A level or pack is meant to be shared: keep the old file's mode, or give a new one
        # what open() would (0666 less the umask), not a temporary's owner-only 0600.
        mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
        temp = f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(folder.at(temp), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
                         | getattr(os, "O_BINARY", 0), 0o600, dir_fd=folder.fd)
        except OSError as exc:
            raise OSError(exc.errno, f"cannot save it ({exc.strerror or exc})", str(path)) from None
        try:
            try:
                with os.fdopen(fd, "wb") as handle:
                    if hasattr(os, "fchmod"):
                        os.fchmod(handle.fileno(), mode)
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                _writable(path, folder.lstat(name))   # nothing swapped in meanwhile
                os.replace(folder.at(temp), folder.at(name), src_dir_fd=folder.fd, dst_dir_fd=folder.fd)
            except PathRefused:
                raise
            except OSError as exc:
                raise OSError(exc.errno, f"cannot save it ({exc.strerror or exc})", str(path)) from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(folder.at(temp), dir_fd=folder.fd)
            raise


def write_text(path: PathLike, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def copy_file(source: PathLike, target: PathLike) -> None:
    write_bytes(target, read_bytes(source))


def remove(path: PathLike) -> bool:
    """Delete the regular file `path`; False when it is missing. A link or a folder is refused
    (Gridfall never made a link, so never deletes one)."""
    try:
        with _parent(path) as (folder, name):
            info = folder.lstat(name)
            if info is None:
                return False
            _writable(path, info)
            os.unlink(folder.at(name), dir_fd=folder.fd)
            return True
    except FileNotFoundError:
        return False


def remove_folder(path: PathLike) -> bool:
    """Delete the empty folder `path`; False when it is missing or not empty."""
    try:
        with _parent(path) as (folder, name):
            info = folder.lstat(name)
            if info is None or not stat.S_ISDIR(info.st_mode):
                return False
            os.rmdir(folder.at(name), dir_fd=folder.fd)
            return True
    except (FileNotFoundError, OSError):
        return False


def remove_tree(path: PathLike) -> bool:
    """Delete the folder `path` and all in it, following no link inside; False when missing."""
    try:
        with _parent(path) as (folder, name):
            info = folder.lstat(name)
            if info is None:
                return False
            if not stat.S_ISDIR(info.st_mode):
                raise PathRefused(path, LINK if stat.S_ISLNK(info.st_mode) else "is not a folder")
            if folder.fd is not None:
                shutil.rmtree(name, dir_fd=folder.fd)
            else:
                shutil.rmtree(folder.path / name)
            return True
    except FileNotFoundError:
        return False


def rename(source: PathLike, target: PathLike) -> None:
    """Move a file or folder to `target` in one step (replacing a file there). Both ends stay
    inside their folders; a link at either end is refused."""
    with _parent(source) as (src, src_name), _parent(target, make=True) as (dst, dst_name):
        info = src.lstat(src_name)
        if info is None:
            raise FileNotFoundError(errno.ENOENT, "no such file", str(source))
        if stat.S_ISLNK(info.st_mode):
            raise PathRefused(source, LINK)
        there = dst.lstat(dst_name)
        if there is not None and stat.S_ISLNK(there.st_mode):
            raise PathRefused(target, LINK)
        try:
            os.replace(src.at(src_name), dst.at(dst_name), src_dir_fd=src.fd, dst_dir_fd=dst.fd)
        except OSError as exc:
            raise OSError(exc.errno, f"cannot move {source} there ({exc.strerror or exc})", str(target)) from None


STALE_TEMP_SECONDS = 600
"""A temporary file this old was left by a write that was killed: no live write takes as long."""


def sweep_stale_temporaries(path: PathLike) -> int:
    """Remove the temporaries killed writes of `path` left beside it; return how many.

    Only regular files of our own naming (.NAME.*.tmp) untouched for STALE_TEMP_SECONDS go:
    another process writing the same file right now keeps its temporary."""
    target = pathlib.Path(path)
    removed = 0
    try:
        candidates = files(target.parent, f".{target.name}.*.tmp")
    except OSError:
        return 0
    for stale in candidates:
        with contextlib.suppress(OSError):
            info = lstat(stale)
            if info is not None and time.time() - info.st_mtime > STALE_TEMP_SECONDS and remove(stale):
                removed += 1
    return removed


def set_aside(path: pathlib.Path) -> pathlib.Path | None:
    """Move a damaged file out of the way as `NAME.corrupt-N` (the first N free), so a fresh one
    can start and nothing is lost; the new name, or None when it cannot be moved (read-only)."""
    n = 1
    while kind(backup := path.with_name(f"{path.name}.corrupt-{n}")) is not None:
        n += 1
    try:
        rename(path, backup)
    except OSError:
        return None
    return backup


try:
    import fcntl
except ImportError:   # not POSIX
    fcntl = None  # type: ignore[assignment]

CAN_LOCK = fcntl is not None
"""Whether `locked` really locks (else it always yields True, and no live holder can be told)."""


@contextlib.contextmanager
def locked(path: PathLike, wait: bool = True) -> Iterator[bool]:
    """Hold an advisory lock on the file `path` (made when missing) while inside; yields False
    at once, without the lock, when `wait` is off and another process holds it. Where the
    system has no such locks, always True."""
    if fcntl is None:
        yield True
        return
    with _parent(path, make=True) as (folder, name):
        _writable(path, folder.lstat(name))
        fd = os.open(folder.at(name), os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o666 & ~_umask(), dir_fd=folder.fd)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)
