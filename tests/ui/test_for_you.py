"""Estimates for you: off by default; switched on in Settings, the player's own kept games make a persona in the background and the goal card says how hard the level is for them."""

from __future__ import annotations

import pathlib
from typing import Any

import arcade
import pytest

from game.bots.base import play_game
from game.bots.for_you import for_you_path, read_for_you
from game.bots.persona import Persona
from game.bots.person import person_bot
from game.core import Mode
from game.io import Pack, find_pack, install_pack, save_pack
from game.io.kept_replays import keep_finished
from game.io.settings import load_settings
from game.ui.app import App
from game.ui.screens.settings import SettingsView
from looks import text_seen

PACK = "my-picks"
LEVELS = ("first-swap", "falling-luck", "token-walk", "slide-in")
CARELESS = Persona(name="me", notice=0.3, wanted_weight=1.0)


def _click(window: Any, name: str) -> None:
    """Scroll the option into sight with the mouse wheel, as a player would, then click it."""
    view = window.current_view
    wd = next(w for w in view.widgets if w.name == name)

    def bottom() -> float:
        return float(wd.bottom + (view.scroll if wd.scrolls else 0.0))

    for _ in range(20):
        if 0 <= bottom() <= window.height - view.header_height - wd.height:
            break
        window.dispatch_event("on_mouse_scroll", window.width // 2, window.height // 2, 0, -1)
        window.dispatch_events()
    assert 0 <= bottom() <= window.height - view.header_height - wd.height, f"{name} never came into sight"
    x, y = int(wd.left + 8), int(bottom() + wd.height / 2)
    for event, *args in (("on_mouse_motion", x, y, 0, 0), ("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0),
                         ("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)):
        window.dispatch_event(event, *args)
        window.dispatch_events()
    view.on_update(1 / 60)


def _card_lines(window: Any, app: App, level_id: str) -> list[str]:
    view = app.play_level(PACK, level_id, fresh=True)
    window.current_view.on_update(1 / 60)
    window.clear()
    window.current_view.on_draw()
    image = arcade.get_image()
    card = view.goal_card
    assert card is not None
    return [line.text for line in card.lines if text_seen(image, line)]


def _keep_my_games(count: int, tmp_path: pathlib.Path) -> None:
    """Install a small pack of First Steps levels and keep `count` finished games of it, played
    as a careless player plays (a small pack: the estimates are made for every level of it)."""
    shipped = find_pack("first-steps")
    save_pack(Pack(id=PACK, name="My picks", levels=tuple(shipped.level(i) for i in LEVELS)), tmp_path / PACK)
    install_pack(tmp_path / PACK)
    levels = [lv for lv in find_pack(PACK).levels if lv.mode != Mode.SLIDE]
    for n in range(count):
        level = levels[n % len(levels)]
        session = play_game(level, 70 + n, person_bot(level.mode, n, CARELESS))
        assert keep_finished(level, PACK, 70 + n, session.commands) is not None


def test_estimates_for_you_show_on_the_goal_card_only_when_switched_on(
        window: Any, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    _keep_my_games(12, tmp_path)
    app = App(window)
    assert app.settings.for_you is False and app.for_you.process is None     # off: nothing runs
    assert not any(line.startswith("For you") for line in _card_lines(window, app, "falling-luck"))

    app.show_settings()
    assert isinstance(window.current_view, SettingsView)
    _click(window, "for_you=True")
    assert load_settings().for_you is True
    process = app.for_you.process
    assert process is not None                                             # `gridfall calibrate --mine`
    assert process.wait(300) == 0
    made = read_for_you()
    assert made is not None and made.games == 12 and pathlib.Path(for_you_path()).is_file()
    rate = made.rate(PACK, find_pack(PACK).level("falling-luck"))
    assert rate is not None
    lines = _card_lines(window, app, "falling-luck")
    assert f"For you: about {rate:.0%}" in lines                            # seen on the card
    assert not any(line.startswith("For you") for line in _card_lines(window, app, "slide-in"))   # slide: none

    app.show_settings()
    _click(window, "for_you=False")
    assert load_settings().for_you is False
    assert not any(line.startswith("For you") for line in _card_lines(window, app, "falling-luck"))


def test_too_few_games_make_no_estimate(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(tmp_path / "data"))
    _keep_my_games(3, tmp_path)
    assert main(["calibrate", "--mine"]) == 1
    assert "fewer than 10 of your finished match3 or chain games are kept" in capsys.readouterr().err
    assert read_for_you() is None
