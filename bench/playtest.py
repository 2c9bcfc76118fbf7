"""Bench the playtest lab: CPU seconds of `gridfall playtest LEVEL -n 1000 --workers 2` per shipped
level; games per second per core for each bot; and 1000 games on all cores.

Run: `.venv/bin/python bench/playtest.py [--levels [ID ...]] [--games N] [--sample N]`.

With --levels (every shipped level, or the ids named), it runs the real command line for each
level in a child process and prints the CPU time (user+sys) of the whole process tree, start-up
included; issue 20's goal is at most 12 CPU-seconds for 1000 games of any shipped level.

Two levels: a 9x9 match3 level with 6 kinds and 20 moves, and a 7x7 chain level (a player token,
5 kinds) with 15 moves. For each bot it plays `--sample` games in this process (games per second
on one core, in CPU seconds), then the person-like bot's `--games` games on every core through
the same path `gridfall playtest` uses (wall time, process start-up included). The goal on a
2-core machine: 1000 person-like games of each level in under 10 s. Prints, never asserts.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.farm import Job, default_workers, play_jobs  # noqa: E402
from game.bots.playtest import play_seeds  # noqa: E402
from game.core import Level  # noqa: E402

MATCH3 = Level.from_dict({
    "format": 1, "id": "bench-match3", "name": "Bench match3", "mode": "match3",
    "width": 9, "height": 9, "kinds": 6, "moves": 20,
    "goals": {"score": 3000, "collect": {1: 20, 2: 20}},
})
CHAIN = Level.from_dict({
    "format": 1, "id": "bench-chain", "name": "Bench chain", "mode": "chain",
    "width": 7, "height": 7, "kinds": 5, "moves": 15, "goals": {"score": 1500, "collect": {3: 12}},
    "layout": [". . . . . . ."] * 3 + [". . . P . . ."] + [". . . . . . ."] * 3,
})
BOTS = {"match3": ("person", "greedy", "fair", "random"), "chain": ("person", "chain", "random")}


CPU_GOAL = 12.0
# CPU seconds of `gridfall playtest LEVEL -n 1000 --workers 2` per shipped level before the
# 26 Nov session's work on issue 20 (main at 0ef6240, rules 3, the machine at load 10-25; the
# last twelve from jelly-beds on were taken from a tree whose level and board modules had
# already changed, which changed nothing they cost). Printed beside each level's figure now.
BEFORE = {
    "first-swap": 2.7, "falling-luck": 5.8, "ring-harvest": 6.5, "token-walk": 4.3, "slide-in": 1.3,
    "garden-beds": 6.1, "across-the-field": 15.2, "nine-tiles": 4.1, "the-diamond": 8.6,
    "triangle-picking": 15.7, "free-hand": 7.7, "star-gazer": 8.1, "free-play": 10.6,
    "off-by-a-row": 5.9, "cornerstones": 7.8, "pillars": 6.2, "straight-lines": 4.0, "fifteen": 14.6,
    "tight-budget": 6.3, "the-long-way": 6.7, "spiral": 21.3, "hourglass": 10.2, "fours-only": 6.2,
    "deep-dive": 13.8, "twenty-four": 45.6, "chain-master": 19.5, "grand-garden": 19.4,
    "grand-slide": 85.0, "four-in-a-row": 4.2, "stripes": 4.0, "corner-piece": 5.0,
    "bombs-away": 4.6, "high-five": 6.3, "double-rainbow": 10.4, "crossfire": 3.4, "big-cross": 4.9,
    "double-bomb": 4.5, "rainbow-stripes": 7.0, "rainbow-bombs": 7.4, "clean-sweep": 11.4,
    "jelly-beds": 6.4, "thick-jelly": 12.9, "stepping-stones": 3.0, "hard-rock": 5.8, "lockdown": 7.0,
    "first-drop": 4.9, "raindrops": 10.1, "garden-wall": 8.6, "locked-chute": 12.3, "demolition": 6.8,
    "jam-session": 16.3, "chain-jelly": 30.1, "chain-rocks": 6.5, "chain-garden": 23.1,
    "sweet-finale": 17.2,
}


def shipped_files() -> list[tuple[str, Path]]:
    """(level id, file) of every shipped level, pack by pack."""
    from game.io import load_pack
    from game.io.packs import pack_paths
    from game.io.paths import levels_dir

    out = []
    for path in pack_paths(levels_dir()):
        pack = load_pack(path, builtin=True)
        for level in pack.levels:
            out.append((level.id, path / f"{level.id}.yaml"))
    return out


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def level_cpu(ids: list[str], games: int, workers: int) -> None:
    """Run `gridfall playtest FILE -n games --workers N` per level; print its tree's CPU seconds."""
    files = shipped_files()
    if ids:
        files = [(i, f) for i, f in files if i in ids]
    print(f"{'level':<20} {'CPU s':>7} {'wall s':>7} {'before':>7}   (gridfall playtest -n {games} "
          f"--workers {workers}; goal <= {CPU_GOAL:g} CPU s; before: see BEFORE)")
    over = []
    for level_id, file in files:
        before, start = children_cpu(), time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "game", "playtest", str(file), "-n", str(games),
                               "--workers", str(workers)], capture_output=True, text=True)
        cpu, wall = children_cpu() - before, time.perf_counter() - start
        flag = "" if done.returncode == 0 else f"  (exit {done.returncode}: {done.stderr.strip()[-80:]})"
        if cpu > CPU_GOAL:
            over.append(level_id)
            flag += "  OVER"
        before = BEFORE.get(level_id)
        shown = f"{before:7.1f}" if before is not None and games == 1000 and workers == 2 else f"{'-':>7}"
        print(f"{level_id:<20} {cpu:7.1f} {wall:7.1f} {shown}{flag}", flush=True)
    print("over the goal: " + ", ".join(over) if over else "every level within the goal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games on all cores (default 1000)")
    parser.add_argument("--sample", type=int, default=40, help="games a bot plays for its rate (default 40)")
    parser.add_argument("--levels", nargs="*", default=None, metavar="ID",
                        help="CPU of `gridfall playtest` per shipped level (all, or these ids)")
    parser.add_argument("--workers", type=int, default=2, help="workers for --levels (default 2)")
    args = parser.parse_args()
    if args.levels is not None:
        level_cpu(args.levels, args.games, args.workers)
        return
    workers = default_workers()
    print(f"{'level':<14} {'bot':<8} {'games/s/core':>13} {'wins':>6}")
    for level in (MATCH3, CHAIN):
        for bot in BOTS[level.mode]:
            # The strong bots are slow: a quarter of the sample is enough for their rate.
            n = args.sample if bot in ("person", "random", "fair") else max(4, args.sample // 4)
            start = time.process_time()
            records = play_seeds(level, range(n), bot)
            rate = n / max(1e-9, time.process_time() - start)
            wins = sum(r.won for r in records)
            print(f"{level.id:<14} {bot:<8} {rate:>13.1f} {wins:>3}/{n:<3}")
    print()
    for level in (MATCH3, CHAIN):
        start = time.perf_counter()
        play_jobs([Job(level, tuple(range(args.games)), "person")], workers=workers)
        wall = time.perf_counter() - start
        print(f"{level.id}: {args.games} person-like games on {workers} cores: {wall:.1f} s wall "
              f"(goal: under 10 s for 1000)")


if __name__ == "__main__":
    main()
