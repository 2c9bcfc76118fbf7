"""`gridfall replay REPLAY_FILE [--level LEVEL_FILE]`: play a saved replay and print how it ends."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.core import RULES_VERSION, IllegalMove, Level, LevelError, Session, first_divergence, stars
from game.io import LevelFileError, PackNotFoundError, find_pack, load_level
from game.io.replay import ReplayFileError, load_replay


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


def _level(args: argparse.Namespace, pack_id: str | None, level_id: str) -> Level:
    if args.level:
        level = load_level(args.level)
        if level.id != level_id:
            raise ValueError(f"the replay is for level '{level_id}' but {args.level} holds '{level.id}'")
        return level
    if pack_id is None:
        raise ValueError("the replay names no pack: give the level file with --level")
    try:
        return find_pack(pack_id).level(level_id)
    except KeyError:
        raise ValueError(f"pack '{pack_id}' has no level '{level_id}'") from None


def run(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.path)
        level = _level(args, replay.pack, replay.level)
    except (ReplayFileError, LevelFileError, PackNotFoundError, ValueError, OSError) as exc:
        print(f"gridfall replay: {exc}", file=sys.stderr)
        return 1
    notes = []
    if replay.rules is not None and replay.rules != RULES_VERSION:
        notes.append(f"made with rules version {replay.rules}; this game plays version {RULES_VERSION}")
    if replay.level_hash is not None and replay.level_hash != level.content_hash():
        notes.append(f"the level '{level.id}' changed since the replay was made")
    try:
        divergence = first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by)
        if divergence is not None:
            why = f" ({'; '.join(notes)})" if notes else ""
            print(f"gridfall replay: {args.path}: {divergence.describe()}{why}", file=sys.stderr)
            return 1
        session = Session.replay(level, replay.seed, replay.commands, replay.plays_by)
    except IllegalMove as exc:
        # Session.replay names the command: "command N (text): why".
        why = f" ({'; '.join(notes)})" if notes else ""
        print(f"gridfall replay: {args.path}: illegal {exc}{why}", file=sys.stderr)
        return 1
    except LevelError as exc:
        print(f"gridfall replay: {args.path}: the level cannot be dealt: {exc}", file=sys.stderr)
        return 1
    if args.verbose:
        for i, turn in enumerate(session.turns, start=1):
            print(f"{i:4}. {turn.command}  score {turn.state.score}")
    state = session.state
    where = f"{replay.pack}/{level.id}" if replay.pack else level.id
    limit = f" of {level.moves}" if level.moves is not None else ""
    proven = f", {len(replay.checks)} checks match" if replay.checks else ""
    print(f"{where} ({level.name}), seed {replay.seed}: {state.status}, score {state.score}, "
          f"{stars(state)} star{'' if stars(state) == 1 else 's'}, {state.moves}{limit} moves, {len(replay.commands)} commands{proven}")
    return 0
