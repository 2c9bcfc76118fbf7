"""Keep going on the lost result card (issue 37): the button (acting on release), K and a pad's
confirm close the card and the same game goes on with 5 more moves; a later win shows no stars
and says why, and progress keeps the level as passed with help, through a kill and a resume."""

from __future__ import annotations

import datetime
import pathlib
from typing import Any

import arcade

from game.core import KeepGoing, Level, Mode, Status, can_keep_going, legal_commands
from game.io import Pack
from game.io.kept_replays import best_win
from game.io.progress import progress_path
from game.ui.actions import Action as Input
from game.ui.app import App
from game.ui.outcome import Action
from game.ui.play_view import PlayView
from game.ui.screens import style
from game.ui.screens.levels import LevelsView
from game.ui.theatre import TheatreView
from kept_going import ONE_SHORT, OUT_OF_REACH
from looks import near, pixel, text_seen
from winning import LEFT, player, settle

PACK = Pack(id="short", name="Short", levels=(ONE_SHORT, OUT_OF_REACH))


def _app(window: Any) -> App:
    app = App(window)
    app.update_settings(reduced_motion=True)   # each result at once
    app.add_pack(PACK)
    return app


def _play(app: App, level: Level, fresh: bool = True) -> PlayView:
    view = app.play_level("short", level.id, fresh=fresh, seed=0 if fresh else None)
    assert isinstance(view, PlayView)
    settle(view)
    view.close_goals()
    return view


def _play_out(view: PlayView) -> None:
    while view.state.status == Status.PLAYING:
        assert view.submit(legal_commands(view.state)[0])
        settle(view)
    view.on_update(1 / 60)


def test_the_button_keeps_a_lost_game_going_and_its_win_earns_no_stars(window: Any, data_dir: pathlib.Path) -> None:
    progress_path().unlink(missing_ok=True)
    app = _app(window)
    view = _play(app, ONE_SHORT)
    _play_out(view)
    menu = view.result_menu
    assert menu is not None and menu.title.text == "Out of moves"
    assert [b.key for b in menu.buttons][:2] == ["retry", "keep going"] and menu.focus == 0
    button = next(b for b in menu.buttons if b.key == "keep going")
    assert button.label == "Keep going: +5 moves"
    board = view.state.grid
    x, y = (int(v) for v in button.rect.center)
    player(window, ("on_mouse_press", x, y, LEFT, 0))
    assert view.result_menu is menu and view.state.status == Status.LOST   # a press alone does nothing
    player(window, ("on_mouse_release", x, y, LEFT, 0))
    assert view.result_menu is None and view.state.status == Status.PLAYING
    assert view.state.moves_left == 5 and view.state.grid == board
    assert view.hud.moves.text == "Moves left 5"
    _play_out(view)
    won = view.result_menu
    assert won is not None and won.title.text == "Level complete!"
    assert "Won with +5 moves: no stars" in [t.text for t in won.lines]
    assert view.hud.lit == 0 and view.outcome(Action.LEVELS).stars == 0 and view.outcome(Action.LEVELS).helped
    kept = app.progress.get("short", ONE_SHORT.id)
    assert kept.completed and kept.helped and kept.stars == 0 and kept.best_score == 0   # no best from help
    assert best_win("short", ONE_SHORT) is None   # nor the best win to watch
    # Watched again, the theatre steps through keep going as through any move.
    x, y = (int(v) for v in next(b for b in won.buttons if b.key == "watch").rect.center)
    player(window, ("on_mouse_press", x, y, LEFT, 0), ("on_mouse_release", x, y, LEFT, 0))
    theatre = window.current_view
    assert isinstance(theatre, TheatreView) and KeepGoing() in theatre.commands
    for symbol in (arcade.key.SPACE, arcade.key.HOME, arcade.key.RIGHT, arcade.key.RIGHT):
        player(window, ("on_key_press", symbol, 0), ("on_key_release", symbol, 0))
        for _ in range(600):
            theatre.on_update(1 / 60)
            if not theatre.board.busy:
                break
    assert theatre.position == 2 and theatre.hud.moves.text == "Moves left 5"
    progress_path().unlink(missing_ok=True)


def test_k_and_a_pads_confirm_keep_going_and_a_kill_keeps_the_game_helped(window: Any, data_dir: pathlib.Path) -> None:
    progress_path().unlink(missing_ok=True)
    app = _app(window)
    view = _play(app, OUT_OF_REACH)
    _play_out(view)
    player(window, ("on_key_press", arcade.key.K, 0), ("on_key_release", arcade.key.K, 0))
    assert view.result_menu is None and view.state.moves_left == 5 and view.state.added == 5
    again = App(window)   # killed and started again: the saved game resumes, helped
    again.add_pack(PACK)
    resumed = _play(again, OUT_OF_REACH, fresh=False)
    assert resumed.state.added == 5 and resumed.state.moves_left == 5 and resumed.state.status == Status.PLAYING
    assert resumed.toast.message == "Welcome back: 1 move in."   # the one move made; keeping going is none
    _play_out(resumed)
    assert resumed.result_menu is not None and resumed.state.status == Status.LOST
    resumed.on_action(Input.DOWN)          # the pad's focus from Retry to the button beside it
    resumed.on_action(Input.PRESS)
    assert resumed.result_menu is None and resumed.state.added == 10 and resumed.state.moves_left == 5
    for _ in range(2):   # undo takes the keep going back (the first Z says what undo costs): lost again, its card up
        player(window, ("on_key_press", arcade.key.Z, 0), ("on_key_release", arcade.key.Z, 0))
    assert resumed.state.status == Status.LOST and resumed.state.added == 5
    assert resumed.result_menu is not None and "keep going" in [b.key for b in resumed.result_menu.buttons]
    progress_path().unlink(missing_ok=True)


def test_a_daily_lost_offers_no_keep_going(window: Any, data_dir: pathlib.Path) -> None:
    # One deal a day and one fair try at it: the day's streak and best are never helped.
    app = _app(window)
    app.today = lambda: datetime.date(2026, 11, 23)
    view = app.play_daily(Mode.MATCH3, fresh=True)
    assert isinstance(view, PlayView)
    settle(view)
    view.close_goals()
    _play_out(view)
    menu = view.result_menu
    assert view.state.status == Status.LOST and can_keep_going(view.state)   # the core would allow it
    assert menu is not None and "keep going" not in [b.key for b in menu.buttons]
    press_k = arcade.key.K
    window.dispatch_event("on_key_press", press_k, 0)
    window.dispatch_event("on_key_release", press_k, 0)
    window.dispatch_events()
    assert view.state.status == Status.LOST and view.state.added == 0


def test_a_helped_game_and_its_level_card_say_no_stars(window: Any, data_dir: pathlib.Path,
                                                       screenshot_dir: pathlib.Path) -> None:
    """While a game kept going is played, its HUD says it earns no stars (the stars dimmed, the
    words in their marks' place); once won, the level list shows the level passed with a "+5
    moves" mark instead of stars, until a win without help earns them."""
    progress_path().unlink(missing_ok=True)
    app = _app(window)
    view = _play(app, ONE_SHORT)
    hud = view.hud
    assert hud.no_stars.text == "" and all(m.visible for m in hud.star_marks)
    _play_out(view)
    player(window, ("on_key_press", arcade.key.K, 0), ("on_key_release", arcade.key.K, 0))
    assert view.state.helped and view.state.status == Status.PLAYING
    assert hud.no_stars.text == "+5 moves: no stars" and not any(m.visible for m in hud.star_marks)
    assert all(s.alpha < 128 for s in hud.stars)
    view.toast.clear()   # the toast says it too; the HUD must say it without it
    view.on_update(1 / 60)
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(screenshot_dir / "keep_going_hud.png")
    assert text_seen(image, hud.no_stars)
    _play_out(view)
    won = view.result_menu
    assert won is not None and won.title.text == "Level complete!" and hud.no_stars.text == "+5 moves: no stars"
    x, y = (int(v) for v in next(b for b in won.buttons if b.key == "levels").rect.center)
    player(window, ("on_mouse_press", x, y, LEFT, 0), ("on_mouse_release", x, y, LEFT, 0))
    levels = window.current_view
    assert isinstance(levels, LevelsView)

    def card() -> tuple[Any, list[str]]:
        levels.on_update(1 / 60)
        levels.on_draw()
        image = arcade.get_image(0, 0, window.width, window.height)
        tile = next(wd for wd in levels.widgets if wd.name == f"level:{ONE_SHORT.id}")
        inside = [t for t in levels._texts if tile.left <= t.x <= tile.left + tile.width
                  and tile.bottom <= t.y <= tile.bottom + tile.height]
        return image, [t.text for t in inside if text_seen(image, t)]

    image, seen = card()
    image.save(screenshot_dir / "keep_going_levels.png")
    assert "+5 moves" in seen and "Passed · no stars" in seen
    assert not any(t.startswith("Best") for t in seen)
    tile = next(wd for wd in levels.widgets if wd.name == f"level:{ONE_SHORT.id}")
    sx, sy = tile.left + tile.width / 2, tile.bottom + tile.height - 106
    assert not near(pixel(image, sx - 36, sy), style.STAR_EMPTY[:3], 12), "empty stars drawn beside the mark"
    assert "level:out-of-reach" in [wd.name for wd in levels.widgets if wd.enabled]   # passed: the next is open
    # A win without help earns its stars: the card shows them, the mark gone.
    app.progress.record_win("short", ONE_SHORT.id, 180, 2)
    levels.rebuild()
    _, seen = card()
    assert "+5 moves" not in seen and "Best 180" in seen
    progress_path().unlink(missing_ok=True)


def test_a_pack_passed_whole_opens_on_its_first_level(window: Any, data_dir: pathlib.Path) -> None:
    """Every level done (one with help): the list's focus is on level 1, and Enter plays it
    (it sat on the header's "Enter a code")."""
    progress_path().unlink(missing_ok=True)
    app = _app(window)
    app.progress.record_win("short", ONE_SHORT.id, 0, 0, helped=True)
    app.progress.record_win("short", OUT_OF_REACH.id, 0, 1)
    levels = app.show_levels("short")
    assert isinstance(levels, LevelsView)
    assert levels.focus is not None and levels.focus.name == f"level:{ONE_SHORT.id}"
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    view = window.current_view
    assert isinstance(view, PlayView) and view.level.id == ONE_SHORT.id
    progress_path().unlink(missing_ok=True)
