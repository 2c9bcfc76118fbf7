"""The editor's Difficulty panel: bots play the level as it is now, the figures and warnings show,
Apply sets the suggested move limit as one undo step (issue 10, "In the editor")."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import SCREENSHOTS, click, difficulty_said, finish_difficulty, frame, header, new_level, press, resize, set_field, shot, sized
from editor.difficulty import DifficultyRun, histogram, warnings_of
from editor.look import WARN
from editor.view import EditorView
from looks import near

key = arcade.key


def test_difficulty_runs_warns_suggests_and_applies_as_one_undo_step(window: Any, editor: EditorView) -> None:
    view = editor
    view.difficulty.run.close()
    view.difficulty.run = DifficultyRun(games=60, workers=1)
    try:
        new_level(window, view, "match3", 6, 6)
        set_field(window, view, "kinds", "5")
        set_field(window, view, "moves", "2")
        set_field(window, view, "score", "1500")          # far out of reach in 2 moves
        frame(window)
        assert "How hard is it?" in " ".join(difficulty_said(view).values())
        press(window, key.F5)
        assert view.difficulty.run.running and "playing it 60 times" in view.status.text
        frame(window)
        assert "60 person-like bot games" in difficulty_said(view)["d1"]   # the progress line, with its bar
        finish_difficulty(window, view)
        figures = view.difficulty.run.for_level(view.difficulty.current_hash())
        assert figures is not None and figures.report.games == 60
        r = figures.report
        assert r.pass_rate < 0.05 and r.label == "unfair"
        assert difficulty_said(view)["d1"].startswith(f"unfair: bots win {r.pass_rate:.0%}")
        # A warning (never an error) in the problems panel, from the same figures.
        assert any("bots win" in str(w) for w in view.problems.warnings()) and not view.model.problems()
        assert view.texts.shown["phead"].text.startswith("No problems, 1 warning")
        # The suggestion for 60%, read off the same games played on past the limit; Apply sets it.
        suggested = r.suggested_moves
        assert suggested is not None and suggested > 2
        assert sum(histogram(figures.records, suggested)) >= 1
        image = shot(window, view, SCREENSHOTS / "editor-difficulty.png").convert("RGB")
        # The games past the limit are drawn as bars in the panel, and the suggested limit's line
        # in the warning colour: what Apply will set is seen before it is pressed.
        area = view.difficulty.rect()
        panel = list(image.crop((int(area.left), window.height - int(area.top), int(area.right),
                                 window.height - int(area.bottom))).getdata())
        assert sum(1 for p in panel if near(p, (90, 96, 130), 6)) > 20, "no bars past the limit"
        assert sum(1 for p in panel if near(p, WARN[:3], 20)) > 5, "no line at the suggested limit"
        click(window, *view.difficulty.buttons["apply"].center)
        assert view.model.draft.moves == suggested
        assert "stale" in difficulty_said(view)["d2"] and "apply" not in view.difficulty.buttons
        assert not any("bots win" in str(w) for w in view.problems.warnings())   # the figures are not this level's
        press(window, key.Z, key.MOD_CTRL)                 # one undo step: the old limit, its figures back
        assert view.model.draft.moves == 2 and view.difficulty.run.for_level(view.difficulty.current_hash()) is figures
        press(window, key.Y, key.MOD_CTRL)
        assert view.model.draft.moves == suggested
        # Run again: the bots now win about as often as aimed (60 games: within a wide margin).
        header(window, view, "Difficulty")
        finish_difficulty(window, view)
        again = view.difficulty.run.for_level(view.difficulty.current_hash())
        assert again is not None and 0.3 <= again.report.pass_rate <= 0.9, again.report.pass_rate
        assert not warnings_of(again)
        # The target moves the suggestion: aiming higher never asks for fewer moves.
        at60 = again.report.suggested_moves
        click(window, *view.difficulty.buttons["higher"].center)
        assert view.difficulty.run.target == 0.7
        at70 = view.difficulty.run.for_level(view.difficulty.current_hash()).report.suggested_moves  # type: ignore[union-attr]
        assert at60 is not None and at70 is not None and at70 >= at60
    finally:
        view.difficulty.run.close()


def test_a_level_with_problems_is_not_played(window: Any, editor: EditorView) -> None:
    view = editor
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "kinds", "1")                  # one kind: the loader refuses it
    assert view.model.problems()
    press(window, key.F5)
    assert not view.difficulty.run.running and "fix the problems first" in view.status.text


def test_the_heading_never_runs_into_the_details_button_in_a_small_window(window: Any, editor: EditorView) -> None:
    view = editor
    with sized(window):
        for width, height in ((1024, 720), (1280, 800)):
            resize(window, width, height)
            details = view.texts.shown["db:details"]
            assert details.visible
            head = view.texts.shown.get("dhead")
            if head is not None and head.visible:   # the heading, when shown, ends left of the button
                assert head.x + head.content_width + 4 < details.x - details.content_width / 2, (width, head.x)
        assert head is not None and head.visible        # in the full window there is room for it
