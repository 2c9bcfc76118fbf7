"""A failed save is seen (issue 34): with progress.yaml made a folder, winning a level says on the
screen that the progress could not be saved, naming the real file (never its hidden temporary)."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import arcade

from game.core import Swap
from game.io.progress import progress_path
from game.io.replay import load_replay
from game.ui.app import App
from game.ui.play_view import PlayView
from game.io.pack_proofs import shipped_proof

ROOT = pathlib.Path(__file__).resolve().parents[2]
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


def test_a_win_whose_progress_cannot_be_saved_says_so_on_the_screen(window: Any, data_dir: pathlib.Path) -> None:
    path = progress_path()
    path.unlink(missing_ok=True)
    app = App(window)
    try:
        replay = load_replay(shipped_proof("first-swap"))
        app.play_level("first-steps", "first-swap")
        view = window.current_view
        assert isinstance(view, PlayView) and view.seed == replay.seed
        settle(view)
        path.mkdir()   # since the game started: a folder where the progress file goes
        (path / "kept.txt").write_text("the player's own\n")
        player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))   # the goal card goes
        for _ in range(30):
            view.on_update(1 / 60)
        (swap,) = replay.commands
        assert isinstance(swap, Swap)
        drag(window, view.board.center(swap.a), view.board.center(swap.b))   # the winning swap, by mouse
        assert view.state.status == "won"
        said = view.toast.message   # on the screen while the win plays out
        assert said == f"Could not save your progress: {path} is a folder, not a file", said
        assert view.toast.error and ".tmp" not in said
        settle(view)
        for _ in range(600):
            if view.result_menu is not None:
                break
            view.on_update(1 / 60)
        assert view.result_menu is not None and view.result_menu.title.text == "Level complete!"
        assert (path / "kept.txt").read_text() == "the player's own\n"
    finally:
        shutil.rmtree(path, ignore_errors=True)
        path.unlink(missing_ok=True) if path.is_file() else None
        app.share_jobs.stop() if hasattr(app.share_jobs, "stop") else None
