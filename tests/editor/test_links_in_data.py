"""Links inside the data folder, met as the designer met them (issue 34, item 1), through the editor's
own keys: F5 with data/difficulty a link deletes nothing there and says why on the status line;
Save with data/schema a link leaves the outside schema as it was; a pack in data/my-packs that is
a link out is offered nowhere (Open, the Pack dialog)."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import cell_xy, click, finish_difficulty, header, new_level, press, save_as, set_field
from editor.difficulty import KEPT_RUNS, DifficultyRun
from editor.view import EditorView
from game.io import Pack, load_level, save_pack

key = arcade.key


def snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def every_button(window: Any, view: EditorView) -> list[str]:
    """The buttons on every page of the open dialog, turned as a designer turns them (Next >)."""
    seen: list[str] = []
    for _ in range(50):
        d = view.dialog
        assert d is not None
        seen += list(d.buttons)
        if "Next >" not in d.buttons:
            break
        click(window, *d.button_center("Next >"))
    return seen


def small_level(window: Any, view: EditorView, level_id: str) -> None:
    new_level(window, view, "match3", 5, 5)
    set_field(window, view, "moves", "3")
    set_field(window, view, "score", "100")
    press(window, key.KEY_2)
    click(window, *cell_xy(view, (1, 1)))
    set_field(window, view, "id", level_id)


def test_f5_with_a_linked_difficulty_folder_deletes_nothing_there_and_says_so(
        window: Any, editor: EditorView, data_dir: pathlib.Path, tmp_path: pathlib.Path) -> None:
    view = editor
    mine = tmp_path / "mine"
    mine.mkdir()
    for n in range(KEPT_RUNS + 7):                       # reported: one F5 deleted the 7 oldest here
        (mine / f"{n:016x}.json").write_text(f"[{n}]\n")
    before = snapshot(mine)
    store = data_dir / "difficulty-linked"
    store.symlink_to(mine, target_is_directory=True)
    view.difficulty.run.close()
    view.difficulty.run = DifficultyRun(games=4, workers=1, store=store)
    try:
        small_level(window, view, "linked-f5")
        press(window, key.F5)
        finish_difficulty(window, view)
        said = view.status.text
        assert said.startswith("Could not keep the figures: ") and "difficulty-linked is a link" in said, said
        assert view.status.bad and ".tmp" not in said
        assert view.difficulty.run.for_level(view.difficulty.current_hash()) is not None   # shown all the same
        assert snapshot(mine) == before
    finally:
        view.difficulty.run.close()
        store.unlink()


def test_save_with_a_linked_schema_folder_leaves_the_outside_schema(
        window: Any, editor: EditorView, data_dir: pathlib.Path, tmp_path: pathlib.Path) -> None:
    view = editor
    mine = tmp_path / "schema-mine"
    mine.mkdir()
    (mine / "level.schema.json").write_text("{\"mine\": true}\n")
    schema = data_dir / "schema"
    moved = None
    if schema.exists() or schema.is_symlink():
        moved = schema.rename(data_dir / "schema-moved-aside")
    schema.symlink_to(mine, target_is_directory=True)
    try:
        small_level(window, view, "beside-a-link")
        path = save_as(window, view, "beside-a-link")   # Save As through its dialog, then Enter
        assert (mine / "level.schema.json").read_text() == "{\"mine\": true}\n"
        assert load_level(path).id == "beside-a-link" and not view.model.dirty
    finally:
        schema.unlink()
        if moved is not None:
            moved.rename(schema)


def test_a_linked_pack_in_my_packs_is_offered_nowhere(
        window: Any, editor: EditorView, data_dir: pathlib.Path, tmp_path: pathlib.Path) -> None:
    view = editor
    plain = load_level(next((pathlib.Path(__file__).parents[2] / "levels").glob("*/first-swap.yaml")))
    elsewhere = tmp_path / "elsewhere" / "far-away"
    save_pack(Pack(id="far-away", name="Far away", levels=(plain,)), elsewhere)
    before = snapshot(elsewhere)
    (data_dir / "my-packs").mkdir(exist_ok=True)
    link = data_dir / "my-packs" / "far-away"
    link.symlink_to(elsewhere, target_is_directory=True)
    try:
        header(window, view, "Open")
        assert view.dialog is not None
        listed = every_button(window, view)
        assert any("first-swap" in name or "first" in name for name in listed), listed   # the list is there
        assert not any("far-away" in name for name in listed), listed
        press(window, key.ESCAPE)
        header(window, view, "Pack")
        assert view.dialog is not None
        listed = every_button(window, view)
        assert not any("far-away" in name for name in listed), listed
        press(window, key.ESCAPE)
        assert snapshot(elsewhere) == before
    finally:
        link.unlink()
