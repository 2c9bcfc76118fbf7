"""lines_up, the run question the editor's random brush asks of its tokens, agrees with the
core's own run finding on every board."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.core import lines_up, run_cells
from corekit import examples


@examples(80)
@given(st.integers(2, 7), st.integers(2, 7), st.integers(2, 4), st.integers(2, 4), st.data())
def test_a_cell_lines_up_exactly_when_the_core_finds_it_in_a_run(height: int, width: int, kinds: int,
                                                                 need: int, data: st.DataObject) -> None:
    grid = tuple(tuple(data.draw(st.integers(1, kinds)) for _ in range(width)) for _ in range(height))
    runs = run_cells(grid, need)
    for r in range(height):
        for c in range(width):
            kind = grid[r][c]
            said = lines_up((r, c), need, lambda at: grid[at[0]][at[1]] == kind, height, width)
            assert said == ((r, c) in runs), ((r, c), grid)
