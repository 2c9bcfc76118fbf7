"""The pack at a glance (issue 23 item 1): cards for every level, drag to reorder, duplicate, a new
level in one step, the bots on every level in the background and the pack's curve."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade

from looks import drawn_without, near, pixel, text_seen
from driving import SCREENSHOTS, click, drag, frame, header, press, shot
from editor import files
from editor.look import SELECTED
from editor.pack_run import PackRun
from editor.view import EditorView
from game.io import load_pack
from game.io.paths import levels_dir
from game.io.playtest_file import read_results

key = arcade.key
SHIPPED = levels_dir() / "first-steps"


def _pack() -> files.PackFolder:
    pack = files.new_pack("glance", "At a glance")
    for name in ("first-swap.yaml", "token-walk.yaml", "slide-in.yaml"):
        (pack.folder / name).write_bytes((SHIPPED / name).read_bytes())
    pack.edit(lambda: pack.meta.__setitem__("levels", ["first-swap.yaml", "token-walk.yaml", "slide-in.yaml"]))
    return pack


def test_the_overview_shows_reorders_duplicates_adds_and_plays_every_level(window: Any, editor: EditorView) -> None:
    view = editor
    pack = _pack()
    view.open_path(pack.folder / "first-swap.yaml")
    header(window, view, "Overview")
    ov = view.overview
    assert ov.is_open and [c.name for c in ov.cards] == ["first-swap.yaml", "token-walk.yaml", "slide-in.yaml"]
    shown = ov.labels.said()
    assert shown["n0"].startswith("1. ") and shown["m0"] == "match3 · 10 moves" and shown["p0"] == "bots: not played"
    assert shown["m2"].startswith("slide") and shown["g2"] == "solve it"
    # Drag the third card onto the first: it is level 1 now, in pack.yaml.
    (r2, _), (r0, _) = ov.card_rects[2], ov.card_rects[0]
    drag(window, [r2.center, (r2.center[0] - 40, r2.center[1]), r0.center])
    assert files.pack_of(pack.folder / "slide-in.yaml").levels[0] == "slide-in.yaml"   # type: ignore[union-attr]
    assert [c.name for c in ov.cards][0] == "slide-in.yaml" and ov.selected == 0
    # Duplicate the selected level: listed right after it, a new id, the same board.
    click(window, *ov.buttons["duplicate"].center)
    assert [c.name for c in ov.cards][:2] == ["slide-in.yaml", "slide-in-2.yaml"]
    assert ov.cards[1].level is not None and ov.cards[1].level.layout == ov.cards[0].level.layout  # type: ignore[union-attr]
    # The bots on every level, in the background; the curve and the cards show the figures.
    ov.run = PackRun(games=6, workers=1)
    click(window, *ov.buttons["run"].center)
    assert ov.run.running and "stop" in ov.buttons
    futures = [f for level in ov.run._pending for f in level]
    _done, pending = concurrent.futures.wait(futures, timeout=180)
    assert not pending
    frame(window)
    frame(window)
    assert not ov.run.running and "playtest.yaml" in view.status.text
    stored = read_results(load_pack(pack.folder))
    assert stored is not None and len(stored.levels) == 4 and all(r.current for r in stored.levels.values())
    shown = ov.labels.said()
    assert all(shown[f"p{i}"].startswith("bots win ") for i in range(4))
    assert shown["pc:xt"] == "level" and shown["band:easy"] == "easy"
    image = shot(window, view, SCREENSHOTS / "editor-pack-overview.png").convert("RGB")
    # A card a level, each with its dealt board drawn on it: the frame drawn without the boards
    # differs over most of each board's place.
    boards = ov._sprites
    assert len(boards) == 4
    bare = drawn_without(view, boards)
    for s in boards:
        box = (int(s.left), window.height - int(s.top), int(s.right), window.height - int(s.bottom))
        pairs = zip(image.crop(box).getdata(), bare.crop(box).getdata())
        differ = sum(1 for a, b in pairs if not near(a, b, 20))
        assert differ > 0.3 * s.width * s.height, f"the card at {s.position} shows no board"
    # New level: saved straight into the pack (not the data folder's levels), listed, opened.
    click(window, *ov.buttons["new"].center)
    new = pack.folder / "level-2.yaml"
    assert new.is_file() and view.model.path == new and not ov.is_open
    assert files.pack_of(new).levels[-1] == "level-2.yaml"   # type: ignore[union-attr]
    assert not view.model.problems()
    # Click a card: its level opens in the editor.
    press(window, key.F7)
    assert ov.is_open
    click(window, *ov.card_rects[2][0].center)
    assert view.model.path == pack.folder / ov.cards[2].name and not ov.is_open


def _big_pack(n: int) -> files.PackFolder:
    """A pack of n small levels: more cards than the overview shows at once."""
    import dataclasses

    from editor.draft import blank
    from game.core import Mode

    pack = files.new_pack("many", "Many levels")
    names = []
    for i in range(n):
        draft = dataclasses.replace(blank(Mode.MATCH3, 5, 5, level_id=f"many-{i + 1}", name=f"Many {i + 1}"),
                                    moves=20, score=1000)
        files.save_draft(draft, pack.file_of(draft.id))
        names.append(f"many-{i + 1}.yaml")
    pack.edit(lambda: pack.meta.__setitem__("levels", names))
    return pack


def _shown_names(ov: Any) -> list[str]:
    """The levels whose cards are on the sheet now (their titles as drawn)."""
    shown = ov.labels.said()
    return [shown[f"n{i}"] for _rect, i in ov.card_rects]


def test_the_overview_moves_a_focus_by_keys_pages_and_scrolls_by_a_drag_on_its_empty_space(
        window: Any, editor: EditorView) -> None:
    view = editor
    pack = _big_pack(20)
    view.open_path(pack.folder / "many-1.yaml")
    press(window, key.F7)
    ov = view.overview
    assert ov.is_open and len(ov.cards) == 20
    cols, rows = ov._grid
    per_screen = cols * rows
    assert per_screen < 20, "the test needs more cards than one screen shows"
    first_screen = _shown_names(ov)
    assert first_screen[0].startswith("1. ") and len(first_screen) == per_screen
    assert "n19" not in ov.labels.said()
    # Arrows move the focus: right one card, down one row; the focused card is drawn outlined.
    press(window, key.RIGHT)
    press(window, key.DOWN)
    assert ov.selected == 1 + cols
    # End: the last level, scrolled into view; Home: back to the first.
    press(window, key.END)
    assert ov.selected == 19 and ov.labels.said()["n19"].startswith("20. ")
    assert "n0" not in ov.labels.said()
    image = shot(window, view, SCREENSHOTS / "editor-overview-end.png")
    # Seen: the last card's name, and the focus outline around that card alone.
    assert text_seen(image, ov.labels.shown["n19"])
    for rect, index in ov.card_rects:
        edge = pixel(image, rect.left, rect.center[1])
        assert near(edge, SELECTED, 12) == (index == 19), (index, edge)
    press(window, key.HOME)
    assert ov.selected == 0 and _shown_names(ov) == first_screen
    # PgDn: a screenful on (the focus with it); PgUp back.
    press(window, key.PAGEDOWN)
    assert ov.selected == per_screen and _shown_names(ov)[0].startswith(f"{per_screen + 1}. ")
    press(window, key.PAGEUP)
    assert ov.selected == 0 and _shown_names(ov) == first_screen
    # A drag on the empty space (below the cards, not on one) scrolls them; the pack's order stays.
    cards_bottom = min(r.bottom for r, _ in ov.card_rects)
    x = ov.area().center[0]
    start = (x, cards_bottom - 8)
    assert all(not r.contains(*start) for r, _ in ov.card_rects)
    drag(window, [start, (x, start[1] + 60), (x, start[1] + 2 * (150 + 8))])
    assert ov.first_row == 2 and _shown_names(ov)[0].startswith(f"{2 * cols + 1}. ")
    assert files.pack_of(pack.folder / "many-1.yaml").levels == [f"many-{i + 1}.yaml" for i in range(20)]  # type: ignore[union-attr]
    drag(window, [start, (x, start[1] - 2 * (150 + 8))])   # and back down
    assert ov.first_row == 0
    # Enter opens the focused level.
    press(window, key.END)
    press(window, key.LEFT)
    press(window, key.ENTER)
    assert not ov.is_open and view.model.path == pack.folder / "many-19.yaml"


def test_a_pack_of_one_level_and_its_goals_are_told_in_words(window: Any, editor: EditorView) -> None:
    """The sheet's title counts its levels as a designer says them ("1 levels" read wrong), and
    its card the tiles a level asks for by their names ("3 of kind 3" read as a riddle)."""
    pack = files.new_pack("single", "Single")
    (pack.folder / "line-of-four.yaml").write_bytes((SHIPPED / "line-of-four.yaml").read_bytes())
    pack.edit(lambda: pack.meta.__setitem__("levels", ["line-of-four.yaml"]))
    editor.open_path(pack.folder / "line-of-four.yaml")
    press(window, key.F7)
    shown = editor.overview.labels.said()
    assert shown["title"] == "Pack 'Single': 1 level" and shown["g0"] == "3 squares, 3 diamonds"
    press(window, key.ESCAPE)
