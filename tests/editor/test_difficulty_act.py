"""Difficulty a designer can act on (issue 23 item 4): what the lost games lacked, the pass rate by
move limit with Apply, axes, and the figures kept with the pack for the next session."""

from __future__ import annotations

import pathlib
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from driving import (
    SCREENSHOTS, center, click, drag, finish_difficulty, frame, new_level, press, resize, save_as, set_field,
    shot, sized,
)
from editor import files
from editor.difficulty import DifficultyRun
from editor.difficulty_sheet import CHART_GAP, SHEET_BG
from editor.look import GOOD, WARN
from editor.view import EditorView
from game.io.playtest_file import results_path, stored_figures
from game.io.packs import load_pack
from looks import near, pixel

key = arcade.key


def _jelly_level(window: Any, view: EditorView) -> None:
    """A 6x6 level whose goal is a bottom row of jelly, with too few moves for most games."""
    new_level(window, view, "match3", 6, 6)
    set_field(window, view, "kinds", "5")
    set_field(window, view, "moves", "4")
    press(window, key.J)
    drag(window, [view.canvas.center((5, c)) for c in range(6)])
    click(window, *center(view.props.buttons["goal_jelly"]))
    assert view.model.draft.flag("goal_jelly") and not view.model.problems()


def _assert_sheet_seen(view: EditorView, image: Any, curve: dict[int, float]) -> None:
    """What the designer sees of the sheet: it covers the board, each limit's pass rate is a
    dot on the curve (the picked one in gold), and the wins histogram shows its bars."""
    sheet = view.difficulty_sheet
    area = sheet.area()
    assert near(pixel(image, area.left + 4, area.bottom + 4), SHEET_BG, 6), "no sheet over the board"
    plot = sheet._curve
    assert plot is not None and sheet.picked is not None
    for limit, rate in curve.items():
        colour = WARN if limit == sheet.picked else GOOD
        assert near(pixel(image, plot.px(limit), plot.py(rate)), colour, 30), f"no dot for {limit} moves"
    right = (int(plot.box.right) + CHART_GAP, image.height - int(plot.box.top), int(area.right),
             image.height - int(plot.box.bottom))
    bars = sum(1 for p in image.crop(right).getdata() if near(p, GOOD, 12))
    assert bars > 300, f"the wins histogram shows {bars} pixels of its bars"


def test_lost_goals_the_limit_curve_and_apply_from_the_sheet(window: Any, editor: EditorView,
                                                              data_dir: pathlib.Path) -> None:
    view = editor
    view.difficulty.run.close()
    view.difficulty.run = DifficultyRun(games=24, workers=1, store=data_dir / "difficulty-act")
    try:
        _jelly_level(window, view)
        press(window, key.F5)
        finish_difficulty(window, view)
        figures = view.difficulty.run.for_level(view.difficulty.current_hash())
        assert figures is not None
        r = figures.report
        lost = r.games - r.wins
        assert lost > 0 and r.lost_goals and r.lost_goals[0].goal == "jelly"
        # Every lost game ended with jelly left (the only goal), by at least one layer.
        assert r.lost_goals[0].share == 1.0 and r.lost_goals[0].missing >= 1
        # The panel says it in a line, and its histogram has numbers on its axes.
        texts = {k: t.text for k, t in view.texts.shown.items() if t.visible}
        assert "lost: 100% jelly left" in texts["d2"]
        assert texts["dh:y"].isdigit() and "moves" in texts["dh:xcap"]
        # The curve: the pass rate for limits from half the limit to the games' raised limit,
        # never falling as the limit grows, and the level's own limit gives its pass rate.
        curve = dict(r.limit_curve)
        assert min(curve) == 2 and max(curve) >= 8
        assert list(curve.values()) == sorted(curve.values())
        assert curve[4] == r.pass_rate
        # F6: the sheet over the board, with what the lost games lacked and both charts.
        press(window, key.F6)
        sheet = view.difficulty_sheet
        assert sheet.is_open
        frame(window)
        shown = sheet.labels.said()
        assert shown["lost"] == f"Of the {lost} lost games:"
        assert shown["lost0"].startswith("100% ended with jelly left")
        assert shown["c:xt"] == "move limit" and shown["c:y4"] == "100%" and shown["h:yt"] == "games"
        image = shot(window, view, SCREENSHOTS / "editor-difficulty-sheet.png").convert("RGB")
        _assert_sheet_seen(view, image, curve)
        # Pick a limit on the curve with the mouse, then one more with the keyboard, and Apply.
        plot = sheet._curve
        assert plot is not None
        click(window, plot.px(7), plot.box.center[1])
        assert sheet.picked == 7
        press(window, key.RIGHT)
        assert sheet.picked == 8 and shown != sheet.labels.said()
        assert sheet.labels.said()["cpick"] == f"8 moves: bots win {curve[8]:.0%}"
        click(window, *sheet.buttons["apply"].center)
        assert view.model.draft.moves == 8 and not sheet.is_open
        assert "move limit set to 8" in view.status.text
        press(window, key.Z, key.MOD_CTRL)                 # one undo step: the old limit and figures
        assert view.model.draft.moves == 4 and view.difficulty.run.for_level(view.difficulty.current_hash()) is figures
        # Escape closes the sheet and leaves the editor open.
        press(window, key.F6)
        assert sheet.is_open
        press(window, key.ESCAPE)
        assert not sheet.is_open and view.window.current_view is view
    finally:
        view.difficulty.run.close()


def test_figures_are_kept_in_the_pack_and_read_back_in_a_new_session(window: Any, editor: EditorView,
                                                                     data_dir: pathlib.Path) -> None:
    view = editor
    view.difficulty.run.close()
    view.difficulty.run = DifficultyRun(games=8, workers=1, store=data_dir / "difficulty-kept")
    pack = files.new_pack("kept-figures", "Kept figures")
    try:
        _jelly_level(window, view)
        set_field(window, view, "id", "jelly-row")
        path = save_as(window, view, str(pack.folder / "jelly-row.yaml"))
        pack.add(files.load_draft(path))
        press(window, key.F5)
        finish_difficulty(window, view)
        assert "kept in the pack's playtest.yaml" in view.status.text
        level = load_pack(pack.folder).levels[0]
        stored = stored_figures(pack.folder, "jelly-row", level.content_hash())
        assert stored is not None and stored["games"] == 8 and stored["lost_goals"][0]["goal"] == "jelly"
        assert results_path(pack.folder).is_file()
    finally:
        view.difficulty.run.close()
    # Another session: no figures in the data folder's store, the pack's file says them.
    view.difficulty.run = DifficultyRun(games=20, workers=1, store=data_dir / "difficulty-empty")
    press(window, key.W, key.MOD_CTRL)              # closed (saved: nothing asked), then opened again
    assert view.model.path is None
    view.open_path(path)
    frame(window)
    figures = view.difficulty.run.for_level(view.difficulty.current_hash())
    assert figures is not None and figures.records == () and figures.report.games == 8
    assert view.texts.shown["d1"].text.startswith(f"{figures.report.label}: bots win")
    assert view.texts.shown["dh:kept"].text.startswith("kept in the pack's playtest.yaml")
    with sized(window):   # in the panel, not past it, and clear of the line above, in the full and the smallest window
        for width, height in ((1280, 800), (1024, 720)):
            resize(window, width, height)
            kept = [t for k, t in view.texts.shown.items() if k.startswith("dh:kept") and t.visible]
            above = view.texts.shown["d2"]
            for t in kept:
                assert t.x + t.content_width <= view.difficulty.rect().right - 4, (width, t.text)
                assert t.y + t.content_height / 2 <= above.y - above.content_height / 2 + 2, (width, t.text)
    # The sheet draws the stored curve; the histogram asks for a run (no games kept).
    press(window, key.F6)
    assert view.difficulty_sheet.labels.said()["hnone"].startswith("kept figures")
    press(window, key.ESCAPE)
    # F5 plays them (issue 34): the kept figures have no games, so no throwaway edit is needed
    # for the wins histogram; once played, the same games would play the same, and it says so.
    press(window, key.F5)
    assert view.difficulty.run.running, view.status.text
    finish_difficulty(window, view)
    figures = view.difficulty.run.for_level(view.difficulty.current_hash())
    assert figures is not None and len(figures.records) == 20
    press(window, key.F5)
    assert not view.difficulty.run.running and "as it is now" in view.status.text
    # An edit makes them stale: the panel says so instead of showing another level's figures.
    set_field(window, view, "moves", "5")
    assert view.difficulty.run.for_level(view.difficulty.current_hash()) is None
    view.difficulty.run.close()
