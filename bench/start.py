"""Launch to the title's first frame: the CPU and wall time `gridfall play` takes to show its title, in a real window.

Run: .venv/bin/python bench/start.py [--repeat 3]   (on $DISPLAY, or on an Xvfb it starts). Each run is a
fresh process started as a player starts the game (`gridfall play`, a fresh data folder); when the
title's first frame has been drawn and finished, it prints the process's CPU time (user+sys, every
thread, interpreter start included) and the wall time since it was spawned, then the imports that
took longest before that frame (python -X importtime). The goal is under 1 s on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from display import a_screen   # bench/display.py, beside this script

ROOT = pathlib.Path(__file__).resolve().parents[1]

CHILD = """
import os, sys, time
from game.ui import frames
drawn = frames.OnDemandWindow.draw
def first(self, dt):
    drawn(self, dt)
    if self.frames_drawn >= 1:
        self.ctx.finish()
        print("FIRST", time.process_time(), flush=True)
        os._exit(0)
frames.OnDemandWindow.draw = first
from game.cli import main
main(["play"])
"""


def run(importtime: bool = False) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stderr) of one launch to the first frame."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "GRIDFALL_DATA_DIR": data, "PYTHONPATH": str(ROOT)}
        env.pop("ARCADE_HEADLESS", None)
        start = time.perf_counter()
        out = subprocess.run([sys.executable, *(["-X", "importtime"] if importtime else []), "-c", CHILD],
                             env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        wall = time.perf_counter() - start
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("FIRST")), None)
    if line is None:
        raise SystemExit(f"no first frame: {out.stderr[-2000:]}")
    return float(line.split()[1]), wall, out.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="launches (each printed; the quietest kept)")
    parser.add_argument("--imports", type=int, default=12, help="the slowest imports to list")
    args = parser.parse_args()
    with a_screen(98):
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        runs = [run() for _ in range(args.repeat)]
        for cpu, wall, _ in runs:
            print(f"  launch to the title's first frame: CPU {cpu:5.2f} s, wall {wall:5.2f} s")
        cpu, wall, _ = min(runs)
        print(f"  quietest: CPU {cpu:.2f} s, wall {wall:.2f} s ({'meets' if wall < 1 else 'misses'} the 1 s goal)")
        _, _, trace = run(importtime=True)
    rows = []
    for ln in trace.splitlines():
        if ln.startswith("import time:") and "|" in ln:
            parts = [p.strip() for p in ln.removeprefix("import time:").split("|")]
            if parts[1].isdigit():
                rows.append((int(parts[1]), parts[2]))
    print("  slowest imports (cumulative, ms; -X importtime inflates them): "
          + ", ".join(f"{name.strip()} {us / 1000:.0f}" for us, name in sorted(rows, reverse=True)[:args.imports]))


if __name__ == "__main__":
    main()
