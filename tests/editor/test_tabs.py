"""Several levels at hand: tabs with their own undo, file and place; closing and quitting ask."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from editor import files, recovery  # noqa: E402
from editor.look import PANEL, SELECTED  # noqa: E402
from editor.view import EditorView  # noqa: E402
from game.io import load_level  # noqa: E402
from driving import (  # noqa: E402
    cell_xy, click, frame, header, new_level, page_to, press, send, shot, sized, type_text,
)

key = arcade.key
CTRL = key.MOD_CTRL
SHIPPED = files.levels_dir() / "first-steps"


def _levels(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    work = tmp_path / "work"
    work.mkdir()
    for name in ("across-the-field", "chain-master"):
        shutil.copy(SHIPPED / f"{name}.yaml", work / f"{name}.yaml")
    return work / "across-the-field.yaml", work / "chain-master.yaml"


def _open(window: Any, view: EditorView, path: pathlib.Path) -> None:
    """Ctrl+O, the path typed in the field, Enter: as a designer opens a file."""
    press(window, key.O, CTRL)
    assert view.dialog is not None and view.dialog.fields["path"].active
    type_text(window, str(path))
    press(window, key.ENTER)
    assert view.dialog is None, view.dialog.error_text


def _tab_xy(view: EditorView, index: int) -> tuple[float, float]:
    for i, (left, right, bottom, top) in view.tabs._rects:
        if i == index:
            return (left + right) / 2, (bottom + top) / 2
    raise AssertionError(f"tab {index} is not drawn")


def _paint(window: Any, view: EditorView, cell: tuple[int, int]) -> None:
    press(window, key.KEY_2)
    click(window, *cell_xy(view, cell))


def test_two_levels_edited_switched_undone_each_and_closed(window: Any, editor: EditorView,
                                                          tmp_path: pathlib.Path,
                                                          screenshot_dir: pathlib.Path) -> None:
    view = editor
    first, second = _levels(tmp_path)
    _open(window, view, first)
    assert len(view.tabs) == 1               # the untouched blank level made way for it
    _paint(window, view, (0, 2))
    press(window, key.RIGHT)
    press(window, key.DOWN)
    cursor_first = view.cursor
    _open(window, view, second)
    assert len(view.tabs) == 2 and view.model.path == second and not view.model.dirty
    _paint(window, view, (1, 1))
    _paint(window, view, (2, 2))
    second_draft = view.model.draft
    frame(window)
    image = shot(window, view, screenshot_dir / "editor-tabs.png")
    # The strip: the shown tab highlighted, the other plain, both named with their '*'.
    rects = dict(view.tabs._rects)
    for i, colour in ((1, SELECTED), (0, PANEL)):
        left, _right, _bottom, top = rects[i]
        seen = image.convert("RGB").getpixel((int(left) + 3, window.height - int(top) + 3))
        assert all(abs(a - b) <= 6 for a, b in zip(seen, colour)), (i, seen, colour)
    names = {k: str(t.text) for k, t in view.texts.shown.items() if k.startswith("tab") and t.visible}
    # The shown one says which file it is, as the title did.
    assert names == {"tab0": "Across the Field *", "tab1": "Chain Master (chain-master.yaml) *"}, names

    # A pointer resting on a tab says which file it is, in full.
    x, y = _tab_xy(view, 0)
    send(window, "on_mouse_motion", int(x), int(y), 1, 1)
    for _ in range(12):
        frame(window, 0.05)
    assert view.help.label is not None and "/work/across-the-field.yaml: " in view.help.label.text
    press(window, key.TAB, CTRL)                         # Ctrl+Tab: the first level, as left
    assert view.model.path == first and view.cursor == cursor_first
    assert view.model.draft.token((0, 2)) == "2" and len(view.model.history.past) == 1
    press(window, key.Z, CTRL)                           # its own undo
    assert view.model.draft.token((0, 2)) != "2" and not view.model.dirty
    press(window, key.PAGEDOWN, CTRL)                    # Ctrl+PgDn: the second, its edits kept
    assert view.model.path == second and view.model.draft is second_draft
    press(window, key.Z, CTRL)
    assert view.model.draft.token((2, 2)) != "2" and view.model.draft.token((1, 1)) == "2"
    click(window, *_tab_xy(view, 0))                     # a click on a tab
    assert view.model.path == first and not view.model.dirty
    press(window, key.TAB, CTRL | key.MOD_SHIFT)         # Ctrl+Shift+Tab: back
    assert view.model.path == second and len(view.model.history.future) == 1

    # Opening a file already open shows its tab, its unsaved edit kept.
    press(window, key.PAGEUP, CTRL)
    _open(window, view, second)
    assert len(view.tabs) == 2 and view.model.path == second and view.model.dirty

    # A middle click on a tab closes it, asking first when it has unsaved changes.
    press(window, key.PAGEUP, CTRL)
    frame(window)
    click(window, *_tab_xy(view, 1), button=arcade.MOUSE_BUTTON_MIDDLE)
    assert view.dialog is not None and "Unsaved" in view.dialog.title and view.model.path == second
    click(window, *view.dialog.button_center("Cancel"))
    assert len(view.tabs) == 2 and view.model.path == second
    # Ctrl+W on a level with unsaved changes asks; Cancel keeps it, Save writes its file.
    press(window, key.W, CTRL)
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))
    assert len(view.tabs) == 2 and view.model.path == second
    press(window, key.W, CTRL)
    click(window, *view.dialog.button_center("Save"))
    assert len(view.tabs) == 1 and view.model.path == first
    assert load_level(second).layout != load_level(SHIPPED / second.name).layout
    # The last one, unchanged, closes without asking: a blank level takes its place.
    press(window, key.W, CTRL)
    assert view.dialog is None and len(view.tabs) == 1 and view.model.path is None


def test_every_unsaved_tab_is_autosaved_and_quitting_asks_for_each(window: Any, editor: EditorView,
                                                                   tmp_path: pathlib.Path) -> None:
    view = editor
    first, second = _levels(tmp_path)
    _open(window, view, first)
    _paint(window, view, (0, 0))
    press(window, key.N, CTRL)                           # New: a tab of its own, nothing asked
    assert view.dialog is not None and view.dialog.title == "New level"
    click(window, *view.dialog.button_center("Create"))
    assert len(view.tabs) == 2 and view.model.path is None
    _paint(window, view, (3, 3))
    _open(window, view, second)                          # unchanged: nothing to recover in it
    assert len(view.tabs) == 3
    # Switched away a moment after each change: the changes were kept in their slots at once.
    held = [recovery.read(view.autosave._slots[tab.model].path) for tab in view.tabs.tabs[:2]]
    assert [got[0].draft for got in held if got] == [t.model.draft for t in view.tabs.tabs[:2]]
    assert held[0] is not None and held[0][0].source == first
    assert recovery.pending() == []                      # a running editor's work is never offered

    assert view.on_close() is True                       # the window's close: it asks for each
    d = view.dialog
    assert d is not None and "Across the Field" in d.title and view.model.path == first
    assert any("1 more unsaved level" in str(w.text) for w in d.ui.walk_widgets() if hasattr(w, "text"))
    click(window, *d.button_center("Discard"))
    d = view.dialog
    assert d is not None and "Unsaved" in d.title and view.model.path is None   # the New one
    click(window, *d.button_center("Cancel"))            # the window stays, the work too
    assert view.dialog is None and window.current_view is view
    assert view.model.dirty and view.model.draft.token((3, 3)) == "2"
    # Back asks again (a discard in a quit that was cancelled does not stick).
    header(window, view, "Back")
    assert view.dialog is not None and "Unsaved" in view.dialog.title
    click(window, *view.dialog.button_center("Cancel"))
    for tab in view.tabs.tabs:
        tab.model.mark_saved()
    new_level(window, view, "match3", 5, 5)              # the helper's flow still works with tabs
    send(window, "on_mouse_motion", 10, 10, 0, 0)
    frame(window)


def test_work_left_by_editors_is_restored_each_in_its_own_tab(window: Any, tmp_path: pathlib.Path) -> None:
    from driving import clear_recoveries
    from editor import open_editor
    from editor.model import EditModel, blank, kind_tool

    clear_recoveries()
    for name in ("Left one", "Left two"):
        m = EditModel(blank("match3", 5, 5))
        m.select(kind_tool(3))
        m.paint_at((1, 1))
        m.set(name=name)
        slot = recovery.Slot()
        slot.write(m.draft, None)
        recovery._HELD.discard(slot.path)      # as an editor that is gone left it
    view = open_editor(window, on_leave=lambda: None)
    frame(window)
    restored = []
    for _ in range(2):
        assert view.dialog is not None and "Restore" in view.dialog.title
        click(window, *view.dialog.button_center("Restore"))
        restored.append(view.model.draft.name)
    assert view.dialog is None and sorted(restored) == ["Left one", "Left two"]
    assert len(view.tabs) == 2 and all(t.model.dirty for t in view.tabs.tabs)
    assert recovery.pending() == []            # this editor's own slots hold them now
    for tab in view.tabs.tabs:
        tab.model.mark_saved()
    frame(window)


def test_work_restored_over_the_file_the_editor_opened_takes_its_tab(window: Any, tmp_path: pathlib.Path) -> None:
    # `gridfall edit FILE` after an editor of FILE was killed with unsaved work: Restore puts
    # the work in FILE's tab (one file is never in two tabs, a stale twin never saved over it).
    from driving import clear_recoveries
    from editor import open_editor
    from editor.model import EditModel, blank, kind_tool

    clear_recoveries()
    level_file = tmp_path / "kept.yaml"
    m = EditModel(blank("match3", 5, 5))
    m.set(name="Kept", id="kept")
    files.save_draft(m.draft, level_file)
    m.select(kind_tool(3))
    m.paint_at((1, 1))
    slot = recovery.Slot()
    slot.write(m.draft, level_file.absolute())
    recovery._HELD.discard(slot.path)          # as an editor that was killed left it
    view = open_editor(window, level_file, on_leave=lambda: None)
    frame(window)
    assert view.dialog is not None and "Restore" in view.dialog.title
    click(window, *view.dialog.button_center("Restore"))
    assert view.dialog is None and len(view.tabs) == 1
    assert view.model.dirty and view.model.path is not None and view.model.path.samefile(level_file)
    assert view.model.draft.token((1, 1)) == "3"
    press(window, key.S, CTRL)
    assert files.load_draft(level_file).token((1, 1)) == "3" and not view.model.dirty
    frame(window)


def test_one_file_is_never_in_two_tabs(window: Any, editor: EditorView) -> None:
    from driving import clear, save_as

    view = editor
    new_level(window, view, "match3", 5, 5)
    mine = save_as(window, view, "mine")
    _paint(window, view, (0, 0))
    press(window, key.S, CTRL)                           # the first version goes to the backups
    _paint(window, view, (1, 1))
    working = view.model.draft
    new_level(window, view, "match3", 6, 6)
    assert len(view.tabs) == 2
    # Save As onto the file the other tab holds: refused, in the dialog.
    press(window, key.S, CTRL | key.MOD_SHIFT)
    d = view.dialog
    assert d is not None and d.title == "Save as"
    clear(window, d.fields["file"])
    type_text(window, "mine")
    press(window, key.ENTER)
    assert view.dialog is d and "open in another tab" in d.error_text
    click(window, *d.button_center("Cancel"))
    on_disk = files.load_draft(mine)                     # untouched by the refused Save As
    assert on_disk.token((0, 0)) == "2" and on_disk.token((1, 1)) != "2"
    # An older version of it opens in its tab, as one edit over the unsaved work.
    header(window, view, "Open")
    click(window, *view.dialog.button_center("older mine"))
    click(window, *view.dialog.button_center("open 1"))
    assert len(view.tabs) == 2 and view.model.path == mine
    assert view.model.draft.token((0, 0)) != "2" and view.model.dirty   # as first saved
    press(window, key.Z, CTRL)
    assert view.model.draft == working
    # Saved there, that tab is unchanged: Save As over its file is refused all the same (a level
    # never lands on another level's file), a free name offered.
    press(window, key.S, CTRL)
    assert not view.model.dirty
    press(window, key.TAB, CTRL)
    assert view.model.draft.width == 6
    press(window, key.S, CTRL | key.MOD_SHIFT)
    clear(window, view.dialog.fields["file"])
    type_text(window, "mine")
    press(window, key.ENTER)
    assert view.dialog is not None and "never replaces another level" in view.dialog.error_text
    press(window, key.ENTER)
    assert view.dialog is None and len(view.tabs) == 2 and view.model.path == mine.with_name("mine-2.yaml")
    assert files.load_draft(mine).width != 6 and files.load_draft(mine.with_name("mine-2.yaml")).width == 6


def test_each_tab_keeps_its_properties_scroll_in_a_short_window(window: Any, editor: EditorView,
                                                                tmp_path: pathlib.Path) -> None:
    view = editor
    first, second = _levels(tmp_path)
    with sized(window, 800, 560):
        _open(window, view, first)
        for _ in range(12):
            send(window, "on_mouse_scroll", 700, 300, 0, -1)
        frame(window)
        scrolled = view.props.scroll
        assert scrolled > 0 and not view.props.fields["id"].visible
        _open(window, view, second)                       # a level just opened starts at the top
        assert view.props.scroll == 0 and view.props.fields["id"].visible
        press(window, key.TAB, CTRL)
        assert view.model.path == first and view.props.scroll == scrolled
        assert not view.props.fields["id"].visible        # as it was left
        press(window, key.TAB, CTRL)
        assert view.props.scroll == 0 and view.props.fields["id"].visible


def test_a_level_picked_from_a_pack_takes_the_place_of_the_one_shown_meanwhile(
        window: Any, editor: EditorView) -> None:
    from game.io import load_pack

    view = editor
    entries = files.pack_entries(load_pack(SHIPPED))
    view.open_entry(entries[0])                          # as `gridfall edit PACK` does
    view.pick_from(entries, "Levels of the pack")
    frame(window)
    click(window, *view.dialog.button_center(entries[3].label))
    assert view.dialog is None and view.model.draft.id == entries[3].label
    assert len(view.tabs) == 1                           # picked: no stray tab of the first
    # Any other opening afterwards is a tab of its own.
    header(window, view, "Open")
    page_to(window, view, entries[5].label)
    click(window, *view.dialog.button_center(entries[5].label))
    assert len(view.tabs) == 2 and view.model.draft.id == entries[5].label


def test_a_pack_file_deleted_while_its_level_is_in_another_tab_makes_it_unsaved(
        window: Any, editor: EditorView) -> None:
    from driving import center, page_to, save_as, set_field
    from game.io.paths import user_packs_dir

    view = editor
    new_level(window, view, "match3", 5, 5)
    _paint(window, view, (1, 1))
    set_field(window, view, "id", "tabbed")
    save_as(window, view, "tabbed")
    header(window, view, "Pack")
    click(window, *center(view.dialog.fields["new_id"]))
    type_text(window, "tabpack")
    press(window, key.ENTER)                             # Create pack
    click(window, *view.dialog.button_center("Add this level"))
    pack_file = user_packs_dir() / "tabpack" / "tabbed.yaml"
    assert view.model.path == pack_file and not view.model.dirty
    press(window, key.ESCAPE)
    new_level(window, view, "match3", 6, 6)              # another tab, shown
    assert len(view.tabs) == 2
    header(window, view, "Pack")
    page_to(window, view, "open tabpack")               # the session's data folder holds many packs
    click(window, *view.dialog.button_center("open tabpack"))
    click(window, *view.dialog.button_center("remove 1"))
    click(window, *view.dialog.button_center("delete tabbed.yaml"))
    click(window, *view.dialog.button_center("Delete"))
    assert not pack_file.exists()
    press(window, key.ESCAPE)
    press(window, key.TAB, CTRL)                         # the level whose file went: unsaved now
    assert view.model.draft.id == "tabbed" and view.model.path is None and view.model.dirty
    assert "not saved yet" in view.title() and view.title().endswith("*")
    for tab in view.tabs.tabs:
        tab.model.mark_saved()


def test_two_levels_of_one_name_are_told_apart_on_their_tabs(window: Any, editor: EditorView,
                                                             tmp_path: pathlib.Path) -> None:
    """Two copies of a level (its name the same) say their folder and file on their tabs, not
    two 'Across the Field' tabs told apart only by their tooltips (seen in a real window)."""
    view = editor
    copies = []
    for folder in ("draft", "final"):
        (tmp_path / folder).mkdir()
        copies.append(tmp_path / folder / "across-the-field.yaml")
        shutil.copy(SHIPPED / "across-the-field.yaml", copies[-1])
    chain = tmp_path / "chain-master.yaml"
    shutil.copy(SHIPPED / "chain-master.yaml", chain)
    for path in (*copies, chain):
        _open(window, view, path)
    assert len(view.tabs) == 3 and view.model.path == chain   # the chain level shown: both copies beside it
    labels = view.tabs.labels()
    assert labels[0] != labels[1]
    assert "draft/across-the-field.yaml" in labels[0] and "final/across-the-field.yaml" in labels[1]
    assert labels[2].startswith(view.model.draft.name) and "chain-master" in labels[2]
