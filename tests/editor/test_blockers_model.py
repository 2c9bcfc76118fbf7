"""The edit model with specials and blockers: each tool's token, the jelly layer, goals and undo."""

from __future__ import annotations

from typing import Any

import pathlib
from dataclasses import replace

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from editor import files
from editor.model import (
    ERASE_TOOL, FILL, RECT, EditModel, blank, check, from_level,
    edited, read_draft, kind_tool, resize, )
from editor.blocker_tools import faller_tools, special_tools
from editor.files import mapping_to_yaml
from game.core import GoalName
from game.core.units import STONE
from game.io import load_level
from looks import editor_tool

LOCK_TOOL, JELLY_TOOL = editor_tool("locks"), editor_tool("jelly")

DROP_TOOL = faller_tools()[0][1]   # the drop's tool (the one faller)
RAINBOW_TOOL = special_tools()[0][1]   # the rainbow's tool (the one kindless special)


def stone_tool(hits: int) -> Any:
    return editor_tool("stones", hits)



def messages(m: EditModel) -> list[str]:
    return [str(p) for p in m.problems()]


def test_the_kind_brush_carries_a_special_and_q_steps_through_them() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.select(kind_tool(3))
    assert [m.next_special() for _ in range(4)] == ["h", "v", "b", ""]
    m.special = "v"
    m.paint_at((0, 0))
    m.select(RAINBOW_TOOL)
    m.paint_at((0, 1))
    assert (m.draft.token((0, 0)), m.draft.token((0, 1))) == ("3v", "*")
    assert m.problems() == ()
    level = m.level()
    assert [(cell, s.value) for cell, s in level.specials] == [((0, 0), "v"), ((0, 1), "*")]


def test_a_click_on_a_stone_cycles_its_hits_and_a_drag_paints_the_tools_hits() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.select(stone_tool(2))
    m.paint_at((1, 1))
    assert m.draft.token((1, 1)) == "S2"
    m.paint_at((1, 1))
    m.paint_at((1, 1))
    assert m.draft.token((1, 1)) == "S1"            # S2 -> S3 -> S1: each click one more
    m.press((2, 0))                                  # a drag over fresh cells and the stone
    m.drag((2, 2))
    m.release((2, 2))
    assert [m.draft.token((2, c)) for c in range(3)] == ["S2", "S2", "S2"]
    assert len(m.history.past) == 4
    m.undo()
    assert m.draft.token((2, 1)) == "."


def test_the_lock_toggles_and_a_stroke_does_what_its_first_cell_asked() -> None:
    m = EditModel(blank("chain", 5, 5))
    m.select(kind_tool(2))
    m.paint_at((0, 0))
    m.select(LOCK_TOOL)
    m.press((0, 0))
    m.drag((0, 2))
    m.release((0, 2))
    assert [m.draft.token((0, c)) for c in range(3)] == ["2L", ".L", ".L"]
    m.paint_at((0, 1))                               # a click on a locked tile unlocks it
    assert m.draft.token((0, 1)) == "."
    m.paint_at((0, 2), remove=True)                  # right-click takes the lock off
    assert m.draft.token((0, 2)) == "."
    m.shape = RECT
    m.press((3, 0))
    m.release((4, 1))
    assert [m.draft.token(c) for c in ((3, 0), (4, 1))] == [".L", ".L"]
    # A lock on a hole is the loader's problem, shown at the cell.
    m.shape = FILL
    m.select(ERASE_TOOL)
    m.select(kind_tool(1))
    m.select(LOCK_TOOL)
    m.history.set(cells=m.draft.with_cells({(2, 4): "#"}).cells)
    m.paint_at((2, 4))
    assert m.draft.token((2, 4)) == "#L"
    [problem] = [p for p in m.problems() if p.cell == (2, 4)]
    assert "cannot be locked" in problem.message


def test_jelly_is_a_layer_of_its_own_up_to_two_with_right_click_taking_one() -> None:
    m = EditModel(blank("match3", 5, 5))
    m.select(JELLY_TOOL)
    m.press((0, 0))
    m.drag((0, 3))
    m.drag((0, 0))                                    # back over the same cells: no second layer
    m.release((0, 0))
    assert [m.draft.layers_at("jelly", (0, c)) for c in range(5)] == [1, 1, 1, 1, 0]
    for _ in range(3):
        m.paint_at((0, 0))
    assert m.draft.layers_at("jelly", (0, 0)) == 2              # at most two layers
    assert m.draft.token((0, 0)) == "."               # the tile layer is untouched
    m.paint_at((0, 0), remove=True)
    assert m.draft.layers_at("jelly", (0, 0)) == 1
    m.shape = FILL                                     # the bucket fills alike jelly
    m.paint_at((4, 4))
    m.press((3, 3))                                   # the empty area around it gets a layer
    assert (m.draft.layers_at("jelly", (3, 3)), m.draft.layers_at("jelly", (0, 4)), m.draft.layers_at("jelly", (4, 4))) == (1, 1, 1)
    m.press((3, 3))                                   # now one 1-layer area: the whole board
    assert all(n == 2 for row in m.draft.map_of("jelly") for n in row)
    for _ in range(len(m.history.past)):
        m.undo()
    assert m.draft == blank("match3", 5, 5)           # the last layer gone: no jelly map left


def test_jelly_on_a_hole_and_each_blocker_goal_problem_point_where_to_fix() -> None:
    m = EditModel(blank("match3", 5, 5))
    m.set(moves=5)
    m.set(goal_jelly=True, goal_stones=True, drops=3)
    found = messages(m)
    assert any(t.startswith("goals.jelly: there is no jelly") for t in found)
    assert any(t.startswith("goals.stones: there is no stone") for t in found)
    m.select(DROP_TOOL)
    m.paint_at((0, 0))
    m.set(moves=1)
    assert any(t.startswith("goals.drops: 3 drops, but the layout places 1") for t in messages(m))
    m.set(moves=5)
    m.select(stone_tool(1))
    m.paint_at((2, 2))
    m.select(JELLY_TOOL)
    m.paint_at((2, 2))
    [problem] = [p for p in m.problems() if p.cell is not None]
    assert problem.path == ("jelly", 2) and problem.cell == (2, 2) and "jelly under a stone" in problem.message
    m.undo()
    m.paint_at((3, 3))
    assert m.problems() == ()
    m.set(drops=None)
    [problem] = m.problems()                          # a D without a drops goal, at its cell
    assert problem.cell == (0, 0) and "drops goal" in problem.message


def test_specials_off_is_a_rule_and_a_placed_special_then_a_problem() -> None:
    m = EditModel(blank("match3", 5, 5))
    m.special = "b"
    m.paint_at((1, 1))
    m.set(specials=False)
    [problem] = m.problems()
    assert problem.cell == (1, 1) and "turns specials off" in problem.message
    assert m.draft.to_mapping()["rules"]["specials"] is False
    m.undo()
    assert m.problems() == () and "rules" not in m.draft.to_mapping()


def test_chain_has_no_rainbow_and_switching_mode_drops_match3_only_settings() -> None:
    m = EditModel(blank("match3", 5, 5))
    m.select(RAINBOW_TOOL)
    m.paint_at((0, 0))
    m.set(drops=2, specials=False)
    m.set_mode("chain")
    assert m.draft.wanted(GoalName.DROPS) is None and m.draft.specials is True
    [problem] = m.problems()                          # the loader's word on a '*' in chain
    assert problem.cell == (0, 0) and "only match3" in problem.message
    assert m.tool == kind_tool(1)
    m.undo()
    assert m.draft.wanted(GoalName.DROPS) == 2 and not m.draft.specials


def test_resize_keeps_jelly_under_its_tiles() -> None:
    m = EditModel(blank("match3", 4, 4))
    m.select(JELLY_TOOL)
    m.paint_at((0, 0))
    d = resize(m.draft, "left", 1)
    assert d.layers_at("jelly", (0, 1)) == 1 and d.layers_at("jelly", (0, 0)) == 0 and len(d.map_of("jelly")[0]) == 5
    d = resize(d, "left", -1)
    assert d == m.draft


def test_every_new_token_saves_and_loads_back_identically(tmp_path: pathlib.Path) -> None:
    m = EditModel(blank("match3", 6, 6))
    m.set(id="blockers", moves=20, kinds=5)
    for tool, special, cell in [(kind_tool(3), "h", (0, 0)), (kind_tool(4), "v", (0, 2)),
                                (kind_tool(5), "b", (0, 4)), (RAINBOW_TOOL, "", (1, 0)),
                                (stone_tool(1), "", (2, 0)), (stone_tool(3), "", (2, 5)),
                                (DROP_TOOL, "", (1, 3)), (kind_tool(2), "", (4, 4))]:
        m.select(tool)
        m.special = special
        m.paint_at(cell)
    m.select(LOCK_TOOL)
    m.paint_at((4, 4))
    m.paint_at((3, 1))
    m.select(JELLY_TOOL)
    m.paint_at((5, 0))
    m.paint_at((5, 0))
    m.paint_at((5, 1))
    m.set(goal_jelly=True, goal_stones=True, drops=2)
    assert m.problems() == ()
    path = tmp_path / "first" / "blockers.yaml"
    path.parent.mkdir()
    assert files.save_draft(m.draft, path)
    text = path.read_text()
    assert "  - \" *  .  .  D  .  .\"" in text and "jelly:" in text   # quoted: a bare * is a YAML alias
    level = load_level(path)
    assert level == m.level()
    assert level.token((4, 4)) == "2L" and level.token((3, 1)) == ".L" and level.layer_of(STONE) == (((2, 0), 1), ((2, 5), 3))
    jelly = level.map_of("jelly")
    assert jelly is not None and jelly[5][:2] == (2, 1)
    assert (level.goals.blockers, level.goals.wanted(GoalName.DROPS)) == ((GoalName.JELLY, GoalName.STONES), 2)
    again = files.load_draft(path)
    assert again == m.draft
    copy = tmp_path / "again" / "blockers.yaml"   # as deep: the same schema line
    copy.parent.mkdir()
    files.save_draft(again, copy)
    assert copy.read_bytes() == path.read_bytes()
    assert read_draft(level.to_dict()) == m.draft


TOKENS = [".", ".", ".", ".", "1", "2", "3", "3h", "4v", "2b", "*", "S1", "S2", "S3", "1L", ".L", "D", "#"]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_valid_blocker_draft_writes_what_the_loader_reads_back_as_the_same_draft(data: st.DataObject) -> None:
    w, h = data.draw(st.integers(3, 6)), data.draw(st.integers(3, 6))
    cells = tuple(tuple(data.draw(st.sampled_from(TOKENS)) for _ in range(w)) for _ in range(h))
    jelly = tuple(tuple(data.draw(st.integers(0, 2)) for _ in range(w)) for _ in range(h))
    d = replace(blank("match3", w, h), cells=cells, moves=30)
    d = d.with_layers("jelly", {(r, c): jelly[r][c] for r in range(h) for c in range(w)})
    d = edited(d, goal_jelly=bool(d.map_of("jelly")), goal_stones=any(t.startswith("S") for row in cells for t in row),
               specials=data.draw(st.booleans()))
    placed = sum(row.count("D") for row in cells)
    if placed:   # a D asks for a drops goal: set one, sometimes asking for one more from the top
        d = d.with_wanted(GoalName.DROPS, placed + data.draw(st.integers(0, 1)))
    level, problems = check(d)
    if level is None:
        # Whatever is wrong is said where it is: a cell's problem names a cell on the board.
        assert problems and all(p.cell is None or d.inside(p.cell) for p in problems)
        return
    assert from_level(level) == d
    assert read_draft(yaml.safe_load(mapping_to_yaml(d.to_mapping(), None))) == d


def test_a_chain_file_with_match3_only_settings_opens_without_them() -> None:
    """The drops field and the specials switch are shown in match3 only: a chain file that sets
    them opens without them, so no problem is left that nothing on screen can fix."""
    d = read_draft({"format": 1, "id": "c", "name": "C", "mode": "chain", "width": 4, "height": 4,
                      "goals": {"drops": 2, "stones": True}, "rules": {"specials": False}})
    assert (d.wanted(GoalName.DROPS), d.specials, d.flag("goal_stones")) == (None, True, True)
    m = read_draft({"format": 1, "id": "m", "name": "M", "mode": "match3", "width": 4, "height": 4,
                      "goals": {"drops": 2}, "rules": {"specials": False}})
    assert (m.wanted(GoalName.DROPS), m.specials) == (2, False)
