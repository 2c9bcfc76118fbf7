"""Every blocker unit is known to the level schema and its README: a new unit cannot be forgotten there."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.core import BLOCKERS, Blocker, Level, Mode
from game.core.level_format import lesson_modes
from game.io.schema import schema_path

from schema_check import schema_errors

SIZE = 5


def unit_level(unit: Blocker, sample: str, mode: Mode) -> dict[str, Any]:
    """A small level of `mode` placing `unit` at 1,1 as `sample` writes it, asking its goal and teaching it."""
    layout = [["."] * SIZE for _ in range(SIZE)]
    if mode == Mode.CHAIN:
        layout[SIZE - 1][SIZE - 1] = "P"
    data: dict[str, Any] = {"format": 1, "id": "unit", "name": "Unit", "mode": str(mode), "width": SIZE,
                            "height": SIZE, "kinds": 4, "moves": 10}
    if unit.map_key is None:
        layout[1][1] = sample
    else:
        data[unit.map_key] = [" ".join(sample if (r, c) == (1, 1) else "0" for c in range(SIZE)) for r in range(SIZE)]
    data["layout"] = [" ".join(row) for row in layout]
    data["goals"] = {str(unit.goal): True} if unit.goal is not None else {"score": 100}
    if unit.lesson is not None:
        data["teaches"] = str(unit.lesson)
    return data


CASES = [(unit, sample, mode) for unit in BLOCKERS for sample in unit.samples
         for mode in (lesson_modes(unit.lesson) if unit.lesson is not None else (Mode.MATCH3,))]


def test_every_unit_says_how_it_is_written() -> None:
    assert all(unit.samples for unit in BLOCKERS)


@pytest.mark.parametrize("unit, sample, mode", CASES, ids=[f"{u.name}-{s}-{m}" for u, s, m in CASES])
def test_a_level_placing_each_unit_passes_the_checker_and_the_schema(unit: Blocker, sample: str, mode: Mode) -> None:
    data = unit_level(unit, sample, mode)
    level = Level.from_dict(data)
    assert level.layer_of(unit) == (((1, 1), level.layer_of(unit)[0][1]),)
    assert schema_errors(data, "level") == []


def test_the_schema_readme_names_each_units_tokens_and_goal() -> None:
    readme = (pathlib.Path(schema_path("level")).parent / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| token / key |"):]
    for unit in BLOCKERS:
        written = [f"`{unit.map_key}:`"] if unit.map_key is not None else [f"`{s}`" for s in unit.samples]
        assert all(w in table for w in written), unit.name
        if unit.goal is not None:
            assert f"`{unit.goal}: true`" in table, unit.name


def test_the_shipped_level_schema_is_the_one_made_from_the_fields_and_the_units() -> None:
    # levels/schema/make_schema.py writes it from the core's table and the units: a new unit or
    # field is in the schema once that is run (this fails until it is).
    from game.io.level_schema import level_schema_text
    assert pathlib.Path(schema_path("level")).read_text(encoding="utf-8") == level_schema_text()


def test_the_schema_is_strict_where_the_checker_is_about_modes() -> None:
    # What the table says a mode never has, the schema refuses there too, as the checker does.
    slide = {"format": 1, "id": "s", "name": "S", "mode": "slide", "width": 3, "height": 3}
    assert schema_errors(slide, "level") == [] and Level.from_dict(slide)
    for extra in ({"kinds": 4}, {"specials": ["line"]}, {"goals": {"score": 10}}, {"width": 13}):
        assert schema_errors({**slide, **extra}, "level"), extra
    chain = {**slide, "mode": "chain", "layout": ["P . .", ". . .", ". . ."]}
    assert schema_errors(chain, "level") == []
    for extra in ({"rules": {"specials": False}}, {"goals": {"drops": 2}}, {"layout": ["P . .", ". D .", ". . ."]}):
        assert schema_errors({**chain, **extra}, "level"), extra
