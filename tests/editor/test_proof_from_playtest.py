"""A won play-test kept as the level's proof (issue 23 item 5): replays/LEVEL_ID.yaml in the pack,
which gridfall validate and pack install then report proven."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import pytest

from driving import click, frame, press, set_field
from editor import files
from editor.view import EditorView
from game.cli import main
from game.core import Status
from game.io import load_level
from game.io.pack_proofs import proof_file

key = arcade.key

# One slide away from solved: the 8 goes left into the gap.
LEVEL = """format: 1
id: last-tile
name: Last Tile
mode: slide
width: 3
height: 3
moves: 10
layout:
  - "1 2 3"
  - "4 5 6"
  - "7 _ 8"
"""


def _pack(name: str) -> pathlib.Path:
    pack = files.new_pack(name, name.title())
    path = pack.folder / "last-tile.yaml"
    path.write_text(LEVEL, encoding="utf-8")
    pack.edit(lambda: pack.meta.__setitem__("levels", ["last-tile.yaml"]))
    return path


def _win_playtest(window: Any, view: EditorView) -> None:
    """Tab, slide the last tile home, wait for the result, Tab back to the editor."""
    press(window, key.TAB)
    play = window.current_view
    assert play is view.playtester.playing
    if play.goal_card is not None:
        press(window, key.SPACE)                # the goal card has been read
    press(window, key.LEFT)                     # the 8 goes left, into the gap
    for _ in range(240):                       # the slide and the result's pause, frame by frame
        frame(window, 1 / 30)
        if play.result_menu is not None:
            break
    assert play.session.state.status == Status.WON and play.result_menu is not None
    press(window, key.TAB)
    assert window.current_view is view


def test_a_won_playtest_becomes_the_packs_proof(window: Any, editor: EditorView,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    view = editor
    path = _pack("proven-pack")
    view.open_path(path)
    frame(window)
    assert main(["pack", "install", str(path.parent)]) == 0
    assert "0 of 1 levels proven" in capsys.readouterr().out
    _win_playtest(window, view)
    dialog = view.dialog
    assert dialog is not None and dialog.title == "Won in 1 move"
    click(window, *dialog.button_center("Keep as proof"))
    assert view.dialog is None and "kept as the proof of last-tile: replays/last-tile.yaml" in view.status.text
    proof = proof_file(path.parent, "last-tile")
    assert proof.is_file()
    assert main(["validate", str(path.parent)]) == 0
    assert "1 of 1 levels proven by their replays" in capsys.readouterr().err
    assert main(["pack", "install", "--replace", str(path.parent)]) == 0
    assert "1 of 1 levels proven by the author's replays" in capsys.readouterr().out
    # Not now: nothing written; a lost or abandoned play-test offers nothing.
    first = proof.read_bytes()
    _win_playtest(window, view)
    click(window, *view.dialog.button_center("Not now"))    # type: ignore[union-attr]
    assert view.dialog is None and proof.read_bytes() == first
    press(window, key.TAB)
    press(window, key.TAB)                                   # left at once: no win, no question
    assert view.dialog is None and window.current_view is view


def test_an_edited_level_is_saved_first_and_the_proof_proves_the_file(window: Any, editor: EditorView,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    view = editor
    path = _pack("edited-pack")
    view.open_path(path)
    set_field(window, view, "moves", "12")
    assert view.model.dirty
    _win_playtest(window, view)
    dialog = view.dialog
    assert dialog is not None and dialog.default == "Keep as proof"
    press(window, key.ENTER)
    assert not view.model.dirty and load_level(path).moves == 12
    assert main(["validate", str(path.parent)]) == 0
    assert "1 of 1 levels proven" in capsys.readouterr().err


def test_keep_proof_refuses_a_game_that_does_not_win_and_a_linked_folder(tmp_path: pathlib.Path) -> None:
    from game.core import Slide
    from game.io.pack_proofs import keep_proof
    from game.io.replay import ReplayFileError

    (tmp_path / "last-tile.yaml").write_text(LEVEL, encoding="utf-8")
    level = load_level(tmp_path / "last-tile.yaml")
    with pytest.raises(ReplayFileError, match="not won"):
        keep_proof(tmp_path, "p", level, 0, [Slide((1, 1))])          # the 5 down: not solved
    with pytest.raises(ReplayFileError, match="does not play"):
        keep_proof(tmp_path, "p", level, 0, [Slide((0, 0))])          # not next to the gap
    assert not (tmp_path / "replays").exists()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "replays").symlink_to(elsewhere)
    with pytest.raises(ReplayFileError, match="is a link"):
        keep_proof(tmp_path, "p", level, 0, [Slide((2, 2))])
    assert list(elsewhere.iterdir()) == []
