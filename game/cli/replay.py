"""`gridfall replay REPLAY_FILE [--level LEVEL_FILE]`: play a saved replay and print how it ends."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from game.cli.level_source import replay_level
from game.cli.output import safe
from game.core import stars
from game.io import LevelFileError, PackNotFoundError
from game.io.replay import ReplayFileError, load_replay, replay_notes, verify_replay


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="play a replay file through the rules and print the result",
        description="Replay a saved game (level, seed, commands) and print its end: status, "
                    "score, stars and moves. The level comes from the replay's pack, or --level.")
    parser.add_argument("path", metavar="REPLAY_FILE")
    parser.add_argument("--level", metavar="LEVEL_FILE",
                        help="the level file to replay on (default: the replay's pack and level)")
    parser.add_argument("--verbose", "-v", action="store_true", help="print every command and its score")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.path)
        level = replay_level(replay, pathlib.Path(args.path), args.level)
    except (ReplayFileError, LevelFileError, PackNotFoundError, ValueError, OSError) as exc:
        print(safe(f"gridfall replay: {exc}"), file=sys.stderr)
        return 1
    notes = replay_notes(replay, level)
    try:
        session = verify_replay(replay, level)
    except ReplayFileError as exc:
        why = f" ({'; '.join(notes)})" if notes else ""
        print(safe(f"gridfall replay: {exc}{why}"), file=sys.stderr)
        return 1
    if args.verbose:
        for i, turn in enumerate(session.turns, start=1):
            print(f"{i:4}. {turn.command}  score {turn.state.score}")
    state = session.state
    where = f"{replay.pack}/{level.id}" if replay.pack else level.id
    limit = f" of {level.moves}" if level.moves is not None else ""
    proven = f", {len(replay.checks)} checks match" if replay.checks else ""
    for note in notes:
        print(f"gridfall replay: note: {args.path}: {note}", file=sys.stderr)
    print(f"{where} ({level.name}), seed {replay.seed}: {state.status}, score {state.score}, "
          f"{stars(state)} star{'' if stars(state) == 1 else 's'}, {state.moves}{limit} moves, {len(replay.commands)} commands{proven}")
    return 0
