"""S on the result card shares the game just played (issue 38): the card with the game's code on
the clipboard, a toast saying so, the focus where it was; the code plays that very game back."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import arcade
import pytest

from game.io.codes import open_code
from game.io.progress import progress_path
from game.io.share import share_dir
from game.ui.app import App
from winning import drag, first_swap_dealt, player, result_card


def test_s_on_the_result_card_copies_the_game_code_and_says_so(window: Any, data_dir: pathlib.Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    progress_path().unlink(missing_ok=True)
    app = App(window)
    monkeypatch.setattr(app.share_jobs, "start_gif", lambda shared: None)   # the GIF: test_theatre
    view, swap = first_swap_dealt(window, app, fresh=True)
    drag(window, view.board.center(swap.a), view.board.center(swap.b))
    menu = result_card(view)
    focus = menu.focus
    try:
        player(window, ("on_key_press", arcade.key.S, 0), ("on_key_release", arcade.key.S, 0))
        assert len(copied) == 1 and "Won in" in copied[0]
        watch = next(line for line in copied[0].splitlines() if line.startswith("Watch it: "))
        game = open_code(watch.removeprefix("Watch it: ")).replay
        assert game is not None and list(game.commands) == [swap] and game.seed == view.seed   # this very game
        assert "clipboard" in view.toast.message
        assert view.result_menu is menu and menu.focus == focus   # S no longer moves the focus
    finally:
        shutil.rmtree(share_dir(), ignore_errors=True)
        progress_path().unlink(missing_ok=True)
