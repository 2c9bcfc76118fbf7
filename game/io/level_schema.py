"""The level file's JSON Schema, made from the core's table of fields (FIELDS) and the blocker units (levels/schema/make_schema.py writes it)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from game.core import (
    FALLERS, FIELDS, FORMAT, GAP_TOKEN, GOAL_OF, GROUP_DOCS, HOLE_TOKEN, KIND_SPECIALS, KINDLESS, MAP_UNITS, MAX_SIZE,
    MAX_SLIDE_SIZE, MIN_SIZE, PLAYER_TOKEN, RANDOM_TOKEN, SPECIALS, TILE_MODES, TOKEN_UNITS, Blocker, Field,
    Form, Made, MADE_KEYS, Mode, Write, over_tile, switch_goal,
)

TITLE = "Gridfall level"
ABOUT = (f"One Gridfall level (format {FORMAT}). The game also checks what a schema cannot: the layout's size against "
         "width and height, the slide parity, collect kinds against 'kinds', and that the id equals the file name.")
_ROW = r"^\s*\S+(\s+\S+)*\s*$"
_KIND = "[1-9]"


def level_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a level file: every field of the table, each as its
    form is written, the blocker units' tokens, maps and goals, and what each mode allows."""
    top: dict[str, Any] = {}
    for f in FIELDS:
        if f.group is None:
            top[f.key] = _field(f)
        else:
            group = top.setdefault(f.group, {**_about(GROUP_DOCS.get(f.group, "")), "type": ["object", "null"],
                                             "additionalProperties": False, "properties": {}})
            group["properties"][f.key] = _field(f)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": TITLE, "description": ABOUT, "type": "object", "additionalProperties": False,
        "required": [f.key for f in FIELDS if _required(f)],
        "properties": top,
        "allOf": [_in_mode(mode) for mode in Mode],
    }


def level_schema_text() -> str:
    """The schema as the shipped levels/schema/level.schema.json holds it."""
    return json.dumps(level_schema(), indent=2, ensure_ascii=False) + "\n"


def _required(f: Field) -> bool:
    return f.group is None and f.write is Write.ALWAYS


def _about(doc: str) -> dict[str, Any]:
    return {"description": doc} if doc else {}


def _or_null(kind: str, f: Field) -> str | list[str]:
    """A field a file may leave out may also be written empty (null), but a flag or a word list."""
    return kind if _required(f) or f.form in (Form.FLAG, Form.WORDS) else [kind, "null"]


def _field(f: Field) -> dict[str, Any]:
    """A field's schema, as its form is written."""
    out = _about(_doc(f))
    form = f.form
    if form is Form.CONSTANT:
        return {**out, "type": "integer", "const": f.default}
    if f.vocab is not None and form in (Form.TEXT, Form.WORD):
        words: list[Any] = [w.value for w in f.vocab]
        return {**out, "enum": words + ([] if _required(f) else [None])}
    if form is Form.TEXT:
        return {**out, "type": _or_null("string", f), **({"pattern": f.pattern} if f.pattern else {})}
    if form is Form.WORDS:
        assert f.vocab is not None
        return {**out, "type": "array", "items": {"enum": [w.value for w in f.vocab]}, "uniqueItems": True}
    if form in (Form.NUMBER, Form.SIZE):
        assert f.bounds is not None
        least, most = f.bounds
        return {**out, "type": _or_null("integer", f), "minimum": least, **({"maximum": most} if most is not None else {})}
    if form is Form.FLAG:
        return {**out, "type": "boolean"}
    if form is Form.SWITCH:
        return {**out, "type": ["boolean", "null"]}
    if form is Form.ROWS:
        return {**out, **_rows(_ROW)}
    if form is Form.MAP:
        unit = _map_unit(f)
        digits = "".join(sorted({"0", *unit.samples}))
        return {**out, **_rows(rf"^\s*[{digits}](\s+[{digits}])*\s*$")}
    if form is Form.COUNTS:
        return {**out, "type": ["object", "null"], "minProperties": 1, "propertyNames": {"pattern": f"^{_KIND}$"},
                "additionalProperties": {"type": "integer", "minimum": 1}}
    if form in (Form.CELL, Form.MARKS):
        n = 2 if form is Form.CELL else 3
        return {**out, "type": ["array", "null"], "minItems": n, "maxItems": n, "items": {"type": "integer", "minimum": 0}}
    assert form is Form.NOTE
    return {**out, **_made()}


def _rows(pattern: str) -> dict[str, Any]:
    return {"type": ["array", "null"], "minItems": MIN_SIZE, "maxItems": MAX_SIZE,
            "items": {"type": "string", "pattern": pattern}}


def _map_unit(f: Field) -> Blocker:
    return next(unit for unit in MAP_UNITS if unit.map_key == f.key)


def _doc(f: Field) -> str:
    """A field's words: the table's, or for a unit's map, goal and the layout, made from the units."""
    if f.form is Form.MAP:
        unit = _map_unit(f)
        return (f"{unit.label or unit.name} under the tiles ({', '.join(TILE_MODES)}): one text per row like the "
                f"layout, a digit a cell: 0 none, {' or '.join(unit.samples)} layers.")
    if f.form is Form.SWITCH:
        unit = GOAL_OF[switch_goal(f)]
        placed = (f"a '{unit.map_key}:' map" if unit.map_key is not None
                  else f"{', '.join(unit.samples[:-1])} or {unit.samples[-1]} in the layout")
        return f"{unit.goal_line.split(' (')[0].replace('{target}', 'every')} (needs {placed})."
    if f.form is Form.ROWS:
        specials = ", ".join(unit.token_help for unit in SPECIALS)
        units = ", ".join(unit.token_help for unit in TOKEN_UNITS)
        fallers = "".join(f"{' and '.join(f.modes)} also '{f.token}' ({f.token_doc}); " for f in FALLERS)
        return (f"One text per row, top row first, tokens split by spaces: 1-9 a kind, '{RANDOM_TOKEN}' random, "
                f"'{HOLE_TOKEN}' hole, '{PLAYER_TOKEN}' the player (chain); match3 also {specials}; {' and '.join(TILE_MODES)} "
                f"also {units}; {fallers}slide: tile numbers and "
                f"'{GAP_TOKEN}' for the gap.")
    return f.doc


def _tokens(mode: Mode) -> str:
    """A layout token of `mode` as a regular expression (a unit's from its samples, its tile part
    widened to any kind or '.')."""
    if mode is Mode.SLIDE:
        return f"[0-9]+|{re.escape(GAP_TOKEN)}"
    # (in a [class] only ], \, ^ and - need escaping: none of these)
    plain = (RANDOM_TOKEN + HOLE_TOKEN + ("".join(unit.token for unit in KINDLESS) if mode is Mode.MATCH3 else PLAYER_TOKEN)
             + "".join(f.token for f in FALLERS if mode in f.modes))
    parts = [f"[1-9{plain}]"]
    if mode is Mode.MATCH3:
        parts.append(f"{_KIND}[{''.join(KIND_SPECIALS)}]")
    for unit in TOKEN_UNITS:
        for sample in unit.samples:
            part = f"[1-9{RANDOM_TOKEN}]{re.escape(sample[1:])}" if over_tile(sample[0]) else re.escape(sample)
            if part not in parts:
                parts.append(part)
    return "|".join(parts)


def _in_mode(mode: Mode) -> dict[str, Any]:
    """What a level of `mode` may not hold (a field outside its modes), its size and its layout's tokens."""
    token = f"({_tokens(mode)})"
    then: dict[str, Any] = {"properties": {"layout": {"items": {"pattern": rf"^\s*{token}(\s+{token})*\s*$"}}}}
    barred: list[dict[str, Any]] = []
    for key in dict.fromkeys(f.path[0] for f in FIELDS):
        fields = [f for f in FIELDS if f.path[0] == key]
        if all(mode in f.modes for f in fields):
            continue
        if all(mode not in f.modes for f in fields):   # a field, or a whole group, this mode never has
            shape = ({"type": "object", "minProperties": 1} if fields[0].group is not None
                     else {"type": "array"} if fields[0].form is Form.MAP else None)
            barred.append({"required": [key], **({"properties": {key: shape}} if shape else {})})
            continue
        group = then["properties"].setdefault(key, {"properties": {}})
        for f in fields:
            if mode not in f.modes:   # a flag it may never name; any other field only empty
                group["properties"][f.key] = False if f.form is Form.FLAG else {"type": "null"}
    if mode is Mode.SLIDE:
        then["properties"].update({f.key: {"maximum": MAX_SLIDE_SIZE} for f in FIELDS if f.form is Form.SIZE})
    if barred:
        then = {"not": {"anyOf": barred}, **then}
    return {"if": {"required": ["mode"], "properties": {"mode": {"const": str(mode)}}}, "then": then}


def _made() -> dict[str, Any]:
    """The `made:` note's schema, from the Made value's fields (their types and which are required)."""
    types = {"str": {"type": "string"}, "int": {"type": "integer", "minimum": 0},
             "float": {"type": "number", "minimum": 0, "maximum": 1}}
    props: dict[str, Any] = {}
    required: list[str] = []
    by_name = {f.name: f for f in dataclasses.fields(Made)}
    for key in MADE_KEYS:
        f = by_name[key]
        written = str(f.type).replace(" | None", "")
        pair = re.fullmatch(r"tuple\[(\w+), \1\]", written)
        props[key] = ({"type": "array", "minItems": 2, "maxItems": 2, "items": types[pair.group(1)]}
                      if pair else types[written])
        if f.default is dataclasses.MISSING:
            required.append(key)
    return {"type": ["object", "null"], "additionalProperties": False, "required": required, "properties": props}
