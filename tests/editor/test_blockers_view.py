"""Specials, blockers and jelly in the editor, driven only through real mouse and key events."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from looks import assert_card_over_the_board, near, pixel
from driving import (
    assert_canvas_seen, cell_xy, center, click, drag, frame, key_sheet, new_level, palette_xy, press,
    save_as, send, set_field, shot, sized,
)
from editor import files
from editor.help import KEYS
from editor.model import kind_tool
from editor.blocker_tools import faller_tools, special_tools
from game.core.units import DROPS
from editor.view import EditorView
from game.core import GoalName, Special
from game.core.units import JELLY as JELLY_UNIT, STONE as STONE_UNIT
from game.io import load_level
from game.ui.screens import style
from looks import editor_tool

LOCK_TOOL, JELLY_TOOL = editor_tool("locks"), editor_tool("jelly")

DROP_TOOL = faller_tools()[0][1]   # the drop's tool (the one faller)
RAINBOW_TOOL = special_tools()[0][1]   # the rainbow's tool (the one kindless special)


def stone_tool(hits: int) -> Any:
    return editor_tool("stones", hits)


key = arcade.key
RIGHT = arcade.MOUSE_BUTTON_RIGHT
UNLIT = arcade.gui.UIFlatButton.DEFAULT_STYLE["normal"].bg   # a toggle that is off


def problem_at(view: EditorView, cell: tuple[int, int]) -> list[str]:
    return [p.message for p in view.model.problems() if p.cell == cell]


def toggle(window: Any, view: EditorView, name: str) -> None:
    click(window, *center(view.props.buttons[name]))


def test_paint_every_blocker_token_and_jelly_set_the_goals_save_reload_and_play(
        window: Any, editor: EditorView, screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 7, 7)
    set_field(window, view, "id", "blockers-m3")
    set_field(window, view, "moves", "20")
    # Specials: the kind brush with Q stepping its special, and the special swatches.
    press(window, key.KEY_3)
    press(window, key.Q)
    click(window, *cell_xy(view, (0, 0)))
    press(window, key.Q)
    click(window, *cell_xy(view, (0, 2)))
    click(window, *palette_xy(view, "special", "b"))
    click(window, *cell_xy(view, (0, 4)))
    click(window, *palette_xy(view, "special", ""))
    click(window, *cell_xy(view, (0, 6)))
    send(window, "on_text", "*")                         # the rainbow, typed
    assert view.model.tool == RAINBOW_TOOL
    click(window, *cell_xy(view, (1, 0)))
    assert [view.model.draft.token((0, c)) for c in (0, 2, 4, 6)] == ["3h", "3v", "3b", "3"]
    assert view.model.draft.token((1, 0)) == "*"
    # Stones: S picks one hit, a click on the stone adds one, S again paints two.
    press(window, key.S)
    click(window, *cell_xy(view, (2, 0)))
    click(window, *cell_xy(view, (2, 0)))
    assert view.model.draft.token((2, 0)) == "S2"
    press(window, key.S)
    assert view.model.tool == stone_tool(2)
    click(window, *cell_xy(view, (2, 6)))
    assert view.model.draft.token((2, 6)) == "S2"
    # Locks: on a fixed kind and on a random cell; a lock on a hole is the loader's problem.
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (4, 4)))
    press(window, key.L)
    click(window, *cell_xy(view, (4, 4)))
    click(window, *cell_xy(view, (3, 1)))
    assert (view.model.draft.token((4, 4)), view.model.draft.token((3, 1))) == ("2L", ".L")
    press(window, key.H)
    click(window, *cell_xy(view, (6, 6)))
    click(window, *palette_xy(view, "tool", LOCK_TOOL))
    click(window, *cell_xy(view, (6, 6)))
    assert any("cannot be locked" in m for m in problem_at(view, (6, 6)))
    click(window, *cell_xy(view, (6, 6)), RIGHT)         # right-click takes the lock off again
    assert view.model.draft.token((6, 6)) == "#" and problem_at(view, (6, 6)) == []
    # A drop with no drops goal: a problem at its cell, which a click on the problem shows.
    press(window, key.O)
    click(window, *cell_xy(view, (1, 3)))
    [message] = problem_at(view, (1, 3))
    assert "drops goal" in message
    row = next(rect for rect, p in view.problems.rows if p.cell == (1, 3))
    click(window, *row.center)
    assert view.problems.flash == (1, 3) and view.cursor == (1, 3)
    set_field(window, view, "drops", "2")
    assert problem_at(view, (1, 3)) == [] and view.problems.flash is None
    # Jelly: a stroke adds a layer, a click a second, right-click takes one; a hole refuses it.
    press(window, key.J)
    drag(window, [cell_xy(view, (5, 0)), cell_xy(view, (5, 1)), cell_xy(view, (5, 2))])
    click(window, *cell_xy(view, (5, 0)))
    click(window, *cell_xy(view, (5, 2)), RIGHT)
    assert [view.model.draft.layers_at("jelly", (5, c)) for c in range(4)] == [2, 1, 0, 0]
    assert view.model.draft.token((5, 0)) == "."         # the tile under it is untouched
    click(window, *cell_xy(view, (6, 6)))
    assert any("jelly on a hole" in m for m in problem_at(view, (6, 6)))
    press(window, key.Z, key.MOD_CTRL)
    assert problem_at(view, (6, 6)) == []
    # The goals: all jelly, all stones (on/off buttons), drops typed above; the specials rule.
    toggle(window, view, "goal_jelly")
    toggle(window, view, "goal_stones")
    assert (view.model.draft.flag("goal_jelly"), view.model.draft.flag("goal_stones"), view.model.draft.wanted(GoalName.DROPS)) == (True, True, 2)
    assert view.props.buttons["goal_jelly"].text == "on"
    toggle(window, view, "specials")                     # off: the placed specials are problems
    assert {p.cell for p in view.model.problems()} >= {(0, 0), (0, 2), (0, 4), (1, 0)}, [str(p) for p in view.model.problems()]
    toggle(window, view, "specials")
    assert view.model.problems() == (), [str(p) for p in view.model.problems()]
    d = view.model.draft
    # The canvas shows each layer: jelly sprites under the tiles, the game's special pictures.
    from game.core import Special
    from game.ui import textures
    canvas = view.canvas
    assert canvas._under["jelly"][5][0].visible and not canvas._under["jelly"][5][2].visible
    assert canvas._token_sprites[0][0].texture is textures.marked(3, Special.ROW, False)
    assert canvas._token_sprites[1][3].texture is textures.piece(DROPS)
    press(window, key.KEY_1)
    send(window, "on_mouse_motion", int(window.width - 100), int(window.height - 100), 1, 1)
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-blockers.png")) >= 5
    # Save, load with the game's loader: every token, the jelly and the goals come back.
    path = save_as(window, view, "blockers-m3")
    level = load_level(path)
    assert level == view.model.level()
    for r in range(d.height):
        for c in range(d.width):
            assert level.token((r, c)) == d.token((r, c)), (r, c)
    jelly = level.map_of("jelly")
    assert jelly is not None and [jelly[5][c] for c in range(3)] == [2, 1, 0]
    assert (level.goals.blockers, level.goals.wanted(GoalName.DROPS)) == ((GoalName.JELLY, GoalName.STONES), 2)
    # Opening the file again gives the same draft, and saving that the same bytes.
    saved = path.read_bytes()
    again = files.load_draft(path)
    assert again == d
    files.save_draft(again, path)
    assert path.read_bytes() == saved
    # Play-test: the game deals the level with its layers.
    press(window, key.TAB)
    from game.ui.play_view import PlayView
    play = window.current_view
    assert isinstance(play, PlayView)
    state = play.session.state
    assert state.level == level
    assert dict(state.layer_of(STONE_UNIT)) == {(2, 0): 2, (2, 6): 2} and set(state.locks) == {(4, 4), (3, 1)}
    assert state.count_at(JELLY_UNIT, (5, 0)) == 2 and ((0, 0), Special.ROW) in state.specials
    frame(window)
    play.on_draw()
    image = arcade.get_image()
    image.save(screenshot_dir / "editor-blockers-playtest.png")
    assert play.goal_card is not None                    # the goals are read first, over the dealt board
    assert_card_over_the_board(window, play, play.goal_card, image)
    press(window, key.TAB)
    assert window.current_view is view
    # Undo takes every edit back, to the blank board; redo brings them all again.
    steps = len(view.model.history.past)
    for _ in range(steps):
        press(window, key.Z, key.MOD_CTRL)
    blank = view.model.draft
    assert blank.maps == () and all(t == "." for row in blank.cells for t in row)
    assert (blank.flag("goal_jelly"), blank.flag("goal_stones"), blank.wanted(GoalName.DROPS)) == (False, False, None)
    for _ in range(steps):
        press(window, key.Y, key.MOD_CTRL)
    assert view.model.draft == d


def test_chain_offers_its_blockers_only_and_the_loader_words_what_is_wrong(
        window: Any, editor: EditorView, screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "chain", 6, 6)
    tools = [v for _, k, v in view.chrome.entries if k == "tool"]
    assert LOCK_TOOL in tools and JELLY_TOOL in tools and stone_tool(1) in tools
    assert RAINBOW_TOOL not in tools and DROP_TOOL not in tools
    assert not any(k == "special" for _, k, _v in view.chrome.entries)
    assert not view.props.fields["drops"].visible and not view.props.buttons["specials"].visible
    assert view.props.buttons["goal_jelly"].visible
    # The diagonal switch shares its row with match3's specials and slide's board tools,
    # hidden here: a click on it is its own (a hidden "solved" once took it and filled the board).
    toggle(window, view, "diagonal")
    assert view.model.draft.diagonal is False and view.model.draft.cells == view.model.history.past[-1].cells
    press(window, key.Z, key.MOD_CTRL)
    send(window, "on_text", "*")                         # no rainbow in chain
    press(window, key.O)                                 # nor drops
    assert view.model.tool == kind_tool(1)
    press(window, key.P)
    click(window, *cell_xy(view, (2, 2)))
    press(window, key.L)
    click(window, *cell_xy(view, (2, 2)))
    assert any("player cannot be locked" in m for m in problem_at(view, (2, 2)))
    click(window, *cell_xy(view, (2, 2)))
    assert problem_at(view, (2, 2)) == []
    # The stones goal with no stone, then a stone: the goal's problem comes and goes.
    toggle(window, view, "goal_stones")
    assert any(p.path == ("goals", "stones") for p in view.model.problems())
    click(window, *palette_xy(view, "tool", stone_tool(1)))
    click(window, *cell_xy(view, (0, 0)))
    assert view.model.problems() == ()
    # A rectangle of jelly: one layer in each of its cells, one undo step.
    press(window, key.J)
    press(window, key.X)
    drag(window, [cell_xy(view, (4, 0)), cell_xy(view, (5, 1))])
    assert view.model.draft.layers_at("jelly", (5, 1)) == 1 and view.model.draft.layers_at("jelly", (3, 1)) == 0
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.maps == ()
    # Switching to match3 keeps the blockers; to slide drops them, named, and undo restores.
    before = view.model.draft
    click(window, *center(view.props.buttons["mode:slide"]))
    assert "the stones goal" in view.status.text and view.model.draft.flag("goal_stones") is False
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft == before
    # Play-test the chain level with its stone, a lock and jelly.
    press(window, key.D)
    press(window, key.L)
    click(window, *cell_xy(view, (3, 3)))
    press(window, key.J)
    click(window, *cell_xy(view, (1, 1)))
    toggle(window, view, "goal_jelly")
    set_field(window, view, "moves", "12")
    assert view.model.problems() == (), [str(p) for p in view.model.problems()]
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-blockers-chain.png")) >= 3
    press(window, key.TAB)
    from game.ui.play_view import PlayView
    play = window.current_view
    assert isinstance(play, PlayView)
    state = play.session.state
    assert dict(state.layer_of(STONE_UNIT)) == {(0, 0): 1} and state.locks == ((3, 3),) and state.count_at(JELLY_UNIT, (1, 1)) == 1
    press(window, key.TAB)
    assert window.current_view is view


def test_new_tools_have_tooltips_and_keys_on_the_sheet(window: Any, editor: EditorView) -> None:
    view = editor
    tips = dict((v.name if k == "tool" else f"{k}:{v}", text) for (_r, k, v), (_r2, text)
                in zip(view.chrome.entries, view.help.tips()))
    assert tips["stone"].startswith("Stone S1 (S")
    assert tips["lock"].startswith("Lock (L)") and tips["jelly"].startswith("Jelly (J)")
    assert tips["drop"].startswith("Drop (O)") and tips["rainbow"].startswith("Rainbow (*)")
    assert tips["special:h"].startswith("Special h (Q)")
    keys = [k for k, _ in KEYS]
    assert {"Q / *", "S", "L", "O", "J"} <= set(keys)
    rest = palette_xy(view, "tool", JELLY_TOOL)
    send(window, "on_mouse_motion", int(rest[0]), int(rest[1]), 1, 1)
    for _ in range(40):
        frame(window)
    assert view.help.label is not None and view.help.label.text.startswith("Jelly (J)")


def test_the_kind_swatches_show_the_special_the_brush_paints(window: Any, editor: EditorView) -> None:
    from game.core import Special
    from game.ui import textures

    view = editor
    press(window, key.KEY_3)
    press(window, key.Q)
    press(window, key.Q)                                 # v: clears its column
    x, y = palette_xy(view, "tool", kind_tool(3))
    [icon] = [s for s in view.chrome.icons if abs(s.center_x - x) < 1 and abs(s.center_y - y) < 1]
    assert icon.texture is textures.marked(3, Special.COLUMN, False)
    press(window, key.Q)
    press(window, key.Q)                                 # round to plain tiles again
    [icon] = [s for s in view.chrome.icons if abs(s.center_x - x) < 1 and abs(s.center_y - y) < 1]
    assert icon.texture is textures.kind(3, False) and view.model.special == ""


def test_the_key_sheet_pages_in_a_short_window_and_never_runs_off_it(window: Any, editor: EditorView) -> None:
    view = editor
    with sized(window, 800, 560):
        seen = key_sheet(window, view)                   # each page inside the window (key_sheet checks)
        assert {k for k, _ in KEYS} <= set(seen)
        press(window, key.F1)
        assert view.dialog is not None and view.dialog.title.startswith("Keys (1 of ")
        click(window, *view.dialog.button_center("Next >"))
        assert view.dialog.title.startswith("Keys (2 of ")
        click(window, *view.dialog.button_center("< Prev"))
        assert view.dialog is not None and view.dialog.title.startswith("Keys (1 of ")
        press(window, key.ESCAPE)
        assert view.dialog is None


def test_the_sorts_of_special_a_level_forms_are_three_buttons_beside_the_switch(
        window: Any, editor: EditorView, screenshot_dir: pathlib.Path) -> None:
    # `specials:` in the panel: line, bomb and rainbow on or off, one undo step each; all on is
    # the default (no key written), and the saved file says what is off.
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "id", "sorts-m3")
    set_field(window, view, "moves", "10")
    names = ("sort:line", "sort:bomb", "sort:rainbow")
    assert all(view.props.buttons[n].visible for n in names)
    assert view.model.draft.special_sorts is None
    toggle(window, view, "sort:rainbow")
    toggle(window, view, "sort:bomb")
    assert view.model.draft.special_sorts == ("line",) and view.model.problems() == ()
    path = save_as(window, view, "sorts-m3")
    assert "specials: [line]" in path.read_text(encoding="utf-8").splitlines()
    assert load_level(path).forms == {Special.ROW, Special.COLUMN}
    toggle(window, view, "sort:line")                   # none forms: specials: []
    assert view.model.draft.special_sorts == ()
    # Seen: none of the three is lit; after the undo, line alone is.
    def faces() -> dict[str, bool]:
        image = shot(window, view, screenshot_dir / "editor-specials-none.png")
        lit = {}
        for n in names:
            r = view.props.buttons[n].rect
            face = pixel(image, r.left + 3, r.bottom + r.height / 2)
            assert near(face, style.PRIMARY[:3], 8) or near(face, UNLIT[:3], 8), (n, face)
            lit[n] = near(face, style.PRIMARY[:3], 8)
        return lit
    assert faces() == {"sort:line": False, "sort:bomb": False, "sort:rainbow": False}
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.special_sorts == ("line",)
    assert faces() == {"sort:line": True, "sort:bomb": False, "sort:rainbow": False}
    # The switch off (rules: specials: false) lights no sort; a sort turned on turns it back on.
    toggle(window, view, "specials")
    assert not view.model.draft.specials
    toggle(window, view, "sort:bomb")
    assert view.model.draft.specials and view.model.draft.special_sorts == ("bomb",)
    toggle(window, view, "sort:line")
    toggle(window, view, "sort:rainbow")                # all three: the default again
    assert view.model.draft.special_sorts is None and "specials" not in view.model.draft.to_mapping()
    new_level(window, view, "chain", 6, 6)
    assert not any(view.props.buttons[n].visible for n in names)
