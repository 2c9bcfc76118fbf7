"""CPU the level editor uses while nobody touches it, alone and with a dialog open, against the full rate.

Run: .venv/bin/python bench/editor_idle.py [--seconds 4]   (a real window, the on-demand one the game
and `gridfall edit` open: on $DISPLAY, or on an Xvfb it starts; arcade's headless loop ignores draw
rates. Prints CPU seconds per wall second for each case and their ratio to the full rate, every
case measured in this run in a fresh process.)
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
import os, sys, time
import game.ui  # prepares arcade
import arcade, pyglet
from editor import open_editor
import editor.view as ev
import game.ui.frames as frames
if sys.argv[2] == "full":
    ev.IDLE_DRAW_RATE = ev.DRAW_RATE   # what the editor did before it idled: every frame drawn
    frames.ON_DEMAND = False
window = frames.OnDemandWindow(1280, 800, "bench", visible=True, antialiasing=False)
view = open_editor(window, on_leave=lambda: None)
if sys.argv[2] == "dialog":
    view.show_problems("Problems", ["a problem the designer reads while thinking"])
seconds = float(sys.argv[1])
start_wall, start_cpu = [], []
def begin(_dt):
    start_wall.append(time.perf_counter()); start_cpu.append(time.process_time())
def end(_dt):
    wall = time.perf_counter() - start_wall[0]
    print((time.process_time() - start_cpu[0]) / wall, flush=True)
    window.close()
pyglet.clock.schedule_once(begin, 2.0)            # after the editor settled into idling
pyglet.clock.schedule_once(end, 2.0 + seconds)
arcade.run()
"""


def measure(case: str, seconds: float) -> float:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "GRIDFALL_DATA_DIR": data, "PYTHONPATH": str(ROOT)}
        env.pop("ARCADE_HEADLESS", None)
        out = subprocess.run([sys.executable, "-c", CHILD, str(seconds), case], env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=120 + seconds)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    with a_screen(97):
        full = measure("full", args.seconds)
        idle = measure("idle", args.seconds)
        dialog = measure("dialog", args.seconds)
    print(f"editor idle, CPU seconds per second: full rate {full:.3f}, idle {idle:.3f} "
          f"(ratio to full {idle / full:.2f}), a dialog open {dialog:.3f} ({dialog / full:.2f})")


if __name__ == "__main__":
    main()
