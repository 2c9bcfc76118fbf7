"""Bench the playtest lab: games per second per core for each bot, and 1000 games on all cores.

Run: `.venv/bin/python bench/playtest.py [--games 1000]`.

Two levels from issue 10: a 9x9 match3 level with 6 kinds and 20 moves, and a 7x7 chain level
with 15 moves. For each: games a second in one process for the person-like bot, the strong bot
(greedy / chain, which looks ahead) and the random bot (the baseline, measured in the same
run), then the wall time of `--games` person-like games on every core through play_many, as
`gridfall playtest` plays them. The goal: 1000 person-like games in under 10 s on 2 cores.
Figures print as ratios against the random bot and as seconds, never as pass/fail.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from game.bots.playtest import play_many  # noqa: E402
from game.core import Goals, Level  # noqa: E402

LEVELS = (
    (Level(id="bench-match3", name="Match3 9x9", mode="match3", width=9, height=9, kinds=6,
           moves=20, goals=Goals(score=2500)), "greedy"),
    (Level(id="bench-chain", name="Chain 7x7", mode="chain", width=7, height=7, kinds=5,
           moves=15, goals=Goals(score=1500)), "chain"),
)


def rate(level: Level, bot: str, games: int) -> float:
    """Games a second in this process."""
    start = time.perf_counter()
    play_many(level, list(range(games)), bot, workers=1)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{'level':<14} {'bot':<8} {'games/s/core':>12} {'x random':>9}")
    for level, strong in LEVELS:
        base = rate(level, "random", 100)
        for bot, games in (("random", 100), ("person", 100), (strong, 20)):
            r = base if bot == "random" else rate(level, bot, games)
            print(f"{level.id:<14} {bot:<8} {r:>12.1f} {r / base:>8.2f}x")
        start = time.perf_counter()
        play_many(level, list(range(args.games)), "person", workers=cores)
        wall = time.perf_counter() - start
        print(f"{level.id:<14} {args.games} person games on {cores} cores: {wall:.1f} s "
              f"({wall / 10:.2f}x the 10 s goal)")


if __name__ == "__main__":
    main()
