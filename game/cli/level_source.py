"""What a LEVEL_OR_PACK argument names: its levels (and pack), or a printed reason and nothing."""

from __future__ import annotations

import pathlib
import sys

from game.cli.output import safe
from game.core import Level, valid_id
from game.io import LevelFileError, Pack, is_pack_path, load_level, load_pack
from game.io.replay import Replay
from game.io import gate


def path_or_pack_id(path: pathlib.Path) -> pathlib.Path:
    """`path`, or, when nothing is there and it is a bare name, the folder or file of the
    built-in or installed pack with that id: `gridfall validate first-steps` works wherever the
    game is installed, with the shipped packs inside the package."""
    try:
        if gate.exists(path) or len(path.parts) != 1 or path.suffix:
            return path
    except OSError:   # a name too long for the file system: the check that reads it says so
        return path
    from game.io import PackNotFoundError, find_pack

    try:
        source = find_pack(path.name).source
    except PackNotFoundError:
        return path
    return source if source is not None else path


def levels_at(path: pathlib.Path, command: str) -> tuple[list[Level], Pack | None] | None:
    """The levels of a level file or pack at `path` (or a pack id); None after telling stderr
    why not (every problem with its file:line:col, or why the file cannot be read)."""
    path = path_or_pack_id(path)
    try:
        if is_pack_path(path):
            pack = load_pack(path)
            return list(pack.levels), pack
        return [load_level(path)], None
    except LevelFileError as exc:
        print(safe(f"{command}: {path} has problems:\n{exc}"), file=sys.stderr)
    except OSError as exc:
        print(safe(f"{command}: cannot read {path}: {exc.strerror or exc}"), file=sys.stderr)
    return None


def replay_level(replay: Replay, replay_path: pathlib.Path, level_file: str | None = None) -> Level:
    """The level `replay` plays on: `level_file` when given (it must hold the replay's level),
    else its pack's level, else (a replay naming no pack, as Share and `code --decode` write
    them) LEVEL.yaml beside the replay. Raises ReplayFileError placed at the replay's field."""
    from game.io import PackNotFoundError, find_pack
    from game.io.replay import ReplayFileError

    if level_file:
        level = load_level(level_file)
        if level.id != replay.level:
            raise ReplayFileError(replay.problem(
                "level", f"the replay is for level '{replay.level}' but {level_file} holds '{level.id}'"))
        return level
    if replay.pack is None:
        beside = replay_path.parent / f"{replay.level}.yaml"
        if valid_id(replay.level) and gate.is_file(beside):   # an id, never a path out of the folder
            return load_level(beside)
        raise ReplayFileError(replay.problem(
            "level", "the replay names no pack: give the level file with --level"))
    try:
        return find_pack(replay.pack).level(replay.level)
    except PackNotFoundError as exc:
        raise ReplayFileError(replay.problem("pack", str(exc))) from None
    except KeyError:
        raise ReplayFileError(replay.problem(
            "level", f"pack '{replay.pack}' has no level '{replay.level}'")) from None
