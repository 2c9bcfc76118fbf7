"""Stable YAML writing: the same level always gives the same bytes, keys in the documented order."""

from __future__ import annotations

import json
from typing import Any

from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

_RESOLVER = Resolver()
_STR_TAG = "tag:yaml.org,2002:str"
_PLAIN_PUNCTUATION = frozenset(" _.,'!?()/+-&")


def scalar(value: Any) -> str:
    """One value as a YAML scalar: numbers and booleans as they are, text plain when safe."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "null"
    text = str(value)
    return text if _plain_ok(text) else quoted(text)


def _plain_ok(text: str) -> bool:
    # Plain only when it reads back as the same text under YAML 1.1 (so not 'no', '1.0', '~').
    if not text or not text[0].isalnum() or text[-1] == " " or "  " in text:
        return False
    if not all(ch.isalnum() or ch in _PLAIN_PUNCTUATION for ch in text):
        return False
    tag = _RESOLVER.resolve(ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    return bool(tag == _STR_TAG)


def quoted(text: str) -> str:
    """A double-quoted YAML scalar; anything not printable is escaped, so it stays one line."""
    out = json.dumps(text, ensure_ascii=False)
    if all(ch.isprintable() for ch in out):
        return out
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in out)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def flow(value: Any) -> str:
    """A small list or mapping on one line: [0, 3], {1: 20, 3: 15}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    return scalar(value)


def mapping_lines(data: dict[str, Any], block_keys: frozenset[str] = frozenset()) -> list[str]:
    """Lines of a block mapping: lists of text as block lists, nested mappings one level deep.

    Keys named in `block_keys` hold a mapping written as a block (goals), one entry a line.
    """
    lines: list[str] = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            lines.append(f"{key}:")
            lines.extend(f"  - {quoted(v)}" for v in value)
        elif isinstance(value, dict) and key in block_keys:
            lines.append(f"{key}:")
            lines.extend(f"  {k}: {flow(v)}" for k, v in value.items())
        elif isinstance(value, (dict, list)):
            lines.append(f"{key}: {flow(value)}")
        else:
            lines.append(f"{key}: {scalar(value)}")
    return lines
