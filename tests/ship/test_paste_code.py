"""Ctrl+V and "Paste a code" on the title and levels screens open a share code from the clipboard."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import arcade
import pytest

from game.io import load_level
from game.io.codes import game_code, level_code
from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.io.replay import load_replay
from game.io.share import share_card
from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens.code_entry import CodeEntryView
from game.ui.screens.levels import LevelsView
from game.ui.screens.notice import NoticeView
from game.ui.screens.proving import ProvingView
from game.ui.screens.title import TitleView
from game.ui.theatre import TheatreView
from looks import assert_card_over_the_board, near, pixel, tiles_seen

ROOT = pathlib.Path(__file__).resolve().parents[2]
FINALE = levels_dir() / "sweet-mechanics" / "sweet-finale.yaml"
SCREENSHOTS = ROOT / "tests" / "screenshots"


def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()   # dispatch_event only queues


def ctrl_v(window: Any) -> None:
    send(window, "on_key_press", arcade.key.V, arcade.key.MOD_CTRL)
    send(window, "on_key_release", arcade.key.V, arcade.key.MOD_CTRL)


def click_widget(window: Any, name: str) -> None:
    widget = next(w for w in window.current_view.widgets if w.name == name)
    x, y = int(widget.left + widget.width / 2), int(widget.bottom + widget.height / 2)
    send(window, "on_mouse_motion", x, y, 0, 0)
    send(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


@pytest.fixture()
def clipboard(window: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The window's clipboard as the game reads it (a headless window has none of its own)."""
    held: list[str] = [""]
    monkeypatch.setattr(window, "get_clipboard_text", lambda: held[0], raising=False)
    yield held


def test_ctrl_v_on_the_title_plays_a_pasted_level_code(window: Any, clipboard: list[str]) -> None:
    level = load_level(FINALE)
    app = App(window)
    app.show_title()
    clipboard[0] = f"try this one!\n{level_code(level)}\n"
    ctrl_v(window)
    view = window.current_view
    assert isinstance(view, PlayView) and view.level == level
    view.on_update(1 / 60)
    view.on_draw()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(SCREENSHOTS / "paste_level_code.png")
    # What the player sees: the pasted level's goal card over its dealt board.
    assert view.goal_card is not None and view.goal_card.title.text == level.name
    assert_card_over_the_board(window, view, view.goal_card, image)
    view.close_goals()
    view.on_draw()
    assert tiles_seen(view, arcade.get_image(0, 0, window.width, window.height)) >= 20


def test_a_pasted_share_card_opens_its_game_in_the_theatre_from_the_levels_screen(
        window: Any, clipboard: list[str]) -> None:
    level = load_level(FINALE)
    replay = load_replay(shipped_proof("sweet-finale"))
    card = share_card(level, "Sweet Mechanics", replay.seed, replay.commands)
    assert f"Play it: {level_code(level)}" in card
    assert f"Watch it: {game_code(level, replay.seed, replay.commands)}" in card
    app = App(window)
    app.show_levels("first-steps")
    assert isinstance(window.current_view, LevelsView)
    # The whole card is on the clipboard: the game's code is taken, not the level's.
    clipboard[0] = card.split("Play it: ")[0] + card.split("\n")[-1]
    ctrl_v(window)
    proving = window.current_view
    assert isinstance(proving, ProvingView)   # a game proves itself off the UI thread first
    assert proving.job.done.wait(60)
    proving.on_update(1 / 60)
    view = window.current_view
    assert isinstance(view, TheatreView) and view.level == level
    assert list(view.commands) == list(replay.commands)


def test_the_paste_button_says_in_one_line_what_is_wrong_and_goes_back(window: Any, clipboard: list[str]) -> None:
    app = App(window)
    app.show_title()
    code = level_code(load_level(FINALE))
    clipboard[0] = code[:-5]
    click_widget(window, "code")    # the code field; its Paste, then Open
    field = window.current_view
    assert isinstance(field, CodeEntryView)
    click_widget(window, "paste")
    click_widget(window, "open")
    notice = window.current_view
    assert isinstance(notice, NoticeView) and notice.title == "The code cannot be opened"
    # Cut short: found by its length or by its checksum, depending on where the cut falls.
    assert len(notice.lines) == 1 and notice.lines[0].startswith("the code is")
    assert "cut short" in notice.lines[0]
    send(window, "on_key_press", arcade.key.ESCAPE, 0)   # back to the field, the code still in it
    assert window.current_view is field and field.typed == code[:-5]
    send(window, "on_key_press", arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)
    clipboard[0] = "just some words"
    ctrl_v(window)
    assert isinstance(window.current_view, NoticeView) and window.current_view.title == "No code to open"


def test_plain_v_does_nothing_and_the_button_sits_clear_of_the_menu(
        window: Any, clipboard: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(window)
    app.show_title()
    clipboard[0] = level_code(load_level(FINALE))
    send(window, "on_key_press", arcade.key.V, 0)
    assert isinstance(window.current_view, TitleView)
    for size in ((1280, 800), (960, 640)):   # the default and the smallest window
        monkeypatch.setattr(type(window), "width", property(lambda self: size[0]))
        monkeypatch.setattr(type(window), "height", property(lambda self: size[1]))
        window.current_view.on_resize(*size)
        window.current_view.on_update(1 / 60)   # rebuilt for the new size
        widgets = window.current_view.widgets
        paste = next(w for w in widgets if w.name == "code")
        assert paste.left + paste.width <= size[0] and paste.bottom >= 0
        for other in widgets:
            if other is not paste:
                apart = (other.left + other.width <= paste.left or paste.left + paste.width <= other.left
                         or other.bottom + other.height <= paste.bottom or paste.bottom + paste.height <= other.bottom)
                assert apart, other.name
    monkeypatch.undo()
    window.current_view.on_resize(window.width, window.height)
    window.current_view.on_update(1 / 60)
    window.current_view.on_draw()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    image = arcade.get_image(0, 0, window.width, window.height)
    image.save(SCREENSHOTS / "paste_title.png")
    # The button is seen at its place: its face differs from the backdrop just beside it.
    paste = next(w for w in window.current_view.widgets if w.name == "code")
    middle = paste.bottom + paste.height / 2
    assert not near(pixel(image, paste.left + 6, middle), pixel(image, paste.left - 6, middle), 12)


def test_a_pack_opened_from_a_code_says_so_on_the_packs_screen(window: Any, clipboard: list[str]) -> None:
    level = load_level(FINALE)
    app = App(window)
    app.show_title()
    clipboard[0] = level_code(level)
    ctrl_v(window)
    assert isinstance(window.current_view, PlayView)
    packs = app.show_packs()
    packs.on_update(1 / 60)
    card_lines = [t.text for t in packs._texts if "level" in t.text and "·" in t.text]
    from_code = [line for line in card_lines if "share code" in line]
    # The code's pack of one, by where it came from, not "installed"; the shipped ones built-in.
    assert len(from_code) == 1 and "installed" not in from_code[0]
    assert any("built-in" in line for line in card_lines)


def test_a_long_game_code_proves_off_the_ui_thread_with_progress_and_esc_cancels_it(
        window: Any, clipboard: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """While a pasted game's moves are played the window draws and answers: it shows how far the
    proof got, and Esc stops it and goes back to the screen the code was pasted on."""
    import threading

    import game.ui.dropped as dropped

    level = load_level(FINALE)
    replay = load_replay(shipped_proof("sweet-finale"))
    real_open = dropped.open_code
    reached, release = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []
    heard: list[tuple[int, int]] = []

    def held_open(code: str, played: Any = None) -> Any:
        """The real proof, held after its first move until the test has looked and pressed Esc."""
        threads.append(threading.current_thread())

        def hold(n: int, of: int) -> None:
            played(n, of)
            heard.append((n, of))
            if n == 1:
                reached.set()
                release.wait(60)
        return real_open(code, hold)

    monkeypatch.setattr(dropped, "open_code", held_open)
    app = App(window)
    app.show_title()
    clipboard[0] = share_card(level, "Sweet Mechanics", replay.seed, replay.commands).split("\n")[-1]
    ctrl_v(window)
    proving = window.current_view
    assert isinstance(proving, ProvingView)
    assert reached.wait(60)
    assert threads and threads[0] is not threading.main_thread()
    proving.on_update(1 / 60)
    proving.on_draw()
    # What the player sees: the screen says how far the proof got, with a bar and a way out.
    shown = [t.text for t in proving._texts]
    assert f"Move 1 of {len(replay.commands)} played" in shown
    assert any(w.name == "cancel" for w in proving.widgets)
    image = arcade.get_image(0, 0, window.width, window.height)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    image.save(SCREENSHOTS / "paste_proving.png")
    send(window, "on_key_press", arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)
    release.set()
    assert proving.job.done.wait(60)
    assert proving.job.cancelled and proving.job.result is None
    assert heard == [(1, len(replay.commands))]   # stopped at its next move
    window.current_view.on_update(1 / 60)
    assert isinstance(window.current_view, TitleView)   # a cancelled proof opens nothing later


def test_a_game_code_past_the_bounds_is_said_in_one_line_on_the_screen(window: Any, clipboard: list[str]) -> None:
    from game.core.sharecode import MAX_BOARD_MOVES
    from share_games import forged_game_code

    app = App(window)
    app.show_title()
    clipboard[0] = forged_game_code(32, MAX_BOARD_MOVES // 1024 + 1)
    ctrl_v(window)
    proving = window.current_view
    assert isinstance(proving, ProvingView)
    assert proving.job.done.wait(60)
    proving.on_update(1 / 60)
    notice = window.current_view
    assert isinstance(notice, NoticeView) and notice.title == "The code cannot be opened"
    assert len(notice.lines) == 1 and "a game code on a board this size holds at most 19 moves" in notice.lines[0]
