"""A controller plays the game: every screen, the three modes and the theatre, driven by a pad
that pyglet itself dispatches from (tests/ship/virtual_pad.py) into the real views."""

from __future__ import annotations

from typing import Any, Iterator

import arcade
import pytest

from game.core import Chain, IllegalMove, Slide, Swap, decide, gap, legal_commands
from game.io.pack_proofs import shipped_proof
from game.io.replay import load_replay
from game.ui.app import App
from game.ui.pad import PadInput, pad_in_use
from game.ui.play_view import PlayView
from game.ui.screens.daily import DailyView
from game.ui.screens.levels import LevelsView
from game.ui.screens.packs import PacksView
from game.ui.screens.settings import SettingsView
from game.ui.screens.title import TitleView
from game.ui.theatre import TheatreView

from virtual_pad import VirtualManager, VirtualPad, pad_plugged_in

DT = 1 / 60
# A direction on the board (row, col), as the stick or D-pad is pushed (x right, y up).
PUSH = {(-1, 0): (0, 1), (1, 0): (0, -1), (0, -1): (-1, 0), (0, 1): (1, 0),
        (-1, -1): (-1, 1), (-1, 1): (1, 1), (1, -1): (-1, -1), (1, 1): (1, -1)}


@pytest.fixture()
def pad(window: Any) -> Iterator[VirtualPad]:
    """A pad plugged in while the game runs (hot-plug), let go of after the test."""
    with pad_plugged_in(window) as plugged:
        yield plugged


def settle(view: Any, limit: int = 3000) -> None:
    for _ in range(limit):
        if not view.busy:
            break
        view.on_update(DT)
    view.on_update(DT)


def legend_fits(hud: Any) -> bool:
    """Every line of the key help as laid out is as wide as the HUD's legend at most (no item
    broken over two lines by the wrap) and holds whole items."""
    items = [i for line in hud.keys.split("\n") for i in line.split("   ")]
    lines = hud.help.text.split("\n")
    measure = arcade.Text("", 0, 0, font_size=hud.help.font_size)
    widths = []
    for line in lines:
        measure.text = line
        widths.append(measure.content_width)
    return max(widths) <= hud.help.width and [i for line in lines for i in line.split("   ")] == items


def walk(pad: VirtualPad, view: Any, to: tuple[int, int]) -> None:
    """Move the board's cursor to `to` with the D-pad."""
    controller = view.controller
    while controller.cursor != to:
        r, c = controller.cursor
        step = ((to[0] > r) - (to[0] < r), 0) if to[0] != r else (0, (to[1] > c) - (to[1] < c))
        pad.tilt(*PUSH[step])


def test_a_pad_plugged_in_on_the_title_moves_presses_and_goes_back(window: Any) -> None:
    manager = VirtualManager()
    pads = PadInput(window)
    pads.start(manager)   # no pad yet
    try:
        app = App(window)
        app.show_title()
        window.current_view.on_update(DT)
        pad = VirtualPad()
        manager.plug(pad)   # plugged in while the game runs: it works at once
        focus = lambda: window.current_view.focus.name   # noqa: E731
        assert focus() == "play"
        pad.tilt(0, -1)
        assert focus() == "daily"
        pad.stick(0.2, -0.3)          # a nudge inside the dead zone moves nothing
        assert focus() == "daily"
        pad.stick(0.1, -0.9)          # pushed down: one step, however long it is held
        pad.stick(0.0, -1.0)
        assert focus() == "settings"
        pad.stick(0.0, -0.1)          # let go, pushed again: the next step
        pad.stick(0.0, -0.8)
        assert focus() == "quit"
        pad.stick(0.0, 0.0)
        pad.tilt(0, 1)
        assert focus() == "settings" and pad_in_use(window)
        title = window.current_view
        assert "A chooses" in title._help.text and "B goes back" in title._help.text
        title.on_key_press(arcade.key.UP, 0)             # a key: the line says the keys again
        assert "Arrows and Enter" in title._help.text and not pad_in_use(window)
        pad.tilt(0, -1)
        pad.press("a")
        assert isinstance(window.current_view, SettingsView)
        pad.press("b")
        assert isinstance(window.current_view, TitleView)
        asked: list[bool] = []
        window.request_frame = lambda: asked.append(True)   # a window that draws on demand
        try:
            pad.tilt(0, -1)
        finally:
            del window.request_frame
        assert asked               # a pad is input too: the screen is drawn again
        manager.unplug(pad)        # unplugged: its events no longer reach the game
        pad.press("a")
        assert isinstance(window.current_view, TitleView)
    finally:
        pads.stop()


def test_a_pad_plays_match3_with_a_cursor_a_picks_and_a_direction_swaps(window: Any, pad: VirtualPad) -> None:
    view = App(window).play_level("first-steps", "first-swap", fresh=True)
    assert isinstance(view, PlayView)
    pad.press("a")                # the goal card, read; the cursor shows where A acts
    assert view.goal_card is None
    controller: Any = view.controller
    assert controller.cursor is not None and view.board._ring_cells["cursor"] == controller.cursor
    swap = next(c for c in legal_commands(view.state) if isinstance(c, Swap))
    walk(pad, view, swap.a)
    pad.press("a")
    rings = view.board._ring_cells
    assert controller.selected == swap.a and rings["selected"] == swap.a and rings["cursor"] is None
    pad.tilt(*PUSH[(swap.b[0] - swap.a[0], swap.b[1] - swap.a[1])])   # the direction swaps
    assert view.session.commands == [swap] and controller.selected is None
    assert rings["cursor"] == swap.a and rings["selected"] is None   # the cursor stays where it was
    settle(view)
    pad.press("a")                # picks again; B drops the pick, as Esc does...
    assert controller.selected is not None
    pad.press("b")
    assert controller.selected is None and view.pause_menu is None
    pad.press("x")                # X says what undo costs in match3 (game.ui.play_undo),
    assert view.session.commands == [swap] and "Undo costs" in view.toast.message
    pad.press("x")                # and X again takes the move back
    assert view.session.commands == []
    pad.press("y")                # Y shows a hint
    assert view.hint_command is not None
    pad.press("b")                # ...and B with nothing picked pauses, as Esc does
    assert view.pause_menu is not None
    pad.press("start")            # Start resumes
    assert view.pause_menu is None
    pad.press("start")
    for _ in range(3):
        pad.tilt(0, -1)           # Resume, Restart, Undo, Goals
    pad.press("a")
    assert view.goal_card is not None and view.pause_menu is None
    pad.press("b")                # the card goes back to the pause menu it came from
    assert view.pause_menu is not None
    pad.press("b")
    assert view.pause_menu is None and view.modal is None


def _chain_from_token(view: Any) -> tuple[tuple[int, int], ...]:
    """A chain of three from the token that the core plays, a diagonal step in it if there is one."""
    state = view.state
    player = state.player
    found: list[tuple[tuple[int, int], ...]] = []
    for d1 in PUSH:
        a = (player[0] + d1[0], player[1] + d1[1])
        for d2 in PUSH:
            b = (a[0] + d2[0], a[1] + d2[1])
            path = (player, a, b)
            if len(set(path)) == 3 and all(0 <= r < state.height and 0 <= c < state.width for r, c in path):
                try:
                    decide(state, Chain(path))
                except IllegalMove:
                    continue
                found.append(path)
    assert found, "no chain of three from the token"
    return max(found, key=lambda p: sum(abs(p[i + 1][0] - p[i][0]) + abs(p[i + 1][1] - p[i][1]) for i in range(2)))


def test_a_pad_draws_a_chain_with_the_stick_b_backtracks_a_commits(window: Any, pad: VirtualPad) -> None:
    view = App(window).play_level("first-steps", "token-walk", fresh=True)
    assert isinstance(view, PlayView) and view.level.mode == "chain"
    if view.goal_card is not None:
        pad.press("a")
    path = _chain_from_token(view)
    controller: Any = view.controller
    for a, b in zip(path, path[1:]):
        dx, dy = PUSH[(b[0] - a[0], b[1] - a[1])]
        pad.flick(0.9 * dx, 0.9 * dy)   # a thumb's push, through the positions between
    assert controller.path == list(path)
    pad.press("b")                # B takes the last step back...
    assert controller.path == list(path[:-1])
    dx, dy = PUSH[(path[2][0] - path[1][0], path[2][1] - path[1][1])]
    pad.flick(0.9 * dx, 0.9 * dy)
    pad.press("a")                # ...and A sends the token along the path
    assert view.session.commands == [Chain(path)] and controller.path == []


def test_a_pad_slides_tiles_into_the_gap_and_wins_to_the_result_card(window: Any, pad: VirtualPad) -> None:
    app = App(window)
    view = app.play_level("first-steps", "slide-in", fresh=True)
    assert isinstance(view, PlayView)
    if view.goal_card is not None:
        pad.press("a")
    replay = load_replay(shipped_proof("slide-in"))
    for command in replay.commands:
        assert isinstance(command, Slide)
        gr, gc = gap(view.state.grid)
        # The D-pad names where the tile goes: from its cell toward the gap.
        pad.tilt(*PUSH[(gr - command.cell[0], gc - command.cell[1])])
        settle(view)
    assert view.session.commands == list(replay.commands) and view.state.status == "won"
    for _ in range(400):
        if view.result_menu is not None:
            break
        view.on_update(DT)
    menu = view.result_menu
    assert menu is not None
    names = [b.key for b in menu.buttons]
    pad.tilt(0, -1)               # the result card's buttons by the D-pad...
    assert menu.focus == 1
    pad.tilt(0, 1)
    pad.press("a")                # ...and A presses the first: the next level
    assert names[0] == "next"
    assert not isinstance(window.current_view, PlayView) or window.current_view is not view


def test_a_pad_in_the_theatre_pauses_steps_and_scrubs_by_how_far_a_trigger_is_pulled(
        window: Any, pad: VirtualPad) -> None:
    app = App(window)
    replay = load_replay(shipped_proof("ring-harvest"))
    view = app.watch("first-steps", "ring-harvest", replay.seed, replay.commands, "test")
    assert isinstance(view, TheatreView)
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

    def scrub(trigger: str, amount: float, frames: int = 18) -> int:
        pad.trigger(trigger, amount)
        for _ in range(frames):
            view.on_update(DT)
        pad.trigger(trigger, 0.0)
        return view.position

    view.jump(0)
    light = scrub("righttrigger", 0.5)
    view.jump(0)
    hard = scrub("righttrigger", 1.0)
    assert 0 < light < hard       # pulled harder, it runs through more moves in the same time
    for _ in range(30):
        view.on_update(DT)
    assert view.position == hard and not view.playing   # let go: it stays where it got to
    assert scrub("lefttrigger", 1.0, 6) < hard           # the left trigger runs back
    assert "LT RT scrub" in view.hud.help.text           # the key help says the pad's buttons
    try:                                                 # (never an item split at the smallest window)
        view.on_resize(960, 640)
        assert legend_fits(view.hud)
    finally:
        view.on_resize(window.width, window.height)
    view.on_key_press(arcade.key.SPACE, 0)
    assert "Space play or pause" in view.hud.help.text   # and the keys again after a key
    pad.press("b")
    assert not isinstance(window.current_view, TheatreView)


def test_every_screen_by_pad_and_b_goes_back_where_esc_would(window: Any, pad: VirtualPad) -> None:
    app = App(window)
    app.show_title()
    title = window.current_view
    title.on_update(DT)
    pad.press("a")                                  # Play
    packs = window.current_view
    assert isinstance(packs, PacksView)
    packs.on_update(DT)
    assert packs.focus is not None and packs.focus.name.startswith("pack:")
    pad.press("a")
    levels = window.current_view
    assert isinstance(levels, LevelsView)
    levels.on_update(DT)
    pad.tilt(1, 0)                                  # the grid of levels by the D-pad
    pad.tilt(-1, 0)
    pad.press("a")
    play = window.current_view
    assert isinstance(play, PlayView) and play.goal_card is not None
    pad.press("b")                                  # the goal card before a move: back out
    assert isinstance(window.current_view, LevelsView)
    pad.press("b")
    assert isinstance(window.current_view, PacksView)
    pad.press("b")
    assert isinstance(window.current_view, TitleView)
    window.current_view.on_update(DT)
    pad.tilt(0, -1)                                 # Daily
    pad.press("a")
    daily = window.current_view
    assert isinstance(daily, DailyView)
    daily.on_update(DT)
    pad.press("a")
    play = window.current_view
    assert isinstance(play, PlayView)
    if play.goal_card is not None:
        pad.press("a")
    pad.press("start")                              # Start pauses
    menu = play.pause_menu
    assert menu is not None
    settings = next(i for i, b in enumerate(menu.buttons) if b.key == "settings")
    for _ in range(settings):
        pad.tilt(0, -1)
    pad.press("a")
    screen = window.current_view
    assert isinstance(screen, SettingsView)
    screen.on_update(DT)
    pad.tilt(0, -1)
    pad.press("b")                                  # back to the game, paused where it was
    back = window.current_view
    assert isinstance(back, PlayView) and back.pause_menu is not None
    back_button = next(i for i, b in enumerate(back.pause_menu.buttons) if b.key == "levels")
    for _ in range(back_button - back.pause_menu.focus):
        pad.tilt(0, -1)
    pad.press("a")                                  # Back to daily
    assert isinstance(window.current_view, DailyView)
    window.current_view.on_update(DT)
    pad.press("b")
    assert isinstance(window.current_view, TitleView)


def test_the_key_help_shows_pad_buttons_while_a_pad_is_used_and_keys_after_a_key(
        window: Any, pad: VirtualPad) -> None:
    view = App(window).play_level("first-steps", "first-swap", fresh=True)
    assert isinstance(view, PlayView)
    keys = view.hud.help.text
    assert "Z undo" in keys
    pad.press("a")
    help_text = view.hud.help.text
    assert "A pick" in help_text and "X undo" in help_text and "Start menu" in help_text
    assert all(len(line) < 32 for line in help_text.split("\n"))   # no item broken over two lines
    # The buttons stay above the legend, which grew a line.
    assert view.bar.rect.bottom >= view.hud.help.y + view.hud.help.content_height
    window.dispatch_event("on_key_press", arcade.key.RIGHT, 0)
    window.dispatch_events()
    assert view.hud.help.text == keys and not pad_in_use(window)
    # At the smallest window the legend wraps between items, never inside one ("F11 full /
    # screen"), the keys' and the pad's alike.
    try:
        view.on_resize(960, 640)
        for pad_used in (False, True):
            if pad_used:
                pad.press("y")
            assert legend_fits(view.hud) and view.hud.help.text != view.hud.keys
            assert view.bar.rect.bottom >= view.hud.help.y + view.hud.help.content_height
    finally:
        view.on_resize(window.width, window.height)
    window.dispatch_event("on_key_press", arcade.key.RIGHT, 0)
    window.dispatch_events()
    pad.tilt(0, 1)
    assert view.hud.help.text == help_text
    # A screen opened while the pad is in use shows its buttons from the start, cursor too.
    again = App(window).play_level("first-steps", "token-walk", fresh=True)
    assert isinstance(again, PlayView)
    assert "Stick draw" in again.hud.help.text and "B step back" in again.hud.help.text
    # A chain level without a token: A starts the path where the cursor is, and the help says so.
    free = App(window).play_level("first-steps", "free-hand", fresh=True)
    assert isinstance(free, PlayView) and free.state.player is None
    assert "A start" in free.hud.help.text and free.controller.cursor is not None
    if free.goal_card is not None:
        pad.press("a")
    pad.press("a")
    assert free.controller.path == [free.controller.cursor]


def test_a_direction_held_repeats_after_a_moment_as_a_held_key_does(window: Any) -> None:
    manager = VirtualManager()
    pads = PadInput(window)
    pads.start(manager)
    try:
        view = App(window).play_level("first-steps", "first-swap", fresh=True)
        assert isinstance(view, PlayView)
        pad = VirtualPad()
        manager.plug(pad)
        if view.goal_card is not None:
            pad.press("a")
        controller: Any = view.controller
        pad.tilt(-1, 0)
        pad.tilt(-1, 0)
        pad.tilt(-1, 0)           # the left edge
        row, col = controller.cursor
        pad.stick(1.0, 0.0)       # pushed right and held: one step at once...
        assert controller.cursor == (row, col + 1)
        pads.tick(0.3)
        assert controller.cursor == (row, col + 1)   # ...none more for a moment...
        pads.tick(0.15)
        pads.tick(0.11)
        assert controller.cursor == (row, col + 3)   # ...then one each tenth of a second or so
        pad.stick(0.0, 0.0)       # let go: it stops
        pads.tick(1.0)
        assert controller.cursor == (row, col + 3)
    finally:
        pads.stop()
