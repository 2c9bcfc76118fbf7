"""Hints that teach the lesson (issue 37): on a level that `teaches:` a special, H shows the move
that makes or uses it, and a player who follows every hint, by mouse, wins the level's deal."""

from __future__ import annotations

from typing import Any

import arcade

from game.core import Created, Detonated, Special, Swap, combo_of, legal_commands, play
from game.io import find_pack
from game.io.settings import Settings
from game.ui.play_view import PlayView

LEFT = arcade.MOUSE_BUTTON_LEFT


def _send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def _settle(view: PlayView) -> None:
    for _ in range(2000):
        if not view.busy:
            return
        view.on_update(1 / 60)
    raise AssertionError("the board never settled")


def _open(window: Any, level_id: str) -> PlayView:
    level = next(lv for lv in find_pack("sweet-mechanics").levels if lv.id == level_id)
    view = PlayView(level, settings=Settings(animation_speed="instant"))
    window.show_view(view)
    window.dispatch_events()
    view.on_update(1 / 60)
    _send(window, "on_key_press", arcade.key.ENTER, 0)   # the goal card read
    _send(window, "on_key_release", arcade.key.ENTER, 0)
    _settle(view)
    assert view.goal_card is None
    return view


def _hinted(window: Any, view: PlayView) -> Swap:
    _send(window, "on_key_press", arcade.key.H, 0)
    _send(window, "on_key_release", arcade.key.H, 0)
    command = view.hint_command
    assert isinstance(command, Swap) and command in legal_commands(view.state)
    return command


def _swap_by_mouse(window: Any, view: PlayView, swap: Swap) -> None:
    (x0, y0), (x1, y1) = view.board.center(swap.a), view.board.center(swap.b)
    _send(window, "on_mouse_press", int(x0), int(y0), LEFT, 0)
    for k in range(1, 5):
        x, y = int(x0 + (x1 - x0) * k / 4), int(y0 + (y1 - y0) * k / 4)
        _send(window, "on_mouse_drag", x, y, 0, 0, LEFT, 0)
    _send(window, "on_mouse_release", int(x1), int(y1), LEFT, 0)
    _settle(view)


def test_high_five_hints_the_five_in_a_row_then_the_rainbow_and_wins(window: Any) -> None:
    """It showed a plain three instead of the five in a row, and hint-only play lost."""
    view = _open(window, "high-five")
    first = _hinted(window, view)
    events = play(view.state, first)[0]
    assert any(isinstance(e, Created) and e.special == Special.RAINBOW for e in events), \
        f"the first hint {first} makes no rainbow"
    fired = 0
    while view.state.status == "playing":
        swap = _hinted(window, view)
        before = view.state
        _swap_by_mouse(window, view, swap)
        assert view.state.moves == before.moves + 1, "the hinted swap was played"
        fired += any(isinstance(e, Detonated) and e.special == Special.RAINBOW
                     for e in view.session.turns[-1].events)
    assert view.state.status == "won"
    assert fired >= 1, "the rainbow the lesson is about went off"


def test_rainbow_stripes_hints_the_rainbow_and_stripe_swap_and_wins(window: Any) -> None:
    """It skipped the rainbow+stripe combo that alone clears 32 of 36 jelly, and lost."""
    view = _open(window, "rainbow-stripes")
    first = _hinted(window, view)
    assert {lesson.value for lesson in combo_of(view.state, first)} == {"rainbow+line"}
    while view.state.status == "playing":
        _swap_by_mouse(window, view, _hinted(window, view))
    assert view.state.status == "won"
