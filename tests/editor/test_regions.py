"""Pieces of a board (editor/regions.py): copy, paste, clear, move and the clipboard text, over every layer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model import Draft, EditModel, blank
from editor.regions import Area, Piece, PieceError, clear, copy, move, paste, piece_text, read_piece
from game.core import Mode

import pytest

# Every layer a cell may hold: tiles, specials, rainbows, stones, locks, drops, holes, random cells.
TOKENS = ["1", "2", "3", "4", "3h", "2v", "1b", "*", "S1", "S3", "2L", ".L", "D", "#", "."]


@st.composite
def drafts(draw: st.DrawFn) -> Draft:
    mode = draw(st.sampled_from([Mode.MATCH3, Mode.CHAIN]))
    w, h = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    cells = [[draw(st.sampled_from(TOKENS)) for _ in range(w)] for _ in range(h)]
    if mode == Mode.CHAIN:
        r, c = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
        cells[r][c] = "P"
    jelly = tuple(tuple(draw(st.integers(0, 2)) for _ in range(w)) for _ in range(h))
    d = blank(mode, w, h)
    return Draft(mode=mode, width=w, height=h, cells=tuple(tuple(row) for row in cells),
                 id=d.id, name=d.name).with_map("jelly", jelly)


@st.composite
def areas(draw: st.DrawFn, draft: Draft) -> Area:
    a = (draw(st.integers(0, draft.height - 1)), draw(st.integers(0, draft.width - 1)))
    b = (draw(st.integers(0, draft.height - 1)), draw(st.integers(0, draft.width - 1)))
    return Area.between(a, b)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_copy_then_paste_at_the_same_place_changes_nothing(data: st.DataObject) -> None:
    d = data.draw(drafts())
    area = data.draw(areas(d))
    pasted, cut = paste(d, copy(d, area), (area.top, area.left))
    assert pasted == d and cut == 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_paste_is_one_undo_step_that_restores_the_board(data: st.DataObject) -> None:
    d, src = data.draw(drafts()), data.draw(drafts())
    piece = copy(src, data.draw(areas(src)))
    at = (data.draw(st.integers(-3, d.height)), data.draw(st.integers(-3, d.width)))
    model = EditModel(d)
    model.history.apply(lambda draft: paste(draft, piece, at)[0])
    assert model.undo() is (model.draft is not d or model.history.future != [])
    assert model.draft == d


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_a_paste_never_makes_an_impossible_board(data: st.DataObject) -> None:
    d, src = data.draw(drafts()), data.draw(drafts())
    piece = copy(src, data.draw(areas(src)))
    at = (data.draw(st.integers(-4, d.height + 1)), data.draw(st.integers(-4, d.width + 1)))
    out, cut = paste(d, piece, at)
    # Same board shape, every layer in its shape, at most one player start however many were pasted.
    assert (out.width, out.height, out.mode) == (d.width, d.height, d.mode)
    assert len(out.cells) == d.height and all(len(row) == d.width for row in out.cells)
    for _, rows in out.maps:
        assert len(rows) == d.height and all(len(row) == d.width for row in rows)
    assert len(out.find("P")) <= max(1, len(d.find("P")))
    assert d.mode == Mode.CHAIN or not out.find("P")       # a chain piece's player stays off a match3 board
    assert {t for row in out.cells for t in row} <= {t for row in d.cells + piece.cells for t in row} | {"."}
    on_board = sum(1 for r in range(piece.height) for c in range(piece.width)
                   if out.inside((at[0] + r, at[1] + c)))
    assert cut == piece.width * piece.height - on_board
    # What landed on the board is the piece (a second player aside), jelly and all.
    for r in range(piece.height):
        for c in range(piece.width):
            cell = (at[0] + r, at[1] + c)
            if out.inside(cell) and piece.cells[r][c] != "P":
                assert out.token(cell) == piece.cells[r][c]
                assert out.layers_at("jelly", cell) == piece.layer("jelly")[r][c]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_clear_empties_every_layer_and_move_carries_them(data: st.DataObject) -> None:
    d = data.draw(drafts())
    area = data.draw(areas(d))
    cleared = clear(d, area)
    for cell in area.cells():
        assert cleared.token(cell) == "." and cleared.layers_at("jelly", cell) == 0
    dr, dc = data.draw(st.integers(-1, 1)), data.draw(st.integers(-1, 1))
    moved_to = area.shifted(dr, dc)
    if moved_to.within(d) == moved_to:
        out = move(d, area, dr, dc)
        assert copy(out, moved_to) == copy(d, area)
        # The player goes with the piece; moved over the player, the piece covers it (as any tile).
        assert len(out.find("P")) <= 1
        assert any(area.contains(p) for p in d.find("P")) <= bool(out.find("P"))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_clipboard_text_reads_back_as_the_same_piece(data: st.DataObject) -> None:
    d = data.draw(drafts())
    piece = copy(d, data.draw(areas(d)))
    assert read_piece(piece_text(piece)) == piece


@pytest.mark.parametrize("text", [
    "", "hello", "gridfall-piece: 1\n", "gridfall-piece: 1\nmode: golf\nlayout: ['1 2']",
    "gridfall-piece: 1\nmode: match3\nlayout: ['1 2', '3']",
    "gridfall-piece: 1\nmode: match3\nlayout: ['1 [2']\n  - :",
    "gridfall-piece: 1\nmode: match3\nlayout: ['1 toolong']",
    "gridfall-piece: 1\nmode: match3\nlayout: ['1 2']\njelly: ['0 7']",
    "gridfall-piece: 1\nmode: match3\nlayout: ['1 2']\njelly: ['0']",
    "gridfall-piece: 1\nmode: match3\nlayout:\n" + "- 1 2\n" * 20_000,
    # An alias bomb (each row nine of the one before): the bounded reader refuses it unread.
    "gridfall-piece: 1\nmode: match3\na: &a ['1 2']\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
    + "layout: *i",
    "gridfall-piece: 1\nmode: !!python/object:os.system 'echo'\nlayout: ['1 2']",
])
def test_clipboard_text_that_is_no_piece_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(PieceError) as err:
        read_piece(text)
    assert "\n" not in str(err.value) and str(err.value)


def test_a_piece_read_from_text_keeps_every_layer() -> None:
    piece = read_piece("gridfall-piece: 1\nmode: match3\nlayout:\n- 3h S2 .L\n- 'D # *'\njelly:\n- 0 1 2\n- 2 0 0\n")
    assert piece == Piece(Mode.MATCH3, (("3h", "S2", ".L"), ("D", "#", "*")), (("jelly", ((0, 1, 2), (2, 0, 0))),))
