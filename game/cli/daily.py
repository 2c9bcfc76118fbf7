"""`gridfall daily [--date YYYY-MM-DD] [--mode MODE] [-o FILE]`: the day's puzzle as a level file."""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import sys
from typing import Any

from game.bots.daily import DAILY_MODES, DailyError, daily_puzzle, parse_date, parse_mode
from game.cli.output import safe
from game.io.atomic import atomic_write_text
from game.io.levels import level_to_yaml
from game.io import gate


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "daily", help="print or write the daily puzzle's level file",
        description="The daily puzzle: one level per mode for each date, generated from the date "
                    "alone, so everyone gets the same level and seed on every machine. Prints the "
                    "level file, or writes it to FILE (a folder: FOLDER/<level id>.yaml).")
    parser.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today, local time)")
    parser.add_argument("--mode", metavar="MODE", default=DAILY_MODES[0].value,
                        help=f"one of {', '.join(m.value for m in DAILY_MODES)} (default: "
                             f"{DAILY_MODES[0].value})")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the level file here")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        day = datetime.date.today() if args.date is None else parse_date(args.date)
        mode = parse_mode(args.mode)
    except DailyError as exc:
        print(f"gridfall daily: {exc}", file=sys.stderr)
        return 2
    puzzle = daily_puzzle(day, mode)
    # No schema line: the text is the same wherever it goes, byte for byte.
    text = level_to_yaml(puzzle.level, schema=None)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    target = pathlib.Path(args.output)
    try:
        if gate.chosen_folder(target) or args.output.endswith(("/", os.sep)):
            # A folder (one named with a trailing slash is made): the file the loader wants.
            target = target / f"{puzzle.level.id}.yaml"   # made with the file
        atomic_write_text(target, text)
    except OSError as exc:
        print(safe(f"gridfall daily: cannot write {target}: {exc.strerror or exc}"), file=sys.stderr)
        return 1
    print(f"wrote {puzzle.level.name} ({mode.value}) to {target}", file=sys.stderr)
    if target.stem != puzzle.level.id:
        print(f"note: the game loads a level from a file named after its id: "
              f"{puzzle.level.id}.yaml", file=sys.stderr)
    return 0
