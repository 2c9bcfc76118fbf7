"""The result card behaves as a player expects (issue 37): Esc goes back the card's own way out, to
the pack's levels, and its buttons act on release over them, so a press dragged off cancels."""

from __future__ import annotations

import pathlib
from typing import Any

import arcade

from game.io.progress import progress_path
from game.ui.screens.levels import LevelsView
from winning import player, won_first_swap


def test_esc_on_the_result_card_goes_back_to_the_levels(window: Any, data_dir: pathlib.Path) -> None:
    app, view = won_first_swap(window)
    player(window, ("on_key_press", arcade.key.ESCAPE, 0), ("on_key_release", arcade.key.ESCAPE, 0))
    assert isinstance(window.current_view, LevelsView)
    assert app.progress.get("first-steps", "first-swap").completed
    progress_path().unlink(missing_ok=True)


def test_a_press_on_retry_dragged_off_does_nothing_and_a_click_acts(window: Any, data_dir: pathlib.Path) -> None:
    app, view = won_first_swap(window)
    menu = view.result_menu
    assert menu is not None
    retry = next(b for b in menu.buttons if b.key == "retry")
    x, y = retry.rect.center
    far = (x, y - 300)
    player(window, ("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0),
           ("on_mouse_drag", int(x), int(y) - 150, 0, -150, arcade.MOUSE_BUTTON_LEFT, 0),
           ("on_mouse_release", int(far[0]), int(far[1]), arcade.MOUSE_BUTTON_LEFT, 0))
    assert window.current_view is view and view.result_menu is menu and view.state.status == "won"
    levels = next(b for b in menu.buttons if b.key == "levels")
    x, y = levels.rect.center
    player(window, ("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0),
           ("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0))
    assert isinstance(window.current_view, LevelsView)
    progress_path().unlink(missing_ok=True)
