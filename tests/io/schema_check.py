"""Checks parsed YAML values against the shipped JSON Schemas (jsonschema is a dev dependency)."""

from __future__ import annotations

import functools
import json
from typing import Any

import jsonschema  # type: ignore[import-untyped]
from referencing import Registry, Resource

from game.io.schema import schema_path


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
    level = json.loads(schema_path("level").read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        "level.schema.json", Resource.from_contents(level))
    schema = level if kind == "level" else json.loads(schema_path("pack").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def schema_errors(value: Any, kind: str) -> list[str]:
    """What the shipped JSON Schema (level or pack) says is wrong with a parsed YAML value."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in _validator(kind).iter_errors(to_json_value(value))]
