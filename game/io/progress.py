"""The player's progress: per pack and level completed, best score, stars, and the game in progress."""

from __future__ import annotations

import dataclasses
import pathlib
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from game.core import Command, Level, describe, format_command, parse_command, shorten

from .atomic import atomic_write_text
from .paths import data_path
from .saved_file import SavedFileError, load_saved
from .yamlout import dump

FORMAT = 1
FILE_NAME = "progress.yaml"
# A mapping of packs, or of one pack's levels, may hold far more keys than a level file.
MAX_PROGRESS_KEYS = 100_000


class ProgressFileError(SavedFileError):
    """A progress file that cannot be read back as Gridfall progress."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A level left mid-game: replaying `commands` from `seed` gives back the same board."""

    seed: int
    commands: tuple[str, ...]
    # Fingerprint of the level the commands were played on: an edited level starts fresh.
    level_hash: str = ""
    undone: bool = False   # undo was used: the game's stars are capped (game.ui.play_undo)

    def parsed_commands(self) -> tuple[Command, ...]:
        """The commands as core values; raises ValueError on a text the core cannot read."""
        return tuple(parse_command(text) for text in self.commands)


@dataclass(frozen=True, slots=True)
class LevelProgress:
    """What the player has done on one level."""

    completed: bool = False
    best_score: int = 0
    stars: int = 0
    game: SavedGame | None = None
    # Passed only with help: every win of it so far was helped by "keep going" (no stars).
    helped: bool = False

    def is_blank(self) -> bool:
        return self == LevelProgress()


def level_hash(level: Level) -> str:
    """A short, stable fingerprint of a level's rules and board (Level.play_hash: a re-tune
    of its stars keeps the game in progress)."""
    return level.play_hash()


@dataclass(slots=True)
class Progress:
    """Everything the player has done, keyed by pack id then level id. Mutable; save() writes it."""

    packs: dict[str, dict[str, LevelProgress]] = field(default_factory=dict)

    # -- reading -----------------------------------------------------------------------
    def get(self, pack_id: str, level_id: str) -> LevelProgress:
        return self.packs.get(pack_id, {}).get(level_id, LevelProgress())

    def completed_count(self, pack_id: str, level_ids: Iterable[str]) -> int:
        return sum(1 for lid in level_ids if self.get(pack_id, lid).completed)

    def star_count(self, pack_id: str, level_ids: Iterable[str]) -> int:
        return sum(self.get(pack_id, lid).stars for lid in level_ids)

    def stars_to_open(self, packs: Sequence[tuple[str, Sequence[str], bool]], pack_id: str) -> int:
        """Stars still wanted to open `pack_id` (0: open). `packs` lists every pack in the order
        shown, as (id, level ids, shipped). A shipped pack after the first opens when the
        shipped pack before it has earned half its stars (1.5 a level): stars earn the next pack,
        as the genre's episodes do. A pack of the player's own or installed is always open, and so
        is a pack already played in (a level won or left halfway there): levels added to the pack
        before it raise its mark, and must never lock a player out of a pack they had opened."""
        before: tuple[str, Sequence[str]] | None = None
        for pid, ids, shipped in packs:
            if pid == pack_id:
                if not shipped or before is None or self.packs.get(pack_id):
                    return 0
                need = -(-3 * len(before[1]) // 2)
                return max(0, need - self.star_count(before[0], before[1]))
            if shipped:
                before = (pid, ids)
        return 0

    def unlocked(self, pack_id: str, level_ids: list[str], level_id: str) -> bool:
        """Completed levels are open, and so is the first level not completed yet."""
        if self.get(pack_id, level_id).completed:
            return True
        for lid in level_ids:
            if not self.get(pack_id, lid).completed:
                return lid == level_id
        return False

    # -- changing ------------------------------------------------------------------------
    def _set(self, pack_id: str, level_id: str, value: LevelProgress) -> None:
        levels = self.packs.setdefault(pack_id, {})
        if value.is_blank():
            levels.pop(level_id, None)
            if not levels:
                self.packs.pop(pack_id, None)
        else:
            levels[level_id] = value

    def record_win(self, pack_id: str, level_id: str, score: int, stars: int, *, helped: bool = False) -> LevelProgress:
        """A won game: completed, best score and stars kept at their best, the saved game gone;
        `helped` (keep going gave it moves): passed with help until a win without it, its score
        no best (it had more moves)."""
        old = self.get(pack_id, level_id)
        new = LevelProgress(
            completed=True,
            best_score=old.best_score if helped else max(old.best_score, score),
            stars=max(old.stars, stars),
            game=None,
            helped=helped and (old.helped or not old.completed),
        )
        self._set(pack_id, level_id, new)
        return new

    def save_game(
        self, pack_id: str, level_id: str, seed: int, commands: Iterable[Command], level: Level | None = None,
        *, undone: bool = False,
    ) -> None:
        """Remember a game in progress (`undone`: undo was used in it); with no commands played
        there is nothing to resume."""
        texts = tuple(format_command(c) for c in commands)
        old = self.get(pack_id, level_id)
        game = SavedGame(seed, texts, level_hash(level) if level is not None else "", undone) if texts else None
        self._set(pack_id, level_id, dataclasses.replace(old, game=game))

    def rename_level(self, pack_id: str, old_id: str, new_id: str) -> bool:
        """The level `old_id` of `pack_id` is called `new_id` now: its stars, best score and game
        in progress go with it (what an old level of that id left behind gives way). True when
        anything moved; False when nothing was kept under `old_id` (so a second run does nothing)."""
        levels = self.packs.get(pack_id, {})
        if old_id not in levels or old_id == new_id:
            return False
        levels[new_id] = levels.pop(old_id)
        return True

    def clear_game(self, pack_id: str, level_id: str) -> None:
        old = self.get(pack_id, level_id)
        self._set(pack_id, level_id, dataclasses.replace(old, game=None))

    def saved_game(self, pack_id: str, level_id: str, level: Level | None = None) -> SavedGame | None:
        """The game to resume, or None; a game saved on a different version of the level is dropped."""
        game = self.get(pack_id, level_id).game
        if game is None:
            return None
        if level is not None and game.level_hash and not level.named_by(game.level_hash):
            return None
        return game

    # -- the file form -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        packs: dict[str, Any] = {}
        for pack_id in sorted(self.packs):
            levels: dict[str, Any] = {}
            for level_id in sorted(self.packs[pack_id]):
                lp = self.packs[pack_id][level_id]
                entry: dict[str, Any] = {
                    "completed": lp.completed,
                    "best_score": lp.best_score,
                    "stars": lp.stars,
                }
                if lp.helped:   # written only when true: a file without it reads as before
                    entry["helped"] = True
                if lp.game is not None:
                    entry["game"] = {
                        "seed": lp.game.seed,
                        "level_hash": lp.game.level_hash,
                        "commands": list(lp.game.commands),
                    }
                    if lp.game.undone:   # written only when true: a file without undo reads as before
                        entry["game"]["undone"] = True
                levels[level_id] = entry
            if levels:
                packs[pack_id] = levels
        return {"format": FORMAT, "packs": packs}

    @staticmethod
    def from_dict(raw: Any) -> "Progress":
        """Read the file mapping; raise ProgressFileError naming the first field that is wrong."""
        if not isinstance(raw, Mapping):
            raise ProgressFileError("the file is not a mapping")
        if raw.get("format") != FORMAT:
            raise ProgressFileError(f"format: expected {FORMAT}, found {describe(raw.get('format'))}")
        packs_raw = raw.get("packs") or {}
        if not isinstance(packs_raw, Mapping):
            raise ProgressFileError("packs: expected a mapping of pack ids")
        progress = Progress()
        for pack_id, levels_raw in packs_raw.items():
            where = f"packs.{shorten(str(pack_id))}"
            if not isinstance(pack_id, str) or not isinstance(levels_raw, Mapping):
                raise ProgressFileError(f"{where}: expected a mapping of level ids")
            for level_id, entry in levels_raw.items():
                lwhere = f"{where}.{shorten(str(level_id))}"
                if not isinstance(level_id, str):
                    raise ProgressFileError(f"{lwhere}: a level id must be text")
                progress._set(pack_id, level_id, _level_from(entry, lwhere))
        return progress


def _int(value: Any, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ProgressFileError(f"{where}: expected a whole number {bound}, found {describe(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ProgressFileError(f"{where}: expected true or false, found {describe(value)}")
    return value


def _level_from(entry: Any, where: str) -> LevelProgress:
    if not isinstance(entry, Mapping):
        raise ProgressFileError(f"{where}: expected a mapping")
    completed = _bool(entry.get("completed", False), f"{where}.completed")
    best = _int(entry.get("best_score", 0), f"{where}.best_score", 0)
    stars = _int(entry.get("stars", 0), f"{where}.stars", 0, 3)
    helped = _bool(entry.get("helped", False), f"{where}.helped")
    game = None
    game_raw = entry.get("game")
    if game_raw is not None:
        if not isinstance(game_raw, Mapping):
            raise ProgressFileError(f"{where}.game: expected a mapping")
        seed = _int(game_raw.get("seed"), f"{where}.game.seed", 0)
        commands = game_raw.get("commands") or []
        if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
            raise ProgressFileError(f"{where}.game.commands: expected a list of command texts")
        for i, text in enumerate(commands):
            try:
                parse_command(text)
            except ValueError as exc:
                raise ProgressFileError(f"{where}.game.commands[{i}]: {exc}") from None
        digest = game_raw.get("level_hash", "")
        if not isinstance(digest, str):
            raise ProgressFileError(f"{where}.game.level_hash: expected text")
        undone = _bool(game_raw.get("undone", False), f"{where}.game.undone")
        game = SavedGame(seed, tuple(commands), digest, undone) if commands else None
    return LevelProgress(completed, best, stars, game, helped)


def progress_path() -> pathlib.Path:
    return data_path(FILE_NAME)


@dataclass(frozen=True, slots=True)
class LoadedProgress:
    """The progress read at start-up, and what to tell the player once when the file was bad."""

    progress: Progress
    notice: str | None = None
    backup: pathlib.Path | None = None


def load_progress(path: pathlib.Path | None = None) -> LoadedProgress:
    """Read the progress file. A missing file is a fresh start; a bad one is moved aside, never fatal."""
    loaded = load_saved(progress_path, path, "progress", Progress.from_dict, Progress,
                        max_keys=MAX_PROGRESS_KEYS, without_saving=" Playing without saving.")
    return LoadedProgress(loaded.value, loaded.notice, loaded.backup)


def save_progress(progress: Progress, path: pathlib.Path | None = None) -> None:
    """Write the progress atomically, packs and levels in sorted order."""
    path = path or progress_path()
    text = "# Gridfall progress (written by the game)\n" + dump(progress.to_dict())
    atomic_write_text(path, text)
