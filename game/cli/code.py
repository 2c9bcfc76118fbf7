"""`gridfall code FILE|PACK/LEVEL|daily:DATE:MODE` / `gridfall code --decode CODE [-o FOLDER]`: levels
and games as share codes."""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from typing import Any

from game.cli.output import safe
from game.core import MAX_CODE_CHARS
from game.io import gate

_LONE_CODE = re.compile(r"\s*GF[A-Za-z0-9][0-9A-Za-z\s]*")
HELP = ("a level as a short code for a chat message (a replay: the whole game), or a code back "
        "into files")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "code", help=HELP,
        description="Print the share code of a level file (or of a replay file: the level, the "
        "seed and the moves, which prove themselves), of a shipped or installed level by its short "
        "name (first-steps/7, first-steps/garden-beds) or of a day's daily (daily:2026-12-02:chain), "
        "or with --decode turn a code back into its level file (and replay): the code alone, or a "
        "whole chat message or share card with it. `gridfall play CODE` plays a code directly.")
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="a level .yaml, a .replay.yaml, PACK/LEVEL (id or number) or daily:YYYY-MM-DD:MODE")
    parser.add_argument("--level", metavar="LEVEL_FILE",
                        help="for a replay whose pack is not installed: the level file it plays on "
                        "(default: its pack's level, else LEVEL.yaml beside the replay)")
    parser.add_argument("--decode", metavar="CODE", help="the code to open ('-' reads it from the input)")
    parser.add_argument("-o", "--output", metavar="FOLDER",
                        help="with --decode: write ID.yaml (and a game's replay) into FOLDER, made "
                        "when missing (default: print the level file)")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    if (args.file is None) == (args.decode is None):
        parser.error("give a FILE to make a code, or --decode CODE")
    if args.output is not None and args.decode is None:
        parser.error("-o is for --decode")
    if args.level is not None and args.file is None:
        parser.error("--level is for making a code from a replay")
    if args.decode is not None:
        return _decode(args.decode, args.output)
    return _encode(pathlib.Path(args.file), args.level)


def _encode(path: pathlib.Path, level_file: str | None) -> int:
    from game.io import LevelFileError, load_level
    from game.io.codes import CodeError, level_code, replay_code
    from game.io.replay import ReplayFileError, is_replay_file, load_replay
    from game.cli.short_names import is_short_name, named_level

    try:
        if is_short_name(str(path)) and not gate.exists(path):
            if level_file is not None:
                raise ValueError("--level is for a replay; this names a level")
            code = level_code(named_level(str(path)).level)
        elif is_replay_file(path):
            replay = load_replay(path)
            level = _replay_level(path, replay.pack, replay.level, level_file)
            code = replay_code(level, replay)
        else:
            if level_file is not None:
                raise ValueError("--level is for a replay; this is a level file")
            code = level_code(load_level(path))
    except LevelFileError as exc:
        for problem in exc.problems:
            print(safe(f"gridfall code: {problem}"), file=sys.stderr)
        return 1
    except (CodeError, ReplayFileError, ValueError, OSError, LookupError) as exc:   # IllegalMove too
        print(safe(f"gridfall code: {path}: {exc}"), file=sys.stderr)
        return 1
    print(code)
    return 0


def _replay_level(path: pathlib.Path, pack_id: str | None, level_id: str, level_file: str | None) -> Any:
    """The level a replay file plays on: --level, its installed pack's, or the file beside it."""
    from game.core import valid_id
    from game.io import PackNotFoundError, find_pack, load_level

    if level_file is not None:
        level = load_level(level_file)
        if level.id != level_id:
            raise ValueError(f"the replay is for level '{level_id}' but {level_file} holds '{level.id}'")
        return level
    if pack_id is not None:
        try:
            return find_pack(pack_id).level(level_id)
        except (PackNotFoundError, KeyError):
            pass
    beside = path.parent / f"{level_id}.yaml"
    if valid_id(level_id) and gate.is_file(beside):   # an id, never a path out of the folder
        return load_level(beside)
    raise ValueError(f"cannot find the level '{level_id}'" + (f" of the pack '{pack_id}'" if pack_id else "")
                     + f": install its pack, put {beside.name} beside the replay, or give --level")


def read_code_argument(text: str) -> str:
    """The code itself: '-' reads it from the input, at most a code's length (plus room); a
    whole chat message or share card gives its first code (what is no code at all is kept, for
    the decoder to say what it is)."""
    from game.core import find_code

    if text == "-":
        text = sys.stdin.read(MAX_CODE_CHARS * 4 + 1)
    if _LONE_CODE.fullmatch(text[: MAX_CODE_CHARS * 4]):
        return text   # a code alone, perhaps wrapped over lines by a chat: the decoder joins them
    return find_code(text) or text


def _decode(text: str, output: str | None) -> int:
    from game.io import LevelFileError, level_to_yaml
    from game.io.codes import CodeError, open_code, write_opened
    from game.io.replay import replay_to_yaml

    try:
        opened = open_code(read_code_argument(text))
    except CodeError as exc:
        print(safe(f"gridfall code: {exc}"), file=sys.stderr)
        return 1
    except LevelFileError as exc:
        for problem in exc.problems:
            print(safe(f"gridfall code: {problem}"), file=sys.stderr)
        return 1
    if output is None:
        sys.stdout.write(level_to_yaml(opened.level, schema=None))
        if opened.replay is not None:
            sys.stdout.write("---\n" + replay_to_yaml(opened.replay))
        return 0
    folder = pathlib.Path(output)
    if gate.exists(folder) and not gate.chosen_folder(folder):
        print(safe(f"gridfall code: {folder} is a file; -o takes a folder"), file=sys.stderr)
        return 2
    try:
        written = write_opened(opened, folder)
    except OSError as exc:
        print(safe(f"gridfall code: {exc}"), file=sys.stderr)
        return 1
    for path in written:
        print(safe(f"wrote {path}"))
    return 0
