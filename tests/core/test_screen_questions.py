"""The questions a screen asks of the core while a player acts: a chain path being drawn
(start_path, touch, look_at_path) and the cells a picked special will clear (blast_cells)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import (
    Chain, IllegalMove, Level, LevelError, Touch, decide, legal_commands, look_at_path, new_game, start_path, touch,
)
from game.core.grid import ALL_EIGHT
from corekit import examples, level


def chain_level(rows: list[str], diagonal: bool = False) -> Level:
    return level("chain", len(rows[0].split()), len(rows), kinds=4, layout=rows,
                 rules={"diagonal": diagonal, "min_chain": 3, "min_match": 3})


def test_a_path_onto_a_locked_tile_is_drawn_refused_and_a_step_back_clears_it() -> None:
    state = new_game(chain_level(["P 1 1 2", "3 4 1L 2", "2 3 4 1", "1 2 3 4"]), 1)
    path = list(start_path(state, (0, 0)))
    assert path == [(0, 0)]
    for cell in ((0, 1), (0, 2)):
        assert touch(state, path, cell) is Touch.EXTEND
        path.append(cell)
    assert look_at_path(state, path).legal
    assert touch(state, path, (1, 2)) is Touch.REFUSED       # a tile of the path's kind, locked
    assert touch(state, path, (0, 3)) is Touch.NOTHING       # another kind
    assert touch(state, path, (1, 1)) is Touch.NOTHING       # not touching the path's end
    look = look_at_path(state, path + [(1, 2)])
    assert not look.legal and look.refused == ((1, 2),) and "Locked" in look.said
    with pytest.raises(IllegalMove):
        decide(state, Chain(tuple(path + [(1, 2)])))
    assert touch(state, path + [(1, 2)], (0, 2)) is Touch.BACK


def test_a_path_starts_on_the_token_or_beside_it() -> None:
    state = new_game(chain_level(["P 1 1 2", "3 4 1 2", "2 3 4 1", "1 2 3 4"]), 1)
    assert start_path(state, (0, 1)) == ((0, 0), (0, 1))
    with pytest.raises(IllegalMove) as refused:
        start_path(state, (2, 2))
    assert refused.value.said == "Start the chain on the token (or a tile next to it)."
    short = look_at_path(state, [(0, 0), (0, 1)])
    assert short.short and not short.legal and not short.refused


@st.composite
def chain_games(draw: st.DrawFn) -> Any:
    width, height = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    tokens = ["1", "2", "3", "1L", "2L", "#", "S1", "."]
    rows = [[draw(st.sampled_from(tokens)) for _ in range(width)] for _ in range(height)]
    if draw(st.booleans()):
        rows[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = "P"
    try:
        lv = chain_level([" ".join(row) for row in rows], diagonal=draw(st.booleans()))
        return new_game(lv, draw(st.integers(0, 99))), draw(st.randoms(use_true_random=False))
    except (LevelError, ValueError):
        return None


@examples(60)
@given(chain_games())
def test_every_legal_chain_can_be_drawn_and_a_drawn_path_is_judged_as_the_rules_judge_it(game: Any) -> None:
    if game is None:
        return
    state, rnd = game
    # Each chain the rules would play, drawn cell by cell: every step is one the screen takes.
    for command in legal_commands(state)[:20]:
        assert isinstance(command, Chain)
        cells = list(command.path)
        path = list(start_path(state, cells[0]))   # a press on the token, or on the first tile
        assert path == cells[:1]
        for cell in cells[1:]:
            assert touch(state, path, cell) is Touch.EXTEND
            path.append(cell)
        assert look_at_path(state, path).legal
    # A random stroke: whatever the screen lets be drawn is played exactly when it says legal.
    cell = (rnd.randrange(state.height), rnd.randrange(state.width))
    try:
        path = list(start_path(state, cell))
    except IllegalMove:
        return
    for _ in range(12):
        dr, dc = rnd.choice(ALL_EIGHT)
        nxt = (path[-1][0] + dr, path[-1][1] + dc)
        step = touch(state, path, nxt)
        if step is Touch.BACK:
            path.pop()
        elif step is not Touch.NOTHING:
            path.append(nxt)
        look = look_at_path(state, path)
        try:
            decide(state, Chain(tuple(path)))
            played = True
        except IllegalMove:
            played = False
        assert played == look.legal
        assert bool(look.refused) == any(state.locked(c) for c in path if c != state.player)
        if look.refused:
            assert not look.legal


def test_a_picked_special_shows_the_cells_its_own_blast_clears() -> None:
    """blast_cells is the cascade's blast (rules/specials.blast), holes left out."""
    from game.core import blast_cells

    lv = level("match3", 5, 4, kinds=4, layout=["1h 2 # 3 4", "2 3b 4 1 2", "3 4 1v 2 3", "4 1 2 3 *"])
    state = new_game(lv, 1)
    assert blast_cells(state, (0, 0)) == ((0, 0), (0, 1), (0, 3), (0, 4))          # its row, not the hole
    assert blast_cells(state, (1, 1)) == ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2))
    assert blast_cells(state, (2, 2)) == ((1, 2), (2, 2), (3, 2))                  # its column below the hole
    assert blast_cells(state, (3, 4)) == ()                                        # a rainbow's waits for its partner
    assert blast_cells(state, (3, 0)) == ()                                        # no special
