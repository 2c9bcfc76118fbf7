"""Next level onto a locked level (issue 37): the result card's Next does not drop the player on the
list without a word; the list comes up on the locked level and says which level opens it."""

from __future__ import annotations

import pathlib
from typing import Any

import arcade

from game.io.pack_proofs import shipped_proof
from game.io.progress import progress_path
from game.io.replay import load_replay
from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens.levels import LevelsView
from looks import text_seen
from winning import drag, player, result_card, settle

PACK = "first-steps"


def test_next_onto_a_locked_level_says_which_level_opens_it(window: Any, data_dir: pathlib.Path,
                                                             screenshot_dir: pathlib.Path) -> None:
    progress_path().unlink(missing_ok=True)
    app = App(window)
    first, second, third = app.pack(PACK).levels[:3]
    # The second level was won (say, before the pack gained a first one); the first never was.
    app.progress.record_win(PACK, second.id, 100, 1)
    app.show_levels(PACK, focus_level=second.id)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    view = window.current_view
    assert isinstance(view, PlayView) and view.level.id == second.id
    settle(view)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))   # the goal card
    for swap in load_replay(shipped_proof(second.id)).commands:
        settle(view)
        drag(window, view.board.center(swap.a), view.board.center(swap.b))
    menu = result_card(view)
    assert menu.buttons[0].text.text == "Next level" and menu.focus == 0
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    levels = window.current_view
    assert isinstance(levels, LevelsView), "the third level is locked: no game of it starts"
    assert levels.focus is not None and levels.focus.name == f"level:{third.id}"
    assert levels.toast is not None
    assert levels.toast.text == f"Locked: finish level 1, “{first.name}”, to open it"
    levels.on_update(1 / 60)
    levels.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(screenshot_dir / "next_locked.png")
    assert text_seen(image, levels.toast)
    progress_path().unlink(missing_ok=True)
