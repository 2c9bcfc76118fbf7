"""A chain path drawn with the mouse onto a locked tile shows as refused while it is drawn (the
core judges it, not the screen), and a step back off the lock shows it playable again."""

from __future__ import annotations

import pathlib
from typing import Any

from game.core import Level
from game.ui.board_sprites import BAD_PATH_COLOR, PATH_COLOR, REFUSED_COLOR
from looks import near, pixel
from test_play import DT, LEFT, centre, open_view, send, shot

LOCKED = (1, 2)


def locked_level() -> Level:
    rows = ["P 1 1 2", "3 4 1L 2", "2 3 4 1", "1 2 3 4"]
    return Level.from_dict({"format": 1, "id": "lock-draw", "name": "Lock", "mode": "chain", "width": 4,
                            "height": 4, "kinds": 4, "moves": 5, "layout": rows,
                            "rules": {"diagonal": False, "min_chain": 3}})


def ring_edge(view: Any, cell: tuple[int, int]) -> tuple[float, float]:
    """A point on the ring drawn round `cell` (its left side, inside the cell)."""
    x, y = centre(view, cell)
    return x - view.board.layout.cell * 0.46, y


def test_a_path_dragged_onto_a_locked_tile_shows_refused_while_drawn(window: Any,
                                                                     screenshot_dir: pathlib.Path) -> None:
    view = open_view(window, locked_level())
    board = view.board
    assert view.state.locked(LOCKED)
    plain = shot(window, view, screenshot_dir / "chain_lock_before.png")
    path = [(0, 0), (0, 1), (0, 2)]
    x, y = map(int, centre(view, path[0]))
    send(window, "on_mouse_press", x, y, LEFT, 0)
    for cell in (*path[1:], LOCKED):
        x, y = map(int, centre(view, cell))
        send(window, "on_mouse_drag", x, y, 0, 0, LEFT, 0)
    view.on_update(DT)
    # The finger is on the lock and the button is still down: the path reaches it, drawn red,
    # with a red ring on the locked tile, and no score is promised.
    assert view.controller.path == [*path, LOCKED]
    assert board._path_refused == (LOCKED,)
    assert all(arrow.color == BAD_PATH_COLOR for arrow in board._path_arrows)
    assert board._path_label.text == ""
    drawing = shot(window, view, screenshot_dir / "chain_lock_refused.png")
    edge = ring_edge(view, LOCKED)
    assert near(pixel(drawing, *edge), REFUSED_COLOR[:3], 60), "no red ring on the locked tile"
    assert not near(pixel(plain, *edge), REFUSED_COLOR[:3], 60)
    # Back off the lock: the same stroke is playable again, white, and says what it scores.
    x, y = map(int, centre(view, path[-1]))
    send(window, "on_mouse_drag", x, y, 0, 0, LEFT, 0)
    assert view.controller.path == path and board._path_refused == ()
    assert all(arrow.color == PATH_COLOR for arrow in board._path_arrows)
    assert board._path_label.text.startswith("+")
    back = shot(window, view, screenshot_dir / "chain_lock_back.png")
    assert not near(pixel(back, *edge), REFUSED_COLOR[:3], 60), "the red ring stayed after the step back"
    # Onto the lock again and release there: the core refuses it and the player is told why.
    x, y = map(int, centre(view, LOCKED))
    send(window, "on_mouse_drag", x, y, 0, 0, LEFT, 0)
    send(window, "on_mouse_release", x, y, LEFT, 0)
    assert view.session.commands == []
    assert view.toast.error and "Locked" in view.toast.message
    assert board._path_refused == () and board._path_arrows == []
