"""Winning First Swap as a player does, for the tests that need a won level: mouse input as the
window gets it, the dealt board with its goal card read, and the wait for the result card."""

from __future__ import annotations

from typing import Any

import arcade

from game.core import Swap
from game.io.pack_proofs import shipped_proof
from game.io.progress import progress_path
from game.io.replay import load_replay
from game.ui.app import App
from game.ui.play_view import PlayView

LEFT = arcade.MOUSE_BUTTON_LEFT


def player(window: Any, *events: tuple[Any, ...]) -> None:
    """Input as the window gets it from a player (dispatch_event only queues)."""
    for name, *args in events:
        window.dispatch_event(name, *args)
    window.dispatch_events()


def drag(window: Any, a: tuple[float, float], b: tuple[float, float]) -> None:
    steps = [(a[0] + (b[0] - a[0]) * k / 4, a[1] + (b[1] - a[1]) * k / 4) for k in range(1, 5)]
    player(window, ("on_mouse_press", int(a[0]), int(a[1]), LEFT, 0),
           *[("on_mouse_drag", int(x), int(y), 0, 0, LEFT, 0) for x, y in steps],
           ("on_mouse_release", int(b[0]), int(b[1]), LEFT, 0))


def settle(view: Any) -> None:
    for _ in range(900):
        view.on_update(1 / 60)
        if not view.busy:
            return
    raise AssertionError("the animation never finished")


def first_swap_dealt(window: Any, app: App, fresh: bool = False) -> tuple[PlayView, Swap]:
    """First Swap on screen from its proof's seed (`fresh`: a game left there is dropped, which
    saves the progress), its goal card read (Enter); and the proof's one winning swap."""
    replay = load_replay(shipped_proof("first-swap"))
    app.play_level("first-steps", "first-swap", fresh=fresh)
    view = window.current_view
    assert isinstance(view, PlayView) and view.seed == replay.seed
    settle(view)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    for _ in range(30):
        view.on_update(1 / 60)
    (swap,) = replay.commands
    assert isinstance(swap, Swap)
    return view, swap


def result_card(view: PlayView) -> Any:
    """The result card, once the win has played out."""
    settle(view)
    for _ in range(600):
        if view.result_menu is not None:
            break
        view.on_update(1 / 60)
    assert view.result_menu is not None and view.result_menu.title.text == "Level complete!"
    return view.result_menu


def won_first_swap(window: Any) -> tuple[App, PlayView]:
    """First Swap won with its proof's swap, by mouse, up to the result card (no progress before)."""
    progress_path().unlink(missing_ok=True)
    app = App(window)
    view, swap = first_swap_dealt(window, app, fresh=True)
    drag(window, view.board.center(swap.a), view.board.center(swap.b))
    result_card(view)
    return app, view
