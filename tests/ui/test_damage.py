"""A still play screen repaints only what changed, and the picture is the same as a whole frame's."""

from __future__ import annotations

from typing import Any, Callable

import pytest

DT = 1 / 60
LEFT = 1


def _send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()


def _picture(window: Any) -> bytes:
    import arcade

    return bytes(arcade.get_image(0, 0, window.width, window.height).tobytes())


def _same_as_whole(window: Any, view: Any, step: Callable[[], None], partial: bool = True) -> list[Any] | None:
    """Do `step`, draw the frame as the game would, then the whole frame: the pictures agree."""
    step()
    view.on_update(DT)
    view.on_draw()
    boxes = view.redraw.last_boxes
    drawn = _picture(window)
    view.redraw.forget()
    view.on_draw()
    assert drawn == _picture(window), f"a frame repainting {boxes} left a stale picture"
    if partial:
        assert boxes is not None, f"a still frame repainted the whole window ({view.modal}, {view.board.animator.moving})"
    return boxes


@pytest.mark.parametrize("level_id", ["hard-rock", "chain-garden"])
def test_still_frames_repaint_only_what_changed_and_match_a_whole_frame(window: Any, level_id: str) -> None:
    from game.core import Mode
    from game.io import find_pack
    from game.io.settings import Settings
    from game.ui.damage import area
    from game.ui.play_view import PlayView

    level = {lv.id: lv for lv in find_pack("sweet-mechanics").levels}[level_id]
    view = PlayView(level, seed=4, settings=Settings(animation_speed="normal"))
    window.show_view(view)
    window.dispatch_events()   # a new window's pending resize re-lays the screen out: before the first frame
    view.on_update(DT)
    view.on_draw()
    if view.redraw.enabled is False:
        pytest.skip("a GPU: every frame is whole")
    board = view.board

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        return board.center(cell)

    whole = window.width * window.height
    x, y = at((2, 2))
    boxes = _same_as_whole(window, view, lambda: _send(window, "on_mouse_motion", x, y, 0, 0))
    assert boxes and sum(map(area, boxes)) < whole / 20   # the hover ring: about a cell
    x2, y2 = at((6, 5))
    _same_as_whole(window, view, lambda: _send(window, "on_mouse_motion", x2, y2, 0, 0))
    assert _same_as_whole(window, view, lambda: None) == []   # nothing changed: nothing repainted
    bx, by = view.bar.buttons[1].rect.center
    _same_as_whole(window, view, lambda: _send(window, "on_mouse_motion", bx, by, 0, 0))   # a button lights
    _same_as_whole(window, view, lambda: view.say("Nothing to undo."))   # the toast
    _same_as_whole(window, view, lambda: view.show_hint(), partial=False)
    for _ in range(3):   # the hint's glow breathes
        _same_as_whole(window, view, lambda: None)
    if level.mode == Mode.CHAIN:
        start = view.state.player or (0, 0)
        path = [start]
        _same_as_whole(window, view, lambda: _send(window, "on_mouse_press", *at(start), LEFT, 0), partial=False)
        for cell in ((start[0] - 1, start[1]), (start[0] - 1, start[1] + 1)):
            path.append(cell)
            _same_as_whole(window, view, lambda: _send(window, "on_mouse_drag", *at(cell), 0, 0, LEFT, 0),
                           partial=False)
    else:
        _same_as_whole(window, view, lambda: _send(window, "on_mouse_press", *at((3, 3)), LEFT, 0))
        _same_as_whole(window, view, lambda: _send(window, "on_mouse_release", *at((3, 3)), LEFT, 0),
                       partial=False)
        # A move plays: each frame of it repaints what moved (the board), the same as whole.
        from game.core import legal_commands

        assert view.submit(legal_commands(view.state)[0])
        parts = 0
        for _ in range(12):
            parts += _same_as_whole(window, view, lambda: [view.on_update(DT) for _ in range(2)],
                                    partial=False) is not None
        assert parts, "no frame of a move repainted less than the whole window"
        # A blast's shake draws the board off its place a few pixels, then back.
        view.board.animator.finish()
        jolt = view.board.effects.jolt
        jolt.strength, jolt.amplitude = 1.0, 6.0
        for _ in range(3):
            jolt.age += 0.03
            _same_as_whole(window, view, lambda: None, partial=False)
        jolt.strength = 0.0
        _same_as_whole(window, view, lambda: None)


def test_merge_covers_every_damaged_box_in_few_rectangles() -> None:
    """The quick overlap test agrees with intersect, and merge's rectangles cover every box."""
    import random

    from game.ui.damage import PASSES, intersect, merge, overlaps

    rng = random.Random(7)
    for _ in range(300):
        boxes = []
        for _ in range(rng.randint(1, 60)):
            x, y = rng.randint(0, 1200), rng.randint(0, 760)
            boxes.append((x, y, x + rng.randint(1, 90), y + rng.randint(1, 90)))
        a, b = boxes[0], boxes[-1]
        assert overlaps(a, b) == (intersect(a, b) is not None)
        out = merge(boxes)
        assert 1 <= len(out) <= PASSES
        for bx in boxes:
            assert any(o[0] <= bx[0] and o[1] <= bx[1] and o[2] >= bx[2] and o[3] >= bx[3] for o in out), bx
