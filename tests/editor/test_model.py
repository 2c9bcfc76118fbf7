"""The edit model: tools, strokes, fills, resize, properties, undo/redo and live validation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import Level, Mode, parse_level, read_level
from editor import model as em
from editor.model import (
    ERASE_TOOL, FILL, GAP_TOOL, HOLE_TOOL, PLAYER_TOOL, RANDOM_TOOL, RECT, EditModel, blank,
    kind_tool, line_cells, tile_tool,
)


def messages(m: EditModel) -> list[str]:
    return [str(p) for p in m.problems()]


def test_blank_boards_of_each_mode_are_valid_levels() -> None:
    for mode in ("match3", "chain", "slide"):
        m = EditModel(blank(mode, 5, 4))
        assert m.problems() == ()
        level = m.level()
        assert (level.mode, level.width, level.height, level.layout) == (mode, 5, 4, None)


def test_pen_stroke_is_one_undo_step() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.select(kind_tool(2))
    m.press((0, 0))
    m.drag((1, 0))
    m.drag((1, 1))
    m.release((1, 1))
    assert [m.draft.token(c) for c in ((0, 0), (1, 0), (1, 1), (2, 2))] == ["2", "2", "2", "."]
    assert len(m.history.past) == 1
    assert m.undo()
    assert m.draft == blank("match3", 6, 6)
    assert m.redo()
    assert m.draft.token((1, 1)) == "2"


def test_each_tool_paints_its_token() -> None:
    m = EditModel(blank("chain", 5, 5))
    for tool, cell, tok in [(kind_tool(9), (0, 0), "9"), (HOLE_TOOL, (0, 1), "#"),
                            (PLAYER_TOOL, (2, 2), "P"), (ERASE_TOOL, (0, 0), ".")]:
        m.select(tool)
        m.paint_at(cell)
        assert m.draft.token(cell) == tok
    m.select(ERASE_TOOL)
    m.paint_at((0, 1))
    assert m.draft.token((0, 1)) == "."


def test_the_random_brush_paints_varied_fixed_kinds_that_never_line_up() -> None:
    m = EditModel(blank("match3", 8, 8))
    m.set(kinds=4)
    m.shape = RECT
    m.select(RANDOM_TOOL)
    m.press((0, 0))
    m.release((7, 7))
    tokens = [m.draft.token((r, c)) for r in range(8) for c in range(8)]
    assert set(tokens) == {"1", "2", "3", "4"}       # every cell fixed, every kind used
    assert not messages(m)                          # and no free run: still a valid level
    assert m.undo() and set(m.draft.find(".")) == {(r, c) for r in range(8) for c in range(8)}


def test_player_is_unique_and_placing_it_again_moves_it() -> None:
    m = EditModel(blank("chain", 5, 5))
    m.select(PLAYER_TOOL)
    m.paint_at((1, 1))
    m.paint_at((3, 3))
    assert m.draft.find("P") == [(3, 3)]
    assert m.draft.token((1, 1)) == "."


def test_slide_tiles_swap_and_gap_moves() -> None:
    m = EditModel(blank("slide", 3, 3))
    cells = list(em.cells_of(m.draft))
    for n, cell in enumerate(cells[:8], start=1):
        m.select(tile_tool(n))
        m.paint_at(cell)
    m.select(GAP_TOOL)
    m.paint_at((2, 2))
    assert any("already solved" in s for s in messages(m))   # 1..8 then the gap: solved
    m.select(tile_tool(1))
    m.paint_at((0, 1))     # swaps 1 and 2: still a permutation, now unsolvable
    assert m.draft.cells[0] == ("2", "1", "3")
    assert any("cannot be solved" in s for s in messages(m))
    m.select(GAP_TOOL)
    m.paint_at((0, 0))     # the gap moves; the tile it covered takes the gap's old place
    assert sorted(t for row in m.draft.cells for t in row) == sorted(
        ["1", "2", "3", "4", "5", "6", "7", "8", "_"])
    assert m.problems() == ()   # _ 1 3 / 4 5 6 / 7 8 2: shuffled and solvable


def test_rect_and_bucket_fill() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.shape = RECT
    m.select(HOLE_TOOL)
    m.press((1, 1))
    m.release((2, 3))
    assert m.draft.find("#") == [(r, c) for r in (1, 2) for c in (1, 2, 3)]
    assert len(m.history.past) == 1
    m.shape = FILL
    m.select(kind_tool(4))
    m.press((1, 2))        # the hole area only
    assert m.draft.find("4") == [(r, c) for r in (1, 2) for c in (1, 2, 3)]
    m.select(kind_tool(5))
    m.press((0, 0))        # the random area around it
    assert len(m.draft.find("5")) == 36 - 6
    assert len(m.history.past) == 3


def test_resize_at_each_edge_keeps_content() -> None:
    m = EditModel(blank("chain", 4, 4))
    m.select(kind_tool(3))
    m.paint_at((1, 1))
    m.set(reach=(1, 1))
    m.resize("top", 1)
    assert (m.draft.height, m.draft.token((2, 1)), m.draft.reach) == (5, "3", (2, 1))
    m.resize("left", 2)
    assert (m.draft.width, m.draft.token((2, 3)), m.draft.reach) == (6, "3", (2, 3))
    m.resize("right", -1)
    m.resize("bottom", -1)
    assert (m.draft.width, m.draft.height, m.draft.token((2, 3))) == (5, 4, "3")
    m.resize("left", -4)   # only 3 columns can go (size never under 2); the tile shifts left
    assert m.draft.width == 2 and m.draft.find("3") == [(2, 0)]
    m.resize("right", 3)
    m.resize("left", -1)   # now the painted tile falls off the board
    assert m.draft.find("3") == []
    m.undo()
    m.undo()
    for _ in range(5):
        m.undo()
    assert m.draft.width == 4 and m.draft.token((1, 1)) == "3"


def test_resize_is_bounded_by_mode() -> None:
    m = EditModel(blank("slide", 11, 11))
    m.resize("right", 5)
    assert m.draft.width == 12
    m2 = EditModel(blank("match3", 31, 2))
    m2.resize("bottom", -3)
    assert m2.draft.height == 2


def test_property_changes_and_goal_validation_come_and_go() -> None:
    m = EditModel(blank("match3", 6, 6))
    m.set_collect(8, 10)
    assert ["goals.collect.8: kind 8 does not exist (this level has 6 kinds)"] == messages(m)
    m.set(kinds=8)
    assert m.problems() == ()
    m.set(moves=em.parse_scalar("ten"))
    assert messages(m) == ["moves: expected a whole number, found the text 'ten'"]
    m.set(moves=em.parse_scalar("25"))
    m.set(score=1000)
    m.set_star(0, 1000)
    assert any(s.startswith("stars:") for s in messages(m))
    m.set_star(1, 1500)
    m.set_star(2, 2000)
    assert m.problems() == ()
    level = m.level()
    assert level.goals.collect == ((8, 10),) and level.stars == (1000, 1500, 2000)
    assert level.moves == 25 and level.goals.score == 1000


def test_reach_problems_carry_cells() -> None:
    m = EditModel(blank("chain", 5, 5))
    m.set(reach=(4, 4))
    [p] = m.problems()
    assert "needs a player" in p.message
    m.select(PLAYER_TOOL)
    m.paint_at((0, 0))
    assert m.problems() == ()
    m.select(HOLE_TOOL)
    m.paint_at((4, 4))
    [p] = m.problems()
    assert p.cell == (4, 4) and "is a hole" in p.message


def test_unplayable_layout_is_a_problem() -> None:
    # A chain board where the player is walled in by holes: no legal chain can be dealt.
    m = EditModel(blank("chain", 4, 4))
    m.shape = RECT
    m.select(HOLE_TOOL)
    m.press((0, 0))
    m.release((3, 3))
    m.shape = em.PEN
    m.select(PLAYER_TOOL)
    m.paint_at((0, 0))
    m.select(ERASE_TOOL)
    m.paint_at((3, 3))
    assert any("cannot deal" in s for s in messages(m))


def test_mode_switch_drops_what_the_mode_cannot_hold_and_undo_restores_it() -> None:
    m = EditModel(blank("chain", 5, 5))
    m.select(PLAYER_TOOL)
    m.paint_at((1, 1))
    m.set(reach=(3, 3), score=500)
    before = m.draft
    m.set_mode("slide")
    assert m.draft.reach is None and m.draft.score is None and m.problems() == ()
    m.undo()
    assert m.draft == before


def test_dirty_follows_saved_state_through_undo() -> None:
    m = EditModel(blank("match3", 4, 4), path="x.yaml")
    assert not m.dirty
    m.set(name="Hello")
    assert m.dirty
    m.undo()
    assert not m.dirty


def test_round_trip_through_level_and_mapping() -> None:
    m = EditModel(blank("chain", 6, 5))
    m.select(PLAYER_TOOL)
    m.paint_at((2, 2))
    m.select(HOLE_TOOL)
    m.paint_at((0, 0))
    m.set(reach=(4, 5), moves=20, seed=7, description="d", min_chain=4, diagonal=False)
    level = m.level()
    assert em.from_level(level) == m.draft
    again, problems = parse_level(m.draft.to_mapping())
    assert problems == [] and again == level


def test_read_draft_keeps_a_broken_draft() -> None:
    data = {"format": 1, "id": "x", "name": "X", "mode": "match3", "width": 3, "height": 3,
            "kinds": 6, "moves": "ten", "layout": ["1 1 1", ". . .", ". . ."]}
    d = em.read_draft(data)
    assert d.moves == "ten" and d.cells[0] == ("1", "1", "1")
    assert em.EditModel(d).problems()



_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=False, width=16),
                    st.sampled_from(["match3", "chain", "slide", "no", "ten", "1 2 3 1", ". # P D", "3h S1 .L"]),
                    st.lists(st.sampled_from(["1 2 3 1 2", ". . . .", "S1 3L # P", "0 1 2 9", "x"]), max_size=6))
_KEYS = st.sampled_from(["format", "id", "name", "mode", "width", "height", "kinds", "seed", "moves",
                         "layout", "jelly", "goals", "stars", "rules", "extra"])


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=12))
def test_the_editor_reads_any_file_as_the_game_does(data: dict[str, object]) -> None:
    # A hand-edited file of any shape: the draft is made from the core's own reading, so the
    # cells it shows are the loader's cells, and the problems listed are the loader's.
    reading = read_level(data)
    assert list(reading.problems) == parse_level(data)[1]
    draft = em.read_draft(data)
    assert draft.mode == (reading.mode or Mode.MATCH3)
    for r, row in enumerate((reading.layout or ())[:draft.height]):
        assert draft.cells[r][:len(row)] == row[:draft.width]

# -- undo/redo are inverses, whatever the edits ----------------------------------------------

_cells = st.tuples(st.integers(0, 6), st.integers(0, 6))
_tokens = st.sampled_from(["1", "2", "3", "7", ".", "#", "P"])
_edits = st.one_of(
    st.tuples(st.just("paint"), _cells, _tokens),
    st.tuples(st.just("stroke"), st.lists(_cells, min_size=1, max_size=5), _tokens),
    st.tuples(st.just("rect"), _cells, _cells, _tokens),
    st.tuples(st.just("bucket"), _cells, _tokens),
    st.tuples(st.just("resize"), st.sampled_from(em.EDGES), st.integers(-3, 3)),
    st.tuples(st.just("prop"), st.sampled_from(["moves", "score", "kinds"]), st.integers(1, 9)),
    st.tuples(st.just("mode"), st.sampled_from(["match3", "chain"])),
)


def _apply(m: EditModel, edit: tuple) -> None:  # type: ignore[type-arg]
    kind = edit[0]
    if kind == "paint":
        m.select(em.Tool("x", edit[2]))
        m.paint_at(edit[1])
    elif kind == "stroke":
        m.select(em.Tool("x", edit[2]))
        m.shape = em.PEN
        m.press(edit[1][0])
        for cell in edit[1][1:]:
            m.drag(cell)
        m.release(edit[1][-1])
    elif kind == "rect":
        m.select(em.Tool("x", edit[3]))
        m.shape = RECT
        m.press(edit[1])
        m.release(edit[2])
        m.shape = em.PEN
    elif kind == "bucket":
        m.select(em.Tool("x", edit[2]))
        m.shape = FILL
        m.press(edit[1])
        m.shape = em.PEN
    elif kind == "resize":
        m.resize(edit[1], edit[2])
    elif kind == "prop":
        m.set(**{edit[1]: edit[2]})
    else:
        m.set_mode(edit[1])


@settings(max_examples=150, deadline=None)
@given(st.lists(_edits, max_size=25))
def test_undo_all_returns_to_start_and_redo_all_to_end(edits: list) -> None:  # type: ignore[type-arg]
    start = blank("chain", 5, 5)
    m = EditModel(start)
    seen = [m.draft]
    for edit in edits:
        before = len(m.history.past)
        _apply(m, edit)
        if len(m.history.past) > before:
            seen.append(m.draft)
        assert len(m.history.past) in (before, before + 1)  # each edit is at most one step
    end = m.draft
    assert seen[-1] == end
    back = [m.draft]
    while m.undo():
        back.append(m.draft)
    assert m.draft == start
    assert back == list(reversed(seen))
    while m.redo():
        pass
    assert m.draft == end


@settings(max_examples=100, deadline=None)
@given(st.lists(_edits, min_size=1, max_size=10), st.lists(_edits, min_size=1, max_size=5))
def test_a_new_edit_after_undo_drops_the_redo_branch(first: list, second: list) -> None:  # type: ignore[type-arg]
    m = EditModel(blank("match3", 5, 5))
    for edit in first:
        _apply(m, edit)
    undone = m.undo()
    steps = len(m.history.past)
    for edit in second:
        _apply(m, edit)
    made = len(m.history.past) - steps   # the new edits that changed something
    end = m.draft
    # With a new edit after the undo, redo has nothing left (the undone edit is gone); without
    # one, redo brings the undone edit back.
    assert m.redo() == (undone and made == 0)
    if made:
        assert m.draft == end
        m.undo()
        m.redo()
        assert m.draft == end


@settings(max_examples=80, deadline=None)
@given(st.lists(_edits, max_size=15))
def test_every_draft_checks_without_crashing_and_valid_ones_round_trip(edits: list) -> None:  # type: ignore[type-arg]
    m = EditModel(blank("chain", 5, 5))
    for edit in edits:
        _apply(m, edit)
        level, problems = em.check(m.draft)
        assert (level is None) == bool(problems)
        if level is not None:
            assert isinstance(level, Level)
            assert em.from_level(level).cells == m.draft.cells


@given(st.tuples(st.integers(0, 30), st.integers(0, 30)), st.tuples(st.integers(0, 30), st.integers(0, 30)))
def test_a_pen_line_is_unbroken_from_end_to_end(a: tuple[int, int], b: tuple[int, int]) -> None:
    line = line_cells(a, b)
    assert line[0] == a and line[-1] == b and len(line) == max(abs(a[0] - b[0]), abs(a[1] - b[1])) + 1
    assert all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1 for p, q in zip(line, line[1:]))


def test_a_fast_pen_drag_paints_every_cell_it_passed() -> None:
    m = EditModel(blank("match3", 8, 8))
    m.select(kind_tool(4))
    m.press((0, 0))
    m.drag((0, 6))          # one pointer event from one end of the row to the other
    m.drag((5, 6))
    m.release((5, 6))
    painted = set(m.draft.find("4"))
    assert {(0, c) for c in range(7)} | {(r, 6) for r in range(6)} == painted
    assert m.undo() and m.draft.find("4") == []   # still one stroke, one undo step


def test_a_level_s_specials_survive_open_and_save(tmp_path: object) -> None:
    # `specials:` (the sorts of special a run may form) has no panel: the draft keeps it as
    # written, valid or misspelt, so a save never turns a restricted level into a free one.
    import pathlib
    from editor import files
    folder = pathlib.Path(str(tmp_path))
    base = {"format": 1, "id": "x", "name": "X", "mode": "match3", "width": 5, "height": 5}
    for written in (["line"], [], ["line", "bom"]):
        path = folder / "x.yaml"
        path.write_text(files.mapping_to_yaml(dict(base, specials=written)))
        opened = files.open_level(path)
        assert opened.draft.special_sorts == tuple(written)
        assert files.save_draft(opened.draft, path) == ("bom" not in written)
        # Written on one line, as a designer types it: `specials: [line]`, `specials: []`.
        assert f"specials: [{', '.join(written)}]" in path.read_text(encoding="utf-8").splitlines()
        assert files.open_level(path).draft.special_sorts == tuple(written)
        level, _ = parse_level(files.load_draft(path).to_mapping())
        if level is not None:
            assert level.special_sorts is not None and [s.value for s in level.special_sorts] == written


def test_a_match3_level_s_specials_go_with_a_switch_to_chain_and_come_back_with_undo() -> None:
    # Chain forms no specials and shows no field for them: the switch drops `specials:` (and
    # says so), so no problem is left that the panel could not fix.
    from editor.resizing import mode_switch_losses
    m = EditModel(em.read_draft({"format": 1, "id": "x", "name": "X", "mode": "match3", "width": 5,
                                 "height": 5, "specials": ["line"]}))
    before = m.draft
    assert before.special_sorts == ("line",) and m.problems() == ()
    m.set_mode("chain")
    assert m.draft.special_sorts is None and m.problems() == ()
    assert "specials: [line]" in mode_switch_losses(before, m.draft)
    m.undo()
    assert m.draft == before
