"""At the editor's smallest window (1024 x 720) every text of the Difficulty panel, the F6 sheet and
the F7 overview stays inside its panel, clear of the properties and of every other text (issue 34:
they ran into each other and past their panels, and hid the suggested move limit)."""

from __future__ import annotations

from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from drawn_texts import box, overlap
from driving import SCREENSHOTS, frame, press, set_field, shot, sized
from editor import files
from editor.difficulty import figures_of
from editor.look import PROPS_W
from editor.view import MIN_WINDOW, EditorView
from game.bots.playtest import PERSON, cap_for, play_seeds
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
