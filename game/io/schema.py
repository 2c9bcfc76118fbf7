"""Where the JSON Schemas live, and the relative reference written at the top of saved files."""

from __future__ import annotations

import os
import pathlib

from .paths import levels_dir

# A file inside a pack folder under levels/ sees the schemas one folder up.
DEFAULT_LEVEL_REF = "../schema/level.schema.json"
DEFAULT_PACK_REF = "../schema/pack.schema.json"


def schema_dir() -> pathlib.Path:
    return levels_dir() / "schema"


def schema_path(kind: str) -> pathlib.Path:
    """levels/schema/level.schema.json or pack.schema.json."""
    return schema_dir() / f"{kind}.schema.json"


def schema_ref(target: str | os.PathLike[str], kind: str) -> str:
    """The schema's path relative to the folder `target` is written in, with '/' separators."""
    folder = os.path.dirname(os.path.abspath(target))
    try:
        rel = os.path.relpath(schema_path(kind), start=folder)
    except ValueError:  # another drive on Windows: no relative path exists
        return schema_path(kind).as_uri()
    return rel.replace(os.sep, "/")
