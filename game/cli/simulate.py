"""`gridfall simulate LEVEL [--games N] [--bot NAME]`: bots play many seeds; a difficulty check."""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from typing import Any

from game.bots import BOT_NAMES
from game.bots.simulation import Report, simulate
from game.cli.level_source import levels_at
from game.bots.base import turn_limit_for
from game.core import Level, LevelError, Status, shorten

MAX_GAMES = 100_000
MAX_SEED = (1 << 63) - 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate", help="let a bot play a level over many seeds (win rate, score, moves)",
        description="Play a level (or every level of a pack) N times, one seed each, with a bot, "
                    "and print the win rate, the average score and the moves used.")
    parser.add_argument("path", metavar="LEVEL_FILE", help="a level file, a pack folder or a NAME.pack.yaml")
    parser.add_argument("--games", "-n", type=int, default=20, help="games to play (seeds 0..N-1; default 20)")
    parser.add_argument("--bot", choices=BOT_NAMES, default="auto",
                        help="which bot plays (auto: greedy for match3, chain for chain, slide for slide)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    parser.set_defaults(run=run)



def describe(level: Level, report: Report, seconds: float) -> str:
    games = len(report.games)
    last = report.games[-1].seed if report.games else 0
    first = report.games[0].seed if report.games else 0
    won_moves = report.average_moves_to_win
    won_part = f" ({won_moves:.1f} in won games)" if won_moves is not None else ""
    limit = f" of {level.moves}" if level.moves is not None else ""
    called_off = sum(1 for g in report.games if g.status == Status.PLAYING)
    return (f"{level.id} ({level.mode} {level.width}x{level.height}): {report.bot} bot, "
            f"{games} games (seeds {first}..{last}), {seconds:.1f}s\n"
            f"  won {report.wins}/{games} ({100 * report.win_rate:.0f}%), "
            f"average score {report.average_score:.0f}, "
            f"average moves {report.average_moves:.1f}{limit}{won_part}, "
            f"average stars {report.average_stars:.1f}"
            + (f"\n  {called_off} game(s) were called off unfinished after {turn_limit_for(level)} "
               "moves (a bot's moves are bounded by the board's size)" if called_off else "")
            + (f"\n  {len(report.undealt)} seed(s) could not be dealt (no board without a run and "
               f"with a move), e.g. {report.undealt[0]}: the level is too tight for some seeds"
               if report.undealt else ""))


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        print(f"gridfall simulate: --games must be 1..{MAX_GAMES:,}, found "
              f"{shorten(str(args.games), 24)}", file=sys.stderr)
        return 2
    if not 0 <= args.first_seed <= MAX_SEED - args.games:
        print(f"gridfall simulate: --first-seed must be 0..{MAX_SEED - args.games}, found "
              f"{shorten(str(args.first_seed), 24)}", file=sys.stderr)
        return 2
    found = levels_at(pathlib.Path(args.path), "gridfall simulate")
    if found is None:
        return 1
    levels = found[0]
    for level in levels:
        start = time.perf_counter()
        try:
            report = simulate(level, args.games, args.bot, args.first_seed)
        except (ValueError, LevelError) as exc:
            print(f"gridfall simulate: {level.id}: {exc}", file=sys.stderr)
            return 1
        print(describe(level, report, time.perf_counter() - start), flush=True)
    return 0
