"""The editor's document is never lossy (issue 34): what is typed is in the level at once, every
command on the level sees it, and a killed editor's recovery holds it."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import yaml

from driving import cell_xy, center, click, frame, new_level, press, save_as, send, set_field, type_text
from editor import recovery
from editor.view import EditorView
from game.io import load_level

key = arcade.key


def _type_into(window: Any, view: EditorView, field_key: str, text: str) -> None:
    """Click into a field, select its text, type over it; the caret stays in the field."""
    click(window, *center(view.props.fields[field_key]))
    press(window, key.A, key.MOD_CTRL)
    type_text(window, text)
    assert view.props.fields[field_key].active


def _saved_level(window: Any, view: EditorView, level_id: str) -> pathlib.Path:
    """A new 6x6 level saved in my levels as `level_id`."""
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "id", level_id)
    return save_as(window, view, level_id)


def test_ctrl_s_in_a_field_saves_what_was_typed(window: Any, editor: EditorView) -> None:
    view = editor
    path = _saved_level(window, view, "typed-then-saved")
    _type_into(window, view, "name", "Orchard Dawn")
    assert view.title().endswith(" *"), "typing is a change: the title says unsaved"
    press(window, key.S, key.MOD_CTRL)
    assert not view.props.fields["name"].active
    assert load_level(path).name == "Orchard Dawn"
    assert not view.model.dirty and "saved" in view.status.text


def test_keys_on_the_level_commit_the_field_first(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    _type_into(window, view, "moves", "25")
    press(window, key.Z, key.MOD_CTRL)           # undo: the typed 25 is one step, undone
    assert view.model.draft.moves is None and not view.props.fields["moves"].active
    press(window, key.Y, key.MOD_CTRL)
    assert view.model.draft.moves == 25
    _type_into(window, view, "score", "900")
    press(window, key.F5)                        # a bot run plays the level as typed
    assert not view.props.fields["score"].active
    assert view.model.draft.score == 900
    view.difficulty.close()
    # A field's own Ctrl keys stay the field's: Ctrl+A selects, nothing is committed.
    _type_into(window, view, "moves", "30")
    press(window, key.A, key.MOD_CTRL)
    assert view.props.fields["moves"].active
    press(window, key.ESCAPE)                     # Escape reverts the field, and the level with it
    assert view.model.draft.moves == 25


def test_a_killed_editor_keeps_what_was_being_typed(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    _type_into(window, view, "description", "half a thought")
    frame(window, 1.0)
    frame(window, 1.5)                            # the autosave's moment, the caret still in the field
    assert view.props.fields["description"].active
    left = view.autosave.slot.path.with_name("editor-killed0001.yaml")
    shutil.copy(view.autosave.slot.path, left)   # what a kill -9 leaves behind
    try:
        found = [r for r in recovery.pending() if r.draft.description == "half a thought"]
        assert found, "the recovery offered after a kill holds the text being typed"
    finally:
        left.unlink(missing_ok=True)
        view.props.fields["description"].deactivate()


def test_tab_into_a_field_selects_its_text(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    click(window, *center(view.props.fields["moves"]))
    press(window, key.TAB)                        # moves -> kinds, which says 6
    kinds = view.props.fields["kinds"]
    assert kinds.active
    type_text(window, "9")
    assert kinds.text == "9"
    press(window, key.ENTER)
    assert view.model.draft.kinds == 9


def test_save_with_the_field_still_open_through_the_header(window: Any, editor: EditorView,
                                                            tmp_path: pathlib.Path) -> None:
    view = editor
    path = _saved_level(window, view, "header-save")
    _type_into(window, view, "moves", "17")
    send(window, "on_key_press", key.S, key.MOD_CTRL)
    frame(window)
    assert load_level(path).moves == 17


TYPOS = """format: 1
id: typos
name: Typos
mode: match3
width: 6
height: 6
kindz: 5
moves: 20
goals:
  scor: 500
  jely: true
stars: [100, 50]
rules:
  speciels: false
"""


def test_a_file_with_typos_saves_every_word_as_written(window: Any, editor: EditorView,
                                                       tmp_path: pathlib.Path) -> None:
    view = editor
    path = tmp_path / "typos.yaml"
    path.write_text(TYPOS, encoding="utf-8")
    view.open_path(path)
    frame(window)
    if view.dialog is not None:
        click(window, *view.dialog.button_center("OK"))
    click(window, *cell_xy(view, (0, 0)))                  # an edit, then Ctrl+S
    press(window, key.S, key.MOD_CTRL)
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["kindz"] == 5 and "kinds" not in saved, "a misspelt key is kept; no default written"
    assert saved["goals"]["scor"] == 500 and saved["goals"]["jely"] is True
    assert saved["stars"] == [100, 50]
    assert saved["rules"]["speciels"] is False
    assert saved["moves"] == 20
    assert "kept as written" in view.status.text
    # The designer sets the stars: the field wins, the odd value goes.
    set_field(window, view, "star0", "300")
    press(window, key.S, key.MOD_CTRL)
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["stars"][0] == 300 and len(saved["stars"]) == 3
    # Fixed by hand in the panel as the problems suggest, the level is valid: kinds typed in,
    # the stray keys still there until the file is fixed (the loader names each).
    problems = " ".join(str(p) for p in view.model.problems())
    for word in ("kindz", "scor", "jely", "speciels"):
        assert word in problems


def test_a_change_on_disk_is_asked_about_before_a_save(window: Any, editor: EditorView) -> None:
    view = editor
    path = _saved_level(window, view, "shared-file")
    # Another program changes the file (a text editor, a sync tool), then the designer saves.
    theirs = path.read_text(encoding="utf-8").replace("name: Untitled", "name: Theirs")
    path.write_text(theirs, encoding="utf-8")
    set_field(window, view, "moves", "12")
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is not None and "changed on disk" in view.dialog.title
    assert path.read_text(encoding="utf-8") == theirs, "nothing is written before the answer"
    # Keep both: theirs stays, mine goes to a copy.
    click(window, *view.dialog.button_center("Keep both"))
    assert view.dialog is not None and view.dialog.title == "Save as"
    assert view.dialog.value("file") == "shared-file-mine.yaml"
    click(window, *view.dialog.button_center("Save"))
    assert load_level(path).name == "Theirs"
    copy = path.with_name("shared-file-mine.yaml")
    assert load_level(copy).moves == 12
    # Changed again under the copy: Reload takes theirs, Ctrl+Z gives mine back.
    copy.write_text(copy.read_text(encoding="utf-8").replace("moves: 12", "moves: 40"), encoding="utf-8")
    set_field(window, view, "moves", "13")
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is not None and "changed on disk" in view.dialog.title
    click(window, *view.dialog.button_center("Reload"))
    assert view.model.draft.moves == 40 and not view.model.dirty
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.moves == 13
    # Keep mine writes over theirs, once asked.
    copy.write_text(copy.read_text(encoding="utf-8").replace("moves: 40", "moves: 41"), encoding="utf-8")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Keep mine"))
    assert load_level(copy).moves == 13
    # A save over its own last save asks nothing.
    set_field(window, view, "moves", "14")
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is None and load_level(copy).moves == 14


def test_add_this_level_moves_a_saved_level_into_the_pack(window: Any, editor: EditorView) -> None:
    from editor import files
    from test_trust import open_pack
    from game.io.paths import user_levels_dir, user_packs_dir

    view = editor
    new_level(window, view, "match3", 5, 5)
    set_field(window, view, "id", "orchard-1")
    loose = save_as(window, view, "orchard-1")
    assert loose.parent == user_levels_dir()
    open_pack(window, view, "orchard")
    click(window, *view.dialog.button_center("Add this level"))
    in_pack = user_packs_dir() / "orchard" / "orchard-1.yaml"
    assert view.model.path == in_pack and in_pack.is_file()
    assert not loose.exists(), "the loose copy went into the pack: no twin"
    press(window, key.ESCAPE)
    labels = [e.label for e in files.browse()]
    assert labels.count("orchard-1") == 1, "Open lists one orchard-1"
    # The pack's file is the level now: Ctrl+S writes there, asking nothing.
    set_field(window, view, "moves", "9")
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is None and load_level(in_pack).moves == 9
    shutil.rmtree(in_pack.parent)


def test_leaving_asks_when_several_levels_are_open_even_all_saved(window: Any, editor: EditorView) -> None:
    left: list[bool] = []
    view = editor
    view.on_leave = lambda: left.append(True)
    for name in ("left-one", "left-two"):
        new_level(window, view, "match3", 5, 5)
        set_field(window, view, "id", name)
        save_as(window, view, name)
    assert len(view.tabs) == 2 and not view.tabs.any_dirty()
    press(window, key.ESCAPE)
    assert view.dialog is not None and view.dialog.title == "Leave the editor?" and not left
    press(window, key.ESCAPE)                             # the dialog's Esc: stay
    assert view.dialog is None and not left
    assert view.on_close() is True                        # the window's close asks the same
    assert view.dialog is not None and view.dialog.title == "Quit?"
    click(window, *view.dialog.button_center("Stay"))
    press(window, key.ESCAPE)
    click(window, *view.dialog.button_center("Leave the editor"))
    assert left == [True]


def test_work_restored_after_a_kill_still_notices_a_change_on_disk(window: Any, editor: EditorView) -> None:
    view = editor
    path = _saved_level(window, view, "killed-over")
    _type_into(window, view, "moves", "27")
    frame(window, 1.0)
    frame(window, 1.5)                                      # autosaved, the caret still in the field
    left = view.autosave.slot.path.with_name("editor-killed0002.yaml")
    shutil.copy(view.autosave.slot.path, left)             # what a kill -9 leaves behind
    view.props.fields["moves"].deactivate()
    view.model.mark_saved()
    view.autosave.slot.clear()
    # Another program edits the file before the editor is started again.
    path.write_text(path.read_text(encoding="utf-8").replace("name: Untitled", "name: Elsewhere"),
                    encoding="utf-8")
    view.offer_recovery([r for r in recovery.pending() if r.file == left])
    frame(window)
    click(window, *view.dialog.button_center("Restore"))
    assert view.model.draft.moves == 27
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is not None and "changed on disk" in view.dialog.title
    assert load_level(path).name == "Elsewhere"
    click(window, *view.dialog.button_center("Keep mine"))
    assert load_level(path).moves == 27
