"""The player's own replays: every finished game of a level, and its best win, in the data folder."""

from __future__ import annotations

import hashlib
import pathlib
import re
from dataclasses import dataclass
from typing import Sequence

from game.core import Command, IllegalMove, Level, LevelError, Status, format_command, valid_id

from . import gate
from .paths import data_folder, data_path
from .replay import Replay, ReplayFileError, load_replay, replay_of, save_replay

KEEP = 20            # finished games kept per level: older ones make way
BEST = "best.yaml"   # the best win of a level, beside its finished games
_NAME = re.compile(r"^(\d{4,9})-([0-9a-f]{10})\.yaml$")


@dataclass(frozen=True, slots=True)
class Kept:
    """A kept replay with what its last check says: score, moves used and whether it was won."""

    path: pathlib.Path
    replay: Replay
    score: int
    moves: int
    won: bool


ROOT = "replays"


def replays_root() -> pathlib.Path:
    return data_path(ROOT)


def level_folder(pack_id: str, level_id: str, make: bool = False) -> pathlib.Path:
    """replays/PACK/LEVEL: both ids are checked by the loader's id rule, so neither leaves the
    folder, and no part may be a link (LinkInDataError), so nothing is written or deleted
    outside the data folder through one. `make` makes the folders."""
    for what, value in (("pack", pack_id), ("level", level_id)):
        if not valid_id(value):
            raise ValueError(f"not a {what} id a replay folder can be named by: {value!r}")
    return (data_folder if make else data_path)(ROOT, pack_id, level_id)


def game_key(seed: int, commands: Sequence[Command]) -> str:
    """10 hex characters naming a game (seed and commands): the same game is kept once."""
    text = "\n".join([str(seed), *(format_command(c) for c in commands)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def keep_finished(level: Level, pack_id: str, seed: int, commands: Sequence[Command]) -> Kept | None:
    """Keep a finished game (won or lost) as a replay; a win better than the level's best (a
    higher score, then fewer moves; never one kept going) becomes the best. Returns what was kept, or None when the
    game is not finished or was kept already. Writes are atomic; old games beyond KEEP go."""
    replay = replay_of(level, seed, commands, pack_id)
    from game.core import Session   # the final state decides won or lost

    state = Session.replay(level, seed, commands).state
    if state.status == Status.PLAYING:
        return None
    folder = level_folder(pack_id, level.id, make=True)
    key = game_key(seed, commands)
    games = _numbered(folder)
    if any(k == key for _, k, _ in games):
        return None
    number = max((n for n, _, _ in games), default=0) + 1
    path = folder / f"{number:04d}-{key}.yaml"
    save_replay(replay, path)
    for _, _, old in games[: max(0, len(games) + 1 - KEEP)]:
        if _ours(old, pack_id, level.id):   # never delete a file the game did not write
            gate.remove(old)
    kept = Kept(path, replay, state.score, state.moves, state.status == Status.WON)
    if kept.won and not state.helped:   # a win kept going (more moves) is never the best
        best = best_win(pack_id, level)
        if best is None or (kept.score, -kept.moves) > (best.score, -best.moves):
            save_replay(replay, folder / BEST)
    return kept


def _numbered(folder: pathlib.Path) -> list[tuple[int, str, pathlib.Path]]:
    """The finished games in a level's folder, oldest first (links are never one)."""
    found = []
    for path in gate.files(folder):
        m = _NAME.match(path.name)
        if m is not None:
            found.append((int(m.group(1)), m.group(2), path))
    return sorted(found)


def _ours(path: pathlib.Path, pack_id: str, level_id: str) -> bool:
    """Whether `path` is a replay this game kept for this level (named and holding so): a file
    merely named like one is the player's, and stays."""
    try:
        replay = load_replay(path)
    except (ReplayFileError, OSError):
        return False
    return replay.pack == pack_id and replay.level == level_id


def _read(path: pathlib.Path, level: Level) -> Kept | None:
    """A kept replay that still plays on `level` as it is now; None for one that does not
    (the level or the rules changed, the file was damaged): never an error for the player."""
    try:
        replay = load_replay(path)
        if replay.level != level.id:
            return None
        from game.core import Session

        state = Session.replay(level, replay.seed, replay.commands, replay.plays_by).state
    except (ReplayFileError, IllegalMove, LevelError, OSError, ValueError):
        return None
    return Kept(path, replay, state.score, state.moves, state.status == Status.WON)


def best_win(pack_id: str, level: Level) -> Kept | None:
    """The level's best win, when there is one and it still plays on the level."""
    try:
        path = level_folder(pack_id, level.id) / BEST
    except OSError:
        return None
    return _read(path, level) if gate.is_file(path) else None


def finished_games(pack_id: str, level: Level) -> list[Kept]:
    """The level's kept games that still play, newest first."""
    try:
        games = _numbered(level_folder(pack_id, level.id))
    except OSError:
        return []
    return [k for _, _, path in reversed(games) if (k := _read(path, level)) is not None]
