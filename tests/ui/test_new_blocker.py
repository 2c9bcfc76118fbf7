"""A blocker unit added outside the shipped registry is drawn, hit, animated, sounded and shown in the HUD by the view as it is, with no view code naming it."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.core import BLOCKERS, GOAL_NAMED, Counts, GoalName, GoalProgress, Shortfall, goal_of_blocker
from game.ui.layout import Rect
from new_blocker import FROST, FROST_COLORS, UNITS, Thawed

DT = 1 / 60
AREA = Rect(300, 40, 600, 600)
GRID = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))
CELL = (1, 2)


def _layers(frost: Counts) -> Any:
    from game.ui.board_sprites import Blockers

    return Blockers(((),) * len(BLOCKERS) + (frost,), UNITS)


def _run(board: Any) -> None:
    for _ in range(600):
        if not board.busy:
            return
        board.update(DT)
    raise AssertionError("the batch never finished")


def _cell_rgb(window: Any, board: Any, cell: tuple[int, int]) -> tuple[float, float, float]:
    """The mean colour of a cell's middle half on screen (y down in the image)."""
    import arcade

    window.clear()
    board.draw()
    image = arcade.get_image().convert("RGB")
    x, y = board.center(cell)
    half = board.layout.cell / 4
    box = (int(x - half), int(window.height - y - half), int(x + half), int(window.height - y + half))
    pixels = list(image.crop(box).getdata())
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))  # type: ignore[return-value]


def test_a_new_unit_is_drawn_from_its_look_and_its_hits_play_out(window: Any) -> None:
    from game.ui import textures
    from game.ui.board import BoardRenderer

    board = BoardRenderer("match3", GRID, AREA, speed=1.0)
    plain = _cell_rgb(window, board, CELL)
    other = _cell_rgb(window, board, (0, 0))
    board.set_blockers(_layers(((CELL, 2),)))
    frosted = _cell_rgb(window, board, CELL)
    # Its picture lies over its tile (Depth.OVER), at two layers, fitted to the tile.
    sprite = board.sprites_of(FROST)[CELL]
    assert sprite in board.chains and sprite.count == 2
    assert sprite.texture is textures.fitted(textures.blocker(FROST.look, 2), board.tile_px)
    assert board.layer_cells()["frost"] == {CELL: 2}
    # Seen on screen: the cell turns toward the frost's icy blue; another cell stays as it was.
    body = FROST_COLORS[0]
    assert sum(abs(a - b) for a, b in zip(frosted, body)) < sum(abs(a - b) for a, b in zip(plain, body)) - 20
    assert _cell_rgb(window, board, (0, 0)) == other
    # A hit that leaves a layer: the one-layer picture, the board then shows what the batch ends on.
    told: list[object] = []
    board.play([Thawed(CELL, 1)], GRID, told.append, blockers=_layers(((CELL, 1),)))
    _run(board)
    assert told == [Thawed(CELL, 1)] and board.mismatches == []
    assert board.sprites_of(FROST)[CELL].texture is textures.fitted(textures.blocker(FROST.look, 1), board.tile_px)
    assert textures.blocker(FROST.look, 1).image.tobytes() != textures.blocker(FROST.look, 2).image.tobytes()
    # The last layer: its sprite leaves the map as it bursts away, and the board ends without it.
    board.play([Thawed(CELL, 0)], GRID, told.append, blockers=_layers(()))
    _run(board)
    assert told[-1] == Thawed(CELL, 0) and CELL not in board.sprites_of(FROST)
    assert board.mismatches == [] and len(board.chains) == 0
    assert "frost" not in board.layer_cells() or board.layer_cells()["frost"] == {}
    for _ in range(60):   # the chips it threw fly out
        board.update(DT)
    after = _cell_rgb(window, board, CELL)
    assert sum(abs(a - b) for a, b in zip(after, plain)) < sum(abs(a - b) for a, b in zip(frosted, plain)) / 4


def test_a_new_units_hit_sounds_and_its_goal_shows_in_the_hud() -> None:
    from game.ui import goal_words, textures
    from game.ui.sound import Cues, blocker_sound

    assert blocker_sound(Thawed(CELL, 1), UNITS) == "shatter"
    assert blocker_sound(Thawed(CELL, 1)) is None   # the shipped registry has no frost
    cues = Cues(UNITS)
    assert cues.cue(Thawed(CELL, 1)) == ("shatter", 1.0)
    assert cues.cue(Thawed((0, 0), 0)) is None   # one sound a step for a kind of blocker
    goal = goal_of_blocker(dataclasses.replace(FROST, goal=GoalName.JELLY))   # a goal joins through its unit
    assert goal.blocker is not None and goal.blocker.name == "frost"
    assert goal.hud(GoalProgress(GoalName.JELLY, 1, 3)) == "Frost 1 / 3"
    assert goal.card(GoalProgress(GoalName.JELLY, 0, 3)) == "Clear every frost (3)"
    assert goal.short(Shortfall(GoalName.JELLY, 2)) == "2 frost left"
    assert goal_words.picture(goal) is textures.blocker(FROST.look, 2)   # its most layers
    # The shipped goals keep their words.
    assert GOAL_NAMED[GoalName.JELLY].hud(GoalProgress(GoalName.JELLY, 3, 10)) == "Jelly 3 / 10"
