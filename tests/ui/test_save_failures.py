"""A failed save is seen (issue 34): with progress.yaml made a folder, winning a level says on the
screen that the progress could not be saved, naming the real file (never its hidden temporary)."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

from game.io.progress import progress_path
from game.ui.app import App
from winning import drag, first_swap_dealt, result_card


def test_a_win_whose_progress_cannot_be_saved_says_so_on_the_screen(window: Any, data_dir: pathlib.Path) -> None:
    path = progress_path()
    path.unlink(missing_ok=True)
    app = App(window)
    try:
        view, swap = first_swap_dealt(window, app)
        path.mkdir()   # since the game started: a folder where the progress file goes
        (path / "kept.txt").write_text("the player's own\n")
        drag(window, view.board.center(swap.a), view.board.center(swap.b))   # the winning swap, by mouse
        assert view.state.status == "won"
        said = view.toast.message   # on the screen while the win plays out
        assert said == f"Could not save your progress: {path} is a folder, not a file", said
        assert view.toast.error and ".tmp" not in said
        result_card(view)
        assert (path / "kept.txt").read_text() == "the player's own\n"
    finally:
        shutil.rmtree(path, ignore_errors=True)
        path.unlink(missing_ok=True) if path.is_file() else None
        app.share_jobs.stop() if hasattr(app.share_jobs, "stop") else None
