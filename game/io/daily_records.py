"""The daily puzzles' records: per mode the best result of each recent day and the streak of days won.

A small YAML file in the data folder (daily.yaml), written atomically; a damaged one is moved
aside (daily.yaml.corrupt-N) and a fresh one started, never a crash. Each day's winning replay
is kept beside it (daily/<level id>.replay.yaml, with the level file it plays on).

A game of today's puzzle left halfway is kept too (its seed and moves, as a level's game is
kept in progress.yaml), so the daily screen resumes it; a day later it is dropped.

Dates are passed in: nothing here reads the clock, so the streak rules are tested on any days.
"""

from __future__ import annotations

import datetime
import pathlib
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from game.core import Command, Level, describe, format_command, parse_command

from .atomic import atomic_write_text
from .levels import level_to_yaml
from .paths import data_folder, data_path
from .saved_file import SavedFileError, load_saved
from .replay import replay_of, save_replay
from .yamlout import dump

FORMAT = 1
FILE_NAME = "daily.yaml"
REPLAY_FOLDER = "daily"
KEEP_DAYS = 62          # the days' bests kept per mode (the streak needs only the last win)
MAX_DAILY_KEYS = 10_000
MODES = ("match3", "chain", "slide")


class DailyFileError(SavedFileError):
    """A daily records file that cannot be read back as Gridfall daily records."""


@dataclass(frozen=True, slots=True)
class DayResult:
    """The best win of one day's puzzle."""

    score: int
    stars: int
    moves: int


@dataclass(frozen=True, slots=True)
class DailyGame:
    """A day's puzzle left halfway: the day, the seed dealt and the moves so far (as written)."""

    day: datetime.date
    seed: int
    commands: tuple[str, ...]
    undone: bool = False   # undo was used: the game's stars are capped (game.ui.play_undo)

    def parsed_commands(self) -> tuple[Command, ...]:
        return tuple(parse_command(text) for text in self.commands)


@dataclass(slots=True)
class ModeRecord:
    """One mode's record: the last day won, the streak up to it, the longest, recent bests, and
    a game left halfway."""

    last_win: datetime.date | None = None
    streak: int = 0
    longest: int = 0
    days: dict[datetime.date, DayResult] = field(default_factory=dict)
    game: DailyGame | None = None


@dataclass(slots=True)
class DailyRecords:
    """Every mode's record; change it with record_win, read it with streak and best."""

    modes: dict[str, ModeRecord] = field(default_factory=dict)

    def mode(self, mode: str) -> ModeRecord:
        return self.modes.setdefault(str(mode), ModeRecord())

    def record_win(self, mode: str, day: datetime.date, score: int, stars: int, moves: int) -> bool:
        """Count a win of `day`'s puzzle; True when it is that day's new best.

        A second win the same day never adds to the streak; a win the day after the last one
        adds one; a win after a missed day starts again at 1. A last win dated after `day` was
        made while the clock was set wrong (ahead): the present is trusted, so the streak
        starts again at 1 from `day` (before, it stayed frozen until that future date came);
        the day bests and the longest streak are kept.
        """
        record = self.mode(mode)
        if record.last_win is None or day != record.last_win:
            follows = record.last_win is not None and day - record.last_win == datetime.timedelta(days=1)
            record.streak = record.streak + 1 if follows else 1
            record.last_win = day
            record.longest = max(record.longest, record.streak)
        old = record.days.get(day)
        new = DayResult(score, stars, moves)
        better = old is None or (score, stars, -moves) > (old.score, old.stars, -old.moves)
        if better:
            record.days[day] = new
        # Only recent days are kept: the file stays small however long one plays.
        for gone in sorted(record.days)[:-KEEP_DAYS]:
            del record.days[gone]
        return better

    def streak(self, mode: str, today: datetime.date) -> int:
        """Days in a row won, up to today; still alive when yesterday was won and today not yet."""
        record = self.modes.get(str(mode))
        if record is None or record.last_win is None:
            return 0
        return record.streak if (today - record.last_win).days in (0, 1) else 0

    def longest(self, mode: str) -> int:
        record = self.modes.get(str(mode))
        return record.longest if record is not None else 0

    def best(self, mode: str, day: datetime.date) -> DayResult | None:
        record = self.modes.get(str(mode))
        return record.days.get(day) if record is not None else None

    def save_game(self, mode: str, day: datetime.date, seed: int, commands: Iterable[Command],
                  *, undone: bool = False) -> None:
        """Keep `day`'s game in progress (none when no move was made; `undone`: undo was used in it)."""
        texts = tuple(format_command(c) for c in commands)
        self.mode(mode).game = DailyGame(day, seed, texts, undone) if texts else None

    def clear_game(self, mode: str) -> None:
        if str(mode) in self.modes:
            self.modes[str(mode)].game = None

    def saved_game(self, mode: str, day: datetime.date) -> DailyGame | None:
        """The game of `day`'s puzzle left halfway; another day's is no longer the day's puzzle."""
        record = self.modes.get(str(mode))
        game = record.game if record is not None else None
        return game if game is not None and game.day == day else None

    # -- the file's mapping ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        modes: dict[str, Any] = {}
        for name in sorted(self.modes):
            record = self.modes[name]
            entry: dict[str, Any] = {}
            if record.last_win is not None:
                entry["last_win"] = record.last_win.isoformat()
            entry["streak"] = record.streak
            entry["longest"] = record.longest
            entry["days"] = {day.isoformat(): {"score": r.score, "stars": r.stars, "moves": r.moves}
                             for day, r in sorted(record.days.items())}
            if record.game is not None:
                entry["game"] = {"date": record.game.day.isoformat(), "seed": record.game.seed,
                                 "commands": list(record.game.commands)}
                if record.game.undone:   # written only when true: a file without undo reads as before
                    entry["game"]["undone"] = True
            modes[name] = entry
        return {"format": FORMAT, "modes": modes}

    @staticmethod
    def from_dict(data: Any) -> "DailyRecords":
        if not isinstance(data, Mapping):
            raise DailyFileError(f"expected a mapping, found {describe(data)}")
        if data.get("format") != FORMAT:
            raise DailyFileError(f"format: this game reads format {FORMAT}, found {describe(data.get('format'))}")
        raw_modes = data.get("modes", {}) or {}
        if not isinstance(raw_modes, Mapping):
            raise DailyFileError(f"modes: expected a mapping, found {describe(raw_modes)}")
        records = DailyRecords()
        for name, raw in raw_modes.items():
            if name not in MODES:
                raise DailyFileError(f"modes: unknown mode {describe(name)}")
            records.modes[name] = _mode_from(raw, f"modes.{name}")
        return records


def _date(value: Any, where: str) -> datetime.date:
    # Written quoted; a hand-edited file may hold a bare YAML date, which reads as a date.
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value
    if isinstance(value, str) and len(value) == 10:
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise DailyFileError(f"{where}: expected a date YYYY-MM-DD, found {describe(value)}")


def _int(value: Any, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or value.bit_length() > 62:
        raise DailyFileError(f"{where}: expected a whole number >= {low}, found {describe(value)}")
    return value


def _mode_from(raw: Any, where: str) -> ModeRecord:
    if not isinstance(raw, Mapping):
        raise DailyFileError(f"{where}: expected a mapping, found {describe(raw)}")
    last = raw.get("last_win")
    record = ModeRecord(
        last_win=None if last is None else _date(last, f"{where}.last_win"),
        streak=_int(raw.get("streak", 0), f"{where}.streak"),
        longest=_int(raw.get("longest", 0), f"{where}.longest"),
    )
    days = raw.get("days", {}) or {}
    if not isinstance(days, Mapping):
        raise DailyFileError(f"{where}.days: expected a mapping, found {describe(days)}")
    for key, result in days.items():
        at = f"{where}.days.{key}"
        if not isinstance(result, Mapping):
            raise DailyFileError(f"{at}: expected a mapping, found {describe(result)}")
        record.days[_date(key, at)] = DayResult(
            _int(result.get("score"), f"{at}.score"), _int(result.get("stars"), f"{at}.stars"),
            _int(result.get("moves"), f"{at}.moves"))
    if raw.get("game") is not None:
        record.game = _game_from(raw["game"], f"{where}.game")
    return record


def _game_from(raw: Any, where: str) -> DailyGame:
    if not isinstance(raw, Mapping):
        raise DailyFileError(f"{where}: expected a mapping, found {describe(raw)}")
    commands = raw.get("commands")
    if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
        raise DailyFileError(f"{where}.commands: expected a list of moves, found {describe(commands)}")
    for i, text in enumerate(commands):
        try:
            parse_command(text)
        except ValueError as exc:
            raise DailyFileError(f"{where}.commands[{i}]: {exc}") from None
    undone = raw.get("undone", False)
    if not isinstance(undone, bool):
        raise DailyFileError(f"{where}.undone: expected true or false, found {describe(undone)}")
    return DailyGame(_date(raw.get("date"), f"{where}.date"), _int(raw.get("seed"), f"{where}.seed"),
                     tuple(commands), undone)


# -- the file -----------------------------------------------------------------------------------

def daily_path() -> pathlib.Path:
    return data_path(FILE_NAME)


@dataclass(frozen=True, slots=True)
class LoadedDailyRecords:
    """The records read, and what to tell the player once when the file was bad."""

    records: DailyRecords
    notice: str | None = None
    backup: pathlib.Path | None = None


def load_daily_records(path: pathlib.Path | None = None) -> LoadedDailyRecords:
    """Read the daily records. Missing: a fresh start; damaged: moved aside, never fatal."""
    loaded = load_saved(daily_path, path, "daily records", DailyRecords.from_dict, DailyRecords,
                        max_keys=MAX_DAILY_KEYS)
    return LoadedDailyRecords(loaded.value, loaded.notice, loaded.backup)


def save_daily_records(records: DailyRecords, path: pathlib.Path | None = None) -> None:
    """Write the records atomically."""
    path = path or daily_path()
    text = "# Gridfall daily puzzles (written by the game)\n" + dump(records.to_dict())
    atomic_write_text(path, text)


def daily_replay_path(level_id: str) -> pathlib.Path:
    """Where a daily's winning replay is kept (its level file beside it, as <id>.yaml)."""
    return data_path(REPLAY_FOLDER, f"{level_id}.replay.yaml")


def save_daily_replay(level: Level, seed: int, commands: Sequence[Command]) -> pathlib.Path:
    """Keep a daily's winning game as a replay, with the level file it plays on beside it
    (`gridfall replay daily/<id>.replay.yaml --level daily/<id>.yaml` plays it again)."""
    data_folder(REPLAY_FOLDER)   # made, and never a link out of the data folder
    path = daily_replay_path(level.id)
    data_path(REPLAY_FOLDER, f"{level.id}.yaml")
    atomic_write_text(path.with_name(f"{level.id}.yaml"), level_to_yaml(level, schema=None))
    save_replay(replay_of(level, seed, commands, pack=None), path)
    return path
