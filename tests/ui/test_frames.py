"""Drawing on demand: a still screen asks for no frames; input, motion and timers each bring them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

DT = 1 / 60


def settle(view: Any, seconds: float) -> None:
    for _ in range(int(seconds / DT)):
        view.on_update(DT)


def test_an_untouched_board_stops_asking_for_frames_and_a_move_asks_again(window: Any) -> None:
    from game.core import legal_commands
    from game.io import load_level
    from game.io.settings import Settings
    from game.ui.frames import wants_frames
    from game.ui.play_view import PlayView

    from game.io.paths import levels_dir

    level = load_level(levels_dir() / "first-steps" / "garden-beds.yaml")
    view = PlayView(level, seed=3, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    settle(view, 0.5)
    assert not wants_frames(view)              # a still board: nothing to draw
    settle(view, 6.0)                          # the hint shows itself and breathes ...
    assert view.hint_command is not None and wants_frames(view)
    settle(view, 5.0)                          # ... then glows steady
    assert not wants_frames(view)
    assert view.submit(legal_commands(view.state)[0])
    assert wants_frames(view)                  # the move plays
    settle(view, 3.0)                          # (before the next hint shows itself)
    assert not view.busy and not wants_frames(view)


def test_the_titles_tiles_come_to_rest_and_a_key_wakes_them(window: Any) -> None:
    import arcade

    from game.ui.app import App
    from game.ui.frames import wants_frames

    app = App(window)
    title = app.show_title()
    settle(title, 1.0)
    assert wants_frames(title)                 # the logo falls, the tiles drift
    settle(title, 11.0)
    assert title.logo_landed and not wants_frames(title)
    resting = [(s.center_x, s.center_y) for s in title._rain]
    settle(title, 1.0)
    assert [(s.center_x, s.center_y) for s in title._rain] == resting
    title.on_key_press(arcade.key.DOWN, 0)
    assert wants_frames(title)
    settle(title, 0.5)
    assert [(s.center_x, s.center_y) for s in title._rain] != resting


def test_the_window_draws_after_input_while_moving_and_once_after() -> None:
    from game.ui import frames

    view = SimpleNamespace(moving=False)
    view.in_motion = lambda: view.moving
    gate: Any = SimpleNamespace(current_view=view, _frame_wanted=True, _was_moving=False)
    ask = lambda: frames.OnDemandWindow.needs_frame(gate)  # noqa: E731
    assert ask()                  # the first frame
    assert not ask()              # nothing changed
    gate._frame_wanted = True     # input (dispatch_event sets it)
    assert ask() and not ask()
    view.moving = True
    assert ask() and ask()
    view.moving = False
    assert ask()                  # the frame that shows the motion's end
    assert not ask()
    gate.current_view = SimpleNamespace()   # a view that does not say (the editor): every frame
    assert ask() and ask()
