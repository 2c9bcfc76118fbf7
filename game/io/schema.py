"""Where the JSON Schemas live, and the relative reference written at the top of saved files."""

from __future__ import annotations

import os
import pathlib

from . import gate
from .paths import data_dir, levels_dir

# A file inside a shipped pack folder (levels/PACK) sees the schemas one folder up.
DEFAULT_LEVEL_REF = "../schema/level.schema.json"
DEFAULT_PACK_REF = "../schema/pack.schema.json"


def schema_dir() -> pathlib.Path:
    return levels_dir() / "schema"


def schema_path(kind: str) -> pathlib.Path:
    """The shipped level.schema.json or pack.schema.json (package data)."""
    return schema_dir() / f"{kind}.schema.json"


def schema_ref(target: str | os.PathLike[str], kind: str) -> str | None:
    """The schema reference written at the top of a file saved at `target` ('/' separators), or
    None when no reference would stay right.

    A reference is a path relative to the file, written only where the game fixes where the
    schema sits beside it: a file among the shipped levels (package data) points at the schemas
    shipped with them, and a file in the user's data folder (own levels, own and installed packs)
    at the copy kept in the data folder's schema/, so both stay right on every machine. A file
    anywhere else is on its way to a person or another machine: a path from it to this machine's
    schema (inside site-packages, in a checkout) is right nowhere else, and Gridfall publishes
    no schema address that would be, so such a file names no schema at all.
    """
    folder = os.path.dirname(os.path.abspath(target))
    schema: pathlib.Path | None
    if _inside(folder, levels_dir()):
        schema = schema_path(kind)
    else:
        try:
            data = data_dir()
        except OSError:
            return None
        if not _inside(folder, data):
            return None
        schema = _data_copy(data, kind)
        if schema is None:
            return None
    try:
        rel = os.path.relpath(schema, start=folder)
    except ValueError:  # another drive on Windows: no relative path exists
        return None
    return rel.replace(os.sep, "/")


def _inside(folder: str, root: pathlib.Path) -> bool:
    return pathlib.Path(folder).resolve().is_relative_to(root.resolve())


def _data_copy(data: pathlib.Path, kind: str) -> pathlib.Path | None:
    """The data folder's copy of a schema, written (atomically) when missing or out of date;
    None when it cannot be kept."""
    copy = data / "schema" / f"{kind}.schema.json"
    text = gate.read_bytes(schema_path(kind))
    try:
        current = gate.read_bytes(copy)
    except OSError:
        current = None
    if current != text:
        try:
            gate.write_bytes(copy, text)
        except OSError:
            return None   # no copy to point at: a path to this machine's package would not travel
    return copy
