"""A controller plays the game: menus, a match3 level and the theatre, driven by pyglet
controller events dispatched into the real views."""

from __future__ import annotations

import pathlib
from typing import Any

import pyglet
from pyglet.math import Vec2

from game.io.replay import load_replay
from game.ui.app import App
from game.ui.pad import PadInput
from game.ui.play_view import PlayView
from game.ui.screens.settings import SettingsView
from game.ui.screens.title import TitleView
from game.ui.theatre import TheatreView

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Pad(pyglet.event.EventDispatcher):
    """A controller as pyglet presents one: the same events, dispatched the same way."""

    def open(self) -> None:
        pass

    def press(self, button: str) -> None:
        self.dispatch_event("on_button_press", self, button)
        self.dispatch_event("on_button_release", self, button)

    def dpad(self, x: int, y: int) -> None:
        self.dispatch_event("on_dpad_motion", self, Vec2(x, y))
        self.dispatch_event("on_dpad_motion", self, Vec2(0, 0))

    def stick(self, x: float, y: float) -> None:
        self.dispatch_event("on_stick_motion", self, "leftstick", Vec2(x, y))


for _name in ("on_button_press", "on_button_release", "on_dpad_motion", "on_stick_motion", "on_trigger_motion"):
    Pad.register_event_type(_name)


def _focus(window: Any) -> str:
    return str(window.current_view.focus.name)


def test_a_pad_plugged_in_on_the_title_moves_presses_and_goes_back(window: Any) -> None:
    app = App(window)
    app.show_title()
    window.current_view.on_update(1 / 60)
    pads = PadInput(window)
    pad = Pad()
    pads.attach(pad)   # hot-plug: connected while the game runs
    assert _focus(window) == "play"
    pad.dpad(0, -1)
    assert _focus(window) == "daily"
    pad.stick(0.2, -0.3)          # a nudge inside the dead zone moves nothing
    assert _focus(window) == "daily"
    pad.stick(0.1, -0.9)          # pushed down: one step, however long it is held
    pad.stick(0.0, -1.0)
    assert _focus(window) == "settings"
    pad.stick(0.0, -0.1)          # let go, pushed again: the next step
    pad.stick(0.0, -0.8)
    assert _focus(window) == "quit"
    pad.dpad(0, 1)
    assert _focus(window) == "settings" and pads.last_was_pad
    pad.press("a")
    assert isinstance(window.current_view, SettingsView)
    pad.press("b")
    assert isinstance(window.current_view, TitleView)
    asked: list[bool] = []
    window.request_frame = lambda: asked.append(True)   # a window that draws on demand
    try:
        pad.dpad(0, -1)
    finally:
        del window.request_frame
    assert asked == [True]        # a pad is input too: the screen is drawn again
    pads.detach(pad)              # unplugged: its events no longer reach the game
    pad.press("a")
    assert isinstance(window.current_view, TitleView)


def test_a_pad_plays_match3_with_the_cursor(window: Any) -> None:
    app = App(window)
    view = app.play_level("first-steps", "first-swap")
    assert isinstance(view, PlayView)
    pads = PadInput(window)
    pad = Pad()
    pads.attach(pad)
    if view.goal_card is not None:
        pad.press("a")            # the goal card is read
    assert view.goal_card is None
    pad.press("a")                # the cursor appears on the middle of the board...
    controller: Any = view.controller
    start = controller.cursor
    assert start is not None and controller.selected is None
    pad.press("a")                # ...and A picks the tile under it
    assert controller.selected == start
    pad.dpad(1, 0)
    assert controller.cursor == (start[0], start[1] + 1)
    moves = len(view.session.commands)
    pad.press("a")                # A on the neighbour swaps the two (a legal swap is played)
    assert controller.selected is None
    assert len(view.session.commands) in (moves, moves + 1)
    pad.press("a")
    assert controller.selected is not None
    pad.press("b")                # B drops a pick, as Esc does...
    assert controller.selected is None and view.pause_menu is None
    pad.press("start")            # ...and Start pauses
    assert view.pause_menu is not None
    pad.press("b")
    assert view.pause_menu is None


def test_a_pad_in_the_theatre_pauses_steps_and_leaves(window: Any) -> None:
    app = App(window)
    replay = load_replay(ROOT / "tests" / "replays" / "ring-harvest.yaml")
    view = app.watch("first-steps", "ring-harvest", replay.seed, replay.commands, "test")
    assert isinstance(view, TheatreView)
    pads = PadInput(window)
    pad = Pad()
    pads.attach(pad)
    playing = view.playing
    pad.press("a")
    assert view.playing != playing
    if view.playing:
        pad.press("a")
    position = view.position
    pad.press("rightshoulder")
    assert view.position == position + 1
    pad.press("leftshoulder")
    assert view.position == position
    pad.press("b")
    assert not isinstance(window.current_view, TheatreView)


def test_a_pad_draws_a_chain_in_eight_directions_and_b_backtracks(window: Any) -> None:
    app = App(window)
    view = app.play_level("first-steps", "token-walk")
    assert isinstance(view, PlayView) and view.level.mode == "chain"
    pads = PadInput(window)
    pad = Pad()
    pads.attach(pad)
    if view.goal_card is not None:
        pad.press("a")
    state = view.state
    player = state.player
    assert player is not None
    # A diagonal neighbour of the token holding a tile, and the stick pushed toward it.
    for (dr, dc), (x, y) in (((-1, -1), (-0.7, 0.7)), ((-1, 1), (0.7, 0.7)),
                             ((1, -1), (-0.7, -0.7)), ((1, 1), (0.7, -0.7))):
        r, c = player[0] + dr, player[1] + dc
        if 0 <= r < state.height and 0 <= c < state.width and state.at((r, c)) > 0:
            break
    else:
        raise AssertionError("the token has no diagonal neighbour with a tile")
    controller: Any = view.controller
    pad.stick(x, y)
    assert controller.path == [player, (r, c)]
    pad.stick(0.0, 0.0)
    pad.press("b")                # B takes the last step back
    assert controller.path == [player]
