"""The replay theatre, share and dropped files, driven by real input on the shared window."""

from __future__ import annotations

import pathlib
import shutil
from typing import Any, Iterator

import arcade
import pytest

from game.core import Session, Status
from game.io import find_pack, pack_to_yaml
from game.io.kept_replays import best_win, replays_root
from game.io.pack_proofs import shipped_proof
from game.io.packs import Pack
from game.io.replay import load_replay, replay_to_yaml
from game.io.share import share_dir
from game.ui.app import App
from game.ui.play_view import PlayView
from game.ui.screens.levels import LevelsView
from game.ui.screens.notice import NoticeView
from game.ui.theatre import TheatreView

from looks import board_seen, text_seen, tiles_seen
from test_shell import click, click_widget, draw, fresh, frames, press_key, send, settle  # noqa: F401

PACK = "first-steps"
LEVEL = "cornerstones"


@pytest.fixture()
def clean(fresh: pathlib.Path) -> Iterator[pathlib.Path]:
    for folder in (replays_root(), share_dir()):
        shutil.rmtree(folder, ignore_errors=True)
    yield fresh
    for folder in (replays_root(), share_dir()):
        shutil.rmtree(folder, ignore_errors=True)


def _golden(level_id: str = LEVEL) -> Any:
    return load_replay(shipped_proof(level_id))


def _win(window: Any, app: App, level_id: str = LEVEL) -> PlayView:
    replay = _golden(level_id)
    view = app.play_level(PACK, level_id, seed=replay.seed)
    view.close_goals()
    for command in replay.commands:
        assert view.submit(command)
        settle(window)
    for _ in range(200):           # the won board on show, then the result
        frames(window)
        if view.result_menu is not None:
            break
    assert view.state.status == Status.WON and view.result_menu is not None
    return view


def _theatre_settle(window: Any) -> None:
    view = window.current_view
    for _ in range(900):
        view.on_update(1 / 60)
        if not view.board.busy:
            return
    raise AssertionError("the theatre's animation never finished")


def _shows(view: TheatreView) -> bool:
    """The board's sprites are exactly the core's grid at the theatre's position."""
    return view.board.sprite_cells() == view.board.grid_cells(view.state.grid)


def test_a_won_game_is_watched_from_the_result_stepped_scrubbed_and_played_on(
        window: Any, clean: pathlib.Path) -> None:
    app = App(window)
    view = _win(window, app)
    replay = _golden()
    assert best_win(PACK, app.pack(PACK).level(LEVEL)) is not None   # kept the moment it was won
    watch = next(b for b in view.result_menu.buttons if b.key == "watch")
    click(window, *watch.rect.center)
    theatre = window.current_view
    assert isinstance(theatre, TheatreView) and theatre.commands == replay.commands
    assert theatre.position == 0 and theatre.playing
    # It plays by itself: after a while some moves are on the board, each shown exactly.
    for _ in range(240):
        frames(window)
    assert 0 < theatre.position < len(replay.commands)
    image = draw(window, "theatre_playing")
    # Each tile where its sprite stands (mid-move too), and the move counter under the board.
    assert board_seen(theatre.board, image) >= 20 and text_seen(image, theatre.label)
    press_key(window, arcade.key.SPACE)                        # pause
    assert not theatre.playing
    _theatre_settle(window)
    at = theatre.position
    assert _shows(theatre)
    press_key(window, arcade.key.RIGHT)                        # one move on, animated
    assert theatre.position == at + 1 and theatre.board.busy
    _theatre_settle(window)
    assert _shows(theatre) and theatre.hud.shown_score == theatre.state.score
    press_key(window, arcade.key.LEFT)
    press_key(window, arcade.key.LEFT)                         # two back, at once
    assert theatre.position == at - 1 and _shows(theatre) and not theatre.board.busy
    press_key(window, arcade.key.END)
    assert theatre.position == len(replay.commands) and theatre.state.status == Status.WON and _shows(theatre)
    assert theatre.hud.moves.text == "Bonus moves 0"            # the won game's moves left went into its bonus
    press_key(window, arcade.key.HOME)
    assert theatre.position == 0 and theatre.state == Session(theatre.level, replay.seed).state
    # Speed: up to x8 and down to x0.5, by keys and by the button, which the board follows.
    for _ in range(6):
        press_key(window, arcade.key.EQUAL)
    assert theatre.speed == 8.0 and theatre.board.speed == pytest.approx(theatre.settings.speed_factor / 8)
    click(window, *next(b for b in theatre.bar.buttons if b.key == "speed").rect.center)
    assert theatre.speed == 0.5                                 # round again from x8
    # The real "+": Shift and = (X11 says PLUS with Shift held; some layouts EQUAL with Shift).
    for symbol in (arcade.key.PLUS, arcade.key.EQUAL):
        send(window, "on_key_press", symbol, arcade.key.MOD_SHIFT)
        send(window, "on_key_release", symbol, arcade.key.MOD_SHIFT)
    assert theatre.speed == 2.0
    press_key(window, arcade.key.MINUS)
    press_key(window, arcade.key.MINUS)
    assert theatre.speed == 0.5
    # A real X11 window says PLUS, then its text '+': one step, not two. After the first time
    # pyglet sends only the text: that is a step too.
    send(window, "on_key_press", arcade.key.PLUS, arcade.key.MOD_SHIFT)
    send(window, "on_text", "+")
    send(window, "on_key_release", arcade.key.PLUS, arcade.key.MOD_SHIFT)
    assert theatre.speed == 1.0
    for _ in range(2):
        send(window, "on_text", "+")
    assert theatre.speed == 4.0
    press_key(window, arcade.key.MINUS)
    press_key(window, arcade.key.MINUS)
    press_key(window, arcade.key.MINUS)
    assert theatre.speed == 0.5
    # Scrub: press on the timeline and drag along it: the board jumps to the move under the pointer.
    t = theatre.track
    y = t.center[1]
    send(window, "on_mouse_press", int(t.left + 2), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert theatre.position == 0
    x_mid = t.left + t.width * 3 / len(replay.commands)
    send(window, "on_mouse_drag", int(x_mid), int(y), int(x_mid - t.left), 0, arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", int(x_mid), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert theatre.position == 3 and _shows(theatre)
    assert theatre.label.text.startswith(f"Move 3 of {len(replay.commands)}")
    image = draw(window, "theatre_scrubbed")
    assert tiles_seen(theatre, image) >= 20 and text_seen(image, theatre.label)   # move 3's board, said
    # Play from here: a new game of the level from that state, saved as the level's game.
    click(window, *next(b for b in theatre.bar.buttons if b.key == "from-here").rect.center)
    play = window.current_view
    assert isinstance(play, PlayView)
    assert play.session.commands == list(replay.commands[:3]) and play.state == theatre.states[3]
    saved = app.progress.saved_game(PACK, LEVEL, play.level)
    assert saved is not None and saved.seed == replay.seed and len(saved.commands) == 3
    assert play.submit(replay.commands[3])                      # and it plays on
    settle(window)
    assert play.session.commands == list(replay.commands[:4])


def test_the_levels_screen_watches_the_best_win_and_back_returns_there(window: Any, clean: pathlib.Path) -> None:
    app = App(window)
    view = _win(window, app)
    press_key(window, arcade.key.ESCAPE) if view.result_menu is None else None
    levels_button = next(b for b in view.result_menu.buttons if b.key == "levels")
    click(window, *levels_button.rect.center)
    levels = window.current_view
    assert isinstance(levels, LevelsView)
    frames(window, 2)
    assert any(w.name == f"watch:{LEVEL}" for w in levels.widgets)
    # A level never won has no Watch button.
    other = app.pack(PACK).levels[-1].id
    assert not any(w.name == f"watch:{other}" for w in levels.widgets)
    assert text_seen(draw(window, "levels_watch"), next(w for w in levels.widgets if w.name == f"watch:{LEVEL}").texts[0])
    click_widget(window, f"watch:{LEVEL}")
    theatre = window.current_view
    assert isinstance(theatre, TheatreView) and theatre.commands == _golden().commands
    assert "best" in theatre.hud.mode.text.lower()
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LevelsView)


def test_share_from_the_result_writes_the_files_the_card_and_a_gif(
        window: Any, clean: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    # The app polls for the GIF on the window's clock: what it schedules is called here as the
    # clock would call it, once the recording process has ended (no sleeping for the clock).
    scheduled: list[tuple[Any, float]] = []
    unscheduled: list[Any] = []
    monkeypatch.setattr(arcade, "schedule", lambda func, interval: scheduled.append((func, interval)))
    monkeypatch.setattr(arcade, "unschedule", unscheduled.append)
    shared_level = "first-swap"     # a one-move game: a short clip to record
    app = App(window)
    view = _win(window, app, shared_level)
    share = next(b for b in view.result_menu.buttons if b.key == "share")
    click(window, *share.rect.center)
    folder = share_dir()
    replays = list(folder.glob(f"{shared_level}-*.replay.yaml"))
    assert len(replays) == 1
    shared = load_replay(replays[0])
    assert shared.commands == _golden(shared_level).commands and shared.level == shared_level and shared.pack == PACK
    assert (folder / f"{shared_level}.yaml").is_file()          # the level, so anyone can play it back
    card = copied[-1]
    state = view.state
    assert card.splitlines()[0] == f"Gridfall, First Steps: {view.level.name} (match-3)"
    assert f"Won in {state.moves} of {view.level.moves} moves, {state.score:,} points" in card
    assert "swap" not in card and "," not in card.splitlines()[-1]   # nothing of the moves themselves
    assert folder.name in view.toast.message and "clipboard" in view.toast.message
    image = draw(window, "result_shared")
    assert text_seen(image, view.toast.text), "the player does not see where the files went"
    # The GIF is recorded by `gridfall record` in its own process: its end is the event waited on.
    assert app.share_jobs.running and len(scheduled) == 1
    poll, interval = scheduled[0]
    assert interval <= 1.0
    app.share_jobs.wait(timeout=240)
    gif = replays[0].with_name(replays[0].name.replace(".replay.yaml", ".gif"))
    assert gif.is_file() and gif.read_bytes()[:6] in (b"GIF87a", b"GIF89a")
    poll(interval)                                              # the app's poll says so
    assert view.toast.message == f"The GIF is ready: {gif.name}"
    assert not app.share_jobs.running and not app._polling_shares and unscheduled == [poll]



def test_share_from_the_theatre_says_where_in_a_small_window_without_covering_the_board(
        window: Any, clean: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    app = App(window)
    monkeypatch.setattr(app.share_jobs, "start_gif", lambda shared: None)   # the GIF: the test above
    view = _win(window, app)
    click(window, *next(b for b in view.result_menu.buttons if b.key == "watch").rect.center)
    theatre = window.current_view
    assert isinstance(theatre, TheatreView)
    theatre.on_resize(960, 640)
    try:
        press_key(window, arcade.key.S)
        assert len(list(share_dir().glob(f"{LEVEL}-*.replay.yaml"))) == 1 and copied
        message = theatre.toast.message
        assert message.startswith("Saved in") and "clipboard" in message
        # The message (two lines at this width) sits between the board and the timeline's label.
        pill = theatre.toast.pill[0]
        assert pill.bottom > theatre.label.y + 4
        assert pill.top <= theatre.board.layout.rect.bottom
        assert pill.width <= 960
    finally:
        theatre.on_resize(window.width, window.height)


def test_a_portrait_window_puts_the_theatre_s_hud_above_the_board_as_play_does(
        window: Any, clean: pathlib.Path) -> None:
    app = App(window)
    view = _win(window, app)
    click(window, *next(b for b in view.result_menu.buttons if b.key == "watch").rect.center)
    theatre = window.current_view
    assert isinstance(theatre, TheatreView)
    try:
        theatre.on_resize(700, 1000)
        hud, board = theatre.hud.rect, theatre.board.layout.rect
        assert hud.width == 700 and hud.bottom >= board.top               # across the top
        assert board.width > 500                   # the board gets the width (a side HUD left it 440)
        assert all(0 <= b.rect.left and b.rect.right <= 700 and b.rect.top < board.bottom
                   for b in theatre.bar.buttons)                           # the buttons under it
        # They work where they are: Prev by a real click steps back a move.
        _theatre_settle(window)
        at = theatre.position
        click(window, *next(b for b in theatre.bar.buttons if b.key == "prev").rect.center)
        assert theatre.position == max(0, at - 1)
        theatre.on_resize(window.width, window.height)
        assert theatre.hud.rect.right <= theatre.board.layout.rect.left      # beside it again
    finally:
        theatre.on_resize(window.width, window.height)


def _drop(window: Any, path: pathlib.Path) -> None:
    """Drop a file on the window; a replay proves itself off the UI thread first: wait for it."""
    from game.ui.screens.proving import ProvingView

    send(window, "on_file_drop", 10, 10, [str(path)])
    proving = window.current_view
    if isinstance(proving, ProvingView):
        assert proving.job.done.wait(60)
        proving.on_update(1 / 60)


def _assert_notice_seen(notice: NoticeView, image: Any) -> None:
    """Every line of a notice is drawn where it stands: the player can read why."""
    lines = [t for t in notice._texts if t.text.strip()]
    assert lines and all(text_seen(image, t) for t in lines), [t.text for t in lines if not text_seen(image, t)]


def test_a_dropped_replay_plays_in_the_theatre_and_a_changed_one_says_where_it_differs(
        window: Any, clean: pathlib.Path, tmp_path: pathlib.Path) -> None:
    app = App(window)
    app.show_title()
    replay = _golden()
    good = tmp_path / "mine.yaml"
    good.write_text(replay_to_yaml(replay), encoding="utf-8")
    _drop(window, good)
    assert isinstance(window.current_view, TheatreView) and window.current_view.commands == replay.commands
    # The same replay as an older rules version would have recorded it: one check differs.
    text = replay_to_yaml(replay).splitlines()
    i = text.index("checks:") + 3
    digest, score, moves = text[i][2:].split(" ")
    text[i] = f"- {digest} {int(score) + 10} {moves}"
    changed = tmp_path / "changed.yaml"
    changed.write_text("\n".join(text) + "\n", encoding="utf-8")
    app.show_title()
    _drop(window, changed)
    notice = window.current_view
    assert isinstance(notice, NoticeView) and "plays differently" in notice.title
    said = " ".join(notice.lines)
    assert "command 3" in said and str(int(score) + 10) in said
    _assert_notice_seen(notice, draw(window, "drop_changed_replay"))
    press_key(window, arcade.key.ESCAPE)
    assert type(window.current_view).__name__ == "TitleView"


def test_a_dropped_replay_proves_itself_off_the_ui_thread_and_esc_cancels_it(
        window: Any, clean: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dropping a replay shows how far its proof got while the window keeps answering; Esc stops
    the proof at its next move and goes back to the screen it was dropped on; nothing opens later."""
    import threading

    import game.ui.dropped as dropped
    from game.ui.screens.proving import ProvingView
    from game.ui.screens.title import TitleView

    replay = _golden()
    path = tmp_path / "long.yaml"
    path.write_text(replay_to_yaml(replay), encoding="utf-8")
    real = dropped.first_divergence
    reached, release = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []
    heard: list[int] = []

    def held(*args: Any) -> Any:
        """The real proof, held after its first move until the test has looked and pressed Esc."""
        played = args[-1]
        threads.append(threading.current_thread())

        def hold(n: int) -> None:
            played(n)
            heard.append(n)
            if n == 1:
                reached.set()
                release.wait(60)
        return real(*args[:-1], hold)

    monkeypatch.setattr(dropped, "first_divergence", held)
    app = App(window)
    app.show_title()
    send(window, "on_file_drop", 10, 10, [str(path)])
    proving = window.current_view
    assert isinstance(proving, ProvingView) and proving.title == "Checking the replay"
    assert reached.wait(60)
    assert threads and threads[0] is not threading.main_thread()
    proving.on_update(1 / 60)
    proving.on_draw()
    shown = [t.text for t in proving._texts]
    assert f"Move 1 of {len(replay.commands)} played" in shown, shown
    press_key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)
    release.set()
    assert proving.job.done.wait(60) and proving.job.cancelled
    assert heard == [1]                                         # stopped at its next move
    window.current_view.on_update(1 / 60)
    assert isinstance(window.current_view, TitleView)           # a cancelled proof opens nothing later
    # Not held, the same drop plays in the theatre once proved.
    monkeypatch.undo()
    _drop(window, path)
    assert isinstance(window.current_view, TheatreView) and window.current_view.commands == replay.commands


def test_a_dropped_level_opens_in_play_and_a_replay_finds_its_level_beside_it(
        window: Any, clean: pathlib.Path, tmp_path: pathlib.Path) -> None:
    from game.io import level_to_yaml

    level = find_pack(PACK).level(LEVEL)
    mine = level.__class__.from_dict({**level.to_dict(), "id": "my-corners", "name": "My Corners"})
    path = tmp_path / "my-corners.yaml"
    path.write_text(level_to_yaml(mine, schema=None), encoding="utf-8")
    app = App(window)
    app.show_title()
    _drop(window, path)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level.id == "my-corners"
    # A replay of that level (no pack of it installed): its level file beside it is used.
    from game.core import legal_commands
    from game.io.replay import replay_of

    session = Session(mine, 4)
    for _ in range(2):
        session.play(legal_commands(session.state)[0])
    (tmp_path / "r.yaml").write_text(replay_to_yaml(replay_of(mine, 4, session.commands, None)), encoding="utf-8")
    _drop(window, tmp_path / "r.yaml")
    shown = window.current_view
    assert isinstance(shown, TheatreView), getattr(shown, "lines", shown)
    assert shown.level.id == "my-corners"


def test_a_dropped_pack_installs_asks_before_replacing_and_a_bad_one_shows_its_problems(
        window: Any, clean: pathlib.Path, tmp_path: pathlib.Path) -> None:
    base = find_pack(PACK)
    pack = Pack(id="dropped-pack", name="Dropped Pack", author="Tester", version="1",
                levels=base.levels[:2])
    path = tmp_path / "dropped.pack.yaml"
    path.write_text(pack_to_yaml(pack, schema=None), encoding="utf-8")
    from game.io.paths import installed_packs_dir

    shutil.rmtree(installed_packs_dir() / "dropped-pack", ignore_errors=True)
    try:
        app = App(window)
        app.show_title()
        _drop(window, path)
        levels = window.current_view
        assert isinstance(levels, LevelsView) and levels.pack_id == "dropped-pack"
        assert (installed_packs_dir() / "dropped-pack").is_dir()
        assert "Installed" in levels.toast.text
        # Again: it asks, and Cancel leaves the installed pack alone.
        _drop(window, path)
        ask = window.current_view
        assert isinstance(ask, NoticeView) and "Replace" in ask.title
        _assert_notice_seen(ask, draw(window, "drop_replace"))
        press_key(window, arcade.key.ESCAPE)                       # Esc is Cancel
        assert isinstance(window.current_view, LevelsView)
        _drop(window, path)
        click_widget(window, "replace")
        assert isinstance(window.current_view, LevelsView)
        assert any(p.name.startswith("dropped-pack") for p in (installed_packs_dir() / ".backups").iterdir())
        # A broken pack: refused, with the file, line and field of each problem.
        bad = tmp_path / "broken.pack.yaml"
        bad.write_text(pack_to_yaml(pack, schema=None).replace("moves: ", "moves: -", 1), encoding="utf-8")
        _drop(window, bad)
        notice = window.current_view
        assert isinstance(notice, NoticeView) and "not installed" in notice.title
        assert any("broken.pack.yaml:" in line and "moves" in line for line in notice.lines)
        _assert_notice_seen(notice, draw(window, "drop_refused"))
    finally:
        shutil.rmtree(installed_packs_dir() / "dropped-pack", ignore_errors=True)
        shutil.rmtree(installed_packs_dir() / ".backups", ignore_errors=True)


def test_counted_words_read_as_a_player_reads_them() -> None:
    from game.core import counted

    assert [counted(n, "move") for n in (0, 1, 2, 1200)] == ["0 moves", "1 move", "2 moves", "1,200 moves"]


@pytest.mark.parametrize("rules", [5, 4])
def test_a_won_finale_plays_in_the_theatre_by_the_replays_own_rules(window: Any, clean: pathlib.Path,
                                                                    rules: int) -> None:
    """First Swap won in one move, nine to spare, watched move by move: by rules 5 each move left
    pays its worth over the board as it turns into a line, by rules 4 it does not; either way
    the score ticks up to the game's own and the moves left end in the bonus."""
    from game.core import BonusScored
    from game.io.settings import Settings
    from game.ui.board_choreography import BONUS_COLOR

    replay = _golden("first-swap")
    level = find_pack(PACK).level("first-swap")
    theatre = TheatreView(level, replay.seed, replay.commands, title="First Swap", on_back=lambda: None,
                          settings=Settings(animation_speed="fast"), autoplay=False, rules=rules)
    window.show_view(theatre)
    window.dispatch_events()
    told: list[Any] = []
    inner = theatre._on_event
    theatre._on_event = lambda e: (told.append((e, theatre.hud.shown_score)), inner(e))
    press_key(window, arcade.key.RIGHT)   # the winning move, animated, finale and all
    seen: set[str] = set()
    shot = None
    for _ in range(900):
        theatre.on_update(1 / 60)
        seen |= {p.text.text for p in theatre.board.effects.popups if p.alpha > 0}
        worth = [p for p in theatre.board.effects.popups if p.alpha > 200 and p.base == BONUS_COLOR]
        if worth and shot is None:
            shot = draw(window, f"theatre_finale_rules_{rules}")
            assert text_seen(shot, worth[0].text), "a move's worth is seen rising over the board"
        if not theatre.board.busy:
            break
    end = theatre.state
    paid = [e for e, _ in told if isinstance(e, BonusScored)]
    assert end.status == Status.WON and len(paid) == (9 if rules == 5 else 0) and (shot is None) == (rules == 4)
    assert all(f"+{e.points}" in seen for e in paid), "each move left's worth rises over the board"
    scores = [shown for _, shown in told]
    assert scores == sorted(scores) and theatre.hud.shown_score == end.score
    assert theatre.hud.moves.text == "Bonus moves 0" and theatre.board.mismatches == [] and _shows(theatre)
    assert end.score == Session.replay(level, replay.seed, replay.commands, rules).state.score
