"""Replays: a level's id, a seed and the commands played, as a small YAML file with a format."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core import (
    DIGEST_VERSIONS, RULES_VERSION, Check, Command, IllegalMove, Level, LevelError, Part, Problem, Session,
    checks_of, describe, first_divergence, format_command, parse_command, shorten, valid_id,
)

from .atomic import atomic_write_text
from .locate import Locator
from .problems import FileProblem
from .yamldoc import Doc, DocError, Path, read_document
from .yamlout import dump

FORMAT = 2
READS = (1, 2)   # format 1 (no rules version, level hash or checks) still loads
UNVERSIONED_RULES = 2   # the rules a format-1 replay (no rules version written) was made with
REPLAYS = "replays"   # the folder beside pack.yaml that keeps its levels' proofs, one a level
KEYS = ("format", "rules", "pack", "level", "level_hash", "seed", "commands", "digest", "checks")
# `digest` names the digest version of the checks (core.DIGEST_VERSIONS); a file without it was
# written before digests had versions, with version 1, and verifies under version 1 still.
MAX_SEED = (1 << 63) - 1   # the largest seed a level may name
MAX_RULES = 1_000          # far past any rules version this game will reach
_HASH = re.compile(r"[0-9a-f]{16}")   # Level.play_hash (or content_hash): 16 hex digits


class ReplayFileError(ValueError):
    """A replay file that cannot be used: names the file, the line and column, and the field."""

    def __init__(self, problem: FileProblem) -> None:
        self.problem = problem
        self.file, self.field, self.message = problem.file, problem.field, problem.message
        self.line, self.column = problem.line, problem.column
        super().__init__(str(problem))


@dataclass(frozen=True, slots=True)
class Replay:
    """A game to play again: which level (and pack), from which seed, with which commands."""

    pack: str | None
    level: str
    seed: int
    commands: tuple[Command, ...]
    # What proves it (format 2): the rules it was made with, the level's content hash, and a
    # check of the state after each command. A format-1 file has none of them.
    rules: int | None = None
    level_hash: str | None = None
    checks: tuple[Check, ...] = ()
    # Where each top-level key sat in its file (line, column), for messages found later.
    marks: tuple[tuple[str, int, int], ...] = field(default=(), compare=False, repr=False)
    file: str = field(default="<replay>", compare=False, repr=False)

    def problem(self, key: str, message: str) -> FileProblem:
        """A problem found after loading (the level it names disagrees), placed at `key`."""
        line, column = next(((ln, col) for k, ln, col in self.marks if k == key), (1, 1))
        return FileProblem(self.file, line, column, key, message)

    @property
    def plays_by(self) -> int:
        """The rules version this replay is played and proven by: its own (a file from before
        versions were written plays by the last rules of that time; one from a newer game than
        this one, by today's)."""
        if self.rules is None:
            return UNVERSIONED_RULES
        return min(self.rules, RULES_VERSION)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        if self.rules is not None:
            out["rules"] = self.rules
        out["pack"] = self.pack
        out["level"] = self.level
        if self.level_hash is not None:
            out["level_hash"] = self.level_hash
        out["seed"] = self.seed
        out["commands"] = [format_command(c) for c in self.commands]
        if self.checks:
            if self.checks[0].version != 1:
                out["digest"] = self.checks[0].version
            out["checks"] = [c.text() for c in self.checks]
        return out


def replay_of(level: Level, seed: int, commands: Sequence[Command], pack: str | None) -> Replay:
    """A replay that proves itself: `commands` from `seed` with today's rules version, the
    level's content hash and a check after every command. Raises IllegalMove for a bad one."""
    checks = checks_of(Session(level, seed), commands)
    return Replay(pack, level.id, seed, tuple(commands), RULES_VERSION, level.play_hash(), checks)


def replay_notes(replay: Replay, level: Level) -> list[str]:
    """What a player should hear about a replay that plays: made with other rules."""
    if replay.rules is not None and replay.rules != RULES_VERSION:
        return [f"made with rules version {replay.rules}; this game plays version {RULES_VERSION}"]
    return []


def check_level_hash(replay: Replay, level: Level) -> None:
    """Refuse a replay whose level_hash is not `level`'s: the level changed since it was made,
    or the file was edited, so its checks prove nothing about this level."""
    if replay.level_hash is not None and not level.named_by(replay.level_hash):
        raise ReplayFileError(replay.problem(
            "level_hash", f"{replay.level_hash} is not the hash of the level '{level.id}' as it "
            f"is now ({level.play_hash()}): the level changed since the replay was made, or "
            "the file was edited"))


_COMMAND_NUMBER = re.compile(r"command (\d+) ")


def verify_replay(replay: Replay, level: Level) -> Session:
    """Play `replay` on `level` and return the game, or raise ReplayFileError placed where the
    file goes wrong: a level_hash of another level, a check the game disagrees with (a forged
    or stale file), an illegal command, a seed the level cannot be dealt from."""
    check_level_hash(replay, level)
    try:
        divergence = first_divergence(level, replay.seed, replay.commands, replay.checks, replay.plays_by)
        if divergence is not None:
            raise ReplayFileError(replay.problem(f"checks[{divergence.number - 1}]",
                                                 divergence.describe()))
        return Session.replay(level, replay.seed, replay.commands, replay.plays_by)
    except IllegalMove as exc:
        number = _COMMAND_NUMBER.match(str(exc))
        key = f"commands[{int(number.group(1)) - 1}]" if number else "commands"
        raise ReplayFileError(replay.problem(key, f"illegal {shorten(str(exc), 300)}")) from None
    except LevelError as exc:
        raise ReplayFileError(replay.problem(
            "seed", f"the level '{level.id}' cannot be dealt from this seed: "
            f"{shorten(str(exc), 300)}")) from None


def replay_to_yaml(replay: Replay) -> str:
    """The file text: keys in a fixed order, one command a line (same replay, same bytes)."""
    return dump(replay.to_dict())


def save_replay(replay: Replay, path: str | os.PathLike[str]) -> None:
    """Write `replay` atomically (an interrupted save leaves the old file whole)."""
    atomic_write_text(path, replay_to_yaml(replay))


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read a replay file; raise ReplayFileError naming the file, line, column and field."""
    name = str(path)
    try:
        # The bounded reader: size, text, depth, aliases and number lengths are checked
        # before any value is built, and the file is parsed once.
        doc = read_document(path)
    except DocError as exc:
        raise ReplayFileError(FileProblem(name, exc.line, exc.column, exc.field, exc.message)) from None
    return replay_from_dict(doc.value, name, doc)


def is_replay_file(path: str | os.PathLike[str]) -> bool:
    """Whether a file means a replay rather than a level: a mapping with seed and commands
    (a level has neither). A file that cannot be read is not one; its loader will say why."""
    try:
        doc = read_document(path)
    except (DocError, OSError):
        return False
    return isinstance(doc.value, dict) and "commands" in doc.value and "seed" in doc.value


def replay_from_dict(data: Any, name: str = "<replay>", doc: Doc | None = None) -> Replay:
    """Check a replay mapping and build the Replay (`name` and `doc` only place the messages)."""
    where = Locator(doc, name) if doc is not None else None

    def fail(path: Path, message: str, part: Part = Part.VALUE) -> ReplayFileError:
        if where is None:
            field = ".".join(str(p) for p in path)
            return ReplayFileError(FileProblem(name, 1, 1, field, message))
        return ReplayFileError(where.place(Problem(path, message, part=part)))

    if not isinstance(data, dict):
        raise fail((), "a replay is a mapping with format, pack, level, seed and commands")
    for key in data:
        if key not in KEYS:
            raise fail((key,), f"unknown key (a replay has {', '.join(KEYS)})", Part.KEY)
    for key in ("format", "level", "seed", "commands"):
        if key not in data:
            raise fail((key,), "is required")
    fmt = data["format"]
    if isinstance(fmt, bool) or fmt not in READS:
        raise fail(("format",), f"this game reads replay formats {' and '.join(map(str, READS))}, "
                   f"found {describe(fmt)}")
    pack = data.get("pack")
    if pack is not None and not valid_id(pack):
        raise fail(("pack",), f"expected a pack id (letters, digits, '-' or '_') or nothing, "
                   f"found {describe(pack)}")
    level = data["level"]
    if not valid_id(level):
        # Never a path: a replay shared or dropped could otherwise reach any file on the disk.
        raise fail(("level",), f"expected a level id (letters, digits, '-' or '_'; never a path), "
                   f"found {describe(level)}")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise fail(("seed",), f"expected a whole number of at least 0 (and below 2**63), found {describe(seed)}")
    raw = data["commands"]
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise fail(("commands",), "expected a list of commands like 'swap 1,2 1,3', "
                   f"found {describe(raw)}")
    commands: list[Command] = []
    for i, text in enumerate(raw):
        if not isinstance(text, str):
            raise fail(("commands", i), "expected a command text like 'swap 1,2 1,3', "
                       f"found {describe(text)}")
        try:
            commands.append(parse_command(text))
        except ValueError as exc:
            raise fail(("commands", i), shorten(str(exc), 200)) from None
    rules = data.get("rules")
    if rules is not None and (isinstance(rules, bool) or not isinstance(rules, int)
                              or not 1 <= rules <= MAX_RULES):
        raise fail(("rules",), f"expected the rules version, a whole number 1..{MAX_RULES}, "
                   f"found {describe(rules)}")
    level_hash = data.get("level_hash")
    if level_hash is not None and (not isinstance(level_hash, str)
                                   or _HASH.fullmatch(level_hash) is None):
        raise fail(("level_hash",), "expected the level's content hash (16 digits 0-9 and "
                   f"letters a-f), found {describe(level_hash)}")
    digest = data.get("digest", 1)
    if isinstance(digest, bool) or digest not in DIGEST_VERSIONS:
        raise fail(("digest",), f"expected the checks' digest version, one of "
                   f"{', '.join(map(str, DIGEST_VERSIONS))}, found {describe(digest)}")
    raw_checks = data.get("checks") or []
    if not isinstance(raw_checks, list) or len(raw_checks) > len(commands):
        raise fail(("checks",), "expected a list with at most one check a command")
    checks: list[Check] = []
    for i, text in enumerate(raw_checks):
        if not isinstance(text, str):
            raise fail(("checks", i), f"expected a check text, found {describe(text)}")
        try:
            checks.append(Check.parse(text, digest))
        except ValueError as exc:
            raise fail(("checks", i), shorten(str(exc), 200)) from None
    marks: tuple[tuple[str, int, int], ...] = ()
    if doc is not None:
        places: list[Path] = [(str(k),) for k in data]
        places += [("commands", i) for i in range(len(commands))]
        places += [("checks", i) for i in range(len(checks))]
        marks = tuple((doc.field_name(p), *_mark(doc, p)) for p in places)
    return Replay(pack=pack, level=level, seed=seed, commands=tuple(commands), rules=rules,
                  level_hash=level_hash, checks=tuple(checks), marks=marks, file=name)


def _mark(doc: Doc, path: Path) -> tuple[int, int]:
    entry = doc.entry(path)
    node = entry.node if entry is not None else doc.root
    return node.start_mark.line + 1, node.start_mark.column + 1
