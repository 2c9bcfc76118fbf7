"""The title's Daily button and the daily screen, driven by real input on the shared window."""

from __future__ import annotations

import datetime
import pathlib
import shutil
from typing import Any, Iterator

import arcade
import pytest

from game.bots.daily import daily_puzzle
from game.io.daily_records import DailyRecords, daily_path, load_daily_records, save_daily_records
from game.io.progress import progress_path
from game.io.replay import load_replay
from game.io.settings import settings_path
from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens import style
from game.ui.screens.daily import DailyView
from game.ui.screens.title import TitleView

from looks import assert_card_over_the_board, text_seen
from test_shell import click, click_widget, draw, frames, near, pixel, press_key, settle, widget

DAY = datetime.date(2026, 11, 23)


@pytest.fixture()
def clean(data_dir: pathlib.Path) -> Iterator[pathlib.Path]:
    """No daily records, progress or settings before and after each test."""

    def wipe() -> None:
        for path in (daily_path(), progress_path(), settings_path()):
            path.unlink(missing_ok=True)
        for old in data_dir.glob("daily.yaml.corrupt-*"):
            old.unlink()
        shutil.rmtree(data_dir / "daily", ignore_errors=True)

    wipe()
    yield data_dir
    wipe()


def _app(window: Any, day: datetime.date = DAY) -> App:
    app = App(window)
    app.today = lambda: day
    return app


def texts(view: Any) -> list[str]:
    return [t.text for t in view._texts]


def test_the_title_daily_button_opens_todays_three_puzzles(window: Any, clean: pathlib.Path) -> None:
    app = _app(window)
    app.show_title()
    frames(window, 120)
    title = window.current_view
    assert isinstance(title, TitleView)
    assert text_seen(draw(window, "title_daily"), widget(title, "daily").texts[0]), "no Daily button seen"
    click_widget(window, "daily")                      # by mouse
    view = window.current_view
    assert isinstance(view, DailyView)
    frames(window, 10)
    image = draw(window, "daily")
    said = [t for t in view._texts if t.text in ("Daily puzzles", "Not won yet today")]
    assert len(said) == 4 and all(text_seen(image, t) for t in said), "the daily screen's words are not seen"
    assert [w.name for w in view.widgets if w.name.startswith("daily:")] == [
        "daily:match3", "daily:chain", "daily:slide"]
    shown = texts(view)
    assert "Daily puzzles" in shown
    assert any("23 Nov 2026" in t for t in shown)
    assert shown.count("Not won yet today") == 3 and shown.count("Streak: 0 days") == 3
    # The first mode has the focus, lit as the player sees it.
    assert view.focus is widget(view, "daily:match3")
    # Esc goes back to the title; the keyboard finds Daily there too.
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)
    press_key(window, arcade.key.DOWN)
    assert window.current_view.focus is widget(window.current_view, "daily")
    press_key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, DailyView)


def test_a_daily_won_counts_for_the_streak_and_keeps_its_replay(window: Any, clean: pathlib.Path) -> None:
    # Yesterday's slide was won: the streak is alive at 1 before today's game.
    records = DailyRecords()
    records.record_win("slide", DAY - datetime.timedelta(days=1), 500, 2, 30)
    save_daily_records(records)
    app = _app(window)
    app.show_daily()
    view = window.current_view
    assert "Streak: 1 day" in texts(view)
    click_widget(window, "daily:slide")
    play = window.current_view
    puzzle = daily_puzzle(DAY, "slide")
    assert isinstance(play, PlayView)
    assert play.level == puzzle.level and play.seed == puzzle.seed == puzzle.level.seed
    settle(window)
    for command in puzzle.proof:
        assert play.submit(command)
        settle(window)
    assert play.state.status == "won" and play.result_menu is not None
    # The win counts at once (closing the window on the result screen loses nothing).
    saved = load_daily_records().records
    assert saved.streak("slide", DAY) == 2
    best = saved.best("slide", DAY)
    assert best is not None and best.score == play.state.score and best.moves == len(puzzle.proof)
    replay = load_replay(clean / "daily" / f"{puzzle.level.id}.replay.yaml")
    assert replay.seed == puzzle.seed and list(replay.commands) == list(puzzle.proof)
    # "Next level" plays the next daily not won today (after slide comes match3).
    press_key(window, arcade.key.ENTER)
    nxt = window.current_view
    assert isinstance(nxt, PlayView) and nxt.level.id == "daily-2026-11-23-match3"
    # Leaving it through the pause menu comes back to the daily screen, which shows the win.
    settle(window)
    assert nxt.goal_card is not None                   # a daily opens on its goals, as a level does
    assert_card_over_the_board(window, nxt, nxt.goal_card, draw(window, "daily_goals"))
    press_key(window, arcade.key.SPACE)                # any key: read
    assert nxt.goal_card is None
    press_key(window, arcade.key.ESCAPE)
    for _ in range(5):
        press_key(window, arcade.key.DOWN)             # Resume, Restart, Undo, Goals, Settings, Back to daily
    assert nxt.pause_menu is not None and nxt.pause_menu.buttons[5].label == "Back to daily"
    press_key(window, arcade.key.ENTER)
    view = window.current_view
    assert isinstance(view, DailyView) and view.focus is widget(view, "daily:match3")
    shown = texts(view)
    assert f"Today's best: {best.score:,} in {best.moves} moves" in shown
    assert "Streak: 2 days" in shown and shown.count("Not won yet today") == 2
    image = draw(window, "daily_won")
    # The slide card's stars are lit in gold.
    card = widget(view, "daily:slide")
    stars = [s for s in view._sprites if card.left < s.center_x < card.left + card.width
             and abs(s.center_y - (card.bottom + card.height - 170)) < 2]
    assert len(stars) == 3
    lit = sum(near(pixel(window, image, s.center_x, s.center_y), style.GOLD, 30) for s in stars)
    assert lit == best.stars >= 1
    # A second win the same day does not add to the streak.
    app.play_daily("slide")
    again = window.current_view
    settle(window)
    for command in puzzle.proof:
        again.submit(command)
        settle(window)
    app.show_daily()
    assert load_daily_records().records.streak("slide", DAY) == 2


def test_a_damaged_daily_file_is_told_on_the_title_and_kept(window: Any, clean: pathlib.Path) -> None:
    daily_path().write_text("format: 1\nmodes: {slide: [broken\n", encoding="utf-8")
    app = _app(window)
    assert app.notice is not None and "daily records" in app.notice
    assert (clean / "daily.yaml.corrupt-1").exists()
    app.show_title()
    frames(window, 5)
    assert any(w.name == "ok" for w in window.current_view.widgets)
    app.show_daily()
    assert "Streak: 0 days" in texts(window.current_view)


def test_five_title_entries_fit_the_smallest_window() -> None:
    from game.ui.app import MIN_SIZE, WINDOW_SIZE
    from game.ui.screens.title import MENU_FLOOR, logo_place, menu_place

    # (The shared headless window cannot be resized: the layout is checked where it is made.)
    for w, h in (MIN_SIZE, WINDOW_SIZE):
        for notice in (False, True):
            tile, rest_y = logo_place(w, h, notice)
            top, bh, step = menu_place(w, h, 5, notice)
            assert top <= rest_y - tile / 2 - 60, (w, h, notice)      # below the logo's subtitle
            assert top - bh - 4 * step >= MENU_FLOOR                  # the last one above the key line
            assert step >= bh + 6 and bh >= 44                         # apart, and big enough to hit
    # The roomy window keeps the full-size buttons.
    assert menu_place(*WINDOW_SIZE, 5, False)[1:] == (58.0, 72.0)


def test_a_daily_is_watched_from_its_result_and_its_card_and_shared(
        window: Any, clean: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.io.share import share_dir
    from game.ui.theatre import TheatreView

    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    app = _app(window)
    monkeypatch.setattr(app.share_jobs, "start_gif", lambda shared: None)   # the GIF is tested in test_theatre
    app.show_daily()
    assert not any(w.name == "watch:slide" for w in window.current_view.widgets)   # nothing won yet
    click_widget(window, "daily:slide")
    play = window.current_view
    puzzle = daily_puzzle(DAY, "slide")
    settle(window)
    for command in puzzle.proof:
        assert play.submit(command)
        settle(window)
    menu = play.result_menu
    assert menu is not None and [b.key for b in menu.buttons] == ["next", "retry", "watch", "share", "levels"]
    assert [b.label for b in menu.buttons] == ["Next puzzle", "Retry", "Watch", "Share", "Daily"]
    # Share: the replay and the daily's level file in the share folder, the card on the clipboard.
    click(window, *next(b for b in menu.buttons if b.key == "share").rect.center)
    folder = share_dir()
    shared = list(folder.glob(f"{puzzle.level.id}-*.replay.yaml"))
    try:
        assert len(shared) == 1 and load_replay(shared[0]).commands == tuple(puzzle.proof)
        assert (folder / f"{puzzle.level.id}.yaml").is_file()
        assert copied and copied[-1].startswith(f"Gridfall, {puzzle.level.name}") and "Won in" in copied[-1]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    # Watch: the game in the theatre; Back returns to the daily screen on its card.
    click(window, *next(b for b in menu.buttons if b.key == "watch").rect.center)
    theatre = window.current_view
    assert isinstance(theatre, TheatreView) and list(theatre.commands) == list(puzzle.proof)
    assert theatre.level == puzzle.level
    press_key(window, arcade.key.ESCAPE)
    view = window.current_view
    assert isinstance(view, DailyView) and view.focus is widget(view, "daily:slide")
    frames(window, 2)
    assert text_seen(draw(window, "daily_watch"), widget(view, "watch:slide").texts[0]), "no Watch button seen"
    # The card's Watch button plays today's best, kept when it was won; play on from its middle.
    click_widget(window, "watch:slide")
    best = window.current_view
    assert isinstance(best, TheatreView) and list(best.commands) == list(puzzle.proof)
    assert "best" in best.hud.mode.text.lower()
    press_key(window, arcade.key.SPACE)                        # pause
    press_key(window, arcade.key.HOME)
    press_key(window, arcade.key.RIGHT)
    press_key(window, arcade.key.ENTER)                        # play from here
    on = window.current_view
    assert isinstance(on, PlayView) and on.level == puzzle.level and on.session.commands == list(puzzle.proof[:1])
    assert on.seed == puzzle.seed


def test_the_title_daily_button_shows_a_streak_still_alive(window: Any, clean: pathlib.Path) -> None:
    app = _app(window)
    app.show_title()
    assert widget(window.current_view, "daily").texts[0].text == "Daily"
    records = DailyRecords()
    records.record_win("chain", DAY - datetime.timedelta(days=2), 500, 2, 10)
    records.record_win("chain", DAY - datetime.timedelta(days=1), 500, 2, 10)
    save_daily_records(records)
    app = _app(window)
    app.show_title()
    assert widget(window.current_view, "daily").texts[0].text == "Daily  \u00b7  2-day streak"
    press_key(window, arcade.key.DOWN)                 # still found and chosen by its name
    press_key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, DailyView)
    # A day missed: the streak is over, and the button says nothing of it.
    app = _app(window, DAY + datetime.timedelta(days=2))
    app.show_title()
    assert widget(window.current_view, "daily").texts[0].text == "Daily"


def test_a_daily_left_halfway_resumes_today_and_retry_starts_it_again(window: Any, clean: pathlib.Path) -> None:
    app = _app(window)
    app.show_daily()
    click_widget(window, "daily:slide")
    play = window.current_view
    puzzle = daily_puzzle(DAY, "slide")
    settle(window)
    for command in puzzle.proof[:3]:
        assert play.submit(command)
        settle(window)
    # Saved after every move: a kill now loses nothing (the file holds the three moves).
    game = load_daily_records().records.saved_game("slide", DAY)
    assert game is not None and game.parsed_commands() == tuple(puzzle.proof[:3])
    press_key(window, arcade.key.ESCAPE)
    for _ in range(5):
        press_key(window, arcade.key.DOWN)             # Resume, Restart, Undo, Goals, Settings, Back to daily
    press_key(window, arcade.key.ENTER)                # Back to daily
    view = window.current_view
    assert isinstance(view, DailyView)
    assert "In progress: 3 moves in, resume" in texts(view) and "Resume" in texts(view)
    # The game starts again later (a new App: the records read back from the file), where it was.
    app = _app(window)
    app.show_daily()
    click_widget(window, "daily:slide")
    again = window.current_view
    assert isinstance(again, PlayView) and again.session.commands == list(puzzle.proof[:3])
    assert again.goal_card is None and again.toast.message == "Welcome back: 3 moves in."
    # Restart: the same board from the start, and nothing left to resume.
    press_key(window, arcade.key.ESCAPE)
    press_key(window, arcade.key.DOWN)                 # Restart
    press_key(window, arcade.key.ENTER)
    fresh = window.current_view
    assert isinstance(fresh, PlayView) and fresh.session.commands == [] and fresh.seed == puzzle.seed
    assert app.daily_records.saved_game("slide", DAY) is None
    # A game left yesterday is not today's puzzle: the card offers a new one.
    assert fresh.submit(puzzle.proof[0])
    settle(window)
    app = _app(window, DAY + datetime.timedelta(days=1))
    app.show_daily()
    assert not any(t.startswith("In progress") for t in texts(window.current_view))


def test_at_the_smallest_window_every_card_keeps_its_words_whole(window: Any, clean: pathlib.Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: at 960x640 the slide card read "Put the tiles in order in 54 mo…"."""
    app = _app(window)
    app.show_title()
    frames(window, 2)
    click_widget(window, "daily")                      # by mouse
    view = window.current_view
    assert isinstance(view, DailyView)
    # The headless window keeps its size: the screen is told the smallest one, and lays out and
    # draws in it (the lower left 960x640 of the frame).
    monkeypatch.setattr(window, "get_size", lambda: (960, 640))
    view.on_resize(960, 640)
    frames(window, 3)
    image = draw(window, "daily_960")
    cards = [w for w in view.widgets if w.name.startswith("daily:")]
    assert len(cards) == 3 and all(c.width < 300 for c in cards)
    slide = widget(view, "daily:slide")
    goal = next(t for t in view._texts if "tiles in order" in t.text)
    assert "…" not in goal.text and goal.text.endswith("moves"), goal.text
    assert slide.left < goal.left and goal.right < slide.left + slide.width
    assert text_seen(image, goal)
    for t in view._texts:   # nothing cut on any card, and each word inside its card
        card = next((c for c in cards if c.left <= t.x <= c.left + c.width
                     and c.bottom <= t.y <= c.bottom + c.height), None)
        if card is not None:
            assert "…" not in t.text and card.left <= t.left and t.right <= card.left + card.width, t.text
    monkeypatch.undo()
    view.on_resize(window.width, window.height)
    frames(window, 2)


def test_h_on_a_4x4_slide_daily_shows_the_plans_next_move_and_following_it_wins(
        window: Any, clean: pathlib.Path) -> None:
    from game.bots.slide_plan import SlidePlanner

    day = datetime.date(2026, 11, 26)   # its slide daily is a 4x4 board, 19 slides at fewest
    puzzle = daily_puzzle(day, "slide")
    assert (puzzle.level.height, puzzle.level.width) == (4, 4)
    app = _app(window, day)
    app.show_daily()
    click_widget(window, "daily:slide")
    play = window.current_view
    assert isinstance(play, PlayView) and play.level == puzzle.level
    settle(window)
    press_key(window, arcade.key.ENTER)   # the goal card has been read
    assert play.goal_card is None
    plan = SlidePlanner().plan(play.state.grid)
    assert len(plan) == len(puzzle.proof)   # on a daily the hint's plan has the fewest slides
    for step, expected in enumerate(plan):
        x, y = play.board.center(expected.cell)
        before = draw(window)
        press_key(window, arcade.key.H)
        assert play.hint_command == expected, f"hint {step} is not the plan's next move"
        frames(window, 18)
        lit = draw(window, "slide_daily_hint" if step == 0 else None)
        # The glow is seen round the hinted tile (its edge, beside the tile's face).
        edge = play.board.layout.cell * 0.47
        ring = [(x + dx, y + dy) for dx, dy in ((edge, 0), (-edge, 0), (0, edge), (0, -edge))]
        assert any(not near(pixel(window, before, *p), pixel(window, lit, *p), 20) for p in ring), \
            f"hint {step} is not seen on the board"
        click(window, x, y)   # the player slides the hinted tile with the mouse
        settle(window)
    assert play.state.status == "won" and play.state.moves == len(plan) <= puzzle.level.moves
    assert play.result_menu is not None
