"""Ice in the editor, from its unit alone: the I tool paints iced tiles with 1 or 2 layers, a click thaws one, its goal is a switch, and the level saves and loads with the game's own loader."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import cell_xy, center, click, frame, new_level, palette_xy, press, save_as, set_field, shot
from editor.model import blocker_tool
from editor.view import EditorView
from game.core import GoalName
from game.core.units import ICE
from game.io import load_level

key = arcade.key
RIGHT = arcade.MOUSE_BUTTON_RIGHT


def test_ice_is_painted_in_two_thicknesses_thawed_asked_for_and_saved(
        window: Any, editor: EditorView, tmp_path: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "id", "icy")
    set_field(window, view, "moves", "20")
    press(window, key.KEY_3)
    click(window, *cell_xy(view, (2, 2)))
    # I picks ice with one layer: a click ices a tile of a fixed kind and a random one.
    press(window, key.I)
    assert view.model.tool == blocker_tool(ICE, 1)
    click(window, *cell_xy(view, (2, 2)))
    click(window, *cell_xy(view, (3, 4)))
    assert (view.model.draft.token((2, 2)), view.model.draft.token((3, 4))) == ("3I1", ".I1")
    # I again: two layers; a click on one-layer ice thickens it, a click on two-layer ice thaws it.
    press(window, key.I)
    assert view.model.tool == blocker_tool(ICE, 2) and "2 layers" in view.status.text
    click(window, *cell_xy(view, (2, 2)))
    assert view.model.draft.token((2, 2)) == "3I2"
    click(window, *cell_xy(view, (2, 2)))
    assert view.model.draft.token((2, 2)) == "3"
    click(window, *cell_xy(view, (2, 2)))
    click(window, *cell_xy(view, (3, 4)), RIGHT)        # right-click thaws, the tile stays
    assert (view.model.draft.token((2, 2)), view.model.draft.token((3, 4))) == ("3I2", ".")
    # Its swatch picks it too; the canvas shows the ice over the tile, thicker at two layers.
    press(window, key.KEY_1)
    click(window, *palette_xy(view, "tool", blocker_tool(ICE, 1)))
    click(window, *cell_xy(view, (4, 1)))
    assert view.model.draft.token((4, 1)) == ".I1"
    frame(window)
    sprites = view.canvas._token_sprites
    assert sprites[2][2].visible and sprites[2][2].texture is not sprites[4][1].texture
    # The goal: clear all the ice, a switch like jelly's and stones'.
    click(window, *center(view.props.buttons["goal_ice"]))
    assert view.model.draft.flag("goal_ice") and view.props.buttons["goal_ice"].text == "on"
    assert view.model.problems() == (), [str(p) for p in view.model.problems()]
    shot(window, view, tmp_path / "editor-ice.png")
    level = load_level(save_as(window, view, "icy.yaml"))
    assert GoalName.ICE in level.goals.blockers
    assert dict(level.layer_of(ICE)) == {(2, 2): 2, (4, 1): 1}
