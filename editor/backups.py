"""Backups on save: the last versions of every level and pack file the editor replaces."""

from __future__ import annotations

import datetime
import hashlib
import pathlib
from dataclasses import dataclass

from game.io import gate
from game.io.atomic import atomic_write_bytes, read_regular
from game.io.paths import data_path

KEEP = 10            # versions kept per file: the oldest goes when an eleventh is made
FOLDER = "backups"
STAMP = "%Y%m%d-%H%M%S-%f"


@dataclass(frozen=True, slots=True)
class Version:
    """One kept version of a file: where the copy is and when it was replaced."""

    copy: pathlib.Path
    when: datetime.datetime

    @property
    def label(self) -> str:
        return self.when.strftime("%Y-%m-%d %H:%M:%S")


def folder_for(path: pathlib.Path) -> pathlib.Path:
    """Where `path`'s versions live: named after the file, kept apart per folder it is in."""
    where = hashlib.sha1(str(path.resolve().parent).encode("utf-8")).hexdigest()[:10]
    return data_path(FOLDER, f"{path.stem}-{where}")   # never a link out of the data folder


def keep(path: pathlib.Path, now: datetime.datetime | None = None) -> pathlib.Path | None:
    """Copy `path` (if it exists) into its backups before it is replaced or deleted."""
    data = read_regular(path)
    if data is None:
        return None
    kept = versions(path)
    if kept and gate.read_regular(kept[0].copy) == data:
        return kept[0].copy   # saving an unchanged file again keeps no second copy
    stamp = (now or datetime.datetime.now()).strftime(STAMP)
    # One folder per version, the file under its own name: a kept level still loads as itself.
    copy = folder_for(path) / stamp / path.name
    atomic_write_bytes(copy, data)
    for old in versions(path)[KEEP:]:
        gate.remove(old.copy)
        gate.remove_folder(old.copy.parent)
    return copy


def versions(path: pathlib.Path) -> list[Version]:
    """The kept versions of `path`, newest first (none through a link in the data folder)."""
    try:
        folder = folder_for(path)
    except OSError:
        return []
    out: list[Version] = []
    for version in gate.folders(folder):
        try:
            when = datetime.datetime.strptime(version.name, STAMP)
        except ValueError:
            continue   # a stranger: not a version
        if gate.is_file(version / path.name):
            out.append(Version(version / path.name, when))
    return sorted(out, key=lambda v: v.when, reverse=True)
