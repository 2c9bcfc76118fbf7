"""At the editor's smallest window (1024 x 720) every text of the Difficulty panel, the F6 sheet and
the F7 overview stays inside its panel, clear of the properties and of every other text (issue 34:
they ran into each other and past their panels, and hid the suggested move limit)."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import pytest
from arcade import gui

from drawn_texts import Box, Drawn, TextWatch, box, describe, inside, overlap, overlapping, resize, visible
from driving import SCREENSHOTS, clear_recoveries, frame, header, press, set_field, shot, sized
from editor import files, open_editor
from editor.difficulty import figures_of
from editor.look import PROPS_W
from editor.view import MIN_WINDOW, EditorView
from game.bots.playtest import PERSON, cap_for, play_seeds
from game.ui import damage
from game.ui.layout import Rect

key = arcade.key
LONG_NAME = "Orchard Dawn Mechanics Collection of the Early Season"


def _shown(texts: Any, keys: Any = None) -> dict[str, tuple[float, float, float, float]]:
    return {k: box(t) for k, t in texts.shown.items()
            if t.visible and str(t.text).strip() and (keys is None or keys(k))}


def _assert_clear(boxes: dict[str, tuple[float, float, float, float]], inside: Rect, what: str) -> None:
    for k, (l, b, r, t) in boxes.items():
        assert inside.left - 1 <= l and r <= inside.right + 1, f"{what}: {k!r} runs past its panel ({l:.0f}-{r:.0f})"
        assert r <= MIN_WINDOW[0] - PROPS_W, f"{what}: {k!r} runs into the properties panel"
    items = sorted(boxes.items())
    for i, (k1, a) in enumerate(items):
        for k2, c in items[i + 1:]:
            assert not overlap(a, c), f"{what}: {k1!r} and {k2!r} overlap"


def test_panels_and_sheets_keep_their_texts_apart_in_the_smallest_window(window: Any,
                                                                       editor: EditorView) -> None:
    view = editor
    pack = files.new_pack("orchard-season", LONG_NAME)
    for lid in ("garden-beds", "pillars", "spiral", "hourglass", "fifteen", "first-swap", "deep-dive",
                "free-play", "nine-tiles"):
        pack.add(files.load_draft(files.levels_dir() / "first-steps" / f"{lid}.yaml"))
    try:
        with sized(window, *MIN_WINDOW):
            view.open_path(pack.folder / "garden-beds.yaml")
            frame(window)
            set_field(window, view, "moves", "40")   # an easy level: the bots' warning is listed too
            level = view.model.level()
            records = tuple(play_seeds(level, tuple(range(12)), PERSON, cap_for(level)))
            view.difficulty.run.figures[level.content_hash()] = figures_of(level, records, view.difficulty.run.target)
            frame(window)
            suggested = view.difficulty.run.for_level(level.content_hash()).report.suggested_moves
            shot(window, view, SCREENSHOTS / "editor-1024-panel.png")
            _assert_clear(_shown(view.texts, lambda k: k.startswith("d")), view.difficulty.rect(), "panel")
            strip = _shown(view.texts, lambda k: k.startswith(("prob", "phead", "status")))
            assert any(k.startswith("prob") for k in strip), "the bots' warning is listed"
            for k, (_l, _b, r, _t) in strip.items():
                assert r <= view.difficulty.rect().left, f"the problems strip's {k!r} runs under the Difficulty panel"
            if suggested is not None and suggested != level.moves:
                assert str(suggested) in view.texts.text("dsuggest"), "the suggested limit is in view"
            press(window, key.F6)
            shot(window, view, SCREENSHOTS / "editor-1024-f6.png")
            _assert_clear(_shown(view.difficulty_sheet.labels), view.difficulty_sheet.area(), "F6 sheet")
            press(window, key.ESCAPE)
            press(window, key.F7)
            assert view.overview.is_open
            shot(window, view, SCREENSHOTS / "editor-1024-f7.png")
            _assert_clear(_shown(view.overview.labels), view.overview.area(), "F7 overview")
            assert view.overview.labels.text("more"), "more levels than fit: the line saying which is shown"
            press(window, key.ESCAPE)
    finally:
        import shutil
        shutil.rmtree(pack.folder)


def _seen_problems(drawn: list[Drawn], covers: list[tuple[Box, int]], size: tuple[int, int], where: str) -> list[str]:
    seen = visible(drawn, covers)
    out = [f"{where}: {describe(a)} overlaps {describe(b)}" for a, b in overlapping(seen)]
    return out + [f"{where}: {describe(d)} runs out of the window" for d in seen if not inside(d.box, (0, 0, *size))]


def _cover(drawn: list[Drawn], area: Box, texts: Any) -> tuple[Box, int]:
    """A sheet or a dialog over the editor: its box, and where its first word comes in the drawing."""
    labels = {id(getattr(t, "label", t)) for t in texts}
    return area, min((d.order for d in drawn if id(d.label) in labels), default=len(drawn))


def test_the_whole_editor_keeps_its_words_apart_and_inside_the_window(
        window: Any, data_dir: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """At its smallest window the editor on a level of each mode, the F6 and F7 sheets and the New
    dialog; the level with the most properties at 1280x800 and 1920x1080 too (every text it
    draws: its own and its widgets'; issue 37: the status line's wrapped lines touched)."""
    monkeypatch.setattr(damage, "ENABLED", False)   # every frame whole: each text drawn
    watch = TextWatch(monkeypatch)                   # before the editor is made: its batches known
    clear_recoveries()
    view = open_editor(window, on_leave=lambda: None)
    problems: list[str] = []
    try:
        resize(window, *MIN_WINDOW)
        for path in ("first-steps/chain-master", "first-steps/grand-slide", "sweet-mechanics/sweet-finale"):
            view.open_path(files.levels_dir() / f"{path}.yaml")   # each mode's properties
            frame(window)
            problems += _seen_problems(watch.frame(view.on_draw, window), [], MIN_WINDOW, f"{path}")
        for sheet, symbol in ((view.difficulty_sheet, key.F6), (view.overview, key.F7)):
            press(window, symbol)
            drawn = watch.frame(view.on_draw, window)
            a = sheet.area()
            cover = _cover(drawn, (a.left, a.bottom, a.right, a.top), sheet.labels.shown.values())
            problems += _seen_problems(drawn, [cover], MIN_WINDOW, f"{type(sheet).__name__}")
            press(window, key.ESCAPE)
        header(window, view, "New")
        dialog = view.dialog
        assert dialog is not None
        drawn = watch.frame(view.on_draw, window)
        left, bottom, width, height = dialog.rect
        words = [w._label for w in dialog.ui.walk_widgets() if isinstance(w, gui.UILabel)]
        cover = _cover(drawn, (left, bottom, left + width, bottom + height), words)
        problems += _seen_problems(drawn, [cover], MIN_WINDOW, "the New dialog")
        press(window, key.ESCAPE)
        for size in ((1280, 800), (1920, 1080)):
            resize(window, *size)
            problems += _seen_problems(watch.frame(view.on_draw, window), [], size, f"sweet-finale at {size}")
    finally:
        view.model.mark_saved()
        resize(window, 1280, 800)
    assert not problems, "\n".join(problems)
