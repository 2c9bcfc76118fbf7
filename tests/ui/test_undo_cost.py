"""Undo that costs something (issue 37): in match3 and chain a game with undo earns at most one star,
said before the first undo takes effect and on the result card, kept through a kill and resume;
slide's undo stays free; the kept replay holds only the moves that stand."""

from __future__ import annotations

import pathlib
from typing import Any

import arcade

from game.core import Mode, Status, parse_command
from game.io.kept_replays import best_win
from game.io.progress import load_progress, progress_path
from game.ui.app import App
from game.ui.play_undo import STAR_CAP, USED
from game.ui import textures
from game.ui.play_view import PlayView
from looks import text_seen
from winning import drag, first_swap_dealt, player, result_card, settle

PACK = "first-steps"
WASTED = parse_command("swap 0,3 0,4")     # a swap of First Swap's deal that does not win
WINNING = parse_command("swap 4,5 5,5")   # First Swap's proof: three stars on its own


def z(window: Any) -> None:
    player(window, ("on_key_press", arcade.key.Z, 0), ("on_key_release", arcade.key.Z, 0))


def swap_by_mouse(window: Any, view: PlayView, swap: Any) -> None:
    drag(window, view.board.center(swap.a), view.board.center(swap.b))
    settle(view)


def stars_shown(view: PlayView) -> int:
    return sum(1 for s in view.result_stars if s.texture is textures.load("star_on"))


def test_the_modes_that_refill_by_chance_cap_the_stars_and_slide_does_not() -> None:
    assert STAR_CAP == {Mode.MATCH3: 1, Mode.CHAIN: 1, Mode.SLIDE: None}


def test_undo_in_match3_warns_first_then_caps_the_win_at_one_star(window: Any, screenshot_dir: pathlib.Path) -> None:
    progress_path().unlink(missing_ok=True)
    app = App(window)
    view, proof = first_swap_dealt(window, app, fresh=True)
    assert proof == WINNING
    swap_by_mouse(window, view, WASTED)
    assert view.session.commands == [WASTED]
    z(window)   # the first undo only says what it costs
    assert view.session.commands == [WASTED] and not view.undo_cost.used
    assert "Undo costs your stars" in view.toast.message and "Undo again" in view.toast.message
    view.on_draw()
    assert text_seen(arcade.get_image(0, 0, window.width, window.height), view.toast.text)
    z(window)
    assert view.session.commands == [] and view.undo_cost.used
    swap_by_mouse(window, view, WINNING)
    menu = result_card(view)
    for _ in range(120):
        view.on_update(1 / 60)   # the stars land
    assert USED in [line.text for line in menu.lines]
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(screenshot_dir / "undo_cost_result.png")
    assert text_seen(image, next(line for line in menu.lines if line.text == USED))
    assert stars_shown(view) == 1
    assert view.hud.lit == 1, "the HUD lights more stars than the card gives"
    # Progress records the capped stars, and the kept replay is the one move that stands.
    assert load_progress().progress.get(PACK, "first-swap").stars == 1
    kept = best_win(PACK, view.level)
    assert kept is not None and list(kept.replay.commands) == [WINNING]


def test_a_game_with_undo_keeps_its_cap_through_a_kill_and_resume(window: Any) -> None:
    progress_path().unlink(missing_ok=True)
    app = App(window)
    view, _ = first_swap_dealt(window, app, fresh=True)
    swap_by_mouse(window, view, WASTED)
    z(window)
    z(window)
    swap_by_mouse(window, view, WASTED)
    saved = load_progress().progress.saved_game(PACK, "first-swap", view.level)
    assert saved is not None and saved.undone and list(saved.parsed_commands()) == [WASTED]
    # Killed here: a new start of the game resumes it, cap and all.
    again = App(window)
    resumed = again.play_level(PACK, "first-swap")
    assert isinstance(resumed, PlayView) and resumed.session.commands == [WASTED] and resumed.undo_cost.used
    settle(resumed)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))   # the card
    z(window)   # already used: no second warning, it undoes at once
    assert resumed.session.commands == []
    swap_by_mouse(window, resumed, WINNING)
    result_card(resumed)
    assert stars_shown(resumed) == 1
    assert load_progress().progress.get(PACK, "first-swap").stars == 1


def test_a_game_without_undo_keeps_every_star(window: Any) -> None:
    progress_path().unlink(missing_ok=True)
    app = App(window)
    view, proof = first_swap_dealt(window, app, fresh=True)
    swap_by_mouse(window, view, proof)
    menu = result_card(view)
    assert USED not in [line.text for line in menu.lines]
    assert load_progress().progress.get(PACK, "first-swap").stars == 3


def test_slide_undo_is_free(window: Any) -> None:
    progress_path().unlink(missing_ok=True)
    app = App(window)
    view = app.play_level(PACK, "slide-in", fresh=True)
    assert isinstance(view, PlayView)
    settle(view)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    for symbol in (arcade.key.LEFT, arcade.key.RIGHT, arcade.key.UP, arcade.key.DOWN):
        player(window, ("on_key_press", symbol, 0), ("on_key_release", symbol, 0))
        if view.session.played:
            break
    settle(view)
    z(window)
    assert view.session.played == 0 and "Undo costs" not in view.toast.message
    assert view.undo_cost.stars(3) == 3 and view.undo_cost.note is None
    assert view.state.status == Status.PLAYING
