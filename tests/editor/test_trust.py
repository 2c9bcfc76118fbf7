"""The editor never loses work: ids that are not names, overwrites, renames, pack removes,
closing mid play-test, working packs and installs, recovery per editor, backups (issue 13)."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import (
    cell_xy, center, clear, click, frame, header, new_level, page_to, press, save_as, send, set_field, type_text,
)
from editor import backups, files, recovery
from editor.view import EditorView
from game.io import install_pack, list_packs, load_level, pack_origin
from game.io.paths import installed_packs_dir, user_levels_dir, user_packs_dir

key = arcade.key


def dialog_texts(view: EditorView) -> list[str]:
    assert view.dialog is not None
    return [str(w.text) for w in view.dialog.ui.walk_widgets() if hasattr(w, "text")]


def painted_level(window: Any, view: EditorView, level_id: str) -> None:
    """A small valid match3 level with one painted cell, its id set, unsaved."""
    new_level(window, view, "match3", 5, 5)
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    set_field(window, view, "id", level_id)


def listed(pack_id: str) -> list[str]:
    """The level files the pack lists, as read from its pack.yaml now."""
    return next(p for p in files.user_packs() if p.folder.name == pack_id).levels


def open_pack(window: Any, view: EditorView, pack_id: str) -> None:
    header(window, view, "Pack")
    d = view.dialog
    assert d is not None
    page_to(window, view, f"open {pack_id}")
    d = view.dialog
    if f"open {pack_id}" in d.buttons:
        click(window, *d.button_center(f"open {pack_id}"))
    else:
        click(window, *center(d.fields["new_id"]))
        type_text(window, pack_id)
        press(window, key.ENTER)                         # Enter presses "Create pack"
    assert view.dialog is not None and pack_id in view.dialog.title, view.dialog.title


def test_an_id_that_is_no_file_name_never_becomes_a_path(window: Any, editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "fine")
    path = save_as(window, view, "fine")
    before = set(user_levels_dir().rglob("*"))
    set_field(window, view, "id", "sub/dir")
    assert any("id" in p.where() for p in view.model.problems())
    press(window, key.S, key.MOD_CTRL)                   # no crash, nothing written
    assert view.model.dirty and "not saved" in view.status.text and "sub/dir" in view.status.text
    assert set(user_levels_dir().rglob("*")) == before and path.exists()
    # Save As refuses a path and an id that is no name, in the dialog itself.
    for typed, says in (("../escape", "is a path"), ("bad name", "cannot be a level id")):
        press(window, key.S, key.MOD_CTRL | key.MOD_SHIFT)
        d = view.dialog
        assert d is not None and d.title == "Save as"
        clear(window, d.fields["file"])
        type_text(window, typed)
        press(window, key.ENTER)
        assert view.dialog is d and says in d.error_text, d.error_text
        press(window, key.ESCAPE)
    assert view.dialog is None
    assert set(user_levels_dir().rglob("*")) == before
    assert not (user_levels_dir().parent / "escape.yaml").exists()
    # "Add this level" with an id that climbs out of the pack writes nothing anywhere.
    set_field(window, view, "id", "../../levels/fine")
    open_pack(window, view, "safe-pack")
    click(window, *view.dialog.button_center("Add this level"))
    assert view.dialog is not None and "not added" in view.dialog.error_text
    assert [p.name for p in (user_packs_dir() / "safe-pack").iterdir()] == ["pack.yaml"]
    assert load_level(path).name == "Untitled"           # the real level is untouched
    press(window, key.ESCAPE)


def test_save_as_never_lands_on_another_levels_file_and_a_backup_comes_back(window: Any,
                                                                              editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "garden")
    garden = save_as(window, view, "garden")
    set_field(window, view, "name", "My garden")
    press(window, key.S, key.MOD_CTRL)
    assert load_level(garden).name == "My garden"
    painted_level(window, view, "other")
    set_field(window, view, "name", "Someone else")
    for typed in ("garden", "GARDEN.yml"):              # the file, or the same id but for case and suffix
        press(window, key.S, key.MOD_CTRL | key.MOD_SHIFT)   # a new level: Save As
        d = view.dialog
        assert d is not None
        clear(window, d.fields["file"])
        type_text(window, typed)
        press(window, key.ENTER)
        # Refused in the dialog itself, with a free name typed in; nothing offers to replace it.
        assert view.dialog is d and "never replaces another level" in d.error_text, d.error_text
        assert "'garden.yaml' already exists" in d.error_text and "Replace" not in d.buttons
        assert d.value("file").lower() == "garden-2.yaml" and load_level(garden).name == "My garden"
        click(window, *d.button_center("Cancel"))
    assert view.dialog is None and view.model.dirty
    press(window, key.S, key.MOD_CTRL | key.MOD_SHIFT)
    clear(window, view.dialog.fields["file"])
    type_text(window, "garden")
    press(window, key.ENTER)
    press(window, key.ENTER)                             # the free name offered: saved there
    assert view.dialog is None and not view.model.dirty and view.model.path == garden.with_name("garden-2.yaml")
    assert load_level(garden.with_name("garden-2.yaml")).name == "Someone else"
    assert view.model.draft.id == "garden-2" and load_level(garden).name == "My garden"
    # An older version of garden is kept by its own saves, and Open offers it back.
    view.open_path(garden)
    frame(window)
    set_field(window, view, "name", "My new garden")
    press(window, key.S, key.MOD_CTRL)
    kept = backups.versions(garden)
    assert kept and load_level(kept[0].copy).name == "My garden"
    header(window, view, "Open")
    click(window, *view.dialog.button_center("older garden"))
    assert view.dialog is not None and "Older versions of garden.yaml" == view.dialog.title
    click(window, *view.dialog.button_center("open 1"))
    assert view.model.draft.name == "My garden" and view.model.dirty and view.model.path == garden
    press(window, key.S, key.MOD_CTRL)                   # restored
    assert load_level(garden).name == "My garden"


def test_a_new_id_asks_rename_or_copy_and_a_taken_id_warns(window: Any, editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "alpha")
    alpha = save_as(window, view, "alpha")
    set_field(window, view, "id", "beta")
    press(window, key.S, key.MOD_CTRL)
    d = view.dialog
    assert d is not None and "'beta'" in d.title and {"Rename", "Copy", "Cancel"} <= set(d.buttons)
    click(window, *d.button_center("Rename"))
    beta = alpha.with_name("beta.yaml")
    assert not alpha.exists() and load_level(beta).id == "beta" and view.model.path == beta
    assert backups.versions(alpha)                       # the renamed file's last version is kept
    set_field(window, view, "id", "gamma")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Copy"))
    assert beta.exists() and alpha.with_name("gamma.yaml").exists()
    # Taking an id another file has is a warning in the panel before any save.
    set_field(window, view, "id", "beta")
    frame(window)
    assert any("beta.yaml" in str(w) and "already exists" in str(w) for w in view.problems.warnings())
    press(window, key.S, key.MOD_CTRL)                   # a rename never lands on it (issue 34)
    assert view.dialog is not None and view.dialog.title == "The id 'beta' is taken"
    assert "Use 'beta-2'" in view.dialog.buttons
    press(window, key.ESCAPE)
    assert load_level(beta).id == "beta" and view.model.dirty


def test_removing_from_a_pack_unlists_undo_lists_again_delete_asks(window: Any, editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "one-slip")
    mine = save_as(window, view, "one-slip")
    open_pack(window, view, "slips")
    click(window, *view.dialog.button_center("Add this level"))
    pack_file = user_packs_dir() / "slips" / "one-slip.yaml"
    # From now on the editor edits the pack's file, and the title says which copy is open.
    assert view.model.path == pack_file and "slips/one-slip.yaml" in view.title()
    press(window, key.ESCAPE)
    set_field(window, view, "name", "One Slip v2")
    press(window, key.S, key.MOD_CTRL)
    # The loose copy moved into the pack (issue 34: no twin ids), its last version kept.
    assert load_level(pack_file).name == "One Slip v2" and not mine.exists() and backups.versions(mine)
    open_pack(window, view, "slips")
    click(window, *view.dialog.button_center("remove 1"))
    assert listed("slips") == [] and pack_file.exists()
    assert "list one-slip.yaml" in view.dialog.buttons
    click(window, *view.dialog.button_center("Undo"))
    assert listed("slips") == ["one-slip.yaml"]
    click(window, *view.dialog.button_center("remove 1"))
    click(window, *view.dialog.button_center("delete one-slip.yaml"))
    assert view.dialog is not None and view.dialog.title == "Delete one-slip.yaml?"
    press(window, key.ENTER)                             # Enter is Cancel here
    assert pack_file.exists() and view.dialog is not None and "slips" in view.dialog.title
    click(window, *view.dialog.button_center("delete one-slip.yaml"))
    click(window, *view.dialog.button_center("Delete"))
    assert not pack_file.exists() and backups.versions(pack_file)
    # The open level's file is gone: the editor says it is unsaved, and Back asks.
    assert view.model.dirty and view.title().endswith("*") and "not saved yet" in view.title()
    press(window, key.ESCAPE)
    header(window, view, "Back")
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))


def test_closing_the_window_during_a_playtest_asks_about_unsaved_edits(window: Any,
                                                                        editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "closing")
    assert view.model.dirty and not view.model.problems()
    press(window, key.TAB)
    assert window.current_view is view.playtester.playing
    assert view.playtester.playing.hud.help.text.startswith("Tab back to the editor\n")   # the way back, said
    window.has_exit = False                              # whatever an earlier test's close left
    window.dispatch_event("on_close")                    # the window's close button
    window.dispatch_events()
    frame(window)
    assert not window.has_exit                             # the close is taken: the window stays open
    assert window.current_view is view and view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))
    # Back in the editor, the play-test's close listener is gone: play-testing again works.
    press(window, key.TAB)
    assert window.current_view is view.playtester.playing
    press(window, key.TAB)
    assert window.current_view is view


def test_a_working_pack_and_an_installed_pack_never_share_a_folder(window: Any, editor: EditorView,
                                                                  data_dir: pathlib.Path) -> None:
    view = editor
    painted_level(window, view, "own-level")
    open_pack(window, view, "shared-id")
    click(window, *view.dialog.button_center("Add this level"))
    click(window, *view.dialog.button_center("Export"))
    exported = data_dir / "exports" / "shared-id.pack.yaml"
    assert exported.is_file(), view.status.text
    working = user_packs_dir() / "shared-id"
    before = {p.name: p.read_bytes() for p in working.iterdir()}
    install_pack(exported)                               # someone installs the shared pack
    assert (installed_packs_dir() / "shared-id").is_dir()
    assert {p.name: p.read_bytes() for p in working.iterdir()} == before
    origins = {pack_origin(p) for p in list_packs() if p.id == "shared-id"}
    assert origins == {"installed"}                      # the game lists one, the installed one
    # Two editors keep their own recovery files: one leaving never deletes the other's.
    other = EditorView(window, on_leave=lambda: None)
    other.model.set(name="other work")
    other.autosave.slot.write(other.model.draft, None)
    view.autosave.slot.write(view.model.draft, view.model.path)
    other.model.mark_saved()
    other.leave()
    assert not other.autosave.slot.path.exists() and view.autosave.slot.path.exists()
    assert recovery.pending() == []                      # a running editor's file is never offered
    view.autosave.slot.clear()


def test_a_fast_pen_drag_leaves_no_gaps(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 8, 8)
    press(window, key.KEY_3)
    x0, y0 = cell_xy(view, (2, 0))
    x1, y1 = cell_xy(view, (2, 7))
    send(window, "on_mouse_press", int(x0), int(y0), arcade.MOUSE_BUTTON_LEFT, 0)
    # One pointer event from one end of the row to the other, as a quick flick gives.
    send(window, "on_mouse_drag", int(x1), int(y1), int(x1 - x0), 0, arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", int(x1), int(y1), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)
    assert [(r, c) for r, c in view.model.draft.find("3")] == [(2, c) for c in range(8)]


def test_an_unreachable_reach_goal_is_a_warning_in_the_panel(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "chain", 5, 5)
    press(window, key.P)
    click(window, *cell_xy(view, (0, 0)))
    press(window, key.H)
    for c in range(5):
        click(window, *cell_xy(view, (2, c)))
    click(window, *center(view.props.buttons["pick cell"]))
    click(window, *cell_xy(view, (4, 4)))
    frame(window)
    assert not view.model.problems()
    texts = [t.text for k, t in view.texts.shown.items() if t.visible and (k.startswith("prob") or k == "phead")]
    lines = " ".join(view.texts.shown[k].text for k in ("prob0", "prob1", "prob2", "prob3")
                     if k in view.texts.shown and view.texts.shown[k].visible)   # the warning, wrapped to the panel
    assert any("warning" in t for t in texts) and "can never get to 4,4" in lines, texts


def test_an_idle_editor_draws_a_few_times_a_second_and_wakes_on_input(window: Any, editor: EditorView,
                                                                      monkeypatch: Any) -> None:
    """Idle, the on-demand window draws the editor only at its idle beats: one frame every
    IDLE_QUIET seconds, quicker while a field is typed in (its caret blinks); input brings
    every frame back."""
    from editor.view import DRAW_RATE, IDLE_DRAW_RATE, IDLE_QUIET
    from game.ui import frames as frames_mod
    from game.ui.frames import wants_frames

    view = editor
    assert window.current_view is view
    asked: list[float] = []
    monkeypatch.setattr(frames_mod, "request", lambda: asked.append(view._idle))
    ticks(window, 70)
    assert window._draw_rate == IDLE_DRAW_RATE and not wants_frames(view)
    asked.clear()
    ticks(window, int(3 * IDLE_QUIET * 60))
    assert len(asked) == 3                               # one frame a beat, none between
    send(window, "on_mouse_motion", 300, 300, 1, 1)
    assert window._draw_rate == DRAW_RATE and wants_frames(view)
    click(window, *center(view.props.fields["name"]))   # typing in a field: the caret blinks
    ticks(window, 70)
    asked.clear()
    ticks(window, int(3 * IDLE_QUIET * 60))
    assert len(asked) >= 3 * IDLE_QUIET / IDLE_DRAW_RATE - 1


def ticks(window: Any, n: int) -> None:
    """`n` ticks of the window: its events and the view's update, no draw. The test reads the
    draw rate and the frames asked for, never pixels (and idle, the on-demand window skips the
    draws nobody asked for). Drawn here, each frame's buffers stayed queued in software GL,
    never flushed: ~0.7 MB a frame, 330 MB for the idle ticks, 100 MB more for the 140 others."""
    for _ in range(n):
        window.dispatch_events()
        window.current_view.on_update(1 / 60)


def test_a_rename_inside_a_pack_is_what_the_pack_dialog_then_edits(window: Any, editor: EditorView) -> None:
    view = editor
    painted_level(window, view, "first")
    open_pack(window, view, "renames")
    click(window, *view.dialog.button_center("Add this level"))
    press(window, key.ESCAPE)
    set_field(window, view, "id", "second")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Rename"))
    assert listed("renames") == ["second.yaml"]
    open_pack(window, view, "renames")                   # the dialog shows the pack as it is now...
    assert "1. second.yaml" in dialog_texts(view) and "1. first.yaml" not in dialog_texts(view)
    set_field_in_dialog = view.dialog.fields["author"]
    click(window, *center(set_field_in_dialog))
    type_text(window, "Me")
    click(window, *view.dialog.button_center("Save details"))
    assert listed("renames") == ["second.yaml"]          # ...so an edit never writes "first.yaml" back
    press(window, key.ESCAPE)
