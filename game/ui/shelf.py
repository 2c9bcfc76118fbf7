"""The packs the game shows: built-in, installed and opened ones, read once, with their playtest figures."""

from __future__ import annotations

import pathlib
from typing import Callable, Sequence

from game.core import Level
from game.io import LevelFileError, Pack, PackOrigin, list_packs, pack_origin
from game.io.paths import installed_packs_dir
from game.io.playtest_file import PlaytestFileError, StoredPlaytest, StoredResult, read_results
from game.io.progress import Progress
from game.core import counted

PackSource = Callable[[], Sequence[Pack]]


class PartialPacks(Exception):
    """The packs that loaded, and what was wrong with the others."""

    def __init__(self, packs: list[Pack], message: str) -> None:
        super().__init__(message)
        self.packs = packs


def default_packs() -> Sequence[Pack]:
    """Built-in and installed packs; a broken one is left out and reported, never fatal."""
    errors: list[LevelFileError] = []
    packs = list_packs(errors)
    if errors:
        lines = [str(p) for exc in errors for p in exc.problems[:1]]
        raise PartialPacks(packs, f"{len(errors)} pack(s) could not be read: " + "; ".join(lines[:3]))
    return packs


class Shelf:
    """The pack list (read when the packs screen opens, kept until then) and each pack's stored
    playtest figures (read once); packs opened from a path are listed first."""

    def __init__(self, source: PackSource | None = None) -> None:
        self._source = source or default_packs
        self._extra: list[Pack] = []
        self._from_codes: set[str] = set()   # ids of the packs of one that share codes opened
        self._packs: list[Pack] | None = None
        self._error: str | None = None
        self._results: dict[str, StoredPlaytest | None] = {}   # each pack's playtest.yaml, read once

    def add(self, pack: Pack, *, from_code: bool = False) -> None:
        """A pack opened from a path (or a lone level file, or a share code's pack of one):
        listed first, before the known ones."""
        self._extra = [p for p in self._extra if p.id != pack.id] + [pack]
        if from_code:
            self._from_codes.add(pack.id)
        else:
            self._from_codes.discard(pack.id)
        self._packs = None

    def origin(self, pack: Pack) -> PackOrigin:
        """Where a listed pack comes from (a share code's pack of one says so: it is on no disk)."""
        return pack_origin(pack, from_code=pack.id in self._from_codes and pack in self._extra)

    def packs(self, reload: bool = False) -> tuple[list[Pack], str | None]:
        """The packs to show, and a message when they could not all be read."""
        if self._packs is None or reload:
            found: list[Pack] = []
            self._error = None
            try:
                found = list(self._source())
            except PartialPacks as partial:
                found, self._error = partial.packs, str(partial)
            except Exception as exc:  # a broken pack must not take the menu down with it
                self._error = f"Some packs could not be read: {exc}"
            extra_ids = {p.id for p in self._extra}
            self._packs = self._extra + [p for p in found if p.id not in extra_ids]
        return list(self._packs), self._error

    def pack(self, pack_id: str) -> Pack:
        for p in self.packs()[0]:
            if p.id == pack_id:
                return p
        raise KeyError(f"no pack with id {pack_id!r}")

    def has(self, pack_id: str, reload: bool = False) -> bool:
        return any(p.id == pack_id for p in self.packs(reload=reload)[0])

    def level(self, pack_id: str, level_id: str) -> Level:
        for lv in self.pack(pack_id).levels:
            if lv.id == level_id:
                return lv
        raise KeyError(f"pack {pack_id!r} has no level {level_id!r}")

    def level_ids(self, pack_id: str) -> list[str]:
        return [lv.id for lv in self.pack(pack_id).levels]

    def installed_dir(self) -> pathlib.Path:
        return installed_packs_dir()

    def difficulty(self, pack_id: str, level_id: str) -> StoredResult | None:
        """The pack's stored playtest figures for a level (gridfall playtest --write), when they
        are there and still match the level; a broken file shows nothing rather than stopping."""
        if pack_id not in self._results:
            try:
                self._results[pack_id] = read_results(self.pack(pack_id))
            except (PlaytestFileError, OSError, KeyError):
                self._results[pack_id] = None
        stored = self._results[pack_id]
        result = stored.levels.get(level_id) if stored is not None else None
        return result if result is not None and result.current else None

    def pack_after(self, pack_id: str) -> Pack | None:
        """The shipped pack shown after `pack_id`, if it is shipped and one follows."""
        packs = [p for p in self.packs()[0] if p.builtin]
        ids = [p.id for p in packs]
        return packs[ids.index(pack_id) + 1] if pack_id in ids and ids.index(pack_id) + 1 < len(ids) else None

    def meets_mode(self, pack_id: str, level_id: str) -> bool:
        """Whether this is where a new player meets the level's mode: its first level in the first
        shipped pack. Read from the packs' order, not a list of ids: the shipped packs open in that
        order (each behind the stars of the one before) and a pack's levels one after another, so
        a reordered or retuned pack moves the pointer with it."""
        first = next((p for p in self.packs()[0] if p.builtin), None)
        if first is None or first.id != pack_id:
            return False
        level = next((lv for lv in first.levels if lv.id == level_id), None)
        return level is not None and next(lv for lv in first.levels if lv.mode == level.mode) is level

    def meets_lesson(self, pack_id: str, level_id: str) -> bool:
        """Whether this is where a new player meets the level's lesson (`teaches:`): the first
        level of the shipped course, its packs in the order they open, to teach it. The hint's
        move there is the lesson's (a test holds every shipped lesson to it), so the hand shows
        the move that makes the special or breaks the blocker the level is about."""
        seen: set[object] = set()
        for pack in self.packs()[0]:
            if not pack.builtin:
                continue
            for level in pack.levels:
                if pack.id == pack_id and level.id == level_id:
                    return level.teaches is not None and level.teaches not in seen
                if level.teaches is not None:
                    seen.add(level.teaches)
        return False

    def stars_to_open(self, progress: Progress, pack_id: str) -> int:
        """Stars still wanted before `pack_id` opens (0: open): see Progress.stars_to_open."""
        packs = [(p.id, [lv.id for lv in p.levels], p.builtin) for p in self.packs()[0]]
        return progress.stars_to_open(packs, pack_id)

    def locked_words(self, progress: Progress, pack_id: str) -> str:
        """Why a pack is locked, in a player's words."""
        need = self.stars_to_open(progress, pack_id)
        before = next((p for p in self.packs()[0] if p.builtin
                       and getattr(self.pack_after(p.id), "id", None) == pack_id), None)
        where = f" in {before.name}" if before is not None else ""
        return f"Earn {counted(need, 'more star')}{where} to open it"

    def forget_figures(self, pack_id: str) -> None:
        """A pack installed anew: its playtest figures are read again when next asked."""
        self._results.pop(pack_id, None)


def difficulty_line(figures: StoredResult) -> str:
    """A level's stored playtest figures as the goal card says them to a player: the difficulty
    word (easy, medium, hard...), not the bots' pass rate, which is a designer's figure (the
    editor's Difficulty panel and `gridfall playtest` show that)."""
    return f"Difficulty: {figures.label}"
