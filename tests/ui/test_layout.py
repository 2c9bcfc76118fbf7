"""Pixel <-> cell maths: the board fits and centres in its rectangle, row 0 drawn at the top."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from game.ui.layout import MIN_CELL, BoardLayout, Rect, budget_cell


def test_board_is_centred_and_row_zero_is_at_the_top() -> None:
    lay = BoardLayout.fit(8, 8, Rect(100, 0, 800, 600), max_cell=1000)
    assert lay.cell == 75
    assert lay.rect == Rect(200, 0, 600, 600)
    x0, y0 = lay.center((0, 0))
    x1, y1 = lay.center((7, 7))
    assert y0 > y1 and x0 < x1
    assert lay.center((0, 0)) == (237.5, 562.5)


def test_cell_at_is_none_off_the_board() -> None:
    lay = BoardLayout.fit(3, 4, Rect(0, 0, 400, 300))
    assert lay.cell_at(-1, 10) is None
    assert lay.cell_at(lay.rect.right + 1, lay.rect.bottom + 1) is None
    assert lay.cell_at(lay.rect.left + 1, lay.rect.top - 1) == (0, 0)


def test_wide_and_tall_boards_fit_their_smaller_side() -> None:
    wide = BoardLayout.fit(2, 10, Rect(0, 0, 500, 500), max_cell=1000)
    tall = BoardLayout.fit(10, 2, Rect(0, 0, 500, 500), max_cell=1000)
    assert wide.cell == tall.cell == 50
    assert wide.rect.width == 500 and tall.rect.height == 500


def test_pixel_budget_shrinks_big_boards_only() -> None:
    assert budget_cell(6, 6) == 96.0
    assert 60 < budget_cell(9, 9) < 70
    assert budget_cell(16, 16) < 40


@given(st.integers(2, 32), st.integers(2, 32), st.integers(200, 2000), st.integers(200, 1200),
       st.data())
def test_every_cell_centre_maps_back_to_its_cell(rows: int, cols: int, w: int, h: int, data: st.DataObject) -> None:
    # Below the smallest readable cell a board may overhang (the window has a minimum size).
    assume(min(w / cols, h / rows) >= MIN_CELL)
    lay = BoardLayout.fit(rows, cols, Rect(10, 20, w, h))
    assert lay.rect.left >= 10 - 0.5 and lay.rect.right <= 10 + w + 0.5
    assert lay.rect.bottom >= 20 - 0.5 and lay.rect.top <= 20 + h + 0.5
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    x, y = lay.center((r, c))
    assert lay.cell_at(x, y) == (r, c)
    assert lay.near_center(x + lay.cell * 0.3, y, (r, c))
    assert not lay.near_center(x + lay.cell * 0.49, y + lay.cell * 0.49, (r, c))


def test_a_board_fills_its_space_on_a_gpu_and_keeps_the_budget_on_software_gl() -> None:
    from game.ui.layout import PIXEL_BUDGET, budget_cell, cell_limits, software_rendering

    assert software_rendering("llvmpipe (LLVM 15.0.6, 256 bits)")
    assert not software_rendering("NVIDIA GeForce RTX 3060/PCIe/SSE2")
    soft = budget_cell(9, 9, *cell_limits("llvmpipe (LLVM 15.0.6, 256 bits)"))
    gpu = budget_cell(9, 9, *cell_limits("AMD Radeon RX 6700 XT"))
    assert soft * soft * 81 <= PIXEL_BUDGET + 1           # about 600 px of board on llvmpipe
    assert gpu >= 2 * soft                                 # a 9x9 fills a 1600x1000 screen on a GPU
    fitted = BoardLayout.fit(9, 9, Rect(0, 0, 1200, 960), gpu)
    assert fitted.cell * 9 >= 900
