"""`gridfall play` as a person types it: no display, bad input, and real headless runs to a screenshot."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest
from PIL import Image

from game.io.paths import levels_dir
from in_process import gridfall_here

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEVEL = levels_dir() / "first-steps" / "first-swap.yaml"


def gridfall(*args: str, display: bool = False, headless: bool = False,
             data: pathlib.Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    if headless:
        env["ARCADE_HEADLESS"] = "1"
    if data is not None:
        env["GRIDFALL_DATA_DIR"] = str(data)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux finds a screen")
@pytest.mark.parametrize("args", [(), ("play",), ("play", str(LEVEL))])
def test_without_a_display_one_clear_line_and_a_failure(args: tuple[str, ...]) -> None:
    done = gridfall(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "no display" in lines[0] and "xvfb-run -a gridfall" in lines[0] and "gridfall record" in lines[0]


def test_bad_input_is_named_before_any_window(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: 1\nid: broken\nname: [\n", encoding="utf-8")
    code, err = gridfall_here(capsys, monkeypatch, "play", str(bad))
    assert code == 1 and f"{bad}:" in err and "Traceback" not in err
    code, err = gridfall_here(capsys, monkeypatch, "play", "--pack", "no-such-pack")
    assert code == 1 and "no-such-pack" in err
    code, err = gridfall_here(capsys, monkeypatch, "play", "--pack", "first-steps", "--level", "nope")
    assert code == 1 and "no level 'nope'" in err and "first-swap" in err


def test_headless_title_and_a_level_file_open_and_draw(tmp_path: pathlib.Path) -> None:
    title = tmp_path / "title.png"
    done = gridfall("play", "--frames", "80", "--screenshot", str(title), headless=True, data=tmp_path / "d")
    assert done.returncode == 0, done.stderr
    image = Image.open(title).convert("RGB")
    assert image.size == (1280, 800)
    # The logo's tiles are drawn in their colours across the top half.
    colours = {image.getpixel((x, y)) for x in range(240, 1040, 8) for y in range(170, 280, 8)}
    assert len(colours) > 20

    level = tmp_path / "level.png"
    done = gridfall("play", str(LEVEL), "--frames", "30", "--screenshot", str(level), headless=True,
                    data=tmp_path / "d")
    assert done.returncode == 0, done.stderr
    board = Image.open(level).convert("RGB")
    # The board fills the middle with many colours (tiles), unlike a plain menu background.
    middle = {board.getpixel((x, y)) for x in range(500, 1080, 6) for y in range(150, 650, 6)}
    assert len(middle) > 50
    assert board.tobytes() != image.tobytes()


def test_headless_without_a_frame_count_refuses_instead_of_spinning_forever() -> None:
    done = gridfall("play", headless=True)
    assert done.returncode == 2 and "ARCADE_HEADLESS" in done.stderr and "Traceback" not in done.stderr


CLOSE_MID_GAME = """
import os
os.environ["ARCADE_HEADLESS"] = "1"
import game.ui
from game.core import legal_commands
from game.ui.app import App, GridfallWindow
window = GridfallWindow(visible=False)
app = App(window)
window.app = app
view = app.play_level("first-steps", "falling-luck")
view.submit(legal_commands(view.state)[0])
frames = 0
while view.busy and frames < 6000:                 # the move's batch plays out: its end is the event
    view.on_update(1 / 60)
    frames += 1
print(len(view.session.commands), view.state.status, view.busy)
window.on_close()   # the player closes the window mid-game
"""


def test_closing_the_game_window_mid_level_keeps_the_game(tmp_path: pathlib.Path) -> None:
    from game.io.progress import load_progress

    data = tmp_path / "d"
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(ARCADE_HEADLESS="1", GRIDFALL_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-c", CLOSE_MID_GAME], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "playing", "False"]
    saved = load_progress(data / "progress.yaml")
    assert saved.notice is None
    game = saved.progress.saved_game("first-steps", "falling-luck")
    assert game is not None and len(game.commands) == 1 and game.seed == 2


def test_a_deal_named_by_its_seed_plays_again(tmp_path: pathlib.Path) -> None:
    from game.core import Session
    from game.io import load_level

    done = gridfall("play", "--seed", "5")
    assert done.returncode == 1 and "--seed needs a level" in done.stderr
    shots = []
    for seed in ("5", "6"):
        shot = tmp_path / f"seed{seed}.png"
        done = gridfall("play", str(LEVEL), "--seed", seed, "--frames", "20", "--screenshot", str(shot),
                        headless=True, data=tmp_path / "d")
        assert done.returncode == 0, done.stderr
        shots.append(Image.open(shot).convert("RGB").tobytes())
    assert shots[0] != shots[1]                          # two seeds, two boards
    level = load_level(LEVEL)
    assert Session(level, 5).state.grid != Session(level, 6).state.grid


KILLED_AFTER_A_MOVE = """
import os, signal, sys
os.environ["ARCADE_HEADLESS"] = "1"
import game.ui
import arcade
from game.core import legal_commands, state_digest
from game.ui.app import App, GridfallWindow
window = GridfallWindow(visible=False)
app = App(window)
window.app = app
view = app.play_level("first-steps", "falling-luck")
def send(*args):
    window.dispatch_event(*args)
    window.dispatch_events()
send("on_key_press", arcade.key.SPACE, 0)          # the goal card has been read
send("on_key_release", arcade.key.SPACE, 0)
swap = legal_commands(view.state)[0]
(ax, ay), (bx, by) = view.board.center(swap.a), view.board.center(swap.b)
left = arcade.MOUSE_BUTTON_LEFT
send("on_mouse_press", int(ax), int(ay), left, 0)   # the player drags one tile onto the next
send("on_mouse_drag", int(bx), int(by), int(bx - ax), int(by - ay), left, 0)
send("on_mouse_release", int(bx), int(by), left, 0)
for _ in range(3):
    view.on_update(1 / 60)                          # the cascade is still falling...
print(view.busy, len(view.session.commands), state_digest(view.state), flush=True)
os.kill(os.getpid(), signal.SIGKILL)                # ...when the game is killed: no clean exit
"""


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs a kill signal")
def test_a_game_killed_right_after_a_move_resumes_with_that_move(tmp_path: pathlib.Path, window: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from game.core import state_digest
    from game.ui.app import App

    data = tmp_path / "d"
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(ARCADE_HEADLESS="1", GRIDFALL_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-c", KILLED_AFTER_A_MOVE], check=False, cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == -signal.SIGKILL, done.stderr
    busy, moves, digest = done.stdout.split()
    assert busy == "True" and moves == "1"               # killed mid-cascade, one move made
    assert not list(data.glob(".progress.yaml.*.tmp"))   # the save was whole before the kill
    # The player starts the game again: the level opens where the killed game was.
    monkeypatch.setenv("GRIDFALL_DATA_DIR", str(data))
    app = App(window)
    view = app.play_level("first-steps", "falling-luck")
    assert len(view.session.commands) == 1 and view.goal_card is None
    assert state_digest(view.state) == digest            # board, score, moves, spawns to come
    assert view.toast.message == "Welcome back: 1 move in."
    assert view.board.sprite_cells() == view.board.grid_cells(view.state.grid)
