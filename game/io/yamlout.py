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
    if isinstance(value, float):   # a YAML float, never quoted as text (a level's made: rates)
        return _dump_scalar(value)
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


def mapping_lines(data: dict[str, Any], block_keys: frozenset[str] = frozenset(),
                  flow_keys: frozenset[str] = frozenset()) -> list[str]:
    """Lines of a block mapping: lists of text as block lists, nested mappings one level deep.

    Keys named in `block_keys` hold a mapping written as a block (goals), one entry a line;
    keys in `flow_keys` hold a short list of words written on one line (specials: [line]).
    """
    lines: list[str] = []
    for key, value in data.items():
        if key in flow_keys:
            lines.append(f"{key}: {flow(value)}")
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
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


def _dump_scalar(value: Any) -> str:
    """A value as a block file writes it: text plain when it reads back the same, else in
    single quotes (as PyYAML did: '2026-11-23'), else in double quotes with escapes."""
    if isinstance(value, float):
        if value != value:
            return ".nan"
        if value in (float("inf"), float("-inf")):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)
        # YAML 1.1 reads '5e-324' as text: a float needs its dot ('5.0e-324'), as PyYAML writes.
        return text.replace("e", ".0e", 1) if "." not in text and "e" in text else text
    if isinstance(value, str) and not _plain_ok(value):
        if value and value.isprintable() and value[0] != " " and value[-1] != " ":
            return "'" + value.replace("'", "''") + "'"
        return quoted(value)
    return scalar(value)


def dump(data: Any, indent: int = 0) -> str:
    """Any plain value (mappings, lists, text, numbers, booleans, None) as block YAML, keys in
    the order given: the one writer for every file the game writes (levels and packs through
    mapping_lines, saves, settings, replays and drafts through this), the same value always
    the same bytes."""
    return "\n".join(_block(data, indent)) + "\n"


def _block(value: Any, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            return [pad + "{}"]
        lines: list[str] = []
        for key, item in value.items():
            head = f"{pad}{_dump_scalar(key)}:"
            if isinstance(item, dict) and item:
                lines.append(head)
                lines.extend(_block(item, indent + 2))
            elif isinstance(item, (list, tuple)) and item:
                lines.append(head)
                lines.extend(_block(list(item), indent))   # a list sits at its key's indent
            else:
                lines.append(f"{head} {_inline(item)}")
        return lines
    if isinstance(value, (list, tuple)):
        if not value:
            return [pad + "[]"]
        lines = []
        for item in value:
            if isinstance(item, (dict, list, tuple)) and item:
                inner = _block(item, indent + 2)
                lines.append(f"{pad}- {inner[0].lstrip()}")
                lines.extend(inner[1:])
            else:
                lines.append(f"{pad}- {_inline(item)}")
        return lines
    return [pad + _inline(value)]


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, (list, tuple)):
        return "[]"
    return _dump_scalar(value)
