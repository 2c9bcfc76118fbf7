"""CPU the game uses while nobody touches it (title, an untouched play board, a dialog, the theatre paused), in a real window.

Run: .venv/bin/python bench/game_idle.py [--seconds 4] [--settle 12]   (on $DISPLAY, or on an Xvfb it
starts: arcade's headless loop ignores draw rates). Each screen runs in a fresh process: it is shown,
left alone for --settle seconds (the title's tiles drift to rest, the hint shows itself), then the CPU
time (user+sys, every thread) over --seconds of wall time is printed as a share of one core, for the
game drawing every frame (as it did) and drawing on demand (game.ui.frames), with their ratio.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

from display import a_screen   # bench/display.py, beside this script

ROOT = pathlib.Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
import game.ui  # prepares arcade
import arcade, pyglet
import game.ui.frames as frames
from game.ui.app import App, GridfallWindow
if sys.argv[2] == "full":
    frames.ON_DEMAND = False        # every frame drawn, as the game did before
window = GridfallWindow(visible=True, size=(1280, 800))
app = App(window)
window.app = app
screen = sys.argv[3]
if screen == "title":
    app.show_title()
else:
    from game.io import load_level
    from game.ui.play_view import PlayView
    from game.io.paths import levels_dir
    level = load_level(levels_dir() / "first-steps" / "garden-beds.yaml")
    if screen == "theatre":
        from game.core import Session, legal_commands
        from game.ui.theatre import TheatreView
        session, commands = Session(level, 3), []
        for _ in range(5):
            commands.append(legal_commands(session.state)[0])
            session.play(commands[-1])
        view = TheatreView(level, 3, commands, title=level.name, on_back=lambda: None)   # plays, then stops
    else:
        view = PlayView(level, seed=3)
    window.show_view(view)
    if screen == "dialog":
        view.open_pause()
seconds, settle = float(sys.argv[1]), float(sys.argv[4])
start_wall, start_cpu = [], []
def begin(_dt):
    start_wall.append(time.perf_counter()); start_cpu.append(time.process_time())
def end(_dt):
    wall = time.perf_counter() - start_wall[0]
    print((time.process_time() - start_cpu[0]) / wall, flush=True)
    window.app = None
    window.close()
pyglet.clock.schedule_once(begin, settle)          # once the screen has settled into idling
pyglet.clock.schedule_once(end, settle + seconds)
arcade.run()
"""

SCREENS = ("title", "play", "dialog", "theatre")


def measure(case: str, screen: str, seconds: float, settle: float) -> float:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "GRIDFALL_DATA_DIR": data, "PYTHONPATH": str(ROOT)}
        env.pop("ARCADE_HEADLESS", None)
        out = subprocess.run([sys.executable, "-c", CHILD, str(seconds), case, screen, str(settle)], env=env,
                             cwd=ROOT, capture_output=True, text=True, timeout=120 + seconds + settle)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--settle", type=float, default=12.0,
                        help="seconds untouched before measuring (the title's tiles come to rest after 8)")
    parser.add_argument("--screens", default=",".join(SCREENS), help="of " + ", ".join(SCREENS))
    parser.add_argument("--only-idle", action="store_true", help="skip the every-frame baseline")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; CPU seconds per second "
          f"(1.0 = one whole core), after {args.settle:g} s untouched, over {args.seconds:g} s")
    with a_screen(97):
        for screen in args.screens.split(","):
            idle = measure("idle", screen, args.seconds, args.settle)
            if args.only_idle:
                print(f"{screen:7s} on demand {idle:6.3f}")
                continue
            full = measure("full", screen, args.seconds, args.settle)
            print(f"{screen:7s} every frame {full:6.3f}, on demand {idle:6.3f}, ratio {idle / full:5.2f}")


if __name__ == "__main__":
    main()
