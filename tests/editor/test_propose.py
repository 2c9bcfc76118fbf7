"""Proposals from the pack overview (issue 35 item 2): P on a card asks the generator for three
levels for that place in the background, with a progress line and Esc to cancel; they come in
as draft tabs with their made: note, and 'Add ... here' lists one at the place (one undo step)."""

from __future__ import annotations

import concurrent.futures
import dataclasses
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
from arcade import gui

from driving import click, frame, press
from editor import files
from editor.propose import band_between, request_for
from editor.view import EditorView
from game.bots.playtest import PERSON, cap_for, play_seeds, report
from game.core import Lesson, Mode, Status
from game.io import load_level, load_pack
from game.io.paths import levels_dir
from game.io.playtest_file import write_results
from game.io.replay import load_replay, verify_replay

key = arcade.key
SHIPPED = levels_dir() / "first-steps"
# A test's counts (the shipped ones are 1,000 fresh games, 300 search games, 20 lesson games).
TINY = {"games": 60, "search_games": 40, "lesson_games": 4, "workers": 1}


def _pack(pack_id: str, rates: dict[str, float]) -> files.PackFolder:
    """A pack of the given levels, each with kept bot figures at the given pass rate."""
    pack = files.new_pack(pack_id, "Proposing")
    figures = []
    for name, rate in rates.items():
        (pack.folder / name).write_bytes((SHIPPED / name).read_bytes())
        level = load_level(pack.folder / name)
        played = report(level, tuple(play_seeds(level, (0, 1), PERSON, cap_for(level))), PERSON, 0.5, cap_for(level))
        figures.append(dataclasses.replace(played, pass_rate=rate).to_dict())
    pack.edit(lambda: pack.meta.__setitem__("levels", list(rates)))
    write_results(pack.folder, pack_id, PERSON, 2, "2026-12-02", figures)
    return pack


def _wait(view: EditorView, window: Any) -> None:
    """Until the run's outcome is in (a frame after it ended hands it over)."""
    future = view.overview.proposer.done()
    if future is not None:
        _done, pending = concurrent.futures.wait([future], timeout=600)
        assert not pending
    frame(window)


def test_p_proposes_three_levels_that_come_as_tabs_and_one_is_added_at_the_place(
        window: Any, editor: EditorView, monkeypatch: Any) -> None:
    view = editor
    # The run waits for the test to have seen it running (a tiny request can finish at once).
    import threading
    import editor.propose as propose
    seen, real = threading.Event(), propose.generate
    monkeypatch.setattr(propose, "generate", lambda *a, **k: (seen.wait(60), real(*a, **k))[1])
    pack = _pack("proposing", {"slide-in.yaml": 0.02, "first-swap.yaml": 0.98})
    view.open_path(pack.folder / "first-swap.yaml")
    press(window, key.F7)
    ov = view.overview
    assert ov.is_open and len(ov.cards) == 2 and ov.cards[1].figures is not None
    press(window, key.HOME)
    press(window, key.RIGHT)   # the focus on level 2: the proposals go before it
    ov.proposer.tuning = dict(TINY)
    tabs_before = len(view.tabs)
    press(window, key.P)
    assert ov.proposer.running and "band 2%-98%" in view.status.text
    request = ov.proposer.request
    assert request is not None and request.mode == Mode.MATCH3 and (request.width, request.kinds) == (6, 4)
    frame(window)
    assert "cancel" in ov.buttons and ov.labels.said()["proposing"].startswith("proposing before level 2")
    seen.set()
    _wait(view, window)
    # Three draft tabs, each a level not saved anywhere, with its made: note riding along.
    assert "3 proposals" in view.status.text, view.status.text
    assert len(view.tabs) == tabs_before + 3
    for tab in view.tabs.tabs[-3:]:
        draft = tab.model.draft
        assert tab.model.path is None and draft.id.startswith("proposal-")
        assert any(path == ("made",) for path, _ in draft.kept)
    # The overview still shows, with an Add button for each: the second goes in before level 2.
    assert ov.is_open and not ov.proposer.running
    frame(window)
    assert {"add:0", "add:1", "add:2"} <= set(ov.buttons)
    added = ov.proposals[1].level
    steps = len(ov.pack.past)
    click(window, *ov.buttons["add:1"].center)
    listed = load_pack(pack.folder)
    assert [lv.id for lv in listed.levels] == ["slide-in", added.id, "first-swap"]
    kept = listed.levels[1]
    assert kept.made is not None and kept.made == added.made
    replay = load_replay(pack.folder / "replays" / f"{added.id}.yaml")
    assert verify_replay(replay, kept).state.status == Status.WON
    assert len(ov.pack.past) == steps + 1 and len(ov.proposals) == 2
    # Its tab is the pack's file now: the title names the file, nothing is unsaved, and Ctrl+S
    # writes there (no Save As, no twin); the two not added are still proposals.
    file = pack.folder / f"{added.id}.yaml"
    linked = [t.model for t in view.tabs.tabs if t.model.draft.id == added.id]
    assert len(linked) == 1 and linked[0].path == file and not linked[0].dirty
    press(window, key.ESCAPE)                        # the overview closes; the last proposal shows
    assert "proposed, not saved" in view.title()
    press(window, key.TAB, key.MOD_CTRL | key.MOD_SHIFT)
    assert view.model is linked[0] and "proposed" not in view.title() and file.name in view.title()
    press(window, key.S, key.MOD_CTRL)
    assert view.dialog is None and not view.model.dirty
    assert [lv.id for lv in load_pack(pack.folder).levels] == ["slide-in", added.id, "first-swap"]
    assert ov.pack.undo()   # one step unlists it again
    assert files.pack_of(pack.folder / "first-swap.yaml").levels == ["slide-in.yaml", "first-swap.yaml"]
    # Leaving says the two proposals not added are saved nowhere (it said "all saved").
    press(window, key.ESCAPE)
    assert view.dialog is not None and view.dialog.title == "Leave the editor?"
    words = " ".join(str(w.text) for w in view.dialog.ui.walk_widgets() if isinstance(w, gui.UILabel))
    assert "2 of them are proposals saved nowhere" in words and "all saved" not in words
    press(window, key.ESCAPE)   # stay


def test_esc_cancels_the_proposing_and_leaves_the_overview_open(window: Any, editor: EditorView) -> None:
    view = editor
    pack = _pack("cancelling", {"first-swap.yaml": 0.3, "falling-luck.yaml": 0.7})
    view.open_path(pack.folder / "first-swap.yaml")
    press(window, key.F7)
    ov = view.overview
    ov.proposer.tuning = {"workers": 1}   # the shipped counts: far longer than the test waits
    press(window, key.P)
    assert ov.proposer.running
    frame(window)   # one key, one meaning on the sheet: Esc is the Cancel button's, not Close's
    shown = ov.labels.said()
    assert shown["b:cancel"] == "Cancel (Esc)" and shown["b:close"] == "Close"
    press(window, key.ESCAPE)
    _wait(view, window)
    assert ov.is_open and not ov.proposer.running and "cancelled" in view.status.text
    frame(window)
    assert ov.labels.said()["b:close"] == "Close (Esc)"
    press(window, key.ESCAPE)
    assert not ov.is_open


def test_the_band_lies_between_the_neighbours_widened_and_the_lesson_is_the_next_levels() -> None:
    assert band_between([0.3, 0.8]) == (0.3, 0.8)
    assert band_between([0.5, 0.6]) == (0.45, 0.65)
    assert band_between([0.01]) == (0.02, 0.22) and band_between([]) == (0.4, 0.6)
    plain = load_level(SHIPPED / "first-swap.yaml")
    jelly = dataclasses.replace(load_level(SHIPPED / "garden-beds.yaml"), teaches=Lesson.JELLY)
    asked = request_for([plain, jelly], [0.9, 0.5], 1, ("a", "b", "c"), **TINY)
    assert not isinstance(asked, str)
    assert asked.teaches == Lesson.JELLY and Lesson.JELLY in asked.blockers and asked.band == (0.5, 0.9)
    assert (asked.width, asked.height) == (8, 8) and asked.untaught == ()
    # After the jelly level the lesson is behind: none taught, none still to come.
    later = request_for([plain, jelly], [0.9, 0.5], 2, ("a", "b", "c"), **TINY)
    assert not isinstance(later, str) and later.teaches is None and later.untaught == ()
    # Before the first level, jelly is still to come: the proposals must not use it by accident.
    first = request_for([plain, plain, jelly], [None, 0.9, 0.5], 1, ("a", "b", "c"), **TINY)
    assert not isinstance(first, str) and first.teaches is None and first.untaught == (Lesson.JELLY,)
    assert request_for([load_level(SHIPPED / "slide-in.yaml")], [None], 0, ("a",)) == \
        "no match3 or chain level next to this place to take the board from"
