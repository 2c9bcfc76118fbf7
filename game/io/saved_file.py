"""One loader for the game's own save files (progress, daily records): read bounded, a bad one
moved aside with a located one-line notice, never fatal."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import gate
from .atomic import set_aside, sweep_stale_temporaries
from .problems import FileProblem
from .yamldoc import Doc, DocError, Path, read_document

T = TypeVar("T")


class SavedFileError(ValueError):
    """A save file whose values are not what the game writes; `where` is the dotted field
    ('packs.first-steps.levels.l1.best') the message is about, '' for the whole file."""

    def __init__(self, text: str, message: str | None = None) -> None:
        # One argument: 'field: what is wrong' (or only what is wrong); two: field, what.
        if message is None:
            where, sep, rest = text.partition(": ")
            text, message = (where, rest) if sep and " " not in where else ("", text)
        self.where = text
        self.message = message
        super().__init__(f"{text}: {message}" if text else message)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What was read (or a fresh value), what to tell the player once, and where a bad file went."""

    value: T
    notice: str | None = None
    backup: pathlib.Path | None = None
    problem: FileProblem | None = None


_INDEX = re.compile(r"\[(\d+)\]")


def _place(doc: Doc, file: str, error: SavedFileError) -> FileProblem:
    """The error at its line and column: the deepest part of its dotted field found in the file."""
    parts: list[str | int] = []
    for word in _INDEX.sub(r".\1", error.where).split("."):
        if word:
            parts.append(int(word) if word.isdigit() and parts else word)
    path: Path = tuple(parts)
    for n in range(len(path), -1, -1):
        entry = doc.entry(path[:n])
        if entry is not None:
            node = entry.key if entry.key is not None and n == len(path) else entry.node
            return FileProblem(file, node.start_mark.line + 1, node.start_mark.column + 1,
                               error.where, error.message)
    return FileProblem(file, 1, 1, error.where, error.message)


def load_saved(path_of: Callable[[], pathlib.Path], given: pathlib.Path | None, what: str,
               build: Callable[[Any], T], fresh: Callable[[], T], *, max_keys: int,
               without_saving: str = "") -> Loaded[T]:
    """Read the save file (`given`, else `path_of()`) and `build` its value. Missing: `fresh()`.
    A file that cannot be read or built is moved aside (NAME.corrupt-N) and `fresh()` used,
    with a notice naming file:line:col and the field; nothing is ever raised."""
    try:
        path = given or path_of()
    except OSError as exc:   # the data folder is a file, cannot be made, or a link is in the way
        return Loaded(fresh(), f"Your {what} cannot be kept: {exc}.{without_saving}")
    sweep_stale_temporaries(path)   # what killed saves left, once per start
    if not gate.exists(path):
        return Loaded(fresh())
    file = str(path)
    try:
        # The bounded reader: a named pipe, an alias bomb or a 5,000-digit number is refused
        # with its line, never read in full, built in full or waited on.
        doc = read_document(path, max_keys=max_keys)
    except DocError as exc:
        problem, reason = FileProblem(file, exc.line, exc.column, exc.field, exc.message), "could not be read"
    except OSError as exc:
        problem = FileProblem(file, 1, 1, "", exc.strerror or str(exc))
        reason = "could not be read"
    else:
        try:
            return Loaded(build(doc.value))
        except SavedFileError as exc:
            problem, reason = _place(doc, file, exc), "is damaged"
    reason = f"it {reason} ({problem})"
    backup = set_aside(path)
    if backup is None:
        # Cannot move it (read-only folder?): play on from a fresh start all the same.
        return Loaded(fresh(), f"Your {what} {path} could not be used: {reason}. Starting fresh.",
                      None, problem)
    return Loaded(fresh(), f"Your saved {what} could not be used: {reason}. It was kept as "
                  f"{backup.name} and a fresh one was started.", backup, problem)
