"""BoardRenderer on its own: a static board (as the editor draws it), and hand-made event batches."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import (
    HOLE, PLAYER, BonusScored, Chained, Cleared, Fell, Lost, PlayerMoved, Reshuffled, Scored, Slid, Spawned, Won,
)
from game.ui.layout import Rect
from looks import board_seen

DT = 1 / 60
AREA = Rect(300, 40, 900, 700)


def make(window: Any, grid: Any, mode: str = "match3", speed: float = 1.0, **kw: Any) -> Any:
    from game.ui.board import BoardRenderer

    return BoardRenderer(mode, grid, AREA, speed=speed, **kw)


def run(board: Any) -> None:
    for _ in range(2000):
        if not board.busy:
            return
        board.update(DT)
    raise AssertionError("never finished")


def pixel(window: Any, image: Any, x: float, y: float) -> tuple[int, ...]:
    return image.getpixel((int(x), int(window.height - y)))[:3]


def test_static_board_draws_tiles_and_leaves_holes_empty(window: Any) -> None:
    import arcade

    grid = ((1, 2, 3), (4, HOLE, 5), (6, 1, 2))
    board = make(window, grid)
    window.clear(color=(0, 0, 0, 255))
    board.draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    hx, hy = board.center((1, 1))
    assert pixel(window, image, hx, hy) == (0, 0, 0)              # a hole is a gap
    assert board_seen(board, image) == 8                          # every tile, its own picture at its cell
    assert board.sprite_cells() == board.grid_cells(grid)
    assert (1, 1) not in board.sprite_cells()


def test_snap_reports_and_repairs_every_difference(window: Any) -> None:
    board = make(window, ((1, 2), (3, 4)))
    wrong = board.snap(((1, 2), (4, 3)))
    assert wrong == [(1, 0), (1, 1)]
    assert board.sprite_cells() == {(0, 0): 1, (0, 1): 2, (1, 0): 4, (1, 1): 3}
    assert board.snap(((1, 2), (4, 3))) == []


def test_clear_fall_and_spawn_from_above(window: Any) -> None:
    board = make(window, ((1, 2), (3, 4)))
    after = ((5, 2), (1, 4))
    events = [Cleared(((1, 0),)), Scored(10), Fell((((0, 0), (1, 0)),)), Spawned((((0, 0), 5),), rng=0)]
    seen: list[Any] = []
    board.play(events, after, on_event=seen.append)
    board.update(0.25)          # the clear is over: the fall and the spawn run together
    spawned = board.by_cell[(0, 0)]
    assert spawned.kind == 5
    assert spawned.center_y > board.center((0, 0))[1]      # still coming down from above
    run(board)
    assert board.mismatches == []
    assert board.sprite_cells() == board.grid_cells(after)
    assert [type(e) for e in seen] == [Cleared, Scored, Fell, Spawned]


def test_player_walks_step_by_step_eating_tiles(window: Any) -> None:
    grid = ((1, 1, 2), (3, PLAYER, 2), (3, 3, 2))
    board = make(window, grid, mode="chain")
    token = board.by_cell[(1, 1)]
    path = ((1, 1), (0, 1), (0, 0))
    after = ((PLAYER, 0, 2), (3, 0, 2), (3, 3, 2))
    events = [Chained(path), PlayerMoved((1, 1), (0, 1)), PlayerMoved((0, 1), (0, 0)), Scored(20)]
    board.play(events, after)
    board.update(0.05)
    # Mid first step: between its start and the first tile, not yet on the second.
    x0, y0 = board.center((1, 1))
    assert y0 < token.center_y < board.center((0, 1))[1] and token.center_x == pytest.approx(x0)
    run(board)
    assert board.by_cell[(0, 0)] is token
    assert board.sprite_cells() == {(0, 0): PLAYER, (0, 2): 2, (1, 0): 3, (1, 2): 2, (2, 0): 3, (2, 1): 3, (2, 2): 2}
    assert board.mismatches == []


def test_reshuffle_flies_the_same_sprites_to_their_new_cells(window: Any) -> None:
    grid = ((1, 2, 3), (3, 2, 1))
    board = make(window, grid)
    sprites = {id(s) for s in board.by_cell.values()}
    new = ((3, 1, 2), (1, 3, 2))
    board.play([Reshuffled(new, 0)], new)
    board.update(0.2)
    moving = [s for s in board.by_cell.values() if s.position != board.center(s.cell)]
    assert moving, "nothing flew"
    run(board)
    assert {id(s) for s in board.by_cell.values()} == sprites
    assert board.sprite_cells() == board.grid_cells(new) and board.mismatches == []


def test_slide_and_the_end_of_a_game(window: Any) -> None:
    grid = ((1, 2), (3, 0))
    board = make(window, grid, mode="slide")
    after = ((1, 2), (0, 3))
    board.play([Slid((1, 0), (1, 1)), Scored(300), Won()], after)
    run(board)
    assert board.sprite_cells() == board.grid_cells(after)
    assert all(s.scale_x == pytest.approx(1.0) for s in board.by_cell.values())
    board.play([Lost()], after)
    run(board)
    assert all(s.alpha == 255 for s in board.by_cell.values())


def test_the_moves_left_bonus_pops_up_over_the_middle_of_the_board(window: Any) -> None:
    board = make(window, ((1, 2), (3, 4)))
    board.play([Cleared(((1, 0),)), Scored(10)], ((1, 2), (0, 4)))
    run(board)
    board.play([BonusScored(moves_left=3, points=150), Won()], ((1, 2), (0, 4)))
    run(board)
    by_text = {p.text.text: p for p in board._popups}
    # A clear's points rise over the clear; the bonus says what it is for, mid-board.
    assert by_text["+10"].center_x == pytest.approx(board.center((1, 0))[0])
    assert by_text["+150 for 3 moves left"].center_x == pytest.approx(board.layout.rect.center[0])


def test_instant_speed_finishes_within_one_update(window: Any) -> None:
    board = make(window, ((1, 2), (3, 4)), speed=0.0)
    after = ((5, 2), (1, 4))
    board.play([Cleared(((1, 0),)), Fell((((0, 0), (1, 0)),)), Spawned((((0, 0), 5),), rng=0)], after)
    board.update(0.0)
    assert not board.busy
    assert board.sprite_cells() == board.grid_cells(after) and board.mismatches == []


def test_colour_blind_board_uses_the_colour_blind_textures(window: Any) -> None:
    from game.ui import textures

    normal = make(window, ((1, 2), (3, 4)))
    blind = make(window, ((1, 2), (3, 4)), colorblind=True)
    for cell, kind in (((0, 0), 1), ((1, 1), 4)):
        assert normal.by_cell[cell].texture is textures.fitted(textures.kind(kind), normal.tile_px)
        assert blind.by_cell[cell].texture is textures.fitted(textures.kind(kind, colorblind=True), blind.tile_px)
        assert blind.by_cell[cell].texture is not normal.by_cell[cell].texture


@pytest.mark.parametrize("swap", [((2, 2), (2, 3)), ((0, 0), (0, 1)), ((4, 1), (4, 2))])
def test_specials_made_and_fired_leave_the_sprites_equal_to_the_board_and_its_specials(
        window: Any, swap: Any) -> None:
    from game.core import Level, Session, Swap, legal_commands

    rows = ["* 1h 2 3 4 5", "2 3 4 5 2 3", "4 5 * 3 4 5", "2 3 4 5 2 3", "4 1b 2v 3 4 5", "2 3 4 5 2 3"]
    level = Level.from_dict({"format": 1, "id": "sp", "name": "Specials", "mode": "match3",
                             "width": 6, "height": 6, "kinds": 5, "layout": rows})
    session = Session(level, 2)
    board = make(window, session.state.grid)
    board.set_specials(session.state.specials)
    for turn in range(3):
        if session.state.status != "playing":
            break
        command = Swap(*swap) if turn == 0 else legal_commands(session.state)[0]
        events = session.play(command)
        board.play(events, session.state.grid, specials=session.state.specials)
        run(board)
        assert board.mismatches == []
        assert board.sprite_cells() == board.grid_cells(session.state.grid)
        shown = {cell: s.special for cell, s in board.by_cell.items() if s.special is not None}
        assert shown == dict(session.state.specials)


BLOCKER_ROWS = [". . . . .", ". S2 . 3L .", ". . D . .", ". . . . .", "S1 . . . ."]
BLOCKER_JELLY = ["1 1 1 1 1", "0 0 0 0 0", "2 2 2 2 2", "0 0 0 0 0", "0 0 0 0 0"]


def blocker_level() -> Any:
    from game.core import Level

    return Level.from_dict({"format": 1, "id": "bl", "name": "Blockers", "mode": "match3",
                            "width": 5, "height": 5, "kinds": 4, "layout": BLOCKER_ROWS, "jelly": BLOCKER_JELLY,
                            "goals": {"jelly": True, "stones": True, "drops": 2}, "moves": 30})


@pytest.mark.parametrize("told", [True, False])
def test_a_blocker_level_plays_with_every_layer_equal_to_the_state(window: Any, told: bool) -> None:
    """After every move the tiles, specials, stones (hits), locks, jelly (layers) and drops the
    board shows are the state's, whether the batch is told the state after it or only the state
    before (then the board shows the core's fold of the events)."""
    from game.core import Session, legal_commands
    from game.ui.board import Blockers

    session = Session(blocker_level(), 3)
    board = make(window, session.state.grid)
    board.set_blockers(Blockers.of(session.state))
    assert board.layer_cells() == board.state_layers(session.state)
    assert (1, 1) not in board.sprite_cells()     # a stone is no tile
    for _ in range(12):
        if session.state.status != "playing":
            break
        before = session.state
        events = session.play(legal_commands(session.state)[-1])
        # Told the state after, or only the state before (the board folds the events itself).
        board.play(events, session.state if told else session.state.grid, before=before)
        run(board)
        assert board.mismatches == []
        assert board.sprite_cells() == board.grid_cells(session.state.grid)
        assert board.layer_cells() == board.state_layers(session.state)
