"""Mirror painting: the mirrored cells of a set (pure), and every tool painting its mirror images in one undo step."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.mirror import Mirror, flip, mirrored
from editor.model import (
    ERASE_TOOL, FILL, GAP_TOOL, HOLE_TOOL, PEN, PLAYER_TOOL,
    RANDOM_TOOL, RECT, Draft, EditModel, Tool, blank, kind_tool, tile_tool,
)
from editor.blocker_tools import faller_tools, special_tools
from looks import editor_tool

LOCK_TOOL, JELLY_TOOL = editor_tool("locks"), editor_tool("jelly")

DROP_TOOL = faller_tools()[0][1]   # the drop's tool (the one faller)
RAINBOW_TOOL = special_tools()[0][1]   # the rainbow's tool (the one kindless special)


def stone_tool(hits: int) -> Any:
    return editor_tool("stones", hits)


_sizes = st.tuples(st.integers(1, 9), st.integers(1, 9))


def _cells_on(width: int, height: int) -> st.SearchStrategy[list[tuple[int, int]]]:
    return st.lists(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.data(), _sizes, st.sampled_from(list(Mirror)))
def test_the_mirrored_set_holds_the_cells_stays_on_the_board_and_is_closed(
        data: st.DataObject, size: tuple[int, int], mirror: Mirror) -> None:
    width, height = size
    cells = data.draw(_cells_on(width, height))
    out = mirrored(cells, width, height, mirror)
    assert set(cells) <= set(out)
    assert len(out) == len(set(out))   # each cell once
    assert all(0 <= r < height and 0 <= c < width for r, c in out)
    # Closed: mirroring the mirrored set adds nothing, and each axis maps it onto itself.
    assert set(mirrored(out, width, height, mirror)) == set(out)
    for columns, rows in ((mirror.flips_columns, False), (False, mirror.flips_rows)):
        assert {flip(c, width, height, columns, rows) for c in out} == set(out)
    assert len(out) <= len(set(cells)) * {Mirror.OFF: 1, Mirror.BOTH: 4}.get(mirror, 2)


@settings(max_examples=200, deadline=None)
@given(st.tuples(st.integers(0, 8), st.integers(0, 8)), _sizes, st.booleans(), st.booleans())
def test_mirroring_a_cell_twice_gives_it_back(cell: tuple[int, int], size: tuple[int, int],
                                              columns: bool, rows: bool) -> None:
    width, height = size
    cell = (cell[0] % height, cell[1] % width)
    assert flip(flip(cell, width, height, columns, rows), width, height, columns, rows) == cell


def test_mirror_off_paints_only_the_cells_and_m_steps_through_every_mode() -> None:
    assert mirrored([(0, 0), (1, 2)], 5, 5, Mirror.OFF) == [(0, 0), (1, 2)]
    assert mirrored([(0, 0)], 5, 4, Mirror.LEFT_RIGHT) == [(0, 0), (0, 4)]
    assert mirrored([(0, 0)], 5, 4, Mirror.UP_DOWN) == [(0, 0), (3, 0)]
    assert mirrored([(0, 0)], 5, 4, Mirror.BOTH) == [(0, 0), (0, 4), (3, 0), (3, 4)]
    assert mirrored([(0, 2)], 5, 4, Mirror.LEFT_RIGHT) == [(0, 2)]   # the middle column is its own image
    seen = [Mirror.OFF]
    for _ in range(4):
        seen.append(seen[-1].next())
    assert seen == [Mirror.OFF, Mirror.LEFT_RIGHT, Mirror.UP_DOWN, Mirror.BOTH, Mirror.OFF]


def _symmetric(draft: Draft, mirror: Mirror) -> bool:
    for r in range(draft.height):
        for c in range(draft.width):
            for image in mirrored([(r, c)], draft.width, draft.height, mirror):
                if (draft.token(image), draft.layers_at("jelly", image)) != (draft.token((r, c)), draft.layers_at("jelly", (r, c))):
                    return False
    return True


_tools = st.sampled_from([kind_tool(2), kind_tool(5), HOLE_TOOL, ERASE_TOOL, RAINBOW_TOOL, DROP_TOOL, LOCK_TOOL,
                          JELLY_TOOL, stone_tool(1), stone_tool(3), Tool("kind", "3h")])
_cell = st.tuples(st.integers(0, 6), st.integers(0, 5))
_strokes = st.lists(st.tuples(_tools, st.sampled_from([PEN, RECT, FILL]), st.lists(_cell, min_size=1, max_size=4),
                              st.booleans()), min_size=1, max_size=8)


@settings(max_examples=120, deadline=None)
@given(_strokes, st.sampled_from([Mirror.LEFT_RIGHT, Mirror.UP_DOWN, Mirror.BOTH]))
def test_every_tool_and_shape_keeps_a_mirrored_board_symmetric_one_undo_step_each(strokes: list,  # type: ignore[type-arg]
                                                                                  mirror: Mirror) -> None:
    m = EditModel(blank("match3", 6, 7))   # an even width, an odd height: a middle row of its own
    m.mirror = mirror
    for tool, shape, cells, remove in strokes:
        m.select(tool)
        m.shape = shape
        steps = len(m.history.past)
        if remove:
            m.paint_at(cells[0], remove=True)   # a right-click: a layer tool takes away
        else:
            m.press(cells[0])
            for cell in cells[1:]:
                m.drag(cell)
            m.release(cells[-1])
        assert len(m.history.past) in (steps, steps + 1)
        assert _symmetric(m.draft, mirror), (tool, shape, cells)
    while m.undo():
        assert _symmetric(m.draft, mirror)
    assert m.draft == blank("match3", 6, 7)


def test_a_pen_stroke_paints_its_four_images_in_one_step_and_undo_takes_them_all() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.mirror = Mirror.BOTH
    m.select(kind_tool(4))
    m.press((0, 0))
    m.drag((0, 1))
    m.release((0, 1))
    painted = {(r, c) for r in range(6) for c in range(6) if m.draft.token((r, c)) == "4"}
    assert painted == {(0, 0), (0, 1), (0, 5), (0, 4), (5, 0), (5, 1), (5, 5), (5, 4)}
    assert len(m.history.past) == 1
    m.undo()
    assert m.draft == blank("match3", 6, 6)


def test_jelly_painted_across_the_middle_gets_one_layer_not_two() -> None:
    m = EditModel(blank("match3", 4, 4))
    m.mirror = Mirror.LEFT_RIGHT
    m.select(JELLY_TOOL)
    m.press((0, 0))
    for c in (1, 2, 3):   # over the middle: each cell was painted once already as an image
        m.drag((0, c))
    m.release((0, 3))
    assert [m.draft.layers_at("jelly", (0, c)) for c in range(4)] == [1, 1, 1, 1]


def test_the_player_start_the_gap_and_a_slide_board_are_not_mirrored() -> None:
    m = EditModel(blank("chain", 5, 5))
    m.mirror = Mirror.BOTH
    m.select(PLAYER_TOOL)
    m.paint_at((0, 0))
    assert m.draft.find("P") == [(0, 0)]
    m.select(RANDOM_TOOL)
    m.paint_at((1, 1))   # the random brush is mirrored: each image a fixed kind of its own pick
    assert all(m.draft.token(c).isdigit() for c in ((1, 1), (1, 3), (3, 1), (3, 3)))
    s = EditModel(blank("slide", 3, 3))
    s.mirror = Mirror.BOTH
    before = s.draft
    s.select(tile_tool(5))
    s.paint_at((0, 0))
    changed = [(r, c) for r in range(3) for c in range(3) if s.draft.token((r, c)) != before.token((r, c))]
    assert (0, 0) in changed and (2, 2) not in changed and (0, 2) not in changed
    s.select(GAP_TOOL)
    s.paint_at((0, 1))
    assert s.draft.find("_") == [(0, 1)]
