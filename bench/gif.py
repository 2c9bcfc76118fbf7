"""A shared game's GIF: the CPU a 30-move clip takes, against the clip drawn the old way in the same run.

Run: .venv/bin/python bench/gif.py   (each recording in a process of its own, as sharing runs it:
`gridfall record` on a replay of a 30-move game of a 9x9 match-3 level at the shared clip's half
size). Prints per recording the CPU time (user+sys of the process and its GL threads) and the wall
time, the frames and the file's size, then the ratio of the game's recorder to the baseline (every
frame drawn whole at full size and shrunk, `record.WHOLE_FRAMES`). The goal is a clip ready in under
20 s on 2 cores while the game is in use: `--busy` records once more while a game plays in another
process (a bot's moves, a frame every 1/60 s as the game draws them while they move), the wall time
then being what a player waits; `--repeat` keeps the quietest of several runs. Each line gives the
recorder's peak memory too (its resident set).
"""

from __future__ import annotations

import argparse
import os
import pathlib
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


# A game in use beside the recorder: the bench level played by the random bot, a move as soon as
# the last one has settled, updated and drawn at 60 frames a second (the game's partial frames),
# headless like the recorder, until it is killed; a new game when one ends.
BUSY = """
import time
import arcade
import game.ui
from game.bots import RandomBot
from game.core import Status
from game.io import load_level
from game.io.settings import Settings
from game.ui.play_view import PlayView

level = load_level({level!r})
window = arcade.Window(1280, 800, "Gridfall busy game", visible=False, antialiasing=False)
bot, view, tick = RandomBot(1), None, time.perf_counter()
print("ready", flush=True)
while True:
    if view is None or view.state.status != Status.PLAYING:
        view = PlayView(level, seed=1, settings=Settings(sound=False))
        window.show_view(view)
    if not view.busy:
        view.submit(bot.choose(view.state))
    view.on_update(1 / 60)
    view.on_draw()
    window.ctx.finish()
    tick += 1 / 60
    time.sleep(max(0.0, tick - time.perf_counter()))
"""


def busy_game(level_file: pathlib.Path) -> subprocess.Popen[str]:
    """A game playing in a process of its own (BUSY), started and drawing before this returns."""
    env = dict(os.environ, ARCADE_HEADLESS="1")
    game = subprocess.Popen([sys.executable, "-c", BUSY.format(level=str(level_file))], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    assert game.stdout is not None
    if game.stdout.readline().strip() != "ready":
        game.kill()
        raise SystemExit("the busy game did not start")
    game.started = time.perf_counter()  # type: ignore[attr-defined]  # for stop()'s report
    return game


def stop(game: subprocess.Popen[str]) -> str:
    """Kill the busy game; what it used meanwhile (its CPU share: the game was really in use)."""
    started = getattr(game, "started", None)
    game.kill()
    _, status, usage = os.wait4(game.pid, 0)
    game.returncode = os.waitstatus_to_exitcode(status)
    if game.stdout is not None:
        game.stdout.close()
    cpu = usage.ru_utime + usage.ru_stime
    if started is None:
        return ""
    return f"; the game beside it used {cpu:.1f} CPU-s in {time.perf_counter() - started:.1f} s"


def record(replay_file: pathlib.Path, level_file: pathlib.Path, out: pathlib.Path,
           whole: bool) -> tuple[float, float, float, str]:
    """(CPU seconds, wall seconds, peak MB, what record said) of one recording in a fresh process."""
    env = dict(os.environ, ARCADE_HEADLESS="1")
    with tempfile.TemporaryFile("w+") as said:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", RUN.format(whole=whole, replay=str(replay_file),
                                                                   level=str(level_file), out=str(out))],
                                 cwd=ROOT, env=env, stdout=said, stderr=subprocess.STDOUT, text=True)
        # Its own usage (resource.RUSAGE_CHILDREN would sum in a busy game killed meanwhile).
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        said.seek(0)
        text = said.read().strip()
    if child.returncode:
        raise SystemExit(f"record failed: {text}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (the quietest is kept)")
    parser.add_argument("--no-baseline", action="store_true", help="the game's recorder only")
    parser.add_argument("--busy", action="store_true", help="also the game's recorder while a game plays beside it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gridfall-bench-gif-") as tmp:
        folder = pathlib.Path(tmp)
        os.environ.setdefault("GRIDFALL_DATA_DIR", str(folder / "data"))
        replay_file, level_file = replay(folder)
        print(f"a {MOVES}-move shared game's GIF (9x9 match-3, half size), load average {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")
        kinds = [("the game's recorder", False, False)]
        kinds += [] if args.no_baseline else [("baseline: whole frames", True, False)]
        kinds += [("recorder, game in use", False, True)] if args.busy else []
        cpu_of: dict[bool, float] = {}
        for name, whole, busy in kinds:
            out = folder / f"clip-{'whole' if whole else 'game'}.gif"
            game = busy_game(level_file) if busy else None
            try:
                runs = [record(replay_file, level_file, out, whole) for _ in range(args.repeat)]
            finally:
                beside = "" if game is None else stop(game)
            cpu, wall, peak, said = min(runs)
            if not busy:
                cpu_of[whole] = cpu
            print(f"  {name:24s} CPU {cpu:6.1f} s  wall {wall:6.1f} s  peak {peak:5.0f} MB  "
                  f"{out.stat().st_size / 1e6:5.2f} MB  ({said}){beside}")
        if True in cpu_of:
            print(f"  CPU ratio {cpu_of[False] / cpu_of[True]:.2f}x of the baseline's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
