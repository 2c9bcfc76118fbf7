"""Keys and a pad's actions on the play screen, by meaning: the card or menu on top first, then
pause, undo and hint, then the board's own (a cursor, a path, a slide); and the key help."""

from __future__ import annotations

import os
from typing import Any, Callable, Protocol

import arcade

from game.core import Level, State, Status
from game.io.settings import Settings
from game.ui.actions import Action as Input
from game.ui.hud import Hud
from game.ui.key_help import play_keys, play_pad
from game.ui.pad import keys_used, pad_family, pad_in_use
from game.ui.play_input import Controller
from game.ui.play_keep import KEY as KEEP
from game.ui.play_layout import place_side
from game.ui.widgets import ButtonBar, Menu


key = arcade.key

__all__ = ["ActionHost", "Input", "MENU_KEYS", "key_words", "menu_key", "pad_in_use", "play_action", "play_key",
           "show_key_help", "toggle_fullscreen"]

# What a key means while a menu or the goal card is up: the same as the pad's button.
MENU_KEYS: dict[int, Input] = {
    key.ESCAPE: Input.BACK, key.Z: Input.UNDO, key.UP: Input.UP, key.W: Input.UP,
    key.DOWN: Input.DOWN, key.S: Input.DOWN, key.TAB: Input.DOWN, key.ENTER: Input.PRESS,
    key.RETURN: Input.PRESS, key.NUM_ENTER: Input.PRESS, key.SPACE: Input.PRESS,
}


class ActionHost(Protocol):
    """What the actions need from the play view."""

    controller: Controller
    on_fullscreen: Callable[[], None] | None
    result_menu: Menu | None
    pause_menu: Menu | None
    hud: Hud
    bar: ButtonBar
    settings: Settings
    level: Level
    playtest: bool

    @property
    def window(self) -> Any: ...
    @property
    def goal_card(self) -> Menu | None: ...
    @property
    def state(self) -> State: ...
    @property
    def modal(self) -> Menu | None: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    def show_hint(self) -> object: ...
    def open_pause(self) -> None: ...
    def close_pause(self) -> None: ...
    def close_goals(self) -> None: ...
    def goal_card_back(self) -> None: ...
    def settle(self) -> None: ...
    def touched(self) -> None: ...
    def say(self, message: str, error: bool = False) -> None: ...
    def on_resize(self, width: int, height: int) -> None: ...


def play_action(host: ActionHost, action: Input) -> bool:
    """Do what `action` means on the play screen now; False when it means nothing here.

    B goes back wherever Esc would (out of the pause menu, the goal card, a half-made move, then
    into the pause menu); Start pauses and, in the pause menu, resumes.
    """
    if host.result_menu is not None:
        if action is Input.UNDO and host.state.status != Status.WON:
            return host.undo()   # a lost game's last move taken back, as Z does
        if action is Input.BACK:
            # Esc (B) goes back, as everywhere: the card's own way out (the levels, or the editor).
            way_out = next((b for b in host.result_menu.buttons if b.key in ("levels", "editor")), None)
            if way_out is not None:
                way_out.action()
                return True
        return host.result_menu.act(action)
    if host.pause_menu is not None:
        if action in (Input.BACK, Input.PAUSE):
            host.close_pause()
            return True
        return host.pause_menu.act(action)
    if host.goal_card is not None:
        if action is Input.BACK:
            host.goal_card_back()
        else:
            host.close_goals()   # any other button: the card has been read
        return True
    host.touched()
    if action is Input.PAUSE:
        host.open_pause()
        return True
    if action is Input.BACK:
        if not host.controller.back():
            host.open_pause()
        return True
    if action in (Input.UNDO, Input.HINT):
        host.settle()   # as the keys do: undo or a hint ends the animation on show
        return bool(host.undo() if action is Input.UNDO else host.show_hint())
    if host.state.status != Status.PLAYING:
        return False
    return host.controller.act(action)


def play_key(host: ActionHost, symbol: int, modifiers: int) -> None:
    """A key on the play screen (F11 and the play-test's Tab are the view's own): the same
    meanings as the pad's buttons, Esc dropping a half-made move whole, Y redo."""
    if host.modal is not None:
        menu_key(host, symbol)   # the pause or result menu, the goal card: as a pad's buttons
        return
    host.touched()
    if symbol == key.ESCAPE:
        if not host.controller.cancel():
            host.open_pause()
        return
    if symbol in (key.Z, key.Y, key.H):
        host.settle()
        {key.Z: host.undo, key.Y: host.redo, key.H: host.show_hint}[symbol]()
        return
    if host.state.status == Status.PLAYING:
        host.controller.key_press(symbol, modifiers)


def menu_key(host: ActionHost, symbol: int) -> None:
    """A key while a menu or the goal card is up: what the pad's button of that meaning does
    (any other key closes the goal card: it has been read). S on the result card shares, as in the
    theatre and as the README says (elsewhere it moves the focus down, as W moves it up); K keeps
    a lost game going, where the card offers it."""
    named = {key.S: "share", key.K: KEEP}.get(symbol)
    if named is not None and host.result_menu is not None:
        button = next((b for b in host.result_menu.buttons if b.key == named), None)
        if button is not None:
            button.action()
            return
    action = MENU_KEYS.get(symbol)
    if action is not None:
        play_action(host, action)
    elif host.result_menu is None and host.pause_menu is None:
        host.close_goals()


def key_words(level: Level, window: Any, playtest: bool, pad: bool) -> str:
    """The legend's words: the last pad's buttons for this level's mode, or the keys."""
    if not pad:
        return play_keys(playtest)
    return play_pad(level.mode, pad_family(window), playtest, token=level.player_start is not None)


def show_key_help(host: ActionHost, pad: bool) -> None:
    """The legend says the pad's buttons while a pad is the last thing used, the keys once a key
    is pressed; the button bar stays above it, and a pad player gets the board's cursor."""
    if not pad:
        keys_used(host.window)
    if host.hud.set_keys(key_words(host.level, host.window, host.playtest, pad)):
        place_side(host.hud, host.bar, host.hud.rect, host.settings.text_scale)
        if pad:
            host.controller.show_cursor()


def toggle_fullscreen(host: ActionHost) -> None:
    """F11: full screen or back, through whoever owns the settings (so the setting and the window
    agree); headless, the player is told it needs a real display."""
    if host.on_fullscreen is not None:
        host.on_fullscreen()
    elif os.environ.get("ARCADE_HEADLESS"):
        host.say("Full screen needs a real display.", error=True)
        return
    else:
        host.window.set_fullscreen(not host.window.fullscreen)
    host.on_resize(host.window.width, host.window.height)
