"""Every failure to save or keep something in the editor is told on its status line by the one
reporter (game/io/reporter.py), naming the real file, never a hidden temporary (issue 34)."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import cell_xy, click, frame, new_level, press, save_as, set_field
from editor.view import EditorView
from game.io.paths import user_packs_dir

key = arcade.key


def painted(window: Any, view: EditorView, level_id: str) -> None:
    new_level(window, view, "match3", 5, 5)
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    set_field(window, view, "id", level_id)


def test_a_save_that_fails_names_the_file_on_the_status_line(window: Any, editor: EditorView,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    view = editor
    painted(window, view, "told")
    path = save_as(window, view, "told")
    path.unlink()
    path.mkdir()                                      # another program put a folder in its place
    (path / "theirs.txt").write_text("kept\n")
    try:
        click(window, *cell_xy(view, (2, 2)))
        press(window, key.S, key.MOD_CTRL)
        assert view.dialog is not None and "Keep mine" in view.dialog.buttons   # changed on disk: asked
        click(window, *view.dialog.button_center("Keep mine"))
        said = view.status.text
        assert said == f"Could not save told.yaml: {path} is a folder, not a file", said
        assert view.status.bad and ".tmp" not in said and view.model.dirty
        assert f"gridfall: {said}" in capsys.readouterr().err   # the console keeps it too, for a log
        assert (path / "theirs.txt").read_text() == "kept\n"
    finally:
        shutil.rmtree(path, ignore_errors=True)


def test_an_autosave_that_fails_is_told(window: Any, editor: EditorView) -> None:
    view = editor
    painted(window, view, "kept-safe")
    slot = view.autosave.slot.path
    slot.parent.mkdir(parents=True, exist_ok=True)
    slot.mkdir()                                      # the recovery file's place is taken by a folder
    try:
        click(window, *cell_xy(view, (3, 3)))
        frame(window, 1.5)
        frame(window, 1.5)
        said = view.status.text
        assert said == f"Could not save the autosave of Untitled: {slot} is a folder, not a file", said
        assert view.status.bad
    finally:
        slot.rmdir()


def test_a_pack_list_that_cannot_be_written_is_told_in_the_dialog_and_the_status_line(
        window: Any, editor: EditorView) -> None:
    from test_trust import open_pack

    view = editor
    painted(window, view, "listed")
    open_pack(window, view, "told-pack")
    pack_file = user_packs_dir() / "told-pack" / "pack.yaml"
    pack_file.unlink()
    pack_file.mkdir()
    try:
        click(window, *view.dialog.button_center("Add this level"))
        assert view.dialog is not None
        said = view.status.text
        assert said.startswith("Could not ") and str(pack_file) in said and ".tmp" not in said, said
        assert view.dialog.error_text == said
    finally:
        shutil.rmtree(pack_file, ignore_errors=True)
        press(window, key.ESCAPE)
