"""The first move's pointer (issue 37): on the first level of each mode a new player meets, and where
the course first teaches each lesson, a hand acts out the hint's move until the player makes one; it
comes back after an idle spell, never after a move."""

from __future__ import annotations

import math
import pathlib
from typing import Any

import arcade

from game.core import EMPTY, Chain, Created, Slide, Swap
from game.io.progress import progress_path
from game.ui.app import App
from game.ui.first_move import COME_BACK, TIP
from game.ui.hints import hint
from game.ui.play_view import PlayView
from game.ui.shelf import Shelf
from looks import sprite_seen
from winning import LEFT, drag, player, settle

PACK = "first-steps"
DT = 1 / 60


def frames(view: PlayView, seconds: float) -> None:
    for _ in range(int(seconds / DT) + 1):
        view.on_update(DT)


def opened(window: Any, level_id: str, pack: str = PACK) -> PlayView:
    """The level opened fresh as the levels screen opens it, its goal card read (Enter)."""
    progress_path().unlink(missing_ok=True)
    app = App(window)
    app.play_level(pack, level_id, fresh=True)
    view = window.current_view
    assert isinstance(view, PlayView) and view.goal_card is not None
    settle(view)
    player(window, ("on_key_press", arcade.key.ENTER, 0), ("on_key_release", arcade.key.ENTER, 0))
    frames(view, 0.45)   # into the gesture: the hand has faded in and presses its first cell
    return view


def fingertip(view: PlayView) -> tuple[float, float]:
    hand = view.first_move.hand
    return (hand.center_x - (0.5 - TIP[0]) * hand.width, hand.center_y + (0.5 - TIP[1]) * hand.height)


def hand_seen(window: Any, view: PlayView) -> bool:
    view.on_draw()
    return sprite_seen(arcade.get_image(0, 0, window.width, window.height), view.first_move.hand)


def test_the_pointer_shows_on_the_first_level_of_each_mode_of_the_first_pack_only() -> None:
    shelf = Shelf()
    packs = [p for p in shelf.packs()[0] if p.builtin]
    met = [(p.id, lv.id) for p in packs for lv in p.levels if shelf.meets_mode(p.id, lv.id)]
    # First Steps opens the game; its first swap, its first chain and its first slide.
    assert met == [(PACK, "first-swap"), (PACK, "token-walk"), (PACK, "slide-in")]
    first = packs[0].levels
    assert [lv.mode for lv in first[:5]].count(first[0].mode) >= 2, "the pack still repeats a mode early"


def test_the_pointer_shows_where_the_course_first_teaches_each_lesson() -> None:
    shelf = Shelf()
    packs = [p for p in shelf.packs()[0] if p.builtin]
    met = [(p.id, lv.id) for p in packs for lv in p.levels if shelf.meets_lesson(p.id, lv.id)]
    taught = [lv.teaches for p in packs for lv in p.levels if lv.teaches is not None]
    assert [lv for p, lv in met][:3] == ["line-of-four", "corner-bomb", "five-alike"]   # First Steps' specials
    assert len(met) == len(set(taught))                    # each lesson once, where it is first taught
    assert ("sweet-mechanics", "four-in-a-row") not in met  # line was taught in First Steps already


def test_on_a_special_lesson_the_hand_shows_the_swap_that_makes_the_special(window: Any) -> None:
    view = opened(window, "line-of-four")
    move = hint(view.state, view.hinter)
    assert isinstance(move, Swap) and view.first_move.command == move and view.first_move.shown
    assert math.dist(fingertip(view), view.board.center(move.a)) < 2
    drag(window, view.board.center(move.a), view.board.center(move.b))
    assert view.session.commands == [move] and not view.first_move.shown
    assert any(isinstance(e, Created) for e in view.session.turns[0].events), "the hinted swap made no special"


def test_the_hand_shows_the_hinted_swap_until_the_player_swaps(window: Any, screenshot_dir: pathlib.Path) -> None:
    view = opened(window, "first-swap")
    move = hint(view.state, view.hinter)
    assert isinstance(move, Swap) and view.first_move.command == move
    assert view.first_move.shown and hand_seen(window, view), "no hand on the board before the first move"
    assert math.dist(fingertip(view), view.board.center(move.a)) < 2, "the hand does not press the hint's tile"
    frames(view, 0.4)   # on its way across, toward the hint's other tile
    assert math.dist(fingertip(view), view.board.center(move.b)) < math.dist(view.board.center(move.a),
                                                                             view.board.center(move.b))
    view.on_draw()
    arcade.get_image(0, 0, window.width, window.height).save(screenshot_dir / "first_move_swap.png")
    drag(window, view.board.center(move.a), view.board.center(move.b))
    assert view.session.commands == [move]
    assert not view.first_move.shown and not hand_seen(window, view)
    settle(view)
    frames(view, COME_BACK + 1)
    assert not view.first_move.shown, "the hand came back after the first move"


def test_a_touch_hides_the_hand_and_an_idle_spell_brings_it_back_until_a_move_stands(window: Any) -> None:
    view = opened(window, "first-swap")
    move = view.first_move.command
    assert isinstance(move, Swap)
    # A click on a tile (it selects it, no move yet): the hand gets out of the way.
    x, y = view.board.center(move.a)
    player(window, ("on_mouse_press", int(x), int(y), LEFT, 0), ("on_mouse_release", int(x), int(y), LEFT, 0))
    frames(view, 0.5)
    assert view.session.played == 0 and not view.first_move.shown and not hand_seen(window, view)
    frames(view, COME_BACK)
    assert view.first_move.shown and hand_seen(window, view), "the hand did not come back on an idle first move"
    x, y = view.board.center(move.b)   # the tile picked before, then its neighbour: the swap
    player(window, ("on_mouse_press", int(x), int(y), LEFT, 0), ("on_mouse_release", int(x), int(y), LEFT, 0))
    assert view.session.commands == [move]
    assert not view.first_move.shown


def test_the_hand_draws_the_hinted_chain_and_goes_with_the_chain(window: Any) -> None:
    view = opened(window, "token-walk")
    move = view.first_move.command
    assert isinstance(move, Chain) and view.first_move.shown and hand_seen(window, view)
    assert math.dist(fingertip(view), view.board.center(move.path[0])) < 2
    frames(view, 0.25 + 0.55 * (len(move.path) - 1))   # it walks the whole path
    assert math.dist(fingertip(view), view.board.center(move.path[-1])) < 2
    player(window, ("on_mouse_press", *map(int, view.board.center(move.path[0])), LEFT, 0),
           *[("on_mouse_drag", *map(int, view.board.center(c)), 0, 0, LEFT, 0) for c in move.path[1:]],
           ("on_mouse_release", *map(int, view.board.center(move.path[-1])), LEFT, 0))
    assert view.session.commands == [move] and not view.first_move.shown
    settle(view)
    # Undo back to the first move (Z, and Z again where undo asks first): the hand stays away.
    for _ in range(2):
        if view.session.played:
            player(window, ("on_key_press", arcade.key.Z, 0), ("on_key_release", arcade.key.Z, 0))
    assert view.session.played == 0
    frames(view, COME_BACK + 1)
    assert not view.first_move.shown and not hand_seen(window, view)


def test_the_hand_pushes_the_hinted_slide_into_the_gap_and_a_key_ends_it(window: Any) -> None:
    view = opened(window, "slide-in")
    move = view.first_move.command
    assert isinstance(move, Slide) and view.first_move.shown and hand_seen(window, view)
    (r, c), gap = move.cell, next((r, c) for r, row in enumerate(view.state.grid) for c, v in enumerate(row) if v == EMPTY)
    assert abs(r - gap[0]) + abs(c - gap[1]) == 1
    frames(view, 0.75)
    assert math.dist(fingertip(view), view.board.center(gap)) < 2, "the hand does not push the tile into the gap"
    # The arrow key that moves the hinted tile into the gap (LEFT moves the tile right of the gap).
    symbol = {(0, 1): arcade.key.LEFT, (0, -1): arcade.key.RIGHT, (1, 0): arcade.key.UP,
              (-1, 0): arcade.key.DOWN}[(r - gap[0], c - gap[1])]
    player(window, ("on_key_press", symbol, 0), ("on_key_release", symbol, 0))
    assert view.session.commands == [move] and not view.first_move.shown


def test_no_hand_on_a_level_that_meets_no_new_mode_or_lesson(window: Any) -> None:
    for pack, level_id in ((PACK, "falling-luck"), (PACK, "nine-tiles"), ("sweet-mechanics", "four-in-a-row")):
        view = opened(window, level_id, pack)
        frames(view, COME_BACK + 1)
        assert not view.first_move.shown and view.first_move.marks() == [], level_id


def test_with_reduced_motion_the_hand_stands_still_on_the_first_cell(window: Any) -> None:
    from game.io.settings import Settings

    level = Shelf().level(PACK, "first-swap")
    view = PlayView(level, settings=Settings(reduced_motion=True, sound=False), first_move=True)
    window.show_view(view)
    window.dispatch_events()
    frames(view, 2.0)
    move = view.first_move.command
    assert isinstance(move, Swap) and view.first_move.shown and hand_seen(window, view)
    assert math.dist(fingertip(view), view.board.center(move.a)) < 2
    # It asks for no frames of its own: the window stays still while the player thinks.
    assert not view.first_move.moving
    assert not view.in_motion()
