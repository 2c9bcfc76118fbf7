"""Every screen of the game at 960x640, 1280x800 and 1920x1080, with normal and Large text: no two
words drawn over each other, every word inside the window (a scrolling screen's: reachable), and
none cut by the edge of a card, a button, the side panel or the board it stands on; and every
setting reached at the smallest window (issue 37: at 960x640 with Large text the play screen's
last goals ran into the Pause/Hint bar and the key legend, and a slide's goal past the side panel)."""

from __future__ import annotations

import functools
import pathlib
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import arcade
import pytest

from drawn_texts import Box, Drawn, TextWatch, describe, inside, overlapping, resize, visible
from game.core import Level, Mode, Status, legal_commands, new_game, progress
from game.io import Pack
from game.io.pack_proofs import shipped_proof
from game.io.progress import progress_path
from game.io.replay import load_replay
from game.io.settings import settings_path
from game.ui import damage
from game.ui.actions import Action as Input
from game.ui.app import App
from game.ui.shelf import default_packs
from game.ui.layout import Rect
from game.ui.play_actions import show_key_help
from game.ui.play_view import RESULT_SHOWN, PlayView
from game.ui.screens.notice import NoticeView
from game.ui.screens.paste import ENTER_NAME
from game.ui.screens.proving import ProofJob, ProvingView
from game.ui.screens.widgets import MenuView
from game.ui.theatre import TheatreView
from game.ui.widgets import Menu
from kept_going import ONE_SHORT
from winning import player, settle

SIZES = [(960, 640), (1280, 800), (1920, 1080)]
NOTICE = ("Your progress file could not be read (progress.yaml, line 3: stars: not a number); "
          "it was set aside as progress.yaml.bad and a fresh one started.")
# A level no deal can win (a million points in three moves): every game of it is lost.
LOSING = Level.from_dict({"format": 1, "id": "out-of-reach", "name": "Out of reach", "mode": "match3",
                          "width": 6, "height": 6, "kinds": 5, "moves": 3,
                          "goals": {"score": 1_000_000, "collect": {1: 30, 2: 30, 3: 30}}})


def _rect_box(r: Rect) -> Box:
    return r.left, r.bottom, r.right, r.top


def _widget_box(view: MenuView, wd: Any) -> Box:
    off = view.scroll if wd.scrolls else 0.0
    return wd.left, wd.bottom + off, wd.left + wd.width, wd.bottom + wd.height + off


def _first(drawn: list[Drawn], texts: list[Any]) -> int:
    """Where the first of `texts` (arcade.Texts) comes in the drawing order (a card's first word)."""
    labels = {id(t.label) for t in texts if t is not None}
    return min((d.order for d in drawn if id(d.label) in labels), default=len(drawn))


class Screen:
    """What one frame of a screen shows and where its words must stay."""

    def __init__(self, drawn: list[Drawn], window: Any) -> None:
        self.drawn = drawn
        self.window = window
        self.covers: list[tuple[Box, int]] = []     # opaque cards and bars over what was drawn before
        # Cards, buttons, the board: a word is wholly in or out (of the board: those drawn before
        # a card over it, the card's own words stand on the board).
        self.edges: list[tuple[str, Box, int]] = []
        self.areas: dict[int, Box] = {}             # a word's own room (scrolling content), else the window

    def problems(self, where: str) -> list[str]:
        w, h = self.window.width, self.window.height
        seen = visible(self.drawn, self.covers)
        out = [f"{where}: {describe(a)} overlaps {describe(b)}" for a, b in overlapping(seen)]
        for d in seen:
            if not inside(d.box, self.areas.get(id(d.label), (0, 0, w, h))):
                out.append(f"{where}: {describe(d)} runs out of the window")
            for name, edge, before in self.edges:
                if d.order < before and _straddles(d.box, edge):
                    out.append(f"{where}: {describe(d)} crosses the edge of {name}")
        return out


def _straddles(b: Box, edge: Box, slack: float = 1) -> bool:
    """Box `b` is partly inside `edge` and partly out (a word cut by a card's border)."""
    shared = min(b[2], edge[2]) - max(b[0], edge[0]) > slack and min(b[3], edge[3]) - max(b[1], edge[1]) > slack
    return shared and not inside(b, edge, slack)


def _menu_screen(view: MenuView, drawn: list[Drawn], window: Any) -> Screen:
    w, h = window.width, window.height
    s = Screen(drawn, window)
    header = (0.0, h - view.header_height, float(w), float(h))
    s.covers.append((header, _first(drawn, [t for t in view._texts if t.batch is view._header_batch])))
    # Content scrolls under the header: at the top of the scroll it starts below the header and
    # its end can be scrolled into sight.
    room = (0.0, -view.max_scroll, float(w), h - view.header_height)
    for t in view._texts:
        if t.batch is view._content_batch:
            s.areas[id(t.label)] = room
    for wd in getattr(view, "every_panel", view.widgets):   # its cards and fields too (fixture)
        s.edges.append((f"panel {wd.name!r}", _widget_box(view, wd), len(drawn)))
    return s


def _menu_edges(menu: Menu, drawn: list[Drawn]) -> list[tuple[str, Box, int]]:
    return [(f"card {menu.title.text!r}", _rect_box(menu.panel), len(drawn))] + [
        (f"button {b.label!r}", _rect_box(b.rect), len(drawn)) for b in menu.buttons]


def _play_screen(view: Any, drawn: list[Drawn], window: Any) -> Screen:
    s = Screen(drawn, window)
    s.edges += [(f"button {b.label!r}", _rect_box(b.rect), len(drawn)) for b in view.bar.buttons]
    menu = getattr(view, "modal", None)
    # The toast and a card are drawn over the board and the side panel, on their own pill and panel.
    on_board = _first(drawn, [view.toast.text]) if view.toast.left > 0 else len(drawn)
    if menu is not None:
        first = _first(drawn, [menu.title, *menu.lines, *(b.text for b in menu.buttons)])
        s.covers.append((_rect_box(menu.panel), first))
        on_board = min(on_board, first)
        s.edges += _menu_edges(menu, drawn)
    s.edges.append(("the board", _rect_box(view.board.layout.rect), on_board))
    hud = view.hud.rect   # the side panel, its divider a line inside its right edge
    s.edges.append(("the side panel", (hud.left, hud.bottom, hud.right - 2, hud.top), on_board))
    for pill in view.toast.pill if view.toast.left > 0 else ():
        s.edges.append(("the toast", (pill.left, pill.bottom, pill.right, pill.top), len(drawn)))
    return s


def _frame(watch: TextWatch, window: Any) -> Screen:
    view = window.current_view
    view.on_update(1 / 60)
    if isinstance(view, MenuView):
        for _ in range(30):   # the title's falling logo lands
            view.on_update(0.1)
        view.set_scroll(0)   # the top of a scrolling screen, as it opens
        return _menu_screen(view, watch.frame(view.on_draw, window), window)
    return _play_screen(view, watch.frame(view.on_draw, window), window)


def _play(app: App, pack: str, level: Level) -> PlayView:
    """A fresh game of `level`, its goal card read."""
    view = app.play_level(pack, level.id, fresh=True)
    assert isinstance(view, PlayView)
    settle(view)
    view.close_goals()
    return view


def _daily(app: App) -> PlayView:
    """Today's match3 daily, its goal card read (its name is the longest: 'Daily · 2 Dec 2026')."""
    view = app.play_daily(Mode.MATCH3)
    assert isinstance(view, PlayView)
    view.close_goals()
    return view


@functools.cache
def _worst_hud(mode: Mode) -> tuple[str, Level]:
    """The shipped level of `mode` whose HUD says the most: the most goals, then the longest name."""
    levels = [(p.id, lv) for p in default_packs() for lv in p.levels if lv.mode == mode]
    return max(levels, key=lambda pl: (len(progress(new_game(pl[1], 0))), len(pl[1].name)))


def _won(app: App) -> PlayView:
    replay = load_replay(shipped_proof("first-swap"))
    view = app.play_level("first-steps", "first-swap", seed=replay.seed, fresh=True)
    view.close_goals()
    for command in replay.commands:
        assert view.submit(command)
        settle(view)
    _result_shown(view)
    assert view.state.status == Status.WON
    return view


def _lost(app: App) -> PlayView:
    view = _play(app, "losing", LOSING)
    while view.state.status == Status.PLAYING:
        view.submit(legal_commands(view.state)[0])
        settle(view)
    _result_shown(view)
    assert view.result_menu is not None and "keep going" in [b.key for b in view.result_menu.buttons]
    return view


def _kept_going(app: App) -> PlayView:
    """A lost game kept going, playing on: its HUD says it earns no stars in the stars' marks' place."""
    view = _lost(app)
    assert view.keep_going() and view.state.helped and view.hud.no_stars.text
    view.toast.clear()
    return view


def _won_helped(app: App) -> PlayView:
    """A game kept going and won: its card's longest form (the finale's score, the no-stars note)."""
    view = _play(app, "losing", ONE_SHORT)
    for _ in range(2):
        while view.state.status == Status.PLAYING:
            view.submit(legal_commands(view.state)[0])
            settle(view)
        if view.state.status == Status.LOST:
            assert view.keep_going()
    _result_shown(view)
    assert view.state.status == Status.WON and view.state.helped
    return view


def _result_shown(view: PlayView) -> None:
    for _ in range(int(RESULT_SHOWN * 10) + 200):
        view.on_update(1 / 10)
        if view.result_menu is not None and view._result_age >= RESULT_SHOWN:
            return
    raise AssertionError("no result card")


def _screens(app: App, window: Any) -> Iterator[tuple[str, Callable[[], object]]]:
    """Each screen of the game, shown (a name, and how to show it again after a resize)."""
    yield ("title with a notice", lambda: (setattr(app, "notice", NOTICE), app.show_title()))
    yield ("title", app.show_title)
    yield ("packs", app.show_packs)
    yield ("levels of first-steps", lambda: app.show_levels("first-steps"))
    yield ("settings", app.show_settings)
    yield ("daily", app.show_daily)
    yield ("code entry", lambda: app.show_code_entry(app.show_title))
    yield ("code entry, a long code typed", lambda: app.show_code_entry(app.show_title).type(
        "GFG2" + "7xKq9ZmPw3RtYbN2" * 12))
    yield ("no code to open", lambda: app.open_code("not a code at all"))
    yield ("a refused pack", lambda: app.show(NoticeView(window, "broken-pack.yaml cannot be installed", [
        "3 problems to fix first:",
        "broken-pack/orchard-morning.yaml:12:5: goals.collect.4: 'purple' is not a tile kind of this level (1-5)",
        "broken-pack/orchard-noon.yaml:3:1: moves: missing; every match3 level needs a move limit",
        "broken-pack/pack.yaml:7:3: levels: 'orchard-dusk' is listed but there is no orchard-dusk.yaml"],
        [("Replace it", app.show_title), ("Keep mine", app.show_title)], danger=True)))
    yield ("checking a code", lambda: app.show(ProvingView(window, ProofJob(lambda played: None),
                                                               lambda job: None, app.show_title)))


def _keep_every_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each menu screen keeps every panel it builds as `every_panel`, the ones that take no
    focus too (a daily card's goal, the code field): the words on a panel stay inside it."""
    rebuild, panel = MenuView.rebuild, MenuView.panel

    def rebuilt(view: MenuView) -> None:
        view.every_panel = []   # type: ignore[attr-defined]
        rebuild(view)

    def made(view: MenuView, *args: Any, **kwargs: Any) -> Any:
        wd = panel(view, *args, **kwargs)
        getattr(view, "every_panel", []).append(wd)
        return wd

    monkeypatch.setattr(MenuView, "rebuild", rebuilt)
    monkeypatch.setattr(MenuView, "panel", made)


@pytest.fixture()
def fresh_app(window: Any, data_dir: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, TextWatch]]:
    monkeypatch.setattr(damage, "ENABLED", False)   # every frame whole: each text drawn
    _keep_every_panel(monkeypatch)
    watch = TextWatch(monkeypatch)
    for path in (progress_path(), settings_path()):
        path.unlink(missing_ok=True)
    app = App(window)
    app.add_pack(Pack(id="losing", name="Losing", levels=(LOSING, ONE_SHORT)))
    try:
        yield app, watch
    finally:
        resize(window, 1280, 800)
        for path in (progress_path(), settings_path()):
            path.unlink(missing_ok=True)


def _at_each_size(window: Any, watch: TextWatch, where: str, show: Callable[[], object] = lambda: None) -> list[str]:
    out: list[str] = []
    for size in SIZES:
        resize(window, *size)
        show()
        out += _frame(watch, window).problems(f"{where} at {size[0]}x{size[1]}")
    return out


def test_no_words_overlap_or_run_out_on_any_menu_screen_at_any_size(
        window: Any, fresh_app: tuple[App, TextWatch]) -> None:
    """The menu screens (their words do not grow with the text size: it is for the play screens)."""
    app, watch = fresh_app
    app.update_settings(reduced_motion=True)
    _won(app)                      # First Swap won: its stars and best on the levels screen
    second = app.pack("first-steps").levels[1].id
    app.progress.record_win("first-steps", second, 0, 0, helped=True)   # passed with help: its "+5 moves" mark
    app.show_title()
    daily = _daily(app)
    daily.submit(legal_commands(daily.state)[0])   # a daily in progress: its card says so
    settle(daily)
    problems: list[str] = []
    for name, show in _screens(app, window):
        problems += _at_each_size(window, watch, name, show)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_no_words_overlap_or_run_out_on_any_play_screen_at_any_size(
        window: Any, fresh_app: tuple[App, TextWatch], text_size: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each mode's play screen (the level whose HUD says the most) with its goal card, the pause
    menu, a toast and a pad's legend; the result cards won and lost; a game kept going (its HUD's
    "no stars"); a daily; the replay theatre."""
    app, watch = fresh_app
    app.update_settings(text_size=text_size, reduced_motion=True)   # every move and result shown at once
    monkeypatch.setattr(window, "pads", SimpleNamespace(last_was_pad=False, family="PS"), raising=False)
    problems: list[str] = []
    for mode in Mode:
        pack, level = _worst_hud(mode)
        view = _play(app, pack, level)
        for w, h in SIZES:
            where = f"{level.id} ({mode}) at {w}x{h}"
            resize(window, w, h)
            problems += _frame(watch, window).problems(where)
            view.show_goals()
            problems += _frame(watch, window).problems(f"{where}, its goal card")
            view.close_goals()
            view.open_pause()
            problems += _frame(watch, window).problems(f"{where}, paused")
            view.close_pause()
            view.say("That move makes no line: try swapping two tiles that line up three or more")
            problems += _frame(watch, window).problems(f"{where}, with a toast")
            view.toast.clear()
            window.pads.last_was_pad = True   # a pad's longer legend: its buttons by their names
            show_key_help(view, pad=True)
            problems += _frame(watch, window).problems(f"{where}, a pad in use")
            show_key_help(view, pad=False)
    for name, make in (("the won result", _won), ("the lost result", _lost), ("a game kept going", _kept_going),
                       ("a won result, kept going", _won_helped),
                       ("a daily", _daily)):
        resize(window, 1280, 800)
        make(app)
        problems += _at_each_size(window, watch, name)
    replay = load_replay(shipped_proof("cornerstones"))
    resize(window, 1280, 800)
    theatre = app.watch("first-steps", "cornerstones", replay.seed, replay.commands, "Replay cornerstones.yaml")
    assert isinstance(theatre, TheatreView)
    problems += _at_each_size(window, watch, "the replay theatre")
    assert not problems, "\n".join(problems)


def test_every_setting_row_is_reached_by_the_arrows_and_by_the_wheel_in_the_smallest_window(
        window: Any, fresh_app: tuple[App, TextWatch]) -> None:
    """At 960x640 the settings' rows run past the window's foot: Down walks the focus onto every
    row, each scrolled into sight as it is focused, and the wheel brings the last row up (issue 37:
    the Text size row could not be reached)."""
    app, watch = fresh_app
    resize(window, 960, 640)
    view = app.show_settings()
    view.on_update(1 / 60)
    rows = {wd.bottom for wd in view.widgets if wd.scrolls}
    under_header = window.height - view.header_height
    assert min(rows) < 0, "the rows fit the window: nothing to scroll to"
    assert view.focus is not None
    reached = {view.focus.bottom}   # it opens on the first row
    for _ in range(len(rows) + 2):
        player(window, ("on_key_press", arcade.key.DOWN, 0), ("on_key_release", arcade.key.DOWN, 0))
        wd = view.focus
        assert wd is not None and wd.scrolls
        reached.add(wd.bottom)
        bottom, top = wd.bottom + view.scroll, wd.bottom + wd.height + view.scroll
        assert 0 <= bottom and top <= under_header, f"{wd.name} is focused out of sight ({bottom:.0f}-{top:.0f})"
    assert reached == rows, "a row the arrows never reach"
    view.set_scroll(0)
    for _ in range(20):   # a wheel turned all the way down
        player(window, ("on_mouse_scroll", 480, 300, 0, -1))
    assert 0 <= min(rows) + view.scroll, "the wheel stops short of the last row"
    frame = watch.frame(view.on_draw, window)
    drawn = {d.words: d.box for d in frame}
    assert inside(drawn["Estimates for you"], (0, 0, window.width, under_header)), "the last row is not drawn in sight"
    # Each row's words keep clear of its choices (the speed's hint ran up against "Slow").
    for d in frame:
        left, bottom, right, top = d.box
        for wd in view.widgets:
            wl, wb = wd.left, wd.bottom + view.scroll
            if wd.scrolls and left < wl and bottom < wb + wd.height and wb < top:
                assert right <= wl - 8, f"{d.words!r} runs up against the choice {wd.name!r}"


def test_the_title_key_line_keeps_clear_of_the_code_button_in_the_smallest_window(
        window: Any, fresh_app: tuple[App, TextWatch], monkeypatch: pytest.MonkeyPatch) -> None:
    """At 960x640 the title's key line ran up against "Enter a code" (no gap: "fullscreen"
    touched the button); it keeps clear of it, in the keys' words and a pad's, and stays whole
    and centred under the menu in a wide window."""
    app, watch = fresh_app
    monkeypatch.setattr(window, "pads", SimpleNamespace(last_was_pad=False, family="PS"), raising=False)
    for w, h in SIZES:
        resize(window, w, h)
        title = app.show_title()
        code = next(wd for wd in title.widgets if wd.name == ENTER_NAME)
        for pad in (False, True):
            window.pads.last_was_pad = pad
            title.on_action(Input.DOWN)
            drawn = {d.words: d.box for d in _frame(watch, window).drawn}
            line = title._help.text
            assert line in drawn and not line.endswith("…"), f"the key line is cut at {w}x{h}: {line!r}"
            assert drawn[line][2] <= code.left - 8, f"the key line runs into the code button at {w}x{h}"
            if w >= 1280:
                assert abs((drawn[line][0] + drawn[line][2]) / 2 - w / 2) < 2, "not centred in a wide window"
