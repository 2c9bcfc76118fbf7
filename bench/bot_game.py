"""Bench one bot game on the costliest legal levels: CPU seconds a game, per bot.

Run: `.venv/bin/python bench/bot_game.py [--bots person,greedy,...] [--levels 1,4] [--seeds N]
[--profile BOT]`.

The worst case the level format allows for a falling-tile game is the biggest board (32x32)
with the fewest kinds (3): nearly every refill makes new runs, so one swap's cascade runs for
about a hundred steps and a won game's finale for a thousand; chain mode's worst is the same
board (one chain eats hundreds of tiles, and every refill is a long search). A small board with
no move limit and a goal never met is the other worst case: every turn up to the cap looks
ahead. Each level is played by each bot of its mode (the person-like bot is what `gridfall
playtest` and the editor's F5 run; the hint bot plays the game's H key every move) from
`--seeds` seeds in this process, timed with its CPU clock. Issue 34's goal: at most 5 CPU-s
for one game on any legal level. Prints, never asserts; `--profile BOT` prints cProfile's
top functions for that bot's game on the first level played.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import BOT_MODES  # noqa: E402
from game.bots.playtest import play_one  # noqa: E402
from game.core import Level  # noqa: E402

GOAL = 5.0
LEVELS: dict[str, dict[str, object]] = {
    "32x32, 3 kinds, 20 moves": {"moves": 20},
    "32x32, 3 kinds, no limit": {},     # the bots' turn cap for the board ends the game
    "32x32, 3 kinds, collect": {"moves": 30, "goals": {"collect": {1: 400}}},
    "32x32 chain, 3 kinds, no limit": {"mode": "chain"},
    # A small board a game never wins and with no move limit: the turn cap (370) ends it, so the
    # look ahead of every turn adds up (a game's look-ahead budget, game/core/budget.py, bounds it).
    "9x9, 3 kinds, never won": {"width": 9, "height": 9, "goals": {"collect": {1: 100000}}},
}
BOTS = ("person", "random", "greedy", "fair", "hint", "chain")


def level(name: str, extra: dict[str, object]) -> Level:
    return Level.from_dict({"format": 1, "id": "bench-huge", "name": name, "mode": "match3",
                            "width": 32, "height": 32, "kinds": 3, **extra})


def plays(bot: str, board: Level) -> bool:
    """Whether `bot` plays `board`'s mode."""
    modes = BOT_MODES.get(bot)
    return modes is None or board.mode in modes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--levels", default=",".join(str(i) for i in range(1, len(LEVELS) + 1)),
                        help="which levels, by number (1..%d)" % len(LEVELS))
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--profile", metavar="BOT")
    args = parser.parse_args()
    worst = 0.0
    chosen = [list(LEVELS.items())[int(i) - 1] for i in args.levels.split(",")]
    for name, extra in chosen:
        board = level(name, extra)
        for bot in args.bots.split(","):
            if not plays(bot, board):
                continue
            times = []
            for seed in range(args.seeds):
                start = time.process_time()
                record = play_one(board, seed, bot)
                times.append(time.process_time() - start)
            worst = max(worst, *times)
            print(f"{name:28} {bot:7} {max(times):6.2f} CPU-s a game (worst of {args.seeds}), "
                  f"{record.moves} moves, score {record.score:,}", flush=True)
    print(f"worst game: {worst:.2f} CPU-s (goal: at most {GOAL:.0f})")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(play_one, level(*chosen[0]), 0, args.profile)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
