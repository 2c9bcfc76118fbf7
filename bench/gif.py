"""A shared game's GIF: the CPU a 30-move clip takes, against the clip drawn the old way in the same run.

Run: .venv/bin/python bench/gif.py   (each recording in a process of its own, as sharing runs it:
`gridfall record` on a replay of a 30-move game of a 9x9 match-3 level at the shared clip's half
size). Prints per recording the CPU time (user+sys of the process and its GL threads) and the wall
time, the frames and the file's size, then the ratio of the game's recorder to the baseline (every
frame drawn whole at full size and shrunk, `record.WHOLE_FRAMES`). The goal is a clip ready in under
20 s on 2 cores while the game is in use; `--repeat` keeps the quietest of several runs.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LEVEL = """format: 1
id: bench-gif
name: Thirty Moves
mode: match3
width: 9
height: 9
kinds: 5
moves: 40
goals:
  score: 999999
"""
MOVES = 30
SEED = 3


def replay(folder: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """A 30-move game of the bench level (the random bot's) saved as a shared game is."""
    from game.bots import RandomBot
    from game.core import Session
    from game.io import load_level
    from game.io.replay import replay_of, save_replay

    level_file = folder / "bench-gif.yaml"
    level_file.write_text(LEVEL)
    level = load_level(level_file)
    session, bot = Session(level, SEED), RandomBot(SEED)
    for _ in range(MOVES):
        session.play(bot.choose(session.state))
    path = folder / "bench-gif.replay.yaml"
    save_replay(replay_of(level, SEED, session.commands, None), path)
    return path, level_file


RUN = """
import sys
from game.cli import record
record.WHOLE_FRAMES = {whole}
from game.cli import main
raise SystemExit(main(["record", {replay!r}, "--level", {level!r}, "--out", {out!r}, "--scale", "0.5"]))
"""


def record(replay_file: pathlib.Path, level_file: pathlib.Path, out: pathlib.Path, whole: bool) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, what record said) of one recording in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = dict(os.environ, ARCADE_HEADLESS="1")
    done = subprocess.run([sys.executable, "-c", RUN.format(whole=whole, replay=str(replay_file), level=str(level_file),
                                                             out=str(out))],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"record failed: {done.stderr.strip() or done.stdout.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (the quietest is kept)")
    parser.add_argument("--no-baseline", action="store_true", help="the game's recorder only")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gridfall-bench-gif-") as tmp:
        folder = pathlib.Path(tmp)
        os.environ.setdefault("GRIDFALL_DATA_DIR", str(folder / "data"))
        replay_file, level_file = replay(folder)
        print(f"a {MOVES}-move shared game's GIF (9x9 match-3, half size), load average {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")
        kinds = [("the game's recorder", False)] + ([] if args.no_baseline else [("baseline: whole frames", True)])
        cpu_of: dict[bool, float] = {}
        for name, whole in kinds:
            out = folder / f"clip-{'whole' if whole else 'game'}.gif"
            runs = [record(replay_file, level_file, out, whole) for _ in range(args.repeat)]
            cpu, wall, said = min(runs)
            cpu_of[whole] = cpu
            print(f"  {name:24s} CPU {cpu:6.1f} s  wall {wall:6.1f} s  {out.stat().st_size / 1e6:5.2f} MB  ({said})")
        if True in cpu_of:
            print(f"  CPU ratio {cpu_of[False] / cpu_of[True]:.2f}x of the baseline's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
