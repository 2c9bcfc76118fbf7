"""Level files round-trip byte for byte, are written atomically, and agree with the schema."""

from __future__ import annotations

import os
import pathlib

import pytest

from game.core import Level
from game.core.level_format import KEY_ORDER
from game.io import LevelFileError, level_to_yaml, load_level, save_level
from levelgen import generated_level
from game.io.paths import levels_dir
from game.io.schema import schema_path, schema_ref
from game.io.yamldoc import parse, read_text
from schema_check import schema_errors

# Level files: not pack.yaml, not the pack's stored playtest results.
SHIPPED = sorted(p for p in levels_dir().glob("*/*.y*ml")
                 if p.name not in ("pack.yaml", "pack.yml", "playtest.yaml"))
GENERATED = [generated_level(n, seed=11) for n in range(45)]


def _id(path: pathlib.Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", SHIPPED, ids=[_id(p) for p in SHIPPED])
def test_shipped_level_round_trips_byte_for_byte(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    level = load_level(path)
    original = path.read_bytes()
    # Saved where it lives, a level gives back exactly the bytes it was read from.
    assert level_to_yaml(level, schema_ref(path, "level")).encode("utf-8") == original
    copy = tmp_path / path.parent.name / path.name
    save_level(level, copy)
    assert load_level(copy) == level
    first = copy.read_bytes()
    save_level(load_level(copy), copy)
    assert copy.read_bytes() == first


@pytest.mark.parametrize("path", SHIPPED, ids=[_id(p) for p in SHIPPED])
def test_shipped_level_passes_the_schema(path: pathlib.Path) -> None:
    assert schema_errors(parse(read_text(path)).value, "level") == []


@pytest.mark.parametrize("level", GENERATED, ids=[lv.id for lv in GENERATED])
def test_generated_level_round_trips(level: Level, tmp_path: pathlib.Path) -> None:
    path = tmp_path / f"{level.id}.yaml"
    save_level(level, path)
    loaded = load_level(path)
    assert loaded == level
    first = path.read_bytes()
    save_level(loaded, path)
    assert path.read_bytes() == first
    assert schema_errors(parse(read_text(path)).value, "level") == []


def test_the_game_never_imports_jsonschema() -> None:
    """jsonschema is a dev dependency: an installed game must run without it."""
    import ast

    root = pathlib.Path(__file__).resolve().parents[2]
    found = []
    for path in sorted((root / "game").rglob("*.py")) + sorted((root / "editor").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(root)}: {n}" for n in names
                      if n.split(".")[0] in ("jsonschema", "referencing")]
    assert found == []


def test_saved_file_names_its_schema_only_where_the_path_stays_right(tmp_path: pathlib.Path) -> None:
    from game.io.paths import data_dir

    # Among the shipped packs and in the data folder: a relative line to a schema kept there.
    for folder in (levels_dir() / "first-steps", data_dir() / "levels", data_dir() / "my-packs" / "p"):
        path = folder / "x-1.yaml"
        text = level_to_yaml(GENERATED[0], schema_ref(path, "level"))
        first = text.splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        ref = first.split("$schema=", 1)[1]
        assert not ref.startswith("/") and ":" not in ref
        assert (folder / ref).resolve().read_bytes() == schema_path("level").read_bytes()
    # Anywhere else the file is on its way somewhere: a path to this machine's schema would
    # be wrong there, so it names none.
    for folder in (tmp_path, tmp_path / "a" / "b"):
        assert schema_ref(folder / "x-1.yaml", "level") is None
        save_level(GENERATED[0], folder / "x-1.yaml")
        assert "$schema" not in (folder / "x-1.yaml").read_text(encoding="utf-8")
    assert level_to_yaml(GENERATED[0]).startswith(
        "# yaml-language-server: $schema=../schema/level.schema.json\n")


def test_keys_come_in_the_documented_order_and_rows_line_up(tmp_path: pathlib.Path) -> None:
    level = Level.from_dict({
        "rules": {"diagonal": False}, "layout": ["1 _ 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 2"],
        "height": 4, "width": 4, "mode": "slide", "name": "Sixteen", "id": "sixteen",
        "format": 1, "moves": 300, "seed": 5, "description": "Two digits",
    })
    text = level_to_yaml(level)
    keys = [line.split(":", 1)[0] for line in text.splitlines()[1:] if line[:1].isalpha()]
    assert keys == [k for k in KEY_ORDER if k in keys]
    rows = [line for line in text.splitlines() if line.startswith("  - ")]
    assert rows == ['  - " 1  _  3  4"', '  - " 5  6  7  8"', '  - " 9 10 11 12"', '  - "13 14 15  2"']


def test_collect_keys_stay_numbers_and_goals_are_readable() -> None:
    level = Level.from_dict({"format": 1, "id": "g", "name": "G", "mode": "match3", "width": 6,
                             "height": 6, "goals": {"collect": {3: 15, 1: 20}, "score": 900}})
    text = level_to_yaml(level, None)
    assert "goals:\n  score: 900\n  collect: {1: 20, 3: 15}\n" in text
    assert not text.startswith("#")


@pytest.mark.parametrize("name", [
    "no", "yes", "1.0", "010", "~", "null", "Swap: three", "#1 hit", "  padded  ", "'quoted'",
    'say "hi"', "é à ü", "line\nbreak", "tab\there", "bell\x07", "sep\u2028x", "🍀 luck", "a #b",
    "- dash", "[x]", "{y}", "&anchor", "*alias", "!tag", "%pct", "@at", "`tick", "key: v", "?",
])
def test_any_name_survives_a_round_trip(name: str, tmp_path: pathlib.Path) -> None:
    level = Level.from_dict({"format": 1, "id": "named", "name": name, "mode": "match3",
                             "width": 5, "height": 5, "description": name + "!"})
    path = tmp_path / "named.yaml"
    save_level(level, path)
    assert load_level(path) == level
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len([line for line in lines if not line.startswith("#")]) == 8  # every value on one line


def test_an_interrupted_save_leaves_the_old_file_intact(tmp_path: pathlib.Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / f"{GENERATED[0].id}.yaml"
    save_level(GENERATED[0], path)
    before = path.read_bytes()

    def fail(src: object, dst: object, **at: object) -> None:
        raise OSError("disk pulled out between write and replace")

    monkeypatch.setattr(os, "replace", fail)
    changed = Level.from_dict({**GENERATED[0].to_dict(), "name": "Changed"})
    with pytest.raises(OSError, match="disk pulled out"):
        save_level(changed, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_level(path) == GENERATED[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left


def test_a_level_that_cannot_be_dealt_is_refused_on_its_layout(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "stuck.yaml"
    path.write_text("format: 1\nid: stuck\nname: Stuck\nmode: match3\nwidth: 3\nheight: 3\n"
                    "kinds: 3\nlayout:\n  - \"1 2 3\"\n  - \"2 3 1\"\n  - \"3 1 2\"\n", encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    (problem,) = caught.value.problems
    assert (problem.line, problem.field) == (8, "layout")
    assert "no swap on this board can ever make a run" in problem.message


def test_windows_line_endings_and_a_byte_order_mark_are_fine(tmp_path: pathlib.Path) -> None:
    path = tmp_path / f"{GENERATED[0].id}.yaml"
    save_level(GENERATED[0], path)
    text = path.read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert load_level(path) == GENERATED[0]
    path.write_bytes(text.replace("kinds:", "kinds: 1", 1).replace("\n", "\r\n").encode("utf-8"))
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    (problem,) = caught.value.problems
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("kinds:"))
    assert (problem.line, problem.column, problem.field) == (line, 8, "kinds")
