"""A rename in the editor is a refactor (issue 34, items 4 and 5): it carries the pack's list, the
proof, the stored figures and the deal in one step, one undo step, and never lands on another
level's id, whatever case or shape that id is typed in."""

from __future__ import annotations

import dataclasses
import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import click, frame, press, set_field
from editor.view import EditorView
from game.core import new_game
from game.io import level_to_yaml, load_level, load_pack
from game.io.pack_proofs import Verdict, prove_pack
from game.io.paths import user_packs_dir
from game.io.playtest_file import stored_figures
from game.io.rename import rename_level
from proven_pack import LEVELS, gridfall, proven_pack, snapshot

key = arcade.key


def listed(folder: pathlib.Path) -> list[str]:
    return [level.id for level in load_pack(folder).levels]


def texts(view: EditorView) -> str:
    assert view.dialog is not None
    return " ".join(str(w.text) for w in view.dialog.ui.walk_widgets() if hasattr(w, "text"))




def test_a_rename_carries_the_list_the_proof_the_figures_and_the_deal(window: Any, editor: EditorView) -> None:
    view = editor
    folder = proven_pack(user_packs_dir() / "lucky-pack", "lucky-pack")
    old = load_level(folder / "falling-luck.yaml")
    dealt = new_game(old, old.play_seed).grid
    view.open_path(folder / "falling-luck.yaml")
    frame(window)
    set_field(window, view, "id", "lucky-fall")
    # The id seeds the deal: the draft now names the id it was dealt under, so the board shown
    # (and played, and proved) is the same one.
    assert view.model.draft.deal_id == "falling-luck"
    assert new_game(view.model.level(), old.play_seed).grid == dealt
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is not None and "Rename" in view.dialog.buttons
    assert ("A rename carries its place in the pack, its proof, its figures and its deal stays"
            in texts(view)), texts(view)
    click(window, *view.dialog.button_center("Rename"))
    assert view.dialog is None and not view.model.dirty
    said = view.status.text
    assert "renamed falling-luck.yaml to lucky-fall.yaml" in said
    assert "its place in the pack, its proof, its figures" in said and "the deal stays" in said, said
    # The list names the new file in the old one's place; the old files are gone.
    assert listed(folder) == [LEVELS[0], "lucky-fall", *LEVELS[2:]]
    assert not (folder / "falling-luck.yaml").exists() and not (folder / "replays" / "falling-luck.yaml").exists()
    new = load_level(folder / "lucky-fall.yaml")
    assert "deal_id: falling-luck" in (folder / "lucky-fall.yaml").read_text()
    assert new.deal_id == "falling-luck" and new_game(new, new.play_seed).grid == dealt
    assert new.play_hash() == old.play_hash()
    assert stored_figures(folder, "lucky-fall", new.content_hash()) is not None
    assert [p.verdict for p in prove_pack(load_pack(folder))] == [Verdict.PROVEN] * 6
    done = gridfall("validate", str(folder))
    assert done.returncode == 0 and "6 of 6 levels proven" in done.stderr, done.stderr
    # One undo step takes the id and the deal's note back together.
    press(window, key.Z, key.MOD_CTRL)
    assert view.model.draft.id == "falling-luck" and view.model.draft.deal_id is None


def test_a_taken_id_is_refused_however_it_is_typed_and_a_free_one_is_offered(
        window: Any, editor: EditorView) -> None:
    view = editor
    folder = proven_pack(user_packs_dir() / "taken-ids", "taken-ids")
    before = snapshot(folder)
    view.open_path(folder / "falling-luck.yaml")
    frame(window)
    set_field(window, view, "id", "First-Swap")          # the panel warns before any save
    frame(window)
    assert any("first-swap.yaml" in str(w) and "refuses this id" in str(w) for w in view.problems.warnings())
    for typed, says in (("first-swap", "'first-swap.yaml' already exists"),
                        ("First-Swap", "but for letter case"),
                        ("pack", "the pack's own pack.yaml"), ("PlayTest", "the pack's own playtest.yaml")):
        set_field(window, view, "id", typed)
        press(window, key.S, key.MOD_CTRL)
        assert view.dialog is not None and view.dialog.title == f"The id '{typed}' is taken", typed
        assert says in texts(view) and "never replaces another level" in texts(view), texts(view)
        press(window, key.ESCAPE)
        assert snapshot(folder) == before, typed
    set_field(window, view, "id", "bad id")              # no id at all: said, nothing written
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is None and "not saved" in view.status.text and snapshot(folder) == before
    # The free id offered is taken at a click, and the rename then goes as any other.
    set_field(window, view, "id", "first-swap")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Use 'first-swap-2'"))
    assert view.model.draft.id == "first-swap-2" and view.dialog is not None
    click(window, *view.dialog.button_center("Rename"))
    assert listed(folder) == [LEVELS[0], "first-swap-2", *LEVELS[2:]]
    assert (folder / "first-swap.yaml").read_bytes() == before["first-swap.yaml"]


def test_the_id_of_a_level_in_another_pack_is_free_and_that_pack_is_untouched(
        window: Any, editor: EditorView) -> None:
    view = editor
    meadow = proven_pack(user_packs_dir() / "their-pack", "their-pack")
    budget = load_level(meadow / "tight-budget.yaml")
    rename_level(meadow / "tight-budget.yaml", "windfall",
                 level_to_yaml(dataclasses.replace(budget, id="windfall", deal_id="tight-budget")))
    theirs = snapshot(meadow)
    orchard = proven_pack(user_packs_dir() / "our-pack", "our-pack")
    view.open_path(orchard / "falling-luck.yaml")
    frame(window)
    set_field(window, view, "id", "windfall")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Rename"))
    assert "windfall" in listed(orchard) and snapshot(meadow) == theirs
    assert [p.verdict for p in prove_pack(load_pack(meadow))] == [Verdict.PROVEN] * 6
    assert [p.verdict for p in prove_pack(load_pack(orchard))] == [Verdict.PROVEN] * 6


def test_a_rename_carries_the_players_stars_and_the_game_keeps_them(window: Any, data_dir: pathlib.Path) -> None:
    """The player's stars and best score on a level are kept by its id: a rename from the editor
    opened from the game's title moves them, and the game, back at its title, keeps them there."""
    import editor as editor_pkg
    from game.io.progress import load_progress, save_progress
    from game.ui.app import App
    from driving import clear_recoveries

    clear_recoveries()
    folder = proven_pack(user_packs_dir() / "starry-pack", "starry-pack")
    before = load_progress().progress
    before.record_win("starry-pack", "falling-luck", 4321, 3)
    save_progress(before)
    app = App(window, editor_factory=editor_pkg.open_editor)
    app.show_title()
    app.open_editor()                                 # the title's level editor button
    view = window.current_view
    assert isinstance(view, EditorView)
    view.open_path(folder / "falling-luck.yaml")
    frame(window)
    set_field(window, view, "id", "starry-fall")
    press(window, key.S, key.MOD_CTRL)
    click(window, *view.dialog.button_center("Rename"))
    assert "the player's stars" in view.status.text, view.status.text
    kept = load_progress().progress
    assert kept.get("starry-pack", "starry-fall").stars == 3 and kept.get("starry-pack", "starry-fall").best_score == 4321
    assert kept.get("starry-pack", "falling-luck").is_blank()
    press(window, key.ESCAPE)                         # back to the game's title
    frame(window)
    assert not isinstance(window.current_view, EditorView)
    assert app.saves.progress.get("starry-pack", "starry-fall").stars == 3
    app.saves.save_progress()                         # the game's next save keeps the new id
    assert load_progress().progress.get("starry-pack", "starry-fall").stars == 3
    assert load_progress().progress.get("starry-pack", "falling-luck").is_blank()
