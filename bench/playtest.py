"""Bench the playtest lab: games per second per core for each bot, and 1000 games on all cores.

Run: `.venv/bin/python bench/playtest.py [--games N] [--sample N]`.

Two levels: a 9x9 match3 level with 6 kinds and 20 moves, and a 7x7 chain level (a player token,
5 kinds) with 15 moves. For each bot it plays `--sample` games in this process (games per second
on one core, in CPU seconds), then the person-like bot's `--games` games on every core through
the same path `gridfall playtest` uses (wall time, process start-up included). The goal on a
2-core machine: 1000 person-like games of each level in under 10 s. Prints, never asserts.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games on all cores (default 1000)")
    parser.add_argument("--sample", type=int, default=40, help="games a bot plays for its rate (default 40)")
    args = parser.parse_args()
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
