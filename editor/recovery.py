"""Recovery files: each running editor autosaves its unsaved work to a file of its own."""

from __future__ import annotations

import os
import pathlib
import secrets
from dataclasses import dataclass

from game.io.yamlout import dump

from game.io import gate
from game.io.atomic import atomic_write_text, sweep_stale_temporaries
from game.io.paths import data_dir, recovery_dir
from game.io.yamldoc import DocError, read_document

from .model import Draft, read_draft

LEGACY_NAME = "editor-recovery.yaml"   # the one shared file of earlier versions, still offered

# The slots this process holds: their files belong to a live editor and are never offered.
_HELD: set[pathlib.Path] = set()


@dataclass(frozen=True, slots=True)
class Recovery:
    """Unsaved work an editor left behind: the draft, the file it belonged to, and where it is."""

    draft: Draft
    source: pathlib.Path | None
    file: pathlib.Path
    source_digest: str | None = None   # the source file's bytes (sha256) the work was made over

    def discard(self) -> None:
        gate.remove(self.file)


class Slot:
    """One editor's own recovery file, named at random so two editors never share one."""

    def __init__(self) -> None:
        name = f"editor-{secrets.token_hex(6)}.yaml"
        try:
            self.path = recovery_dir() / name
        except OSError:   # a link or a file in the way: each write says so (autosave failed)
            self.path = data_dir() / "recovery" / name

    def write(self, draft: Draft, source: pathlib.Path | None, source_digest: str | None = None) -> None:
        """Autosave atomically: a crash mid-write leaves the previous version whole. With the
        digest of the source file's version the work was made over, a restore notices another
        program's change to it before Save overwrites it."""
        # The source is named absolutely: the editor that restores it may start in another folder.
        recovery_dir()   # never a write through a link out of the data folder (OSError)
        where = os.path.abspath(source) if source is not None else None
        body = {"format": 1, "pid": os.getpid(), "source": where,
                **({"source_sha256": source_digest} if source_digest else {}), "level": draft.to_mapping()}
        _HELD.add(self.path)
        atomic_write_text(self.path, "# Gridfall editor recovery\n"
                          + dump(body))

    @property
    def held(self) -> bool:
        """Whether this slot's file holds work now (written, not cleared since)."""
        return self.path in _HELD

    def clear(self) -> None:
        """The work was saved or discarded: nothing to recover any more."""
        try:
            gate.remove(self.path)
        finally:
            _HELD.discard(self.path)


def read(file: pathlib.Path) -> tuple[Recovery, int | None] | None:
    """A recovery file's draft and the editor process that wrote it; None when unreadable."""
    try:
        data = read_document(file).value
    except DocError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("level"), dict):
        return None
    source = data.get("source")
    pid = data.get("pid")
    # A relative source (written by an older editor) names a file only from a folder no one
    # knows any more: restore it as unsaved work with no file, so Save asks where it goes.
    path = pathlib.Path(source) if isinstance(source, str) and os.path.isabs(source) else None
    digest = data.get("source_sha256")
    return (Recovery(read_draft(data["level"]), path, file, digest if isinstance(digest, str) else None),
            pid if isinstance(pid, int) and not isinstance(pid, bool) else None)


def pending() -> list[Recovery]:
    """Work left by editors that are no longer running, newest first.

    An editor that is still running (another window, or this process's own slot) keeps its
    file: offering it would let two editors fight over one piece of work.
    """
    try:
        slots = gate.files(recovery_dir(), "editor-*.yaml")
    except OSError:   # a link in the data folder is never read through
        slots = []
    candidates = [data_dir() / LEGACY_NAME, *slots]
    found: list[tuple[float, Recovery]] = []
    for file in candidates:
        if file in _HELD or not gate.is_file(file):
            continue
        got = read(file)
        if got is None:
            continue
        rec, pid = got
        if pid is not None and _running(pid):
            continue
        info = gate.lstat(file)
        found.append((info.st_mtime if info is not None else 0.0, rec))
    return [rec for _, rec in sorted(found, key=lambda pair: -pair[0])]


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False   # this process holds no such slot (see _HELD): an earlier run's file
    if os.name != "posix":
        return False   # no cheap check: offering a live editor's work only makes a copy
    try:
        os.kill(pid, 0)   # signal 0 asks whether the process exists; nothing is sent
    except ProcessLookupError:
        return False
    except PermissionError:
        return True   # a process we may not signal is alive
    except OSError:
        return False
    return True


def sweep_temporaries() -> None:
    """Remove temporaries killed autosaves left beside recovery files (never the files).

    A temporary of a slot whose editor is still running is its write in progress: kept.
    """
    for stale in gate.files(data_dir(), f".{LEGACY_NAME}.*.tmp"):
        gate.remove(stale)
    try:
        folder = recovery_dir()
    except OSError:   # nothing is removed through a link
        return
    for stale in gate.files(folder, ".editor-*.yaml.*.tmp"):
        slot = folder / stale.name[1:].split(".yaml.", 1)[0]
        slot = slot.with_name(slot.name + ".yaml")
        got = read(slot) if gate.is_file(slot) else None
        if slot in _HELD or (got is not None and got[1] is not None and _running(got[1])):
            continue
        if got is None and not gate.is_file(slot):
            sweep_stale_temporaries(slot)   # no owner to ask: only an old temporary goes
            continue
        gate.remove(stale)
