"""One level model: the lenient reading and the editor's draft take a level's fields from the core's one table (FIELDS)."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pathlib
from typing import Any

import pytest
import yaml

from editor import draft as draft_module
from editor.draft import Draft, holds, read_draft
from game.core import FIELDS, GOAL_OF, Field, Form, Level, LevelReading, Mode, read_level, switch_goal
from game.core import level as level_module, level_format, level_reading
from game.io.levels import mapping_to_yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
BASE = {f.key: f.sample for f in FIELDS if f.name in ("format", "id", "name", "width", "height")} | {"mode": "match3"}


def _put(data: dict[str, Any], path: tuple[str, ...], value: object) -> None:
    for part in path[:-1]:
        data = data.setdefault(part, {})
    data[path[-1]] = copy.deepcopy(value)


def _at(data: object, path: tuple[str, ...]) -> object:
    for part in path:
        data = data.get(part) if isinstance(data, dict) else None
    return data


def _level_with(f: Field) -> dict[str, Any]:
    """A valid level file whose one field off its default is `f`, at its sample (and what that needs)."""
    data = copy.deepcopy(BASE)
    if Mode.MATCH3 not in f.modes:
        data["mode"] = str(f.modes[0])
    _put(data, f.path, f.sample)
    if f.form is Form.SWITCH:   # a unit's goal needs the unit on the board: its first way of being written
        unit = GOAL_OF[switch_goal(f)]
        if unit.map_key is not None:
            data[unit.map_key] = [f"{unit.samples[0]} 0 0 0 0", *["0 0 0 0 0"] * 4]
        else:
            data["layout"] = [f". . . . {unit.samples[0]}", *[". . . . ."] * 4]
    if f.form is Form.CELL:     # a cell to reach needs a player to walk there
        data["mode"] = "chain"
        data["layout"] = [". . . . .", ". . P . .", *[". . . . ."] * 3]
    return data


@pytest.mark.parametrize("f", FIELDS, ids=[f.name for f in FIELDS])
def test_every_field_of_the_core_table_goes_through_reading_draft_file_and_level(f: Field) -> None:
    # Walks the table: whatever field it lists, the lenient reading reads it, the draft holds
    # it (by name, or as written), the draft's file writes it and the game's Level has it.
    data = _level_with(f)
    reading = read_level(data)
    assert reading.level is not None and not reading.problems, reading.problems
    if f.form not in (Form.CONSTANT, Form.NOTE):
        assert reading.get(f.name) is not None
    draft = read_draft(data)
    if holds(f):
        assert draft.value(f) != f.default
    elif f.form is not Form.CONSTANT:
        assert any(path == f.path for path, _ in draft.kept)   # a note rides along as written
    text = mapping_to_yaml(draft.to_mapping(), None)
    level = Level.from_dict(yaml.safe_load(text))
    assert _at(level.to_dict(), f.path) == f.sample
    assert level == reading.level


def test_the_reading_and_the_draft_name_no_field_of_their_own() -> None:
    # The reading holds every field by the table's names; the draft holds the table's fields
    # by name and besides them only its board (cells), the unit goals asked, the units' maps by
    # key and what it keeps as written; the Level holds the units' maps by key too.
    assert [x.name for x in dataclasses.fields(LevelReading)] == ["level", "problems", "values", "layout_text"]
    names = {f.name for f in FIELDS}
    assert {x.name for x in dataclasses.fields(Draft)} - names == {"cells", "blocker_goals", "fallers", "maps", "kept"}
    assert not {f.name for f in FIELDS if f.form is Form.MAP} & {x.name for x in dataclasses.fields(Level)}


def test_a_field_added_to_the_table_is_read_and_kept_by_the_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    # Adding a field to the core's table is all it takes for the reading to read it and the
    # draft to carry it to the file it writes (a field no panel edits rides along as written).
    hint = Field("hint", ("goals", "hint"), Form.NUMBER, sample=3)
    fields = FIELDS + (hint,)
    for module in (level_format, level_module, level_reading, draft_module):
        monkeypatch.setattr(module, "FIELDS", fields)
    data = _level_with(hint)
    assert read_level(data).get("hint") == 3
    assert read_level({**data, "goals": {"hint": "three"}}).get("hint") == "three"   # as written, to be told
    assert read_draft(data).to_mapping()["goals"]["hint"] == 3


def _literal_keys(node: ast.AST) -> list[str]:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def test_no_module_but_the_table_spells_a_list_of_level_fields() -> None:
    # A tuple, list or set of four or more of a level's keys or field names anywhere in the
    # game or the editor is a second list to keep in step: derive it from FIELDS instead.
    words = {f.name for f in FIELDS} | {f.key for f in FIELDS} | {g for f in FIELDS if (g := f.group)}
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "editor").rglob("*.py")):
        if path.name == "level_format.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            keys = _literal_keys(node)
            if len(keys) >= 4 and all(k in words for k in keys):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {keys}")
    assert not found
