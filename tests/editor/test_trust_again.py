"""The editor's second trust pass (issue 22): saves go where the draft came from, typed text is
never thrown away, packs stay consistent, nothing is trimmed or dropped without a word."""

from __future__ import annotations

import os
import pathlib
import shutil
from typing import Any, Iterator

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import pytest
from concurrent.futures import Future

from driving import (
    cell_xy, center, click, frame, header, new_level, page_to, press, save_as, set_field, type_text,
)
from editor import files, open_editor, recovery, slide_tools
from editor.model import EditModel, blank, kind_tool
from editor.look import HEADER_H, PALETTE_W, PROBLEMS_H, PROPS_W
from editor.view import MIN_WINDOW, EditorView
from game.bots.playtest import PERSON, cap_for, play_seeds
from game.core import Mode, slide_solvable
from game.io import LevelFileError, load_level, load_pack
from game.io.packs import check_pack

key = arcade.key


@pytest.fixture()
def elsewhere(tmp_path: pathlib.Path) -> Iterator[pathlib.Path]:
    """Run in a folder of the test's own, back in the old one afterwards."""
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


@pytest.fixture(autouse=True)
def _own_packs() -> Iterator[None]:
    """Packs these tests make are gone after each (other tests look packs up by place)."""
    before = {p.folder for p in files.user_packs()}
    yield
    for pack in files.user_packs():
        if pack.folder not in before:
            shutil.rmtree(pack.folder)


def _killed(view: EditorView) -> pathlib.Path:
    """What a killed editor leaves: its recovery file, held by no running editor any more."""
    frame(view.window, 1.0)
    frame(view.window, 1.5)                           # autosaved a moment after the change
    assert view.autosave.slot.path.exists()
    left = view.autosave.slot.path.with_name("editor-killed0000.yaml")
    shutil.copy(view.autosave.slot.path, left)
    return left


def test_restore_then_save_writes_the_file_the_work_came_from(window: Any, editor: EditorView,
                                                              elsewhere: pathlib.Path) -> None:
    view = editor
    project = elsewhere / "work" / "orchard"
    project.mkdir(parents=True)
    new_level(window, view, "match3", 5, 5)
    set_field(window, view, "id", "orchard-1")
    save_as(window, view, "orchard-1")
    shutil.move(str(view.model.path), project / "orchard-1.yaml")
    # Started as `gridfall edit work/orchard/orchard-1.yaml`: a relative path.
    view.model.mark_saved()
    view.open_path(pathlib.Path("work/orchard/orchard-1.yaml"))
    press(window, key.KEY_3)
    click(window, *cell_xy(view, (0, 0)))
    left = _killed(view)
    view.model.mark_saved()
    view.autosave.slot.clear()
    # Started again from another folder: Restore, then Ctrl+S.
    other = elsewhere / "other"
    other.mkdir()
    os.chdir(other)
    again = open_editor(window, on_leave=lambda: None)
    frame(window)
    assert again.dialog is not None and "Restore" in again.dialog.title
    # It says where Save will write: the whole path, or a long one's end (its folders and file).
    assert any(str(project / "orchard-1.yaml")[-80:] in str(w.text) for w in again.dialog.ui.walk_widgets()
               if hasattr(w, "text"))
    click(window, *again.dialog.button_center("Restore"))
    press(window, key.S, key.MOD_CTRL)
    assert again.dialog is None and not again.model.dirty, again.status.text
    assert load_level(project / "orchard-1.yaml").layout[0][0] == "3"
    assert list(other.iterdir()) == []                 # nothing written under the new folder
    assert not left.exists()


def test_a_recovery_file_naming_a_relative_path_asks_where_to_save(window: Any, editor: EditorView,
                                                                  elsewhere: pathlib.Path) -> None:
    folder = recovery.recovery_dir()
    (folder / "editor-old000000000.yaml").write_text(
        "format: 1\npid: 999999999\nsource: data/x/lvl.yaml\n"
        "level: {id: lvl, name: Old, mode: match3, width: 5, height: 5}\n")
    editor.offer_recovery(recovery.pending())
    click(window, *editor.dialog.button_center("Restore"))
    assert editor.model.path is None
    press(window, key.S, key.MOD_CTRL)
    assert editor.dialog is not None and editor.dialog.title == "Save as"
    press(window, key.ESCAPE)
    assert not (elsewhere / "data").exists()


def test_text_typed_then_a_click_elsewhere_is_kept(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    click(window, *center(view.props.fields["name"]))
    press(window, key.A, key.MOD_CTRL)
    type_text(window, "Orchard")
    click(window, *center(view.props.fields["moves"]))       # no Enter, no Tab: a click on the next field
    type_text(window, "20")
    press(window, key.ENTER)
    assert view.model.draft.name == "Orchard" and view.model.draft.moves == 20
    assert view.props.fields["name"].text == "Orchard"
    # Typed, then straight to a play-test (the header button): the play-test has it.
    click(window, *center(view.props.fields["description"]))
    type_text(window, "pick them all")
    header(window, view, "Play (Tab)")
    assert view.model.draft.description == "pick them all"
    press(window, key.TAB)                             # back from the play-test
    frame(window)
    assert window.current_view is view


def test_closing_while_typing_asks_about_the_typed_text(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    view.model.mark_saved()
    click(window, *center(view.props.fields["description"]))
    type_text(window, "a long story")
    assert view.props.fields["description"].active
    assert view.on_close() is True                     # the window stays open: it asks
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    assert view.model.draft.description == "a long story"
    click(window, *view.dialog.button_center("Cancel"))
    # New (from a field) puts a level beside it in a tab: the typed text counted in its own.
    click(window, *center(view.props.fields["name"]))
    type_text(window, "x")
    header(window, view, "New")
    assert view.dialog is not None and view.dialog.title == "New level"
    click(window, *view.dialog.button_center("Create"))
    assert len(view.tabs) == 2 and not view.model.dirty
    press(window, key.TAB, key.MOD_CTRL)
    assert view.model.draft.name.endswith("x") and view.model.dirty


def test_undo_back_to_the_saved_level_leaves_nothing_to_recover(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 5, 5)
    save_as(window, view, "undone")
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    frame(window, 1.0)
    frame(window, 1.5)
    assert view.autosave.slot.path.exists()                     # autosaved while it had changes
    press(window, key.Z, key.MOD_CTRL)
    assert not view.model.dirty
    frame(window)
    assert not view.autosave.slot.path.exists() and recovery.pending() == []


def _listed(pack_id: str) -> list[str]:
    return next(p for p in files.user_packs() if p.folder.name == pack_id).levels


def _in_pack(view: EditorView, pack_id: str, level_id: str, kind: int) -> pathlib.Path:
    """A small valid level in the pack (set up through the editor's files, not the mouse: the
    tests drive what they are about), then opened in the editor."""
    pack = next((p for p in files.user_packs() if p.folder.name == pack_id), None) or files.new_pack(pack_id, pack_id)
    m = EditModel(blank(Mode.MATCH3, 5, 5, level_id=level_id))
    m.select(kind_tool(kind))
    m.paint_at((0, 0))
    path = pack.add(m.draft)
    view.model.mark_saved()
    view.open_path(path)
    frame(view.window)
    return path


def test_renaming_onto_another_levels_id_is_refused_and_the_pack_keeps_both(window: Any, editor: EditorView) -> None:
    view = editor
    first = _in_pack(view, "orchard", "orchard-1", 1)
    second = _in_pack(view, "orchard", "orchard-2", 2)
    assert _listed("orchard") == ["orchard-1.yaml", "orchard-2.yaml"]
    before = (first.read_bytes(), second.read_bytes())
    set_field(window, view, "id", "orchard-1")
    press(window, key.S, key.MOD_CTRL)
    # Issue 34: Rename then Replace took a level out of the pack. Now no rename lands there.
    assert view.dialog is not None and view.dialog.title == "The id 'orchard-1' is taken"
    assert "orchard-1.yaml" in " ".join(_texts(view)) and "never replaces another level" in " ".join(_texts(view))
    press(window, key.ESCAPE)
    assert (first.read_bytes(), second.read_bytes()) == before
    assert _listed("orchard") == ["orchard-1.yaml", "orchard-2.yaml"]
    assert len(load_pack(first.parent).levels) == 2
    frame(window)
    assert not any(p.path == ("pack",) for p in view.problems.shown())


def _texts(view: EditorView) -> list[str]:
    assert view.dialog is not None
    return [str(w.text) for w in view.dialog.ui.walk_widgets() if hasattr(w, "text")]


def test_the_problems_panel_checks_the_pack_as_validate_does(window: Any, editor: EditorView) -> None:
    view = editor
    first = _in_pack(view, "grove", "grove-1", 1)
    _in_pack(view, "grove", "grove-2", 2)
    frame(window)
    assert not view.problems.shown()
    # Someone lists a file that is not there: the editor says so, as validate does.
    index = first.parent / "pack.yaml"
    index.write_text(index.read_text().replace("- grove-2.yaml", "- grove-2.yaml\n  - grove-9.yaml"))
    view.problems.pack_check.forget()
    frame(window)
    _pack, found = check_pack(first.parent)
    assert found
    shown = [str(p) for p in view.problems.shown()]
    assert any("grove-9" in s and "validate" in s for s in shown), shown
    assert "problem" in view.texts.shown["phead"].text


def test_the_pack_dialog_never_offers_playtest_yaml_as_a_level(window: Any, editor: EditorView) -> None:
    view = editor
    path = _in_pack(view, "tested", "tested-1", 1)
    (path.parent / "playtest.yaml").write_text("format: 1\npack: tested\nbot: person\ngames: 5\n"
                                               "date: '2026-01-01'\nlevels: {}\n")
    (path.parent / "stray.yaml").write_text("id: stray\n")
    header(window, view, "Pack")
    page_to(window, view, "open tested")
    click(window, *view.dialog.button_center("open tested"))
    buttons = set(view.dialog.buttons)
    assert "list stray.yaml" in buttons
    assert not any("playtest" in b for b in buttons)
    press(window, key.ESCAPE)


def test_shuffle_of_an_unsolvable_slide_board_gives_a_solvable_one(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "slide", 3, 3)
    click(window, *center(view.props.buttons["solved"]))
    # Swap tiles 1 and 2 by hand: a board no slides can solve.
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (0, 0)))
    assert slide_tools.to_grid(view.model.draft) is not None
    assert not slide_solvable(slide_tools.to_grid(view.model.draft))
    click(window, *center(view.props.buttons["shuffle"]))
    grid = slide_tools.to_grid(view.model.draft)
    assert grid is not None and slide_solvable(grid)
    assert "could not be solved" in view.status.text and view.status.bad


def _played(window: Any, view: EditorView, games: int = 6) -> None:
    """A finished bot run of the level as it is now (a few games, in this process)."""
    level = view.model.level()
    done: Future[list[Any]] = Future()
    done.set_result(play_seeds(level, tuple(range(games)), PERSON, cap_for(level)))
    run = view.difficulty.run
    run._owner, run._level, run._pending, run._sizes = view.difficulty.owner(), level, [done], [games]
    frame(window)


def test_the_difficulty_panel_belongs_to_its_level_and_survives_reopening(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 5, 5)
    set_field(window, view, "moves", "12")
    path = save_as(window, view, "judged")
    _played(window, view)
    assert view.difficulty.run.for_level(view.difficulty.current_hash()) is not None
    assert "bots win" in view.texts.shown["d1"].text
    press(window, key.N, key.MOD_CTRL)                   # a new level: nothing from the last one
    click(window, *view.dialog.button_center("Create"))
    frame(window)
    assert "How hard is it?" in view.texts.shown["d1"].text
    # Another editor (the next session) opens the file: the figures are back, not played again.
    view.difficulty.run.close()
    again = open_editor(window, path, on_leave=lambda: None)
    frame(window)
    assert "bots win" in again.texts.shown["d1"].text and not again.difficulty.run.running
    again.difficulty.run.close()


def test_a_smaller_size_asks_what_goes_and_which_side_stays(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 5)
    press(window, key.S)                               # stones in the two right columns
    click(window, *cell_xy(view, (0, 4)))
    click(window, *cell_xy(view, (1, 5)))
    press(window, key.J)                               # jelly at the far left
    click(window, *cell_xy(view, (2, 0)))
    before = view.model.draft
    set_field(window, view, "width", "4")
    d = view.dialog
    assert d is not None and "which side" in d.title and view.model.draft == before
    texts = [str(w.text) for w in d.ui.walk_widgets() if hasattr(w, "text")]
    assert "takes away 2 stones" in texts and "takes away 1 jelly layer" in texts, texts
    click(window, *d.button_center("right"))            # keep the right side: crop at the left
    assert view.dialog is None
    after = view.model.draft
    assert after.width == 4 and after.token((0, 2)) == "S1" and after.token((1, 3)) == "S1"
    assert not after.map_of("jelly") and "took away 1 jelly layer" in view.status.text
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft == before
    # The edge's '-' asks too when the column holds something, and Cancel keeps it.
    minus = next(r for (edge, delta), r in view.canvas.edge_buttons().items() if edge == "right" and delta < 0)
    click(window, *minus.center)
    assert view.dialog is not None and view.dialog.title == "Remove the right column?"
    click(window, *view.dialog.button_center("Cancel"))
    assert view.model.draft == before and view.props.fields["width"].text == "6"
    # An empty column goes at once.
    bottom_minus = next(r for (edge, delta), r in view.canvas.edge_buttons().items() if edge == "bottom" and delta < 0)
    click(window, *bottom_minus.center)
    assert view.dialog is None and view.model.draft.height == 4


HAND_EDITED = """\
format: 1
id: hand
name: Hand edited
mode: match3
width: 7
height: 3
kinds: no
moves: 20
layout:
  - 1 2 3 1 2 3 4 4
  - . . . . . . . .
  - . . . . . . . .
goals: {score: 100}
"""


def test_a_hand_edited_file_is_never_trimmed_silently(window: Any, editor: EditorView, tmp_path: pathlib.Path) -> None:
    view = editor
    path = tmp_path / "hand.yaml"
    path.write_text(HAND_EDITED)
    before = path.read_bytes()
    try:
        load_level(path)
    except LevelFileError as error:
        loader = error.problems
    view.open_path(path)
    frame(window)
    d = view.dialog
    assert d is not None and "cannot keep" in d.title
    texts = [str(w.text) for w in d.ui.walk_widgets() if hasattr(w, "text")]
    assert any("layout row 1: 8 cells for a width of 7" in t for t in texts), texts
    assert view.props.fields["kinds"].text == "no"              # as written, never "False"
    shown = [str(p) for p in view.problems.shown()]
    for problem in loader:                                # the loader's problems, every one
        assert any(problem.message in s for s in shown), (problem, shown)
    click(window, *d.button_center("OK"))
    assert view.model.dirty                               # what it could not keep: unsaved, so it asks
    assert view.on_close() is True and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))   # (Discard would close the test window)
    assert path.read_bytes() == before


def test_the_editor_asks_for_a_window_where_everything_fits(window: Any, editor: EditorView,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(window, "set_minimum_size", lambda w, h: asked.append((w, h)))
    editor.on_show_view()
    assert asked and asked[-1] == MIN_WINDOW
    # At that size the header's buttons leave room for the title, and a 10x10 board gets
    # cells a finger can hit (the panels beside it are fixed widths).
    buttons = sum(b.rect.width + 6 for b in editor.header_buttons.values())
    assert buttons + 240 <= MIN_WINDOW[0]
    board_w = MIN_WINDOW[0] - PALETTE_W - PROPS_W - 92
    board_h = MIN_WINDOW[1] - HEADER_H - PROBLEMS_H - 80
    assert min(board_w, board_h) / 10 >= 30
