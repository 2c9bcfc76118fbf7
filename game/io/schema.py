"""Where the JSON Schemas live, and the relative reference written at the top of saved files."""

from __future__ import annotations

import os
import pathlib

from .atomic import atomic_write_bytes
from .paths import data_dir, levels_dir

# A file inside a pack folder under levels/ sees the schemas one folder up.
DEFAULT_LEVEL_REF = "../schema/level.schema.json"
DEFAULT_PACK_REF = "../schema/pack.schema.json"


def schema_dir() -> pathlib.Path:
    return levels_dir() / "schema"


def schema_path(kind: str) -> pathlib.Path:
    """levels/schema/level.schema.json or pack.schema.json."""
    return schema_dir() / f"{kind}.schema.json"


def schema_ref(target: str | os.PathLike[str], kind: str) -> str:
    """The schema reference written at the top of a file saved at `target`, with '/' separators.

    Inside the checkout it points at levels/schema. A file in the user's data folder (own
    levels, own and installed packs, exports) points at the copy kept in the data folder's
    schema/ folder: a relative path that stays right when the file is shared and installed on
    another machine, where a path into this checkout would not.
    """
    folder = os.path.dirname(os.path.abspath(target))
    schema = schema_path(kind)
    try:
        data = data_dir()
    except OSError:
        data = None
    if data is not None and _inside(folder, data) and not _inside(folder, levels_dir()):
        schema = _data_copy(data, kind)
    try:
        rel = os.path.relpath(schema, start=folder)
    except ValueError:  # another drive on Windows: no relative path exists
        return schema.as_uri()
    return rel.replace(os.sep, "/")


def _inside(folder: str, root: pathlib.Path) -> bool:
    return pathlib.Path(folder).resolve().is_relative_to(root.resolve())


def _data_copy(data: pathlib.Path, kind: str) -> pathlib.Path:
    """The data folder's copy of a schema, written (atomically) when missing or out of date."""
    copy = data / "schema" / f"{kind}.schema.json"
    text = schema_path(kind).read_bytes()
    try:
        current = copy.read_bytes()
    except OSError:
        current = None
    if current != text:
        try:
            atomic_write_bytes(copy, text)
        except OSError:
            return schema_path(kind)   # cannot keep a copy: the checkout's schema still helps here
    return copy
