"""Replays: a level's id, a seed and the commands played, as a small YAML file with a format."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Sequence

import yaml

from game.core import (
    RULES_VERSION, Check, Command, Level, Session, checks_of, describe, format_command, parse_command,
    shorten,
)

from .atomic import atomic_write_text
from .yamldoc import DocError, read_document

FORMAT = 2
READS = (1, 2)   # format 1 (no rules version, level hash or checks) still loads
UNVERSIONED_RULES = 2   # the rules a format-1 replay (no rules version written) was made with
KEYS = ("format", "rules", "pack", "level", "level_hash", "seed", "commands", "checks")


class ReplayFileError(ValueError):
    """A replay file that cannot be used: names the file, the line and the field."""

    def __init__(self, file: str, field: str, message: str, line: int = 0) -> None:
        self.file = file
        self.field = field
        self.message = message
        self.line = line
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


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
            out["checks"] = [c.text() for c in self.checks]
        return out


def replay_of(level: Level, seed: int, commands: Sequence[Command], pack: str | None) -> Replay:
    """A replay that proves itself: `commands` from `seed` with today's rules version, the
    level's content hash and a check after every command. Raises IllegalMove for a bad one."""
    checks = checks_of(Session(level, seed), commands)
    return Replay(pack, level.id, seed, tuple(commands), RULES_VERSION, level.content_hash(), checks)


def replay_to_yaml(replay: Replay) -> str:
    """The file text: keys in a fixed order, one command a line (same replay, same bytes)."""
    return yaml.safe_dump(replay.to_dict(), sort_keys=False, default_flow_style=False,
                          allow_unicode=True, width=1000)


def save_replay(replay: Replay, path: str | os.PathLike[str]) -> None:
    """Write `replay` atomically (an interrupted save leaves the old file whole)."""
    atomic_write_text(path, replay_to_yaml(replay))


def _lines(root: yaml.Node | None) -> tuple[dict[str, int], list[int]]:
    """Line numbers (1-based) of each top-level key and of each command, for messages."""
    keys: dict[str, int] = {}
    commands: list[int] = []
    if isinstance(root, yaml.MappingNode):
        for key, val in root.value:
            if isinstance(key, yaml.ScalarNode):
                keys[str(key.value)] = key.start_mark.line + 1
                if key.value == "commands" and isinstance(val, yaml.SequenceNode):
                    commands = [item.start_mark.line + 1 for item in val.value]
    return keys, commands


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read a replay file; raise ReplayFileError naming the file, line and field when it is bad."""
    name = str(path)
    try:
        # The bounded reader: size, text, depth, aliases and number lengths are checked
        # before any value is built, and the file is parsed once.
        doc = read_document(path)
    except DocError as exc:
        raise ReplayFileError(name, "", exc.message, exc.line) from None
    return replay_from_dict(doc.value, name, doc.root)


def is_replay_file(path: str | os.PathLike[str]) -> bool:
    """Whether a file means a replay rather than a level: a mapping with seed and commands
    (a level has neither). A file that cannot be read is not one; its loader will say why."""
    try:
        doc = read_document(path)
    except (DocError, OSError):
        return False
    return isinstance(doc.value, dict) and "commands" in doc.value and "seed" in doc.value


def replay_from_dict(data: Any, name: str = "<replay>", root: yaml.Node | None = None) -> Replay:
    """Check a replay mapping and build the Replay (`name` and `root` only improve messages)."""
    keys, command_lines = _lines(root)

    def fail(field: str, message: str, line: int | None = None) -> ReplayFileError:
        return ReplayFileError(name, field, message, keys.get(field, 0) if line is None else line)

    if not isinstance(data, dict):
        raise fail("", "a replay is a mapping with format, pack, level, seed and commands")
    for key in data:
        if key not in KEYS:
            raise fail(str(key), f"unknown key (a replay has {', '.join(KEYS)})", keys.get(str(key), 0))
    for key in ("format", "level", "seed", "commands"):
        if key not in data:
            raise fail(key, "is required", 0)
    fmt = data["format"]
    if isinstance(fmt, bool) or fmt not in READS:
        raise fail("format", f"this game reads replay formats {' and '.join(map(str, READS))}, "
                   f"found {describe(fmt)}")
    pack = data.get("pack")
    if pack is not None and not isinstance(pack, str):
        raise fail("pack", f"expected a pack id (text) or nothing, found {describe(pack)}")
    level = data["level"]
    if not isinstance(level, str) or not level:
        raise fail("level", f"expected a level id (text), found {describe(level)}")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise fail("seed", f"expected a whole number of at least 0, found {describe(seed)}")
    raw = data["commands"]
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise fail("commands", "expected a list of commands like 'swap 1,2 1,3'")
    commands: list[Command] = []
    for i, text in enumerate(raw):
        line = command_lines[i] if i < len(command_lines) else keys.get("commands", 0)
        if not isinstance(text, str):
            raise fail(f"commands[{i}]", f"expected a command text like 'swap 1,2 1,3', found {describe(text)}", line)
        try:
            commands.append(parse_command(text))
        except ValueError as exc:
            raise fail(f"commands[{i}]", shorten(str(exc), 200), line) from None
    rules = data.get("rules")
    if rules is not None and (isinstance(rules, bool) or not isinstance(rules, int) or rules < 1):
        raise fail("rules", f"expected the rules version, a whole number, found {describe(rules)}")
    level_hash = data.get("level_hash")
    if level_hash is not None and not isinstance(level_hash, str):
        raise fail("level_hash", f"expected the level's content hash (text), found {describe(level_hash)}")
    raw_checks = data.get("checks") or []
    if not isinstance(raw_checks, list) or len(raw_checks) > len(commands):
        raise fail("checks", "expected a list with at most one check a command")
    checks: list[Check] = []
    for i, text in enumerate(raw_checks):
        try:
            checks.append(Check.parse(text if isinstance(text, str) else ""))
        except ValueError as exc:
            raise fail(f"checks[{i}]", str(exc)) from None
    return Replay(pack=pack, level=level, seed=seed, commands=tuple(commands), rules=rules,
                  level_hash=level_hash, checks=tuple(checks))
