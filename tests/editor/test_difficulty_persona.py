"""A persona in the editor's Difficulty panel (issue 36): a persona `gridfall calibrate` wrote to the
personas folder is offered beside the person-like bot; F5 then plays the level as that persona, whose
figures are kept apart from the person-like bot's (and never written into the pack's playtest.yaml)."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import SCREENSHOTS, click, difficulty_said, finish_difficulty, frame, new_level, press, set_field
from editor.difficulty import DifficultyRun
from editor.view import EditorView
from game.bots.persona import Persona
from game.bots.persona_file import save_persona
from game.io.paths import personas_dir

key = arcade.key
CARELESS = Persona(name="my testers", notice=0.2, wanted_weight=1.0, depth_weight=0.0)


def test_a_persona_in_the_folder_is_offered_and_f5_plays_as_it(window: Any, editor: EditorView) -> None:
    view = editor
    view.difficulty.run.close()
    view.difficulty.run = DifficultyRun(games=40, workers=1)
    folder = personas_dir()
    for old in folder.glob("*.yaml"):
        old.unlink()
    try:
        new_level(window, view, "match3", 6, 6)
        set_field(window, view, "moves", "8")
        set_field(window, view, "score", "400")
        frame(window)
        assert "bot" not in view.difficulty.buttons          # no persona yet: nothing to choose
        save_persona(CARELESS, folder / "my-testers.yaml")
        (folder / "broken.yaml").write_text("persona: 1\nname: [\n", encoding="utf-8")
        new_level(window, view, "match3", 6, 6)               # another level: the folder is read again
        set_field(window, view, "moves", "8")
        set_field(window, view, "score", "400")
        frame(window)
        click(window, *view.difficulty.buttons["bot"].center)
        assert view.difficulty.run.bot == CARELESS
        assert "my testers plays the level" in view.status.text and "broken.yaml" in view.status.text
        frame(window)
        assert "my testers plays it 40 times" in " ".join(difficulty_said(view).values())
        press(window, key.F5)
        assert "my testers is playing it 40 times" in view.status.text
        finish_difficulty(window, view)
        mine = view.difficulty.figures()
        assert mine is not None and mine.bot == CARELESS and mine.report.bot == "persona:my testers"
        assert "difficulty for my testers:" in view.status.text and "wins" in difficulty_said(view)["d1"]
        click(window, *view.difficulty.buttons["higher"].center)   # aimed at 70%: still the persona's games
        assert view.difficulty.figures() is not None and view.difficulty.figures().bot == CARELESS
        mine = view.difficulty.figures()
        # Back to the person-like bot: its figures are its own (none yet), the persona's are kept.
        click(window, *view.difficulty.buttons["bot"].center)
        assert view.difficulty.run.bot == "person" and view.difficulty.figures() is None
        press(window, key.F5)
        finish_difficulty(window, view)
        theirs = view.difficulty.figures()
        assert theirs is not None and theirs.bot == "person" and theirs.report.bot == "person"
        # The careless testers win less often than the person-like bot (notice 0.2 against 0.75).
        assert mine.report.pass_rate < theirs.report.pass_rate
        click(window, *view.difficulty.buttons["bot"].center)
        assert view.difficulty.figures() is mine
    finally:
        for made in folder.glob("*.yaml"):
            made.unlink()


def test_the_overview_draws_the_personas_curve_beside_the_bots(window: Any, editor: EditorView) -> None:
    from driving import header, shot
    from editor import files
    from editor.pack_run import PackRun
    from game.io.paths import levels_dir

    view = editor
    folder = personas_dir()
    save_persona(CARELESS, folder / "my-testers.yaml")
    pack = files.new_pack("testers", "Tested")
    names = ["first-swap.yaml", "falling-luck.yaml"]
    for name in names:
        (pack.folder / name).write_bytes((levels_dir() / "first-steps" / name).read_bytes())
    pack.edit(lambda: pack.meta.__setitem__("levels", names))
    try:
        view.open_path(pack.folder / "first-swap.yaml")       # another level: the personas are read
        frame(window)
        click(window, *view.difficulty.buttons["bot"].center)
        assert view.difficulty.run.bot == CARELESS
        header(window, view, "Overview")
        ov = view.overview
        assert ov.is_open and ov.labels.said()["b:run"] == "Run my testers on every level"
        ov.run = PackRun(games=8, workers=1)
        click(window, *ov.buttons["run"].center)
        assert "my testers is playing every level 8 times" in view.status.text
        _done, pending = concurrent.futures.wait([f for level in ov.run._pending for f in level], timeout=180)
        assert not pending
        frame(window)
        frame(window)
        assert "my testers played every level" in view.status.text
        shown = view.difficulty.figures()                       # the level in the editor: its games are in
        assert shown is not None and shown.bot == CARELESS and shown.report.games == 8
        assert all(c.persona is not None and c.persona.games == 8 for c in ov.cards)
        assert not (pack.folder / "playtest.yaml").exists()    # the pack keeps the person-like bot's alone
        said = ov.labels.said()
        assert said["legend0"] == "person-like bot" and said["legend1"] == "my testers"
        shot(window, view, SCREENSHOTS / "editor-overview-persona.png")
        # The panel reads the same games back for a level opened: F5 there would play nothing new.
        click(window, *ov.card_rects[1][0].center)             # opens Falling Luck
        frame(window)
        figures = view.difficulty.figures()
        assert figures is not None and figures.bot == CARELESS and figures.report.games == 8
    finally:
        for made in folder.glob("*.yaml"):
            made.unlink()
