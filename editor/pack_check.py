"""What `gridfall validate` says about the pack the open level belongs to, for the problems panel."""

from __future__ import annotations

import pathlib
import time

from game.core import Problem
from game.io import gate
from game.io.packs import PACK_FILE, check_pack

RECHECK_SECONDS = 1.0   # how often the pack's files are looked at for a change (a stat each)


class PackCheck:
    """The pack's own problems (a listed file that is gone, two levels with one id, a level
    file with problems), checked by the loader `gridfall validate` uses, again only when a
    file of the pack changed. The open level's own file is left out: the panel shows the
    draft's problems for it, as they are now, not as last saved."""

    def __init__(self) -> None:
        self._key: object = None
        self._path: pathlib.Path | None = None
        self._found: tuple[Problem, ...] = ()
        self._looked = -RECHECK_SECONDS

    def problems(self, path: pathlib.Path | None) -> tuple[Problem, ...]:
        if path is None or not gate.is_file(path.parent / PACK_FILE):
            self._key, self._found = None, ()
            return ()
        now = time.monotonic()
        if now - self._looked < RECHECK_SECONDS and self._path == path and self._key is not None:
            return self._found
        self._looked, self._path = now, path
        folder = path.parent
        key = (path, _signature(folder))
        if key != self._key:
            self._key = key
            self._found = tuple(_checked(folder, path))
        return self._found

    def forget(self) -> None:
        """A file of the pack was just written here: look again at the next frame."""
        self._key = None


def _signature(folder: pathlib.Path) -> tuple[tuple[str, int, int], ...]:
    out = []
    try:
        for file in gate.files(folder, "*.y*ml"):
            st = gate.lstat(file)
            if st is not None:
                out.append((file.name, st.st_mtime_ns, st.st_size))
    except OSError:
        return ()
    return tuple(sorted(out))


def _checked(folder: pathlib.Path, own: pathlib.Path) -> list[Problem]:
    _pack, found = check_pack(folder)
    out = []
    for p in found:
        file = pathlib.Path(p.file)
        if file.name == own.name and file.parent.resolve() == folder.resolve():
            continue   # the open level: the panel lists the draft's own problems
        where = f"{file.name}:{p.line}" + (f" {p.field}" if p.field else "")
        out.append(Problem(("pack",), f"{where}: {p.message} (gridfall validate fails on the pack)"))
    return out
