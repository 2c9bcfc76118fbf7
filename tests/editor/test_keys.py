"""The key table is the editor's keys: every key the editor handles, in each mode, is on the F1 sheet."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import game.ui  # noqa: F401  (prepares arcade; conftest set ARCADE_HEADLESS)
import arcade
import pytest
from pyglet.window import key as names

from driving import frame, key_sheet, send
from editor.keys import KEY_TABLE, Where, bound
from editor.mirror import Mirror
from editor.model import PEN, EditModel, blank, kind_tool, tile_tool
from editor.view import EditorView

key = arcade.key
CTRL, SHIFT = key.MOD_CTRL, key.MOD_SHIFT

# Every key a keyboard offers that a person might try, plain, shifted and with Ctrl.
CANDIDATES = sorted({getattr(key, name) for name in dir(key) if name.isupper() and not name.startswith("MOD_")
                     and isinstance(getattr(key, name), int) and len(name) > 0
                     and (len(name) == 1 or name.startswith(("KEY_", "NUM_", "F")) or name in (
                         "UP", "DOWN", "LEFT", "RIGHT", "HOME", "END", "PAGEUP", "PAGEDOWN", "SPACE", "ENTER",
                         "RETURN", "TAB", "ESCAPE", "BACKSPACE", "DELETE", "INSERT", "PLUS", "MINUS", "EQUAL",
                         "SLASH", "QUESTION", "ASTERISK", "COMMA", "PERIOD", "BRACKETLEFT", "BRACKETRIGHT"))
                     and getattr(key, name) < 0x1000000})


def _seen(view: EditorView, calls: list[str]) -> tuple[Any, ...]:
    """What a person could notice of the editor: the board, the brush, the cursor, a dialog,
    an open sheet, the status line and the flows a key starts (play-test, bots, leaving)."""
    m = view.model
    return (m.draft, m.tool, m.shape, m.special, m.mirror, view.cursor, view.dialog.title if view.dialog else None,
            view.sheets.open(), view.status.text, tuple(calls))


@pytest.mark.parametrize("mode", ["match3", "chain", "slide"])
def test_every_key_the_editor_handles_is_in_the_key_table(window: Any, editor: EditorView, mode: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    view = editor
    calls: list[str] = []
    # The flows that would leave this screen or start bot processes: that they start is what is seen.
    monkeypatch.setattr(view.playtester, "start", lambda: calls.append("play-test"))
    monkeypatch.setattr(view.difficulty, "start", lambda: calls.append("difficulty"))
    monkeypatch.setattr(view, "leave", lambda: calls.append("leave"))
    view.replace_model(EditModel(blank(mode, 5, 5)))
    level, start = view.model, view.model.draft
    handled: list[tuple[int, int]] = []
    for symbol in CANDIDATES:
        for modifiers in (0, SHIFT, CTRL, CTRL | SHIFT):
            if view.model is not level:   # the key put another level in the editor (New, a tab closed)
                view.replace_model(EditModel(blank(mode, 5, 5)))
                level, start = view.model, view.model.draft
            # The same editor as at the start, before each key: the edit undone, the brush as new.
            m = view.model
            while m.undo():
                pass
            assert m.draft == start
            m.select(tile_tool(1) if mode == "slide" else kind_tool(1))
            m.shape, m.special, m.mirror = PEN, "", Mirror.OFF
            m.cancel_rect()
            view.cursor = (2, 2)
            view.say("")
            calls.clear()
            before = _seen(view, calls)
            send(window, "on_key_press", symbol, modifiers)
            if _seen(view, calls) != before:
                handled.append((symbol, modifiers))
            view.close_dialog()
            sheet = view.sheets.open()
            if sheet is not None:
                sheet.key(key.ESCAPE, 0)
    missing = [(names.symbol_string(s), names.modifiers_string(m)) for s, m in handled if not bound(s, m)]
    assert not missing, f"keys the editor handles that the key sheet does not list: {missing}"
    assert len(handled) > 40   # the walk did press keys the editor takes


def test_each_row_of_the_table_does_something_somewhere_and_is_on_the_sheet(window: Any, editor: EditorView) -> None:
    texts = key_sheet(window, editor)
    for row in KEY_TABLE:
        assert row.keys in texts and row.what in texts
        assert row.symbols or row.typed or "click" in row.keys   # a row names real keys
    assert {w.value for w in Where} <= set(texts) | {Where.EDITOR.value}


def test_every_key_the_pack_overview_handles_is_in_its_rows(window: Any, editor: EditorView,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from editor import files
    from editor.draft import blank as blank_draft
    from game.core import Mode

    view = editor
    for flow, name in ((view.playtester, "start"), (view.difficulty, "start"), (view, "leave")):
        monkeypatch.setattr(flow, name, lambda: None)   # a key the overview passes on: not its own
    pack = files.new_pack("keyed", "Keyed")
    names = []
    for i in range(12):
        draft = dataclasses.replace(blank_draft(Mode.MATCH3, 5, 5, level_id=f"keyed-{i + 1}"), moves=20, score=1000)
        files.save_draft(draft, pack.file_of(draft.id))
        names.append(f"keyed-{i + 1}.yaml")
    pack.edit(lambda: pack.meta.__setitem__("levels", names))
    first = pack.folder / "keyed-1.yaml"
    ov = view.overview
    ov.proposer.tuning = {"workers": 1}   # P starts a run: played here, so Esc stops it at once
    view.open_path(first)
    send(window, "on_key_press", key.F7, 0)
    assert view.model.path == first and ov.is_open
    frame(window)
    handled: list[int] = []
    for symbol in CANDIDATES:
        view.close_dialog()
        while view.model.undo():   # a key passed on to the editor may have painted
            pass
        view.model.mark_saved()
        if view.model.path != first:
            view.open_path(first)
        if not ov.is_open:
            send(window, "on_key_press", key.F7, 0)
            frame(window)   # drawn once: the cards' grid is laid out (it stays until the next draw)
        if ov.proposer.running:   # a run P started: cancelled, its outcome taken in
            ov.proposer.cancel()
            wait_for(ov.proposer.done())
            frame(window)
        ov.selected, ov.first_row = 5, 1
        before = (ov.is_open, ov.selected, ov.first_row, view.model.path, ov.proposer.running)
        send(window, "on_key_press", symbol, 0)
        if (ov.is_open, ov.selected, ov.first_row, view.model.path, ov.proposer.running) != before:
            handled.append(symbol)
    missing = [names_of(s) for s in handled if not bound(s, 0, Where.OVERVIEW)]
    assert not missing, f"keys the overview handles that its rows of the key sheet do not list: {missing}"
    assert {key.HOME, key.END, key.PAGEDOWN, key.UP, key.ENTER, key.ESCAPE} <= set(handled)


def wait_for(future: concurrent.futures.Future[Any] | None) -> None:
    """Until a background run's future is done (None: it was taken in already)."""
    if future is not None:
        assert not concurrent.futures.wait([future], timeout=300).not_done


def names_of(symbol: int) -> str:
    return str(names.symbol_string(symbol))


def test_every_line_of_the_key_sheet_fits_in_its_column(window: Any, editor: EditorView) -> None:
    send(window, "on_key_press", key.F1, 0)        # F1: the sheet, read page by page (Next >)
    frame(window)
    too_long: list[str] = []
    while True:
        d = editor.dialog
        assert d is not None and d.title.startswith("Keys")
        left, _bottom, width, _height = d.rect
        for w in d.ui.walk_widgets():
            if isinstance(w, arcade.gui.UILabel) and w.text:
                # The text as drawn: inside its column, and never across the sheet's edge.
                drawn = w._label.content_width
                if drawn > w.rect.width or w.rect.left + drawn > left + width - 8:
                    too_long.append(str(w.text))
        texts = [str(w.text) for w in d.ui.walk_widgets() if hasattr(w, "text")]
        if "Next >" not in texts:
            break
        nxt = [w for w in d.ui.walk_widgets() if getattr(w, "text", None) == "Next >"][0]
        send(window, "on_mouse_press", int(nxt.rect.center_x), int(nxt.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        send(window, "on_mouse_release", int(nxt.rect.center_x), int(nxt.rect.center_y), arcade.MOUSE_BUTTON_LEFT, 0)
        frame(window)
    send(window, "on_key_press", key.ESCAPE, 0)
    frame(window)
    assert not too_long, too_long
