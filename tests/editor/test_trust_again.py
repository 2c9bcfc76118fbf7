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

from driving import cell_xy, center, click, frame, header, new_level, press, save_as, send, set_field, type_text
from editor import open_editor, recovery
from editor.view import EditorView
from game.io import load_level

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


def _killed(view: EditorView) -> pathlib.Path:
    """What a killed editor leaves: its recovery file, held by no running editor any more."""
    frame(view.window, 1.0)
    frame(view.window, 1.5)                           # autosaved a moment after the change
    assert view.slot.path.exists()
    left = view.slot.path.with_name("editor-killed0000.yaml")
    shutil.copy(view.slot.path, left)
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
    view.slot.clear()
    # Started again from another folder: Restore, then Ctrl+S.
    other = elsewhere / "other"
    other.mkdir()
    os.chdir(other)
    again = open_editor(window, on_leave=lambda: None)
    frame(window)
    assert again.dialog is not None and "Restore" in again.dialog.title
    assert any(str(project / "orchard-1.yaml") in str(w.text) for w in again.dialog.ui.walk_widgets()
               if hasattr(w, "text"))                 # it says where Save will write
    click(window, *again.dialog.button_center("Restore"))
    press(window, key.S, key.MOD_CTRL)
    assert again.dialog is None and not again.model.dirty, again.status
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
    click(window, *center(view.fields["name"]))
    press(window, key.A, key.MOD_CTRL)
    type_text(window, "Orchard")
    click(window, *center(view.fields["moves"]))       # no Enter, no Tab: a click on the next field
    type_text(window, "20")
    press(window, key.ENTER)
    assert view.model.draft.name == "Orchard" and view.model.draft.moves == 20
    assert view.fields["name"].text == "Orchard"
    # Typed, then straight to a play-test (the header button): the play-test has it.
    click(window, *center(view.fields["description"]))
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
    click(window, *center(view.fields["description"]))
    type_text(window, "a long story")
    assert view.fields["description"].active
    assert view.on_close() is True                     # the window stays open: it asks
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    assert view.model.draft.description == "a long story"
    click(window, *view.dialog.button_center("Cancel"))
    # Ctrl+N (from a field: Enter first would also do) asks too, with the text counted.
    click(window, *center(view.fields["name"]))
    type_text(window, "x")
    header(window, view, "New")
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))


def test_undo_back_to_the_saved_level_leaves_nothing_to_recover(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 5, 5)
    save_as(window, view, "undone")
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    frame(window, 1.0)
    frame(window, 1.5)
    assert view.slot.path.exists()                     # autosaved while it had changes
    press(window, key.Z, key.MOD_CTRL)
    assert not view.model.dirty
    frame(window)
    assert not view.slot.path.exists() and recovery.pending() == []
