"""The editor driven only through real mouse and keyboard events dispatched to the shared window."""

from __future__ import annotations

import os
import pathlib
import subprocess
import textwrap
from dataclasses import replace as dataclasses_replace
import sys
from typing import Any

import pytest


import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
key = arcade.key

from editor import files, open_editor, recovery  # noqa: E402
from editor.model import ERASE_TOOL, RANDOM_TOOL  # noqa: E402
from editor.view import EditorView  # noqa: E402
from game.io import load_level  # noqa: E402
from looks import assert_card_over_the_board  # noqa: E402
from driving import (  # noqa: E402
    SCREENSHOTS, assert_canvas_seen, assert_dialog_words_seen, cell_xy, center, clear_recoveries, click, drag, frame,
    header, new_level, page_to, palette_xy, press, save_as, send, set_field, shot, type_text,
)


# -- the tests -------------------------------------------------------------------------------------

def test_match3_from_blank_each_tool_goals_save_and_load_cell_by_cell(window: Any, editor: EditorView,
                                                                      screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 7, 6)
    # Pen stroke with kind 2 across three cells: one undo step.
    click(window, *palette_xy(view, "tool", view.model.tool.__class__("kind", "2")))
    drag(window, [cell_xy(view, (0, 0)), cell_xy(view, (1, 0)), cell_xy(view, (1, 1))])
    assert [view.model.draft.token(c) for c in ((0, 0), (1, 0), (1, 1))] == ["2", "2", "2"]
    assert len(view.model.history.past) == 1
    # Undo and redo the stroke from the keyboard.
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.token((1, 0)) == "."
    press(window, key.Y, key.MOD_CTRL)
    assert view.model.draft.token((1, 0)) == "2"
    press(window, key.Z, key.MOD_CTRL)
    press(window, key.Z, key.MOD_CTRL | key.MOD_SHIFT)
    assert view.model.draft.token((1, 1)) == "2"
    # Keyboard: H hole, cursor with arrows, Space paints.
    press(window, key.H)
    click(window, *cell_xy(view, (5, 6)))   # the pen puts a hole there (and moves the cursor)
    press(window, key.LEFT)
    press(window, key.SPACE)
    assert view.model.draft.token((5, 6)) == "#" and view.model.draft.token((5, 5)) == "#"
    # Rectangle fill of kind 3, bucket fill of kind 4 into it.
    press(window, key.KEY_3)
    press(window, key.X)
    drag(window, [cell_xy(view, (3, 0)), cell_xy(view, (4, 1))])
    assert view.model.draft.find("3") == [(3, 0), (3, 1), (4, 0), (4, 1)]
    press(window, key.KEY_4)
    press(window, key.F)
    click(window, *cell_xy(view, (3, 1)))
    assert view.model.draft.find("4") == [(3, 0), (3, 1), (4, 0), (4, 1)]
    press(window, key.D)
    # The random brush (a fixed kind per cell), then erase, with the palette.
    press(window, key.KEY_5)
    click(window, *cell_xy(view, (0, 6)))
    click(window, *cell_xy(view, (0, 5)))
    click(window, *palette_xy(view, "tool", ERASE_TOOL))
    click(window, *cell_xy(view, (0, 6)))
    click(window, *palette_xy(view, "tool", RANDOM_TOOL))
    click(window, *cell_xy(view, (0, 5)))
    assert view.model.draft.token((0, 5)).isdigit()
    press(window, key.E)
    click(window, *cell_xy(view, (0, 5)))
    assert view.model.draft.token((0, 6)) == "." and view.model.draft.token((0, 5)) == "."
    # A free run of fixed tiles is a problem that appears and disappears.
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (2, 0)))
    assert any("already make a run" in str(p) for p in view.model.problems())
    row_rect = view.problems.rows[0][0]
    click(window, *row_rect.center)                   # clicking the problem shows its cell
    assert view.problems.flash is not None and view.cursor == view.problems.flash
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.problems() == ()
    # Goals and properties through the text fields.
    set_field(window, view, "id", "painted-m3")
    set_field(window, view, "name", "Painted")
    set_field(window, view, "moves", "20")
    set_field(window, view, "score", "1500")
    set_field(window, view, "star0", "1500")
    assert any(p.path == ("stars",) for p in view.model.problems())   # stars need all three
    set_field(window, view, "star1", "2000")
    set_field(window, view, "star2", "3000")
    set_field(window, view, "collect7", "12")                       # the level has 6 kinds
    assert [str(p) for p in view.model.problems()] == [
        "goals.collect.7: kind 7 does not exist (this level has 6 kinds)"]
    set_field(window, view, "kinds", "7")
    assert view.model.problems() == ()
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-match3.png")) >= 9
    path = save_as(window, view, "painted-m3")
    assert not view.model.dirty and path.name == "painted-m3.yaml"
    level = load_level(path)
    d = view.model.draft
    for r in range(d.height):
        for c in range(d.width):
            assert level.token((r, c)) == d.token((r, c)), (r, c)
    assert (level.moves, level.kinds, level.goals.score, level.goals.collect, level.stars) == (
        20, 7, 1500, ((7, 12),), (1500, 2000, 3000))
    assert path.read_text().startswith("# yaml-language-server: $schema=")


def test_chain_player_reach_playtest_and_back_with_history(window: Any, editor: EditorView,
                                                           screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "chain", 6, 6)
    press(window, key.P)
    click(window, *cell_xy(view, (1, 1)))
    click(window, *cell_xy(view, (4, 4)))                # placing the player again moves it
    assert view.model.draft.find("P") == [(4, 4)]
    press(window, key.H)
    click(window, *cell_xy(view, (0, 0)))
    # Reach: pick the cell on the board; first a hole, which is a problem with its cell.
    click(window, *center(view.props.buttons["pick cell"]))
    click(window, *cell_xy(view, (0, 0)))
    assert view.model.draft.reach == (0, 0)
    [problem] = view.model.problems()
    assert problem.cell == (0, 0) and "is a hole" in problem.message
    press(window, key.TAB)                               # refused: the list is shown
    assert view.dialog is not None and "Fix these" in view.dialog.title
    press(window, key.ESCAPE)
    assert view.dialog is None
    click(window, *center(view.props.buttons["pick cell"]))
    click(window, *cell_xy(view, (0, 5)))
    assert view.model.problems() == ()
    set_field(window, view, "moves", "15")
    set_field(window, view, "seed", "7")
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-chain.png")) >= 2
    steps_before = len(view.model.history.past)
    draft_before = view.model.draft
    tool_before, cursor_before = view.model.tool, view.cursor
    press(window, key.TAB)
    from game.ui.play_view import PlayView
    play = window.current_view
    assert isinstance(play, PlayView) and play.playtest
    assert play.session.level.goals.reach == (0, 5) and play.session.seed == 7
    frame(window)
    play.on_draw()
    image = arcade.get_image()
    image.save(screenshot_dir / "editor-chain-playtest.png")
    assert play.goal_card is not None                    # the goals are read first, over the dealt board
    assert_card_over_the_board(window, play, play.goal_card, image)
    press(window, key.TAB)                               # back to the editor
    assert window.current_view is view
    assert (len(view.model.history.past), view.model.draft) == (steps_before, draft_before)
    assert (view.model.tool, view.cursor) == (tool_before, cursor_before)
    press(window, key.Z, key.MOD_CTRL)                   # the undo history survived the trip
    assert view.model.draft.seed is None
    press(window, key.TAB)      # no seed: the game's rule, seed 0, which the checks dealt too
    assert isinstance(window.current_view, PlayView) and window.current_view.session.seed == 0
    press(window, key.TAB)
    assert window.current_view is view
    press(window, key.Y, key.MOD_CTRL)
    path = save_as(window, view, "painted-chain.yaml")
    level = load_level(path)
    assert level.player_start == (4, 4) and level.goals.reach == (0, 5) and (0, 0) in level.holes


def test_slide_from_blank_with_tiles_gap_and_unsolvable_problem(window: Any, editor: EditorView,
                                                               screenshot_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "slide", 3, 3)
    press(window, key.KEY_1)
    # Typing the board in order: each placed number readies the next one.
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]:
        click(window, *cell_xy(view, cell))
    # One cell left a random '.': the loader's message for a partial slide board.
    assert any("is not a slide cell" in str(p) for p in view.model.problems())
    click(window, *cell_xy(view, (2, 2)))                # tile 8 at the corner...
    press(window, key.G)
    click(window, *cell_xy(view, (2, 1)))                # ...and the gap before it
    d = view.model.draft
    assert d.cells == (("1", "2", "3"), ("4", "5", "6"), ("7", "_", "8"))
    assert view.model.problems() == ()
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (0, 0)))                # swaps 1 and 2: unsolvable
    assert any("cannot be solved" in str(p) for p in view.model.problems())
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-slide-problem.png")) >= 8
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.problems() == ()
    # The size grows with the + at the right edge, content kept.
    rects = view.canvas.edge_buttons()
    click(window, *rects[("right", 1)].center)
    assert view.model.draft.width == 4 and view.model.draft.token((2, 2)) == "8"
    press(window, key.Z, key.MOD_CTRL)
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / "editor-slide.png")) >= 8
    path = save_as(window, view, "painted-slide")
    assert load_level(path).layout == d.cells


def test_guard_on_leave_and_autosave_recovery(window: Any, editor: EditorView, data_dir: pathlib.Path) -> None:
    view = editor
    new_level(window, view, "match3", 5, 5)
    press(window, key.KEY_1)
    click(window, *cell_xy(view, (2, 2)))
    assert view.model.dirty and view.title().endswith("*")
    frame(window, 1.0)
    assert not view.autosave.slot.path.exists()                  # a moment after the change...
    frame(window, 1.0)                                  # ...it is autosaved
    got = recovery.read(view.autosave.slot.path)
    assert got is not None and got[0].draft == view.model.draft
    assert recovery.pending() == []          # a running editor's work is never offered
    header(window, view, "Back")                         # guarded
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))
    assert view.dialog is None and window.current_view is view
    # An editor that was killed (another process, gone now) left its work: the next start
    # offers it.
    child = textwrap.dedent("""
        from editor import recovery
        from editor.model import EditModel, blank, kind_tool
        m = EditModel(blank("match3", 5, 5))
        m.select(kind_tool(1))
        m.paint_at((2, 2))
        m.set(name="Killed work")
        recovery.Slot().write(m.draft, None)
    """)
    subprocess.run([sys.executable, "-c", child], check=True, env=dict(os.environ),
                   cwd=pathlib.Path(__file__).resolve().parents[2])
    view.model.mark_saved()
    again = open_editor(window, on_leave=lambda: None)
    frame(window)
    assert again.dialog is not None and "Restore" in again.dialog.title
    click(window, *again.dialog.button_center("Restore"))
    assert again.model.draft.name == "Killed work" and again.model.draft.token((2, 2)) == "1"
    assert again.model.dirty and recovery.pending() == []
    again.model.mark_saved()
    again.autosave.slot.clear()


def test_pack_add_reorder_export_validates(window: Any, editor: EditorView, data_dir: pathlib.Path) -> None:
    view = editor
    made = []
    for i, mode in enumerate(("match3", "chain", "slide")):
        new_level(window, view, mode, 5, 5)
        set_field(window, view, "id", f"lvl-{mode}")
        set_field(window, view, "name", f"Level {i}")
        header(window, view, "Pack")
        d = view.dialog
        assert d is not None
        if i == 0:
            click(window, *center(d.fields["new_id"]))
            type_text(window, "my-pack")
            click(window, *d.button_center("Create pack"))
        else:
            page_to(window, view, "open my-pack")
            click(window, *view.dialog.button_center("open my-pack"))
        d = view.dialog
        assert d is not None and "my-pack" in d.title
        click(window, *d.button_center("Add this level"))
        made.append(f"lvl-{mode}.yaml")
        click(window, *view.dialog.button_center("Close"))
    pack = _my_pack()
    assert pack.levels == made
    header(window, view, "Pack")
    page_to(window, view, "open my-pack")
    click(window, *view.dialog.button_center("open my-pack"))
    assert assert_dialog_words_seen(view, shot(window, view, SCREENSHOTS / "editor-pack-dialog.png")) >= 3
    click(window, *view.dialog.button_center("down 1"))
    assert _my_pack().levels == [made[1], made[0], made[2]]
    click(window, *view.dialog.button_center("remove 3"))
    assert _my_pack().levels == [made[1], made[0]]
    click(window, *view.dialog.button_center("Export"))
    target = data_dir / "exports" / "my-pack.pack.yaml"
    assert target.is_file(), view.status.text
    out = subprocess.run([sys.executable, "-m", "game", "validate", str(target)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    # A level with problems is added as a draft but export refuses, listing it.
    new_level(window, view, "chain", 4, 4)
    set_field(window, view, "id", "broken")
    click(window, *center(view.props.buttons["pick cell"]))
    click(window, *cell_xy(view, (3, 3)))                # a reach goal with no player
    header(window, view, "Pack")
    page_to(window, view, "open my-pack")
    click(window, *view.dialog.button_center("open my-pack"))
    click(window, *view.dialog.button_center("Add this level"))
    click(window, *view.dialog.button_center("Export"))
    assert view.dialog is not None and view.dialog.title == "Export refused"
    texts = [w.text for w in view.dialog.ui.walk_widgets() if hasattr(w, "text")]
    assert any("broken.yaml" in t and "needs a player" in t for t in texts)
    press(window, key.ESCAPE)


def test_open_a_shipped_level_read_only_then_save_a_copy(window: Any, editor: EditorView,
                                                         screenshot_dir: pathlib.Path) -> None:
    view = editor
    shipped = sorted(p.stem for p in (files.levels_dir() / "first-steps").glob("*.yaml")
                     if p.name != "pack.yaml")
    wanted = shipped[0]
    press(window, key.O, key.MOD_CTRL)
    for _ in range(20):
        d = view.dialog
        assert d is not None and d.title == "Open a level"
        if wanted in d.buttons:
            assert assert_dialog_words_seen(view, shot(window, view, screenshot_dir / "editor-open-dialog.png")) >= 1
            break
        click(window, *d.button_center("Next >"))
    click(window, *view.dialog.button_center(wanted))
    assert view.dialog is None
    original = load_level(files.levels_dir() / "first-steps" / f"{wanted}.yaml")
    assert view.model.level() == original and not view.model.dirty
    assert assert_canvas_seen(view, shot(window, view, screenshot_dir / f"editor-open-{original.mode}.png")) >= 1
    set_field(window, view, "name", original.name + " (mine)")
    press(window, key.S, key.MOD_CTRL)                   # read-only: Save asks where
    assert view.dialog is not None and view.dialog.title == "Save as"
    click(window, *view.dialog.button_center("Save"))
    assert view.model.path == files.user_levels_dir() / f"{wanted}.yaml"
    assert load_level(view.model.path).name == original.name + " (mine)"
    assert load_level(files.levels_dir() / "first-steps" / f"{wanted}.yaml") == original


def test_quit_with_unsaved_changes_asks_first(window: Any, editor: EditorView) -> None:
    view = editor
    press(window, key.KEY_3)
    click(window, *cell_xy(view, (0, 0)))
    assert view.model.dirty
    send(window, "on_close")                             # the window's close button
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))
    assert window.current_view is view and view.model.dirty


def test_gridfall_edit_without_a_display_says_so(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from in_process import gridfall_here

    env = {k: v for k, v in __import__("os").environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    out = subprocess.run([sys.executable, "-m", "game", "edit", str(files.levels_dir() / "first-steps")],
                         capture_output=True, text=True, env=env, timeout=60)
    # As `gridfall play`: errors on stderr, exit 2 for no display, 1 for bad input.
    assert out.returncode == 2 and "no display" in out.stderr and not out.stdout
    assert "Traceback" not in out.stderr
    # Bad input is named before any window, so main() runs it here (a window made fails the test).
    code, err = gridfall_here(capsys, monkeypatch, "edit", str(tmp_path / "nope.yaml"))
    assert code == 1 and "no such file" in err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "pack.yaml").write_text("format: 1\nid: bad\nname: Bad\nlevels: [missing.yaml]\n")
    code, err = gridfall_here(capsys, monkeypatch, "edit", str(bad))
    assert code == 1 and "missing.yaml" in err and "Traceback" not in err
    code, err = gridfall_here(capsys, monkeypatch, "edit", str(files.levels_dir() / "first-steps"),
                              "--level", "no-such-level")
    assert code == 1 and "no level 'no-such-level'" in err


def test_a_pack_opens_a_picker_of_all_its_levels(window: Any, editor: EditorView) -> None:
    from game.io import load_pack

    pack = load_pack(files.levels_dir() / "first-steps")
    entries = files.pack_entries(pack)
    assert [e.label for e in entries] == [lv.id for lv in pack.levels]
    assert all(e.path is not None and not e.writable for e in entries)   # shipped: read-only
    view = editor
    view.pick_from(entries, "Levels of the pack")
    frame(window)
    assert view.dialog is not None and view.dialog.title == "Levels of the pack"
    last = entries[min(len(entries), 12) - 1]
    click(window, *view.dialog.button_center(last.label))
    assert view.dialog is None and view.model.draft.id == last.label
    assert view.model.path is None and not view.model.dirty   # read-only: Save makes a copy


def test_pack_dialogs_page_past_ten_packs_and_ten_levels(window: Any, editor: EditorView) -> None:
    import dataclasses

    from editor.model import blank

    packs = [files.new_pack(f"zz-page-{i:02d}", f"Page {i:02d}") for i in range(12)]
    big = packs[0]
    for i in range(13):
        big.add(dataclasses.replace(blank("match3", 5, 5), id=f"level-{i:02d}", name=f"L{i}"))
    big.save()
    view = editor
    header(window, view, "Pack")
    seen: list[str] = []
    while True:                                          # every pack is on some page
        d = view.dialog
        assert d is not None
        on_page = [b for b in d.buttons if b.startswith("open ")]
        assert 0 < len(on_page) <= 10
        seen += on_page
        if "Next >" not in d.buttons:
            break
        click(window, *d.button_center("Next >"))
    assert sorted(seen) == sorted(f"open {p.folder.name}" for p in files.user_packs())
    assert "< Prev" in view.dialog.buttons
    view.close_dialog()
    view.packs.pack_dialog(big)
    d = view.dialog
    assert d is not None and "remove 10" in d.buttons and "remove 11" not in d.buttons
    click(window, *d.button_center("Next >"))
    d = view.dialog
    assert d is not None and "remove 13" in d.buttons and "remove 1" not in d.buttons
    click(window, *d.button_center("up 13"))             # reordering stays on the page
    d = view.dialog
    assert d is not None and "up 13" in d.buttons
    again = next(p for p in files.user_packs() if p.folder == big.folder)
    assert again.levels[-2:] == ["level-12.yaml", "level-11.yaml"]
    view.close_dialog()


def test_the_colour_blind_setting_reaches_the_editor(window: Any, data_dir: pathlib.Path) -> None:
    from game.io.settings import Settings, load_settings, save_settings, settings_path
    from game.ui import textures

    # The session's settings file is shared by every later test: it is put back as it was (left
    # colour-blind, the blockers view's tests after this one saw colour-blind tiles and failed).
    kept = settings_path().read_bytes() if settings_path().is_file() else None
    try:
        save_settings(dataclasses_replace(load_settings(), colorblind=True))
        clear_recoveries()
        view = open_editor(window, on_leave=lambda: None)
        assert view.colorblind
        press(window, key.KEY_2)
        click(window, *cell_xy(view, (0, 0)))
        frame(window)
        sprite = view.canvas._token_sprites[0][0]
        assert sprite.texture is textures.kind(2, True) and textures.kind(2, True) is not textures.kind(2, False)
        palette = open_editor(window, on_leave=lambda: None, settings=Settings(colorblind=False))
        assert not palette.colorblind
        palette.model.mark_saved()
        view.model.mark_saved()
    finally:
        if kept is None:
            settings_path().unlink(missing_ok=True)
        else:
            settings_path().write_bytes(kept)


def test_text_fields_work_with_the_keyboard(window: Any, editor: EditorView) -> None:
    view = editor
    send(window, "on_resize", window.width, window.height)   # rebuilt panels work the same
    frame(window)
    name = view.props.fields["name"]
    click(window, *center(name))
    assert name.active
    type_text(window, "123")                              # digits type, they pick no kind
    assert name.text == "Untitled123" and view.model.tool.token == "1"
    press(window, key.ESCAPE)                             # Escape reverts
    assert not name.active and name.text == "Untitled" and view.model.draft.name == "Untitled"
    click(window, *center(name))
    type_text(window, " two")
    press(window, key.TAB)                                # Tab commits and moves on
    assert view.model.draft.name == "Untitled two" and view.props.fields["description"].active
    type_text(window, "desc")
    click(window, *cell_xy(view, (0, 0)))                 # clicking elsewhere commits too
    assert view.model.draft.description == "desc" and not view.props.fields["description"].active
    assert view.model.draft.token((0, 0)) == "1"          # ...and then the click painted
    press(window, key.Z, key.MOD_CTRL)                    # each commit is one undo step
    assert view.model.draft.description == "desc" and view.model.draft.token((0, 0)) == "."
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.description == "" and view.model.draft.name == "Untitled two"
    set_field(window, view, "width", "40")                # clamped to the largest board
    assert view.model.draft.width == 32 and view.props.fields["width"].text == "32"
    set_field(window, view, "width", "wide")
    assert view.model.draft.width == 32 and view.props.fields["width"].text == "32"   # and says why
    assert "not a whole number" in view.status.text and view.status.bad


def test_playtest_a_slide_to_the_end_retry_then_back(window: Any, editor: EditorView) -> None:
    from game.core import Status
    from game.ui.play_view import PlayView

    view = editor
    new_level(window, view, "slide", 2, 2)
    press(window, key.KEY_1)
    for cell in [(0, 0), (0, 1), (1, 1)]:               # 1 2 / _ 3: one slide from solved
        click(window, *cell_xy(view, cell))
    press(window, key.G)
    click(window, *cell_xy(view, (1, 0)))
    assert view.model.draft.cells == (("1", "2"), ("_", "3")) and view.model.problems() == ()
    press(window, key.TAB)
    play = window.current_view
    assert isinstance(play, PlayView)
    assert play.goal_card is not None                    # the play-test opens on the goal card
    press(window, key.ENTER)
    for arrow in (key.LEFT, key.RIGHT, key.UP, key.DOWN):
        press(window, arrow)
        for _ in range(120):   # until the slide (and a win's finale and result) has played out
            frame(window, 1 / 30)
            if not play.busy and (play.session.state.status != Status.WON or play.result_menu is not None):
                break
        if play.session.state.status == Status.WON:
            break
        if play.session.commands:
            press(window, key.Z)
    assert play.session.state.status == Status.WON and play.result_menu is not None
    retry = next(b for b in play.result_menu.buttons if "Retry" in b.label)
    click(window, *retry.rect.center)
    assert window.current_view is play and play.session.commands == []
    press(window, key.TAB)
    assert window.current_view is view


def test_growing_the_window_keeps_every_header_button_and_field_reachable(window: Any,
                                                                          editor: EditorView) -> None:
    """A resize reaches the view before the window's viewport follows: the panels' UI must be
    sized to the new window, or widgets past the old size are cut off (issue 13, point 10)."""
    window.ctx.viewport = (0, 0, 800, 560)      # what the window still says mid-resize
    try:
        editor.on_resize(window.width, window.height)
    finally:
        window.ctx.viewport = (0, 0, window.width, window.height)
    view_rect = editor.ui.camera.viewport
    assert (view_rect.width, view_rect.height) == (window.width, window.height)
    assert editor.header_buttons and all(b.rect.right <= window.width for b in editor.header_buttons.values())
    header(window, editor, "Pack")
    assert editor.dialog is not None and "Packs" in editor.dialog.title


def _my_pack() -> files.PackFolder:
    """The pack test_pack_add_reorder_export_validates makes (other tests make packs too)."""
    return next(p for p in files.user_packs() if p.folder.name == "my-pack")


def test_leaving_the_editor_gives_the_window_its_caption_back(window: Any, data_dir: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's window said "Gridfall editor - Untitled" on its title screen after the editor
    was left (seen in a real window). A headless window keeps no caption, so the captions the
    window is given are watched."""
    given: list[str] = []

    def set_caption(caption: str) -> None:   # as a real (xlib) window does: it reads back what it was given
        given.append(caption)
        window._caption = caption

    before = window.caption
    monkeypatch.setattr(window, "set_caption", set_caption)
    monkeypatch.setattr(window, "_caption", before, raising=False)
    after = arcade.View(window)
    view = open_editor(window, on_leave=lambda: window.show_view(after))
    frame(window)
    assert given and given[-1].startswith("Gridfall editor")
    header(window, view, "Back")          # nothing unsaved: it leaves without a question
    assert window.current_view is after and given[-1] == before and window.caption == before
