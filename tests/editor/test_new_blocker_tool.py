"""A blocker unit added outside the shipped registry gets its own editor tool with no editor code naming it: its key, swatch, tooltip, canvas picture, right-click, resize words."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import cell_xy, click, frame, palette_xy, press, send, shot
from editor.model import blocker_tool, resize_to
from editor.view import EditorView
from new_blocker import FROST, UNITS

RIGHT = arcade.MOUSE_BUTTON_RIGHT


def test_a_new_unit_has_its_own_tool_key_swatch_tooltip_and_picture(window: Any, editor: EditorView, tmp_path: Any) -> None:
    from editor.canvas import covered, marker

    view = editor
    tool = blocker_tool(FROST)
    press(window, arcade.key.U)
    assert view.model.tool != tool   # the shipped editor has no frost: U picks nothing
    view.model.units = UNITS        # the units the editor offers tools for
    view.refresh()
    frame(window)
    press(window, arcade.key.U)
    assert view.model.tool == tool and tool.token == "U"
    # Its swatch in the palette, with its picture and its key, and its tooltip on hover.
    x, y = palette_xy(view, "tool", tool)
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    for _ in range(40):
        frame(window)
    assert view.help.label is not None and view.help.label.text.startswith("Frost (U)")
    # A click frosts the tile there (`.` -> `.U`), drawn as the cell's picture under the frost.
    click(window, *cell_xy(view, (2, 3)))
    assert view.model.draft.token((2, 3)) == ".U"
    sprite = view.canvas._token_sprites[2][3]
    assert sprite.visible and sprite.texture is covered(marker("random"), FROST.look, 1)
    image = shot(window, view, tmp_path / "frost.png")
    # Its picture is on screen: the cell is bluer than a plain random cell beside it.
    def mean(cell: tuple[int, int]) -> tuple[float, ...]:
        cx, cy = cell_xy(view, cell)
        half = view.canvas.layout.cell / 4 if view.canvas.layout else 4
        box = (int(cx - half), int(window.height - cy - half), int(cx + half), int(window.height - cy + half))
        px = list(image.convert("RGB").crop(box).getdata())
        return tuple(sum(p[i] for p in px) / len(px) for i in range(3))
    frosted, plain = mean((2, 3)), mean((2, 4))
    assert frosted[2] - frosted[0] > plain[2] - plain[0] + 10
    # A swatch click then a tile: the same; a right-click thaws it, the tile stays.
    click(window, *palette_xy(view, "tool", tool))
    click(window, *cell_xy(view, (2, 4)))
    assert view.model.draft.token((2, 4)) == ".U"
    click(window, *cell_xy(view, (2, 4)), RIGHT)
    assert view.model.draft.token((2, 4)) == "."
    # What a resize would take away names it.
    from editor.blocker_tools import blocker_counts
    from editor.resizing import losses

    assert blocker_counts(view.model.draft, UNITS)["frost"] == 1
    cropped = resize_to(view.model.draft, 3, 2)
    assert "1 frost" in losses(view.model.draft, cropped, UNITS)
    view.model.units = UNITS[:-1]
