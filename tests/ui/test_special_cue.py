"""A special formed by a run chimes and glints on its cell (a still highlight with reduced motion), and
the background music loops at the Music volume chosen on the settings screen, silent with Sound off."""

from __future__ import annotations

import io
import lzma
import pathlib
import wave
from typing import Any, Iterator

import arcade
import pytest

from game.core import Created, Event, Level
from game.io.paths import assets_dir
from game.io.settings import MUSIC_LEVELS, Settings, load_settings, settings_path
from game.ui import textures
from game.ui.app import App
from game.ui.music import FILE, Music
from game.ui.screens.settings import SettingsView

DT = 1 / 60
# Swapping (3,0) with (3,1) stands four 1s up column 0: a special forms on (3,0) and, the run's
# tiles under it cleared, falls to (4,0) (from seed 2).
FOUR = Level.from_dict({
    "format": 1, "id": "four", "name": "Four", "mode": "match3", "width": 6, "height": 6, "kinds": 5,
    "moves": 5, "goals": {"score": 100000},
    "layout": [". . . . . .", "1 . . . . .", "1 . . . . .", "2 1 . . . .", "1 . . . . .", ". . . . . ."],
})
SEED = 2


class Recorder:
    """A sound player that only remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str, pitch: float = 1.0) -> None:
        self.played.append(name)


class Tune:
    """Music that only remembers the levels it was asked to play at."""

    def __init__(self) -> None:
        self.levels: list[float] = []

    def follow(self, level: float) -> None:
        self.levels.append(level)

    def stop(self) -> None:
        self.levels.append(-1.0)


def send(window: Any, name: str, *args: Any) -> None:
    window.dispatch_event(name, *args)
    window.dispatch_events()   # dispatch_event only queues


def click(window: Any, x: float, y: float) -> None:
    send(window, "on_mouse_motion", int(x), int(y), 0, 0)
    send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def press(window: Any, symbol: int) -> None:
    send(window, "on_key_press", symbol, 0)
    send(window, "on_key_release", symbol, 0)


def open_four(window: Any, settings: Settings, sounds: Recorder) -> Any:
    from game.ui.play_view import PlayView

    view = PlayView(FOUR, seed=SEED, settings=settings, sounds=sounds)
    window.show_view(view)
    view.on_update(DT)
    return view


def swap_by_mouse(window: Any, view: Any) -> list[Event]:
    """The player clicks (3,0) then (3,1); the events the board tells, as it tells them."""
    told: list[Event] = []
    inner = view._on_event

    def spy(event: Event) -> None:
        told.append(event)
        inner(event)
    view._on_event = spy
    for cell in ((3, 0), (3, 1)):
        click(window, *view.board.center(cell))
    return told


def glinting(view: Any, cell: tuple[int, int]) -> list[arcade.Sprite]:
    """The shown stars of the effects within half a cell of `cell`'s centre."""
    x, y = view.board.center(cell)
    half = view.board.layout.cell / 2
    star = textures.load("spark")
    return [s for s in view.board.effects.sprites if s.visible and s.texture is star and s.alpha > 0
            and abs(s.center_x - x) < half and abs(s.center_y - y) < half]


def test_a_special_formed_chimes_and_a_star_glints_on_its_cell(window: Any, screenshot_dir: pathlib.Path) -> None:
    rec = Recorder()
    view = open_four(window, Settings(animation_speed="normal", sound=True), rec)
    told = swap_by_mouse(window, view)
    for _ in range(120):
        view.on_update(DT)
        if any(isinstance(e, Created) for e in told):
            break
    made = [e for e in told if isinstance(e, Created)]
    assert [e.cell for e in made] == [(3, 0)]
    # The chime with the special's appearing, before its run clears.
    assert rec.played == ["swap", "form"]
    for _ in range(8):   # the star grows, turning
        view.on_update(DT)
    stars = glinting(view, (3, 0))
    assert stars and stars[0].scale_x > 0 and stars[0].angle > 0
    view.on_draw()
    arcade.get_image(0, 0, window.width, window.height).save(screenshot_dir / "special_glint.png")
    for _ in range(600):
        view.on_update(DT)
        if not view.board.animator.moving:
            break
    assert not glinting(view, (3, 0)) and not glinting(view, (4, 0))   # gone out, nothing left behind
    assert rec.played.count("form") == 1 and "clear" in rec.played


def test_the_chime_sounds_once_a_step_however_many_specials_form() -> None:
    from game.core import Cleared, Special, new_game
    from game.ui.sound import Cues

    cues = Cues()
    cues.begin(new_game(FOUR, SEED), [])
    made = [Created((1, 1), Special.ROW), Created((4, 4), Special.BOMB)]
    heard = [cues.cue(e) for e in (*made, Cleared(((0, 0),)), made[0])]
    assert heard == [("form", 1.0), None, ("clear", 1.0), ("form", 1.0)]   # the next step's chimes again


@pytest.mark.parametrize("settings", [Settings(reduced_motion=True), Settings(animation_speed="instant")],
                         ids=["reduced motion", "instant"])
def test_with_nothing_moving_the_new_special_is_marked_still_where_it_rests(window: Any, settings: Settings) -> None:
    rec = Recorder()
    view = open_four(window, settings, rec)
    swap_by_mouse(window, view)
    view.on_update(DT)
    assert dict(view.state.specials).keys() == {(4, 0)}   # formed on (3,0), fallen one row
    assert "form" in rec.played
    marks = view.board.effects.marks
    x, y = view.board.center((4, 0))
    assert marks and all(abs(s.center_x - x) < view.board.layout.cell / 2 for s in marks)
    before = [(s.center_x, s.center_y, s.scale_x, s.angle, s.alpha) for s in marks]
    for _ in range(90):
        view.on_update(DT)
    assert [(s.center_x, s.center_y, s.scale_x, s.angle, s.alpha) for s in marks] == before   # still
    assert all(s.visible for s in marks) and glinting(view, (4, 0))
    # The next move takes it away (one that forms no special: nothing is marked again).
    from game.core import legal_commands, play

    move = next(c for c in legal_commands(view.state)
                if not any(isinstance(e, Created) for e in play(view.state, c)[0]))
    assert view.submit(move)
    view.on_update(DT)
    assert view.board.effects.marks == [] and not glinting(view, (4, 0))


def test_the_music_file_is_a_small_loop_the_game_decodes(window: Any) -> None:
    packed = (assets_dir() / "sounds" / FILE).read_bytes()
    assert len(packed) < 400_000
    with wave.open(io.BytesIO(lzma.decompress(packed)), "rb") as wav:
        assert 20 <= wav.getnframes() / wav.getframerate() <= 40
    music = Music()
    music.follow(0.25)   # headless: a real device, pyglet's silent driver, or a remembered failure
    if music.failed is None:
        assert music.player is not None and music.player.loop and music.player.volume == 0.25
        assert abs(music.player.source.duration - 32.0) < 0.1
        music.follow(0.0)
        assert not music.player.playing
    music.stop()
    broken = Music()
    broken._load = lambda: (_ for _ in ()).throw(OSError("no audio device"))   # type: ignore[method-assign]
    broken.follow(0.25)
    broken.follow(0.45)
    assert broken.failed == "OSError: no audio device"


@pytest.fixture()
def fresh_settings() -> Iterator[None]:
    settings_path().unlink(missing_ok=True)
    yield
    settings_path().unlink(missing_ok=True)


def test_music_volume_is_chosen_by_keys_and_mouse_saved_and_silent_with_sound_off(
        window: Any, fresh_settings: None) -> None:
    tune = Tune()
    app = App(window, music=tune)
    app.play_music()   # as the game's start does, a moment after its first frame
    assert tune.levels == [MUSIC_LEVELS["medium"]]
    view = app.show_settings()
    assert isinstance(view, SettingsView)
    for _ in range(8):   # Down walks the rows to the music's
        if view.focus is not None and view.focus.name.startswith("music_volume="):
            break
        press(window, arcade.key.DOWN)
    for _ in range(4):   # Right along it to High
        assert view.focus is not None and view.focus.name.startswith("music_volume=")
        if view.focus.name == "music_volume=high":
            break
        press(window, arcade.key.RIGHT)
    press(window, arcade.key.ENTER)
    assert load_settings().music_volume == "high" and tune.levels[-1] == MUSIC_LEVELS["high"]
    view = window.current_view
    wd = next(w for w in view.widgets if w.name == "music_volume=low")
    view.set_focus(wd, reveal=True)
    click(window, wd.left + 8, wd.bottom + wd.height / 2 + view.scroll)
    assert load_settings().music_volume == "low" and tune.levels[-1] == MUSIC_LEVELS["low"]
    # Sound off silences the music too; on again, it plays at its volume.
    view = window.current_view
    wd = next(w for w in view.widgets if w.name == "sound=False")
    view.set_focus(wd, reveal=True)
    click(window, wd.left + 8, wd.bottom + wd.height / 2 + view.scroll)
    assert load_settings().sound is False and tune.levels[-1] == 0.0
    app.update_settings(music_volume="high")   # changed while sound is off: still silent, not asked again
    assert tune.levels[-1] == 0.0
    app.update_settings(sound=True)
    assert tune.levels[-1] == MUSIC_LEVELS["high"]
    app.on_window_close()
    assert tune.levels[-1] == -1.0   # let go when the game closes
