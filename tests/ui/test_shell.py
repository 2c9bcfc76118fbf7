"""The game shell, driven by real input events on the shared window: menus, play, progress, resume."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import pytest

from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.io.progress import load_progress, progress_path
from game.io.replay import load_replay
from game.io.settings import load_settings, settings_path
import arcade

from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens import style
from game.ui.screens.levels import LevelsView
from game.ui.screens.packs import PacksView
from game.ui.screens.settings import SettingsView
from game.ui.screens.title import TitleView
from looks import assert_card_over_the_board, text_seen, tiles_seen

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACK = "first-steps"


# -- driving the window like a player ------------------------------------------------------
def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()  # dispatch_event only queues


def press_key(window: Any, symbol: int) -> None:
    send(window, "on_key_press", symbol, 0)
    send(window, "on_key_release", symbol, 0)


def click(window: Any, x: float, y: float) -> None:
    send(window, "on_mouse_motion", int(x), int(y), 0, 0)
    send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def frames(window: Any, n: int = 1) -> None:
    for _ in range(n):
        window.current_view.on_update(1 / 60)


def settle(window: Any, limit: int = 900) -> None:
    """Run frames until the play view's animations are over."""
    view = window.current_view
    for _ in range(limit):
        view.on_update(1 / 60)
        if not view.busy:
            return
    raise AssertionError("the animation never finished")


def draw(window: Any, shot: str | None = None) -> Any:
    window.current_view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    if shot is not None:
        folder = ROOT / "tests" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        image.save(folder / f"shell_{shot}.png")
    return image


def pixel(window: Any, image: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window point (x, y) (y up, as arcade counts)."""
    return image.getpixel((int(x), window.height - 1 - int(y)))[:3]  # type: ignore[no-any-return]


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a[:3], b[:3]))


def face(window: Any, image: Any, wd: Any) -> tuple[int, int, int]:
    """The colour of a button's face, just inside its left edge (beside its text)."""
    return pixel(window, image, wd.left + 6, wd.bottom + wd.height / 2)


def widget(view: Any, name: str) -> Any:
    found = [w for w in view.widgets if w.name == name]
    assert found, f"no widget {name!r} on {type(view).__name__}: {[w.name for w in view.widgets]}"
    return found[0]


def screen_point(view: Any, name: str) -> tuple[float, float]:
    """Where a player clicks a widget: inside it, left of any centred text, on screen."""
    wd = widget(view, name)
    view.set_focus(wd, reveal=True) if wd.scrolls else None
    x, y = wd.left + 8, wd.bottom + wd.height / 2
    return x, y + (view.scroll if wd.scrolls else 0.0)


def click_widget(window: Any, name: str) -> None:
    click(window, *screen_point(window.current_view, name))


@pytest.fixture()
def fresh(data_dir: pathlib.Path) -> Iterator[pathlib.Path]:
    """No progress and default settings before and after each test."""
    for path in (progress_path(), settings_path()):
        path.unlink(missing_ok=True)
    for old in data_dir.glob("progress.yaml.corrupt-*"):
        old.unlink()
    yield data_dir
    for path in (progress_path(), settings_path()):
        path.unlink(missing_ok=True)


# -- the menus -----------------------------------------------------------------------------
def test_title_menu_keyboard_and_mouse(window: Any, fresh: pathlib.Path) -> None:
    quits: list[bool] = []
    opened: list[tuple[Any, dict[str, Any]]] = []
    app = App(window, on_quit=lambda: quits.append(True),
              editor_factory=lambda win, **kw: opened.append((win, kw)))
    app.show_title()
    view = window.current_view
    assert isinstance(view, TitleView)
    frames(window, 120)
    assert view.logo_landed
    image = draw(window, "title")
    # The logo's first tile has landed in its colour; Play has the focus (lit), Settings not.
    tile = view._logo[0][0]
    assert near(pixel(window, image, tile.center_x - tile.width / 2 + 8, tile.center_y), style.TILE_COLORS[0])
    play, settings = widget(view, "play"), widget(view, "settings")
    assert near(pixel(window, image, play.left + 8, play.bottom + play.height / 2), style.PRIMARY_HOVER)
    assert near(pixel(window, image, settings.left + 8, settings.bottom + settings.height / 2), style.PANEL)
    # Arrows move the focus, and the player sees it move (Play, Daily, Level editor, Settings).
    for _ in range(3):
        press_key(window, arcade.key.DOWN)
    assert view.focus is widget(view, "settings")
    image = draw(window)
    assert near(pixel(window, image, settings.left + 8, settings.bottom + settings.height / 2), style.PANEL_HOVER)
    # Hovering with the mouse lights the button under it.
    quit_ = widget(view, "quit")
    send(window, "on_mouse_motion", int(quit_.left + 20), int(quit_.bottom + 10), 0, 0)
    assert quit_.hovered and view.focus is quit_
    # The editor entry opens the editor on this window; Esc on the title points at Quit.
    click_widget(window, "level editor")
    assert opened and opened[0][0] is window and callable(opened[0][1]["on_leave"])
    app.show_title()
    press_key(window, arcade.key.ESCAPE)
    assert window.current_view.focus.name == "quit" and not quits
    press_key(window, arcade.key.ENTER)
    assert quits == [True]


def test_no_editor_button_without_an_editor(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_title()
    assert [w.name for w in window.current_view.widgets] == ["play", "daily", "settings", "quit", "code"]


def test_settings_are_chosen_with_keys_and_mouse_and_saved_at_once(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_title()
    press_key(window, arcade.key.DOWN)   # Play, Daily, Settings
    press_key(window, arcade.key.DOWN)
    press_key(window, arcade.key.ENTER)
    view = window.current_view
    assert isinstance(view, SettingsView)
    assert view.focus is widget(view, "animation_speed=normal")
    press_key(window, arcade.key.RIGHT)
    press_key(window, arcade.key.ENTER)
    assert load_settings().animation_speed == "fast"
    view = window.current_view
    image = draw(window)
    fast, normal = widget(view, "animation_speed=fast"), widget(view, "animation_speed=normal")
    assert near(pixel(window, image, fast.left + 6, fast.bottom + fast.height / 2), style.PRIMARY_HOVER)
    assert near(pixel(window, image, normal.left + 6, normal.bottom + normal.height / 2), style.OPTION)
    click_widget(window, "colorblind=True")
    click_widget(window, "sound=False")
    assert load_settings() == app.settings
    assert (app.settings.animation_speed, app.settings.colorblind, app.settings.sound) == ("fast", True, False)
    press_key(window, arcade.key.F11)  # fullscreen is a setting too (the test window keeps its size)
    assert load_settings().fullscreen is True and window.width == 1280
    click_widget(window, "fullscreen=False")
    assert load_settings().fullscreen is False
    image = draw(window, "settings")
    # Each setting's value is seen lit (the selected colours), the other options plain.
    options = [w for w in view.widgets if "=" in w.name]
    assert {"animation_speed=fast", "colorblind=True", "sound=False", "fullscreen=False"} <= \
        {w.name for w in options if w.selected}
    # The rows in sight (the last ones are scrolled to when wanted: 1280x800 shows six).
    shown = [o for o in options if 0 <= o.bottom + (view.scroll if o.scrolls else 0.0) <= window.height - o.height]
    assert {o.name.split("=")[0] for o in shown} >= {"animation_speed", "colorblind", "sound", "fullscreen"}
    for option in shown:
        lit = any(near(face(window, image, option), c) for c in (style.PRIMARY, style.PRIMARY_HOVER))
        assert lit == option.selected, f"{option.name} is seen {'lit' if lit else 'plain'}"
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)
    # A new start reads them back, and a level is played with them.
    again = App(window)
    assert again.settings.animation_speed == "fast" and again.settings.colorblind
    view = again.play_level(PACK, again.pack(PACK).levels[0].id)
    assert view.settings == again.settings


def test_the_window_size_is_kept_for_the_next_start_but_not_a_full_screen_one(
        window: Any, fresh: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    quits: list[bool] = []
    app = App(window, on_quit=lambda: quits.append(True))
    app.quit()                                  # Quit (closing the game window does the same)
    assert quits and load_settings().window == (window.width, window.height)
    monkeypatch.setattr(type(window), "fullscreen", property(lambda self: True))
    app.update_settings(window=(1000, 700))
    app.remember_window()                       # a full-screen window's size is the screen's
    assert load_settings().window == (1000, 700)


def test_a_corrupt_progress_file_is_set_aside_and_told_once(window: Any, fresh: pathlib.Path) -> None:
    progress_path().write_text("format: 1\npacks: {first-steps: [broken\n", encoding="utf-8")
    app = App(window)
    assert app.progress.packs == {}
    app.show_title()
    frames(window, 90)
    view = window.current_view
    image = draw(window, "title_notice")
    ok = widget(view, "ok")
    assert near(pixel(window, image, ok.left - 40, ok.bottom + ok.height / 2), style.NOTICE_BG)
    assert (fresh / "progress.yaml.corrupt-1").read_text(encoding="utf-8").startswith("format: 1")
    click_widget(window, "ok")
    assert window.current_view.notice is None and not any(w.name == "ok" for w in window.current_view.widgets)
    image = draw(window)
    assert not near(pixel(window, image, ok.left - 40, ok.bottom + ok.height / 2), style.NOTICE_BG)
    # The next start has nothing to say.
    assert App(window).notice is None


def test_bad_settings_are_told_on_the_title_and_an_unsavable_change_still_applies(
        window: Any, fresh: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings_path().write_text("animation_speed: fast\nwhen: 2024-13-45\n", encoding="utf-8")
    app = App(window)
    assert app.settings == load_settings(settings_path()) and app.notice is not None
    assert "settings.yaml" in app.notice and "2024-13-45" in app.notice
    app.show_title()
    frames(window, 5)
    assert any(w.name == "ok" for w in window.current_view.widgets)
    # A data folder that became a file: the change holds for this session, nothing crashes.
    blocker = tmp_path / "gone"
    blocker.write_text("a file")
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(blocker))
    assert app.update_settings(sound=False).sound is False and app.settings.sound is False
    assert blocker.read_text() == "a file"


def test_packs_and_levels_show_progress_and_locks(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    pack = app.pack(PACK)
    ids = [lv.id for lv in pack.levels]
    app.progress.record_win(PACK, ids[0], 1234, 3)
    app.progress.record_win(PACK, ids[1], 400, 1)
    app.show_packs()
    view = window.current_view
    assert isinstance(view, PacksView)
    image = draw(window, "packs")
    card = widget(view, f"pack:{PACK}")
    # The progress bar is partly filled (2 of N done).
    bar_left = card.left + card.width - 250 - 24
    bar_y = card.bottom + card.height - 66
    assert near(pixel(window, image, bar_left + 4, bar_y), style.BAR_FILL, 12)
    assert near(pixel(window, image, bar_left + 240, bar_y), style.BAR_BG, 12)
    for _ in range(len(app.packs()[0])):  # walk down to the pack with the keyboard
        if view.focus is card:
            break
        press_key(window, arcade.key.DOWN)
    assert view.focus is card
    press_key(window, arcade.key.ENTER)
    levels = window.current_view
    assert isinstance(levels, LevelsView) and levels.pack_id == PACK
    # The next unfinished level has the focus; the one after it is locked.
    assert levels.focus is widget(levels, f"level:{ids[2]}")
    image = draw(window, "levels")
    t1, t4 = widget(levels, f"level:{ids[0]}"), widget(levels, f"level:{ids[3]}")
    assert near(pixel(window, image, t1.left + 6, t1.bottom + 40), style.PANEL)
    assert near(pixel(window, image, t4.left + 6, t4.bottom + 40), style.PANEL_LOCKED)
    # Three gold stars on level 1.
    sx, sy = t1.left + t1.width / 2, t1.bottom + t1.height - 106
    for dx in (-36, 0, 36):
        assert near(pixel(window, image, sx + dx, sy), style.GOLD, 30)
    # A locked level refuses, and says which level opens it.
    click_widget(window, f"level:{ids[3]}")
    assert window.current_view is levels and levels.toast is not None
    assert f"level 3, “{pack.levels[2].name}”" in levels.toast.text
    assert text_seen(draw(window, "levels_locked"), levels.toast), "the refusal is not seen"
    # Scrolling: the pack has more levels than fit; the wheel and the focus both scroll.
    assert levels.max_scroll > 0
    send(window, "on_mouse_scroll", 640, 400, 0, -3)
    assert levels.scroll > 0
    levels.set_scroll(0)
    for _ in range(8):
        press_key(window, arcade.key.DOWN)
    bottom, top = levels._screen_box(levels.focus)
    assert bottom >= 0 and top <= window.height - levels.header_height
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, PacksView)
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)


# -- the whole way: title -> packs -> levels -> play, win, next, leave, resume --------------
def _replay(level_id: str) -> Any:
    return load_replay(shipped_proof(level_id))


def test_title_to_play_win_next_and_resume(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_title()
    frames(window, 5)
    press_key(window, arcade.key.ENTER)                      # Play
    assert isinstance(window.current_view, PacksView)
    click_widget(window, f"pack:{PACK}")                     # the pack, by mouse
    levels = window.current_view
    assert isinstance(levels, LevelsView)
    pack = app.pack(PACK)
    first, second = pack.levels[0], pack.levels[1]
    click_widget(window, f"level:{first.id}")                # the first level, by mouse
    view = window.current_view
    assert isinstance(view, PlayView) and view.level.id == first.id
    replay = _replay(first.id)
    assert view.seed == replay.seed == (first.seed if first.seed is not None else 0)
    settle(window)
    assert view.goal_card is not None   # the level's goals come first, over its dealt board
    assert_card_over_the_board(window, view, view.goal_card, draw(window, "play_start"))
    for command in replay.commands:
        assert view.submit(command)
        settle(window)
    assert view.state.status == "won" and view.result_menu is not None
    assert_card_over_the_board(window, view, view.result_menu, draw(window, "play_won"))   # the result, over the board
    press_key(window, arcade.key.ENTER)                      # "Next level" has the focus
    # The win is saved, and the next level is open and on screen.
    saved = load_progress().progress
    won = saved.get(PACK, first.id)
    assert won.completed and won.stars == view.outcome("levels").stars >= 1
    assert won.best_score == view.state.score > 0
    assert saved.unlocked(PACK, [lv.id for lv in pack.levels], second.id)
    view2 = window.current_view
    assert isinstance(view2, PlayView) and view2.level.id == second.id
    settle(window)
    # Play part of the second level, then leave through the pause menu.
    replay2 = _replay(second.id)
    assert len(replay2.commands) >= 2
    for command in replay2.commands[:-1]:
        assert view2.submit(command)
        settle(window)
    before = view2.state
    press_key(window, arcade.key.ESCAPE)
    assert view2.pause_menu is not None
    # By keys, down from Resume to "Back to levels", however many buttons lie between.
    for _ in range([b.key for b in view2.pause_menu.buttons].index("levels")):
        press_key(window, arcade.key.DOWN)
    press_key(window, arcade.key.ENTER)
    levels = window.current_view
    assert isinstance(levels, LevelsView) and levels.focus.name == f"level:{second.id}"
    game = load_progress().progress.saved_game(PACK, second.id, second)
    assert game is not None and len(game.commands) == len(replay2.commands) - 1
    image = draw(window, "levels_after")
    # Level 1 now shows its stars; level 2 says it can be resumed.
    assert any("resume" in t.text for t in levels._texts)
    # Coming back resumes exactly where the player left.
    press_key(window, arcade.key.ENTER)
    view3 = window.current_view
    assert isinstance(view3, PlayView) and view3 is not view2
    assert view3.state == before and view3.session.commands == list(replay2.commands[:-1])
    settle(window)
    image = draw(window, "play_resumed")
    assert view3.goal_card is None and tiles_seen(view3, image) >= 20   # the game, where it was left
    assert view3.submit(replay2.commands[-1])
    settle(window)
    assert view3.state.status == "won"
    # Retry from the result: the win stays, the new game starts fresh.
    retry = next(b for b in view3.result_menu.buttons if b.key == "retry")
    click(window, *retry.rect.center)
    view4 = window.current_view
    assert isinstance(view4, PlayView) and view4.session.commands == []
    assert load_progress().progress.get(PACK, second.id).completed


def test_leaving_by_quitting_keeps_the_game(window: Any, fresh: pathlib.Path) -> None:
    quits: list[bool] = []
    app = App(window, on_quit=lambda: quits.append(True))
    level = app.pack(PACK).levels[0]
    view = app.play_level(PACK, level.id)
    settle(window)
    from game.core import legal_commands
    # A move that does not win at once (the first level is won in one swap).
    for command in legal_commands(view.state):
        view.submit(command)
        settle(window)
        if view.state.status == "playing":
            break
        view.restart()
        settle(window)
    assert view.state.status == "playing" and view.session.commands
    app.quit()
    assert quits
    game = load_progress().progress.saved_game(PACK, level.id, level)
    assert game is not None and list(game.parsed_commands()) == view.session.commands


def test_a_saved_game_that_no_longer_replays_starts_fresh(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    level = app.pack(PACK).levels[0]
    from game.core import Swap
    # A game saved against this level whose move is illegal now (a corner with a non-neighbour).
    app.progress.save_game(PACK, level.id, 1, [Swap((0, 0), (5, 5))], level)
    view = app.play_level(PACK, level.id)
    assert view.session.commands == []
    assert app.progress.saved_game(PACK, level.id) is None


def test_the_real_editor_opens_from_the_title_and_esc_comes_back(window: Any, fresh: pathlib.Path) -> None:
    import editor
    from editor.view import EditorView

    app = App(window, editor_factory=editor.open_editor)
    app.show_title()
    click_widget(window, "level editor")
    assert isinstance(window.current_view, EditorView)
    frames(window, 2)
    image = draw(window, "editor_from_title")
    r = window.current_view.props.fields["id"].rect    # the editor's fields, framed in white
    assert all(near(pixel(window, image, x, r.center_y), (255, 255, 255), 40) for x in (r.left + 1, r.right - 2))
    press_key(window, arcade.key.ESCAPE)   # a fresh, unchanged draft leaves without asking
    assert isinstance(window.current_view, TitleView)


def test_every_way_out_of_a_level_updates_progress(window: Any, fresh: pathlib.Path) -> None:
    from game.core import legal_commands
    from game.ui.play_view import PlayOutcome

    app = App(window)
    pack = app.pack(PACK)
    level = pack.levels[1]
    view = app.play_level(PACK, level.id)
    settle(window)
    view.submit(legal_commands(view.state)[0])
    settle(window)
    played = tuple(view.session.commands)
    # Restart from the pause menu: the game starts over and nothing is left to resume.
    press_key(window, arcade.key.ESCAPE)
    restart = next(b for b in view.pause_menu.buttons if b.key == "restart")
    click(window, *restart.rect.center)
    fresh_view = window.current_view
    assert isinstance(fresh_view, PlayView) and fresh_view is not view and fresh_view.session.commands == []
    assert load_progress().progress.saved_game(PACK, level.id) is None
    # A lost game is not kept for resuming, and does not count as done.
    app.progress.save_game(PACK, level.id, view.seed, played, level)
    fresh_view.on_leave(PlayOutcome(level.id, view.seed, "lost", 120, 0, played, "levels"))
    assert isinstance(window.current_view, LevelsView)
    lp = load_progress().progress.get(PACK, level.id)
    assert lp.game is None and not lp.completed
    # "Next pack" after winning the last level of a pack: the next shipped pack opens at half
    # this pack's stars; short of them, the packs screen says how many more it takes.
    last = pack.levels[-1]
    assert app.play_level(PACK, last.id).next_label == "Next pack"
    window.current_view.on_leave(PlayOutcome(last.id, 0, "won", 999, 2, played, "next"))
    assert isinstance(window.current_view, PacksView)
    need = -(-3 * len(pack.levels) // 2) - 2
    assert app.stars_to_open("sweet-mechanics") == need
    assert window.current_view.toast.text == f"Earn {need} more stars in {pack.name} to open it"
    assert load_progress().progress.get(PACK, last.id).stars == 2


def test_f11_while_playing_goes_through_the_app_and_is_saved(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    view = app.play_level(PACK, app.level_ids(PACK)[0])
    assert isinstance(view, PlayView) and app.settings.fullscreen is False
    press_key(window, arcade.key.F11)           # a real key event, through the play view
    assert app.settings.fullscreen is True and load_settings().fullscreen is True
    assert window.width == 1280                 # the shared test window keeps its size
    app.show_settings()
    assert widget(window.current_view, "fullscreen=True").selected
    app.play_level(PACK, app.level_ids(PACK)[0])
    press_key(window, arcade.key.F11)
    assert app.settings.fullscreen is False and load_settings().fullscreen is False
    app.show_settings()
    assert widget(window.current_view, "fullscreen=False").selected


def test_each_pack_card_shows_its_whole_description_on_at_most_two_lines(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_packs()
    view = window.current_view
    assert isinstance(view, PacksView)
    image = draw(window, "packs_descriptions")
    shipped = [pack for pack in app.packs()[0] if pack.id in ("first-steps", "sweet-mechanics")]
    assert len(shipped) == 2   # (other tests may leave packs of their own, some with no description)
    for pack in shipped:
        card = widget(view, f"pack:{pack.id}")
        about = " ".join(str(pack.description).split())
        shown = next(t for t in view._texts if t.text.rstrip("…") and about.startswith(t.text.rstrip("…"))
                     and t.multiline)
        assert shown.text == about, "the shipped packs' descriptions are short enough to read whole"
        assert shown.font_size == style.SMALL_SIZE + 1                      # never shrunk
        assert shown.x + shown.content_width <= card.left + card.width - 250 - 24   # clear of the stars
        assert shown.y - shown.content_height >= card.bottom                # inside its card
        assert text_seen(image, shown), f"{pack.id}'s description is not seen"
    # A description too long for two lines ends in an ellipsis, at two lines.
    from game.ui.screens.widgets import fit_lines

    long = arcade.Text("word " * 200, 0, 0, style.TEXT, style.SMALL_SIZE + 1, multiline=True, width=400)
    one = arcade.Text("Ag", 0, 0, style.TEXT, style.SMALL_SIZE + 1, multiline=True, width=400).content_height
    fit_lines(long, 2)
    assert long.text.endswith("…") and one < long.content_height <= 2 * one + 1


def test_an_empty_pack_opens_on_its_levels_screen_which_says_so(window: Any, fresh: pathlib.Path) -> None:
    from game.io.packs import Pack

    empty = Pack(id="empty", name="Empty", author="tests")
    app = App(window, packs=lambda: [empty])
    assert app.first_open_level("empty") is None
    view = app.show_levels("empty")
    assert isinstance(view, LevelsView)
    image = draw(window, "levels_empty_pack")
    said = [t for t in view._texts if t.text == "This pack has no levels."]
    assert said and text_seen(image, said[0])


def test_every_move_is_saved_at_once_so_a_kill_loses_nothing(window: Any, fresh: pathlib.Path) -> None:
    from game.core import legal_commands

    app = App(window)
    level = app.pack(PACK).levels[1]
    view = app.play_level(PACK, level.id)
    settle(window)
    view.submit(legal_commands(view.state)[0])
    # No leaving, no quitting: what is on disk already has the move (a kill now loses nothing).
    game = load_progress().progress.saved_game(PACK, level.id, level)
    assert game is not None and list(game.parsed_commands()) == view.session.commands
    settle(window)
    press_key(window, arcade.key.Z)                          # (the first says what undo costs)
    press_key(window, arcade.key.Z)                          # an undo is saved too:
    game = load_progress().progress.saved_game(PACK, level.id, level)
    assert view.session.commands == [] and (game is None or not game.commands)   # nothing to resume


def test_retry_plays_the_same_deal_new_deal_another_and_a_lost_game_has_no_undo(
        window: Any, fresh: pathlib.Path) -> None:
    from game.core import Level, Session, Status, legal_commands
    from game.io import Pack

    # A level no deal can win (a million points in three moves): every game of it is lost.
    level = Level.from_dict({"format": 1, "id": "out-of-reach", "name": "Out of reach", "mode": "match3",
                             "width": 6, "height": 6, "kinds": 5, "moves": 3, "goals": {"score": 1_000_000}})
    pack = Pack(id="losing", name="Losing", levels=(level,))
    app = App(window, packs=lambda: [pack])
    view = app.play_level(pack.id, level.id)
    settle(window)
    first_seed = view.seed
    # Lose the game: play until the moves run out.
    while view.state.status == Status.PLAYING:
        view.submit(legal_commands(view.state)[0])
        settle(window)
    assert view.state.status == Status.LOST and view.result_menu is not None
    assert not any(t.text.startswith("Deal") for t in view.result_menu.lines)
    moves = len(view.session.commands)
    press_key(window, arcade.key.Z)                          # no undo out of a lost game
    assert len(view.session.commands) == moves and view.state.status == Status.LOST
    retry = next(b for b in view.result_menu.buttons if b.key == "retry")
    click(window, *retry.rect.center)
    same = window.current_view
    assert isinstance(same, PlayView) and same is not view and same.seed == first_seed
    assert same.state == Session(level, first_seed).state                # Retry: the same deal
    press_key(window, arcade.key.ENTER)                     # the goal card
    while same.state.status == Status.PLAYING:              # lose it again
        options = legal_commands(same.state)
        after = {c: Session.replay(level, same.seed, [*same.session.commands, c]).state for c in options}
        losing = sorted((c for c in options if after[c].status != Status.WON), key=lambda c: after[c].score)
        same.submit(losing[0])
        settle(window)
    assert same.result_menu is not None
    new_deal = next(b for b in same.result_menu.buttons if b.key == "new deal")
    click(window, *new_deal.rect.center)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not view and again.session.commands == []
    assert again.seed != first_seed and again.state.grid != Session(level, first_seed).state.grid
    assert again.goal_card is not None                       # a new deal starts with the goal card
    press_key(window, arcade.key.ENTER)
    press_key(window, arcade.key.ESCAPE)                     # the pause menu says where the game stands
    lines = [t.text for t in again.pause_menu.lines]
    assert f"Score 0  ·  {again.state.moves_left} moves left" in lines
    assert not any(line.startswith("Deal") for line in lines)     # a seed means nothing to a player
    press_key(window, arcade.key.ESCAPE)
    # The new deal's seed is what the saved game keeps: a move on it, then the file replays it.
    swap = legal_commands(again.state)[0]
    click(window, *again.board.center(swap.a))
    click(window, *again.board.center(swap.b))
    assert again.session.commands == [swap]
    saved = load_progress().progress.saved_game(pack.id, level.id, level)
    assert saved is not None and saved.seed == again.seed
    assert Session.replay(level, saved.seed, saved.parsed_commands()).state == again.state


def test_a_fresh_level_opens_on_its_goal_card_which_the_pause_menu_shows_again(
        window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    level = app.pack(PACK).level("the-diamond")              # collect two kinds, 14 moves
    view = app.play_level(PACK, level.id)
    card = view.goal_card
    assert card is not None and view.modal is card and card.title.text == level.name
    lines = [t.text for t in card.lines]
    assert " ".join(level.description.split())[:30] in " ".join(lines)
    marks = " · ".join(str(score) for score in level.stars)   # its stars count points (the finale)
    assert f"Moves: {level.moves}" in lines and f"Stars at {marks} points" in lines
    assert [n.text for n in card.counts] == ["× 18", "× 18"] and len(card.icons) == 2
    image = draw(window, "goal_card")
    # The card's panel covers the middle of the window, over the board (sampled by its edge,
    # clear of its words).
    assert card.panel.left < window.width / 2 < card.panel.right
    assert near(pixel(window, image, card.panel.left + 8, card.panel.center[1]), style.OVERLAY_PANEL[:3], 30)
    press_key(window, arcade.key.SPACE)                      # any key: read, now play
    assert view.goal_card is None and view.modal is None
    press_key(window, arcade.key.ESCAPE)
    goals = next(b for b in view.pause_menu.buttons if b.key == "goals")
    click(window, *goals.rect.center)
    assert view.goal_card is not None and view.pause_menu is None
    click(window, window.width / 2, window.height / 2)       # a click anywhere closes it
    assert view.goal_card is None
    # A resumed game goes straight to the board.
    from game.core import legal_commands
    view.submit(legal_commands(view.state)[0])
    settle(window)
    again = app.play_level(PACK, level.id)
    assert again.session.commands and again.goal_card is None


def test_reduced_motion_and_text_size_are_chosen_on_the_settings_screen_and_saved(
        window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_settings()
    frames(window, 2)
    click_widget(window, "reduced_motion=True")
    click_widget(window, "text_size=large")
    saved = load_settings()
    assert saved.reduced_motion and saved.text_size == "large" and saved.speed_factor == 0.0
    view = app.play_level(PACK, app.pack(PACK).levels[0].id)
    assert view.board.reduced_motion and view.hud.scale == 1.25


def test_level_cards_show_whole_names_shrinking_before_they_cut(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    app.show_levels(PACK)
    frames(window, 2)
    view = window.current_view
    names = {t.text for t in view._texts}
    assert "Across the Field" in names and "Triangle Picking" in names   # it read "Across the Fi…"


def test_a_level_file_opened_on_its_own_says_so_on_the_packs_screen(window: Any, fresh: pathlib.Path) -> None:
    from game.io import load_level, pack_origin
    from game.io.packs import lone_level_pack

    path = levels_dir() / PACK / "first-swap.yaml"
    pack = lone_level_pack(load_level(path), path)
    assert pack_origin(pack) == "file"
    app = App(window)
    app.add_pack(pack)
    app.show_packs()
    frames(window, 2)
    texts = [t.text for t in window.current_view._texts]
    assert any("opened from a file" in t for t in texts)
    assert not any("unknown author" in t and "opened from a file" in t for t in texts)


def test_level_cards_and_the_goal_card_say_how_hard_the_pack_playtest_found_a_level(
        window: Any, fresh: pathlib.Path) -> None:
    from game.io.playtest_file import read_results

    app = App(window)
    stored = read_results(app.pack(PACK))
    assert stored is not None
    level = app.pack(PACK).level("straight-lines")   # the one level the bots find hard
    figures = stored.levels[level.id]
    assert figures.current and figures.label == "hard"
    app.show_levels(PACK)
    frames(window, 2)
    texts = [t.text for t in window.current_view._texts]
    assert texts.count(figures.label) >= 1 and "easy" in texts
    image = draw(window, "levels_difficulty")
    labels = [t for t in window.current_view._texts if t.text == figures.label]
    assert labels and all(text_seen(image, t) for t in labels), "the difficulty words are not seen"
    view = app.play_level(PACK, level.id)
    lines = [t.text for t in view.goal_card.lines]
    assert f"Difficulty: {figures.label}" in lines
    assert not any("bots" in line or "%" in line for line in lines), "a designer's figure on a player's card"


def test_a_file_dropped_on_the_editor_never_takes_it_away(window: Any, fresh: pathlib.Path) -> None:
    import editor
    from editor.view import EditorView

    app = App(window, editor_factory=editor.open_editor)
    app.show_title()
    click_widget(window, "level editor")
    view = window.current_view
    assert isinstance(view, EditorView)
    view.model.set(name="Unsaved work")              # an edit not saved yet
    shared = levels_dir() / "first-steps" / "first-swap.yaml"
    window.dispatch_event("on_file_drop", 10, 10, [str(shared)])
    window.dispatch_events()
    assert window.current_view is view and view.model.draft.name == "Unsaved work"
    assert "use Open" in view.status.text
    view.model.mark_saved()


def test_esc_on_the_goal_card_goes_back_and_its_lines_fit_the_card(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    view = app.play_level("first-steps", "slide-in")
    card = view.goal_card
    assert card is not None
    for line in card.lines:                                   # no line spills out of the box
        assert line.content_width <= card.panel.width - 24, line.text
    press_key(window, arcade.key.ESCAPE)                      # a fresh card: back to the level list
    assert isinstance(window.current_view, LevelsView) and view.session.commands == []
    view = app.play_level(PACK, "the-diamond")
    press_key(window, arcade.key.ENTER)                       # read: play
    press_key(window, arcade.key.ESCAPE)
    click(window, *next(b for b in view.pause_menu.buttons if b.key == "goals").rect.center)
    assert view.goal_card is not None
    press_key(window, arcade.key.ESCAPE)                      # opened from the pause menu: back to it
    assert view.goal_card is None and view.pause_menu is not None and window.current_view is view


def test_the_next_shipped_pack_opens_at_half_the_stars_of_the_one_before(window: Any, fresh: pathlib.Path) -> None:
    app = App(window)
    first = app.pack(PACK)
    need = -(-3 * len(first.levels) // 2)
    assert app.stars_to_open(PACK) == 0 and app.stars_to_open("sweet-mechanics") == need
    view = app.show_packs()
    view.on_update(1 / 60)
    image = draw(window, "packs_locked")
    said = [t for t in view._texts if t.text == f"{need} more stars"]
    assert said and text_seen(image, said[0])
    click_widget(window, "pack:sweet-mechanics")                 # refused, with the reason
    assert window.current_view is view and "more stars" in view.toast.text
    for lv in first.levels:                                       # two stars a level: enough
        app.progress.record_win(PACK, lv.id, 100, 2)
    assert app.stars_to_open("sweet-mechanics") == 0
    view = app.show_packs()
    view.on_update(1 / 60)
    click_widget(window, "pack:sweet-mechanics")
    assert isinstance(window.current_view, LevelsView) and window.current_view.pack_id == "sweet-mechanics"


def test_settings_from_the_pause_menu_apply_mid_level_and_back_returns_to_the_game(
        window: Any, fresh: pathlib.Path) -> None:
    from game.core import legal_commands

    app = App(window)
    view = app.play_level(PACK, "the-diamond")
    press_key(window, arcade.key.ENTER)                        # the goal card read
    view.submit(legal_commands(view.state)[0])
    settle(window)
    played = view.state
    press_key(window, arcade.key.ESCAPE)
    click(window, *next(b for b in view.pause_menu.buttons if b.key == "settings").rect.center)
    assert isinstance(window.current_view, SettingsView)
    click_widget(window, "sound=False")
    click_widget(window, "reduced_motion=True")
    press_key(window, arcade.key.ESCAPE)                       # back: the same game, settings applied
    assert window.current_view is view and view.state == played and view.pause_menu is not None
    assert view.board.reduced_motion and not view.settings.sound
    assert app.playing is not None and app.playing[-1] is view    # still the game the app keeps


def test_a_level_that_forms_only_some_specials_says_so_on_its_goal_card(window: Any, fresh: pathlib.Path) -> None:
    """Four in a Row forms lines only, Jelly Beds none: each card says so, inside the card, so a
    run of four that leaves no striped tile is no surprise; a level forming every special says nothing."""
    app = App(window)
    said = {}
    for pack, level_id in (("sweet-mechanics", "four-in-a-row"), ("sweet-mechanics", "jelly-beds"),
                           ("sweet-mechanics", "sweet-finale")):
        view = app.play_level(pack, level_id)
        card = view.goal_card
        assert card is not None
        image = draw(window, f"goal_card_{level_id}")
        lines = [t for t in card.lines if "pecial" in str(t.text)]
        said[level_id] = [str(t.text) for t in lines]
        for text in lines:   # drawn where it stands, inside the card's panel
            assert text_seen(image, text)
            assert card.panel.left < text.left and text.right < card.panel.right
            assert card.panel.bottom < text.bottom and text.top < card.panel.top
    assert said == {"four-in-a-row": ["Special tiles here: lines only"],
                    "jelly-beds": ["Runs make no special tiles in this level"], "sweet-finale": []}
