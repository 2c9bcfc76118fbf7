"""Open any level file on disk: a typed path in Open, the folder browser, and saving back to it."""

from __future__ import annotations

import os
import pathlib
import shutil
from typing import Any

import pytest

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from editor import files, open_editor  # noqa: E402
from editor.view import EditorView  # noqa: E402
from game.io import load_level  # noqa: E402
from driving import assert_dialog_words_seen, cell_xy, click, press, shot, type_text  # noqa: E402

key = arcade.key
SHIPPED = files.levels_dir() / "first-steps"


def _work(tmp_path: pathlib.Path) -> pathlib.Path:
    """A designer's folder outside the data folder: two levels, a sub-folder and what is no level."""
    work = tmp_path / "work"
    (work / "sub").mkdir(parents=True)
    for name in ("across-the-field", "chain-master"):
        text = (SHIPPED / f"{name}.yaml").read_text(encoding="utf-8")
        (work / f"{name}.yaml").write_text(text.replace("$schema=../schema/", "$schema=x/"), encoding="utf-8")
    shutil.copy(SHIPPED / "cornerstones.yaml", work / "sub" / "cornerstones.yaml")
    (work / "binary.yaml").write_bytes(b"mode: chain\n\x00\x01\x02")
    (work / "huge.yaml").write_text("# " + "x" * (2 << 20) + "\n", encoding="utf-8")
    (work / "settings.yaml").write_text("volume: 3\nfullscreen: no\n", encoding="utf-8")
    (work / "pack.yaml").write_text("id: p\nname: P\nlevels: [a.yaml]\n", encoding="utf-8")
    (work / "notes.txt").write_text("mode: chain\n", encoding="utf-8")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(SHIPPED / "chain-master.yaml", outside / "linked.yaml")
    os.symlink(outside / "linked.yaml", work / "linked.yaml")
    return work


def _open_dialog(window: Any, view: EditorView) -> Any:
    press(window, key.O, key.MOD_CTRL)
    d = view.dialog
    assert d is not None and d.title == "Open a level"
    assert d.fields["path"].active          # the caret waits in the path field
    return d


def _type_path(window: Any, view: EditorView, text: str) -> None:
    d = view.dialog
    assert d is not None
    type_text(window, text)
    press(window, key.ENTER)


def test_a_typed_path_opens_any_level_and_bad_files_say_why(window: Any, editor: EditorView,
                                                           tmp_path: pathlib.Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    view = editor
    work = _work(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    before = view.model.draft
    refused = {"binary.yaml": "binary", "huge.yaml": "bytes", "settings.yaml": "not a level",
               "pack.yaml": "a pack", "notes.txt": "not a level", "sub": "Open a file",
               "linked.yaml": "link", "missing.yaml": "no such file"}
    for name, said in refused.items():
        d = _open_dialog(window, view)
        _type_path(window, view, f"~/work/{name}")
        if name == "sub":
            # A folder typed opens the browser on it.
            assert view.dialog is not None and view.dialog.title == said
            assert "cornerstones.yaml" in " ".join(view.dialog.buttons)
        else:
            assert view.dialog is d, name                    # still open: fix the path, or Cancel
            assert name in d.error_text and said in d.error_text, d.error_text
        assert view.model.draft is before and view.model.path is None
        click(window, *view.dialog.button_center("Cancel"))
        assert view.dialog is None

    _open_dialog(window, view)
    _type_path(window, view, "~/work/across-the-field.yaml")
    assert view.dialog is None, view.dialog.error_text
    mine = work / "across-the-field.yaml"
    assert view.model.path == mine and not view.model.dirty
    assert view.model.level() == load_level(mine)
    assert "across-the-field.yaml" in view.title() and "opened" in view.status.text

    # An edit, Ctrl+S: written back to that very file, no Save As asked.
    press(window, key.KEY_3)
    click(window, *cell_xy(view, (0, 3)))
    assert view.model.dirty
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is None and not view.model.dirty
    assert load_level(mine).layout == view.model.level().layout != load_level(SHIPPED / mine.name).layout
    assert not mine.is_symlink()

    # A link put in its place since: the save is refused, saying so, and neither the link nor
    # the file it leads to changes (the gate never writes through a link, nor over one).
    linked_to = tmp_path / "elsewhere" / "linked.yaml"
    kept = linked_to.read_bytes()
    mine.unlink()
    os.symlink(linked_to, mine)
    click(window, *cell_xy(view, (1, 3)))
    press(window, key.S, key.MOD_CTRL)
    # A link in the file's place is a change on disk (issue 34): asked about; keeping mine is
    # then refused by the file gate (never written through, nor the link replaced).
    assert view.dialog is not None and "changed on disk" in view.dialog.title
    assert linked_to.read_bytes() == kept
    click(window, *view.dialog.button_center("Keep mine"))
    assert linked_to.read_bytes() == kept and mine.is_symlink()
    assert f"{mine} is a link" in view.status.text and view.model.dirty


def test_the_folder_browser_goes_down_and_up_and_opens_a_level(window: Any, editor: EditorView,
                                                              tmp_path: pathlib.Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              screenshot_dir: pathlib.Path) -> None:
    view = editor
    work = _work(tmp_path)
    monkeypatch.chdir(work)       # a level with no file yet browses from where the editor started
    d = _open_dialog(window, view)
    click(window, *d.button_center("Browse..."))
    d = view.dialog
    assert d is not None and d.title == "Open a file"
    names = [n.removeprefix("entry ") for n in d.buttons if n.startswith("entry ")]
    # '..' first, folders, then .yaml files; no link, nothing hidden, no .txt.
    assert names == ["..", "sub/", "across-the-field.yaml", "binary.yaml", "chain-master.yaml",
                     "huge.yaml", "pack.yaml", "settings.yaml"]
    assert assert_dialog_words_seen(view, shot(window, view, screenshot_dir / "editor-open-a-file.png")) >= 1
    click(window, *d.button_center("entry binary.yaml"))
    assert view.dialog is d and "binary.yaml" in d.error_text
    click(window, *d.button_center("entry sub/"))
    d = view.dialog
    assert d is not None and "entry cornerstones.yaml" in d.buttons and "entry pack.yaml" not in d.buttons
    click(window, *d.button_center("entry .."))
    d = view.dialog
    assert d is not None and "entry sub/" in d.buttons
    # A relative path is under the folder being browsed.
    click(window, *view.dialog.button_center("entry sub/"))
    type_text(window, "cornerstones.yaml")
    press(window, key.ENTER)
    assert view.dialog is None
    assert view.model.path == work / "sub" / "cornerstones.yaml"
    assert view.model.level() == load_level(SHIPPED / "cornerstones.yaml")
    # Open again starts in the level's own folder.
    d = _open_dialog(window, view)
    click(window, *d.button_center("Browse..."))
    assert view.dialog is not None and "entry cornerstones.yaml" in view.dialog.buttons
    click(window, *view.dialog.button_center("entry .."))
    click(window, *view.dialog.button_center("entry chain-master.yaml"))
    assert view.dialog is None and view.model.path == work / "chain-master.yaml"


def test_gridfall_edit_refuses_a_link(window: Any, tmp_path: pathlib.Path) -> None:
    work = _work(tmp_path)
    with pytest.raises(files.EditorFileError, match="linked.yaml: is a link"):
        open_editor(window, work / "linked.yaml", on_leave=lambda: None)
    view = open_editor(window, work / "chain-master.yaml", on_leave=lambda: None)
    assert view.model.path == work / "chain-master.yaml" and not view.model.dirty
