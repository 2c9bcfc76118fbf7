"""Levels and games as share codes, and codes back into levels and games through every check a
file gets (the level loader, the replay reader, the replay's proof)."""

from __future__ import annotations

import dataclasses
import os
import pathlib
from dataclasses import dataclass
from typing import Callable, Sequence

from game.core import (
    CodeError, CodeKind, Command, IllegalMove, Level, decode_code, encode_code, first_divergence, shorten,
)
from game.core import DIGEST_VERSIONS, Check, Divergence
from game.core import (
    GAME_VERSION, MAX_GAME_MOVES, CodeBoard as Board, PackedGame, check_points, encode_payload, game_moves,
    game_size_problem, pack_payload, play_through, split_payload, unpack_code, unpack_game,
)

from . import gate
from .kept_replays import game_key
from .levels import check_level_text, level_to_yaml, save_level
from .problems import FileProblem, LevelFileError
from .replay import MAX_SEED, Replay, ReplayFileError, replay_from_dict, replay_of, replay_to_yaml, save_replay
from .yamldoc import DocError, parse
from .yamldoc import decode as checked_text

CODE_FILE = "code"            # how problems in a code's level name their "file"
# A game code's text is the level file, this line, then the replay file: a YAML stream of two
# documents, readable as it is.
SEPARATOR = "\n---\n"
Played = Callable[[int, int], object]
"""Hears `played(n, of)` after each move of a game code's proof: progress, and a way to stop
(raise) it."""

__all__ = ["CodeError", "Opened", "game_code", "level_code", "open_code", "replay_code", "write_opened"]


@dataclass(frozen=True, slots=True)
class Opened:
    """What a code held: a level, and for a game code the replay that plays on it (proven)."""

    level: Level
    replay: Replay | None = None

    @property
    def pack_id(self) -> str:
        """The pack of one a code's level is shown in: named by its content, so two different
        levels with one id never share progress."""
        return f"code-{self.level.content_hash()[:10]}"


def level_code(level: Level) -> str:
    """The level's share code: its level file's text (no schema line), packed."""
    return encode_code(CodeKind.LEVEL, level_to_yaml(level, schema=None))


def game_code(level: Level, seed: int, commands: Sequence[Command]) -> str:
    """A game's share code: the level, the seed and the commands with a check after each, so the
    code proves itself as a replay file does. Raises IllegalMove for commands that do not play,
    CodeError for a game too long for a code (see game_size_problem)."""
    _refuse_long(level, len(commands))
    return _packed_code(level, replay_of(level, seed, commands, pack=None))


def replay_code(level: Level, replay: Replay) -> str:
    """A replay file's game as a code, as it was recorded (its rules version, its checks), once
    it proves itself on `level`; a replay without checks (format 1) gets them from today's rules."""
    if not replay.checks:
        return game_code(level, replay.seed, replay.commands)
    _refuse_long(level, len(replay.commands))
    divergence = first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by)
    if divergence is not None:
        raise CodeError(f"the replay does not prove itself on the level '{level.id}': {divergence.describe()}")
    return _packed_code(level, replay)


def _packed_code(level: Level, replay: Replay) -> str:
    """A version-2 game code: the level's text, the seed, the moves packed by the board's size,
    and the replay's own checks after a few of them (always the last): about 2 characters a
    move, where a version-1 code spent 12 on each move's check."""
    game = PackedGame(replay.plays_by, replay.seed, replay.commands,
                      tuple((n, replay.checks[n - 1]) for n in check_points(len(replay.commands))))
    return encode_payload(CodeKind.GAME, GAME_VERSION,
                          pack_payload(level_to_yaml(level, schema=None), _board(level), game))


def _board(level: Level) -> Board:
    return Board(level.width, level.height, level.mode)


def _refuse_long(level: Level, moves: int) -> None:
    problem = game_size_problem(level.mode, level.width * level.height, moves)
    if problem is not None:
        raise CodeError(problem)


def open_code(code: str, played: Played | None = None) -> Opened:
    """The level (and game) a code holds. CodeError (one line) for a code that is foreign,
    damaged, cut short, too large or a game that does not prove itself; LevelFileError (each
    problem at code:line:col) for a level that a file with the same text would fail with.
    A game longer than a code may hold is refused before a move is played (game_size_problem);
    `played` hears the proof's progress."""
    kind, version, data = unpack_code(code)
    if kind is CodeKind.GAME and version == GAME_VERSION:
        level_text, game = split_payload(data)
        level = _level(level_text)
        return Opened(level, _proven_packed(level, game, played))
    kind, text = decode_code(code)
    replay_text = None
    if kind is CodeKind.GAME:
        level_text, found, replay_text = text.partition(SEPARATOR)
        if not found:
            raise CodeError("the game code holds a level but no game (damaged?)")
    else:
        level_text = text
    level = _level(level_text)
    if replay_text is None:
        return Opened(level)
    return Opened(level, _proven(level, replay_text, played))


def _level(text: str) -> Level:
    """A code's level, through every check a level file gets."""
    try:
        text = checked_text(text.encode("utf-8"))
    except DocError as exc:
        raise LevelFileError([FileProblem(CODE_FILE, exc.line, exc.column, "", exc.message)]) from None
    level, problems = check_level_text(text, CODE_FILE, None)
    if problems or level is None:
        raise LevelFileError(problems or [FileProblem(CODE_FILE, 1, 1, "", "not a level")])
    return level


def _proven_packed(level: Level, data: bytes, played: Played | None) -> Replay:
    """A version-2 game code's game, refused by its length before a move is unpacked, then
    played through and held to the checks it carries; the replay it gives has a check after
    every move, as a replay file has."""
    _refuse_long(level, game_moves(data))
    game = unpack_game(_board(level), data)
    total = len(game.commands)
    if total and (not game.checks or game.checks[-1][0] != total):
        raise CodeError("the game in the code carries no check after its last move, so it cannot prove itself")
    digest = game.checks[0][1].version if game.checks else DIGEST_VERSIONS[-1]
    if game.seed > MAX_SEED:
        raise CodeError("the code is damaged: its game's seed is out of range")
    if digest not in DIGEST_VERSIONS or game.rules < 1:
        raise CodeError("the game in the code was made by a newer Gridfall: update the game to watch it")
    replay = Replay(None, level.id, game.seed, game.commands, game.rules, level.play_hash())
    expected = dict(game.checks)
    checks: list[Check] = []
    try:
        for state in play_through(level, game.seed, game.commands, replay.plays_by):
            checks.append(Check.of(state, digest))
            wanted = expected.get(len(checks))
            if wanted is not None and wanted != checks[-1]:
                n = len(checks)
                raise CodeError("the game in the code plays differently now: "
                                + Divergence(n, game.commands[n - 1], wanted, checks[-1]).describe())
            if played is not None:
                played(len(checks), total)
    except CodeError:
        raise
    except (IllegalMove, ValueError) as exc:
        raise CodeError(f"the game in the code does not play: {shorten(str(exc), 160)}") from None
    return dataclasses.replace(replay, checks=tuple(checks))


def _proven(level: Level, text: str, played: Played | None = None) -> Replay:
    """The game code's replay, read like a replay file and held to its checks."""
    where = f"{CODE_FILE} (game)"
    # Each command and check is a line: a text with more lines than the longest game has
    # commands and checks is refused before it is read.
    if text.count("\n") > 2 * MAX_GAME_MOVES + 20:
        raise CodeError(f"the game in the code has more than {MAX_GAME_MOVES:,} moves, more than a code holds")
    try:
        doc = parse(checked_text(text.encode("utf-8")))
        if doc.problems:
            node, _, message = doc.problems[0]
            raise CodeError(f"the game in the code is damaged: line {node.start_mark.line + 1}: {message}")
        replay = replay_from_dict(doc.value, where, doc)
    except (DocError, ReplayFileError) as exc:
        raise CodeError(f"the game in the code is damaged: {shorten(str(exc), 160)}") from None
    if replay.level != level.id:
        raise CodeError(f"the game in the code is for the level '{shorten(replay.level, 40)}', "
                        f"not the code's level '{level.id}'")
    if replay.level_hash is not None and not level.named_by(replay.level_hash):
        raise CodeError("the game in the code was played on another version of its level")
    if not replay.checks and replay.commands:
        raise CodeError("the game in the code carries no checks, so it cannot prove itself")
    _refuse_long(level, len(replay.commands))
    total = len(replay.commands)
    try:
        divergence = first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by,
                                      None if played is None else (lambda n: played(n, total)))
    except (IllegalMove, ValueError) as exc:
        raise CodeError(f"the game in the code does not play: {shorten(str(exc), 160)}") from None
    if divergence is not None:
        raise CodeError(f"the game in the code plays differently now: {divergence.describe()}")
    return replay


def write_opened(opened: Opened, folder: str | os.PathLike[str]) -> list[pathlib.Path]:
    """Write what a code held into `folder` (made when missing): ID.yaml, and for a game
    ID-KEY.replay.yaml beside it (the pair Share writes, which the game opens when dropped).
    Refuses (FileExistsError) to replace a different file of the same name."""
    target = pathlib.Path(folder)
    gate.make_folder(target)
    level_path = target / f"{opened.level.id}.yaml"
    out = [level_path]
    _refuse_other(level_path, opened.level)
    if opened.replay is not None:
        replay_path = target / f"{opened.level.id}-{game_key(opened.replay.seed, opened.replay.commands)}.replay.yaml"
        if gate.kind(replay_path) is not None:
            try:
                same = gate.read_text(replay_path) == replay_to_yaml(opened.replay)
            except (OSError, UnicodeDecodeError):
                same = False
            if not same:
                raise FileExistsError(f"{replay_path} is there already and holds something else; give another folder")
        out.append(replay_path)
    save_level(opened.level, level_path)
    if opened.replay is not None:
        save_replay(opened.replay, out[1])
    return out


def _refuse_other(path: pathlib.Path, level: Level) -> None:
    """A file already at `path` must be this very level, or it is someone's work: keep it."""
    if not gate.exists(path):
        return
    from .levels import load_level

    try:
        same = gate.is_file(path) and load_level(path) == level
    except (LevelFileError, OSError):
        same = False
    if not same:
        raise FileExistsError(f"{path} is there already and holds something else; give another folder")
