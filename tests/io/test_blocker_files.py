"""Level files with blockers: they load, pass the schema, and write back byte for byte."""

from __future__ import annotations

import pathlib

from game.core import SOLID, GoalName, new_game
from game.core.units import DROP, DROPS
from game.core.units import JELLY, LOCK, STONE as STONE_UNIT
from game.io import load_level
from game.io.levels import level_to_yaml
from game.io.yamldoc import parse, read_text
from schema_check import schema_errors

TEXT = """\
# yaml-language-server: $schema=../schema/level.schema.json
format: 1
id: blockers
name: Blockers
mode: match3
width: 5
height: 5
kinds: 4
moves: 30
layout:
  - " .  .  .  .  ."
  - " . S2  . 3L  ."
  - " .  .  D  .  ."
  - " .  .  .  .  ."
  - "S1  .  . .L  ."
jelly:
  - "1 1 1 1 1"
  - "0 0 0 0 0"
  - "2 2 2 2 2"
  - "0 0 0 0 0"
  - "0 0 0 0 0"
goals:
  jelly: true
  stones: true
  drops: 2
"""


def test_a_blocker_level_loads_passes_the_schema_and_writes_back_the_same_bytes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "pack" / "blockers.yaml"
    path.parent.mkdir()
    path.write_text(TEXT, encoding="utf-8")
    level = load_level(path)
    assert schema_errors(parse(read_text(path)).value, "level") == []
    assert level.layer_of(STONE_UNIT) == (((1, 1), 2), ((4, 0), 1))
    assert level.layer_of(LOCK) == (((1, 3), 1), ((4, 3), 1))
    assert level.placed_of(DROPS) == 1
    assert sum(n for _, n in level.layer_of(JELLY)) == 15
    assert (level.goals.blockers, level.goals.wanted(GoalName.DROPS)) == ((GoalName.JELLY, GoalName.STONES), 2)
    assert level_to_yaml(level) == TEXT
    state = new_game(level, 0)
    assert state.at((1, 1)) == SOLID and state.at((2, 2)) == DROP
    assert state.at((1, 3)) == 3 and state.locks == ((1, 3), (4, 3))
    assert state.layer_of(STONE_UNIT) == level.layer_of(STONE_UNIT) and state.layer_of(JELLY) == level.layer_of(JELLY)


def test_a_chain_level_takes_stones_locks_and_jelly() -> None:
    from game.core import Level

    level = Level.from_dict({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 4, "height": 3,
                             "layout": ["P . S3 .", ". 2L . .", ". . . ."],
                             "jelly": ["0 1 0 1", "1 0 1 1", "2 2 2 2"], "goals": {"jelly": True, "stones": True}})
    state = new_game(level, 0)
    assert state.layer_of(STONE_UNIT) == (((0, 2), 3),) and state.locks == ((1, 1),)
