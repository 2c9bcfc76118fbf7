"""The code field on the title (issue 38): a code typed on the keys, a whole share card pasted with
the mouse, or a code picked letter by letter on the on-screen keyboard with a pad opens as Ctrl+V
would; B deletes, Esc goes back, and the field shows the end of what was typed."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import arcade
import pytest

from game.core import CODE_ALPHABET as ALPHABET
from game.io import load_level
from game.io.codes import level_code
from game.io.pack_proofs import shipped_proof
from game.io.paths import levels_dir
from game.io.replay import load_replay
from game.io.share import share_card
from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens.code_entry import KEYS_PER_ROW, CodeEntryView
from game.ui.screens.levels import LevelsView
from game.ui.screens.proving import ProvingView
from game.ui.screens.title import TitleView
from game.ui.theatre import TheatreView
from virtual_pad import pad_plugged_in

SHOTS = pathlib.Path(__file__).resolve().parents[1] / "screenshots"


def _send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def _click(window: Any, name: str) -> None:
    widget = next(w for w in window.current_view.widgets if w.name == name)
    x, y = widget.center
    _send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def _field(window: Any) -> CodeEntryView:
    app = App(window)
    app.show_title()
    _click(window, "code")
    view = window.current_view
    assert isinstance(view, CodeEntryView)
    view.on_update(1 / 60)
    return view


@pytest.fixture()
def clipboard(window: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    held = [""]
    monkeypatch.setattr(window, "get_clipboard_text", lambda: held[0], raising=False)
    yield held


def _code() -> tuple[str, str]:
    level = load_level(levels_dir() / "first-steps" / "first-swap.yaml")
    return level_code(level), level.name


def test_a_code_typed_on_the_keys_opens_its_level_and_esc_goes_back(window: Any) -> None:
    code, name = _code()
    view = _field(window)
    _send(window, "on_text", code[:10])
    _send(window, "on_text", "x")
    _send(window, "on_key_press", arcade.key.BACKSPACE, 0)   # a slip, taken back
    _send(window, "on_text", code[10:])
    assert view.typed == code
    shown = view._field.text
    assert shown.endswith(code[-8:] + "|") and view._field.content_width <= view._field_width + 1
    view.on_draw()
    SHOTS.mkdir(parents=True, exist_ok=True)
    arcade.get_image(0, 0, window.width, window.height).save(SHOTS / "code_field.png")
    _send(window, "on_key_press", arcade.key.ENTER, 0)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level.name == name
    _field(window)
    _send(window, "on_key_press", arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)


def test_a_chat_message_with_a_game_code_pasted_with_the_mouse_plays_the_game_back(
        window: Any, clipboard: list[str]) -> None:
    level = load_level(levels_dir() / "first-steps" / "first-swap.yaml")
    replay = load_replay(shipped_proof("first-swap"))
    card = share_card(level, "First Steps", replay.seed, replay.commands)
    clipboard[0] = "look how I did it!\n" + card.split("\n")[-1] + "\nbeat that"
    view = _field(window)
    _click(window, "paste")
    assert "Watch it: GFG" in view.typed
    _click(window, "open")
    for _ in range(600):   # a game code proves itself off the UI thread first
        if not isinstance(window.current_view, ProvingView):
            break
        window.current_view.job.done.wait(1)
        window.current_view.on_update(1 / 60)
    theatre = window.current_view
    assert isinstance(theatre, TheatreView) and list(theatre.commands) == list(replay.commands)


def test_an_empty_field_opens_nothing_and_says_so(window: Any, clipboard: list[str]) -> None:
    view = _field(window)
    _click(window, "open")
    assert window.current_view is view and view.toast is not None and "code first" in view.toast.text
    _click(window, "paste")   # an empty clipboard
    assert view.typed == "" and "clipboard" in view.toast.text


def test_a_pad_types_a_code_on_the_on_screen_keyboard_and_start_opens_it(window: Any) -> None:
    code, name = _code()
    with pad_plugged_in(window) as pad:
        view = _field(window)
        assert "Enter opens" in view._help.text   # the keys, until the pad is used
        row, col = 0, 0
        for letter in code + "z":
            to_row, to_col = divmod(ALPHABET.index(letter), KEYS_PER_ROW)
            while (row, col) != (to_row, to_col):
                # The last row is short: rows first from it, columns first elsewhere.
                if col != to_col and (row != len(ALPHABET) // KEYS_PER_ROW or row == to_row):
                    step = 1 if to_col > col else -1
                    pad.tilt(step, 0)
                    col += step
                else:
                    step = 1 if to_row > row else -1
                    pad.tilt(0, -step)
                    row += step
                assert view.focus is not None and view.focus.name == f"key:{ALPHABET[row * KEYS_PER_ROW + col]}"
            pad.press("a")
        assert view.typed == code + "z" and "Start opens" in view._help.text
        pad.press("b")                                   # B deletes the last letter
        assert view.typed == code
        pad.press("start")
        play = window.current_view
        assert isinstance(play, PlayView) and play.level.name == name


def test_the_levels_screen_opens_the_field_too_and_back_returns_there(window: Any) -> None:
    app = App(window)
    app.show_levels("first-steps")
    _click(window, "code")
    assert isinstance(window.current_view, CodeEntryView)
    _send(window, "on_key_press", arcade.key.ESCAPE, 0)
    assert isinstance(window.current_view, LevelsView) and window.current_view.pack_id == "first-steps"
