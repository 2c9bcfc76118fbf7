"""What a LEVEL_OR_PACK argument names: its levels (and pack), or a printed reason and nothing."""

from __future__ import annotations

import pathlib
import sys

from game.cli.output import safe
from game.core import Level
from game.io import LevelFileError, Pack, is_pack_path, load_level, load_pack


def levels_at(path: pathlib.Path, command: str) -> tuple[list[Level], Pack | None] | None:
    """The levels of a level file or pack at `path`; None after telling stderr why not
    (every problem with its file:line:col, or why the file cannot be read)."""
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
