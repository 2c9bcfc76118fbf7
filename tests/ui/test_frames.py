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


def test_news_from_elsewhere_is_said_on_whatever_screen_is_up(window: Any, capsys: Any) -> None:
    """A shared game's GIF finishing is told on the title, the play screen, or the console."""
    from game.io.paths import levels_dir
    from game.io import load_level
    from game.io.settings import Settings
    from game.ui.app import App
    from game.ui.play_view import PlayView
    from game.ui.share_job import announce

    title = App(window).show_title()
    announce(title, "The GIF is ready: game.gif")
    assert title.toast is not None and title.toast.text == "The GIF is ready: game.gif"
    view = PlayView(load_level(levels_dir() / "first-steps" / "garden-beds.yaml"), seed=3,
                    settings=Settings(animation_speed="normal"))
    window.show_view(view)
    announce(view, "The GIF of x could not be recorded", True)
    assert view.toast.left > 0 and view.toast.error and "could not" in view.toast.text.text
    announce(object(), "The GIF is ready: game.gif")
    assert "The GIF is ready" in capsys.readouterr().out


def test_a_paused_theatre_asks_for_no_frames_and_a_played_one_repaints_only_what_changed(window: Any) -> None:
    """The replay theatre, left paused, draws nothing; playing, its frames between two moves
    repaint nothing, and what a partial frame shows is what a whole frame shows."""
    import arcade

    from game.core import Session, Status, legal_commands
    from game.io import load_level
    from game.io.paths import levels_dir
    from game.io.settings import Settings
    from game.ui.frames import wants_frames
    from game.ui.theatre import TheatreView

    level = load_level(levels_dir() / "first-steps" / "garden-beds.yaml")
    session, commands = Session(level, 3), []
    while session.state.status == Status.PLAYING and len(commands) < 3:
        commands.append(legal_commands(session.state)[0])
        session.play(commands[-1])
    view = TheatreView(level, 3, commands, title="Garden Beds", on_back=lambda: None,
                       settings=Settings(animation_speed="fast"), autoplay=False)
    window.show_view(view)
    window.dispatch_events()
    view.on_update(DT)
    view.on_draw()
    settle(view, 0.5)
    assert not wants_frames(view)              # paused: a still screen
    window.dispatch_event("on_key_press", arcade.key.SPACE, 0)
    window.dispatch_events()                   # (dispatch_event only queues)
    assert view.playing and wants_frames(view)

    def picture() -> bytes:
        return bytes(arcade.get_image(0, 0, window.width, window.height).tobytes())

    partial_frames = 0
    for _ in range(int(8 / DT)):
        view.on_update(DT)
        view.on_draw()
        if view.redraw.last_boxes is not None:
            partial_frames += 1
        if not wants_frames(view):
            break
    assert view.position == len(commands) and not view.playing and not wants_frames(view)
    assert "the end" in view.label.text
    view.on_update(DT)
    view.on_draw()                             # the game's last frame (after the motion stopped)
    drawn = picture()
    view.redraw.forget()
    view.on_draw()
    assert drawn == picture(), "a partial frame left a stale picture"
    if view.redraw.enabled:                    # software GL keeps the back buffer: most frames partial
        assert partial_frames > 0
