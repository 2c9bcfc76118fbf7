"""Where the JSON Schemas live, and the relative reference written at the top of saved files."""

from __future__ import annotations

import functools
import json
import os
import pathlib
from typing import Any

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


def to_json_value(value: Any) -> Any:
    """What a JSON tool sees of a YAML value: mapping keys become text (1: 20 -> "1": 20)."""
    if isinstance(value, dict):
        return {str(k).lower() if isinstance(k, bool) else ("null" if k is None else str(k)):
                to_json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json_value(v) for v in value]
    return value


@functools.lru_cache(maxsize=2)
def _validator(kind: str) -> Any:
    # jsonschema is only needed by tools and tests, so it is imported here, once.
    import jsonschema  # type: ignore[import-untyped]
    from referencing import Registry, Resource

    level = json.loads(schema_path("level").read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        "level.schema.json", Resource.from_contents(level))
    schema = level if kind == "level" else json.loads(schema_path("pack").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def schema_errors(value: Any, kind: str) -> list[str]:
    """What the shipped JSON Schema (level or pack) says is wrong with a parsed YAML value."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in _validator(kind).iter_errors(to_json_value(value))]
