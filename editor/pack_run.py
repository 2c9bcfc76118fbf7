"""The bots on every level of a pack, in the background: each level's figures as it finishes,
all of them kept in the pack's playtest.yaml at the end (issue 23 item 1); a persona's games are
kept in the data folder's store instead, level by level, where the Difficulty panel reads them."""

from __future__ import annotations

import datetime
import pathlib
from concurrent.futures import Future, ProcessPoolExecutor

from game.bots import BotSpec
from game.bots.farm import Job, chunked, default_workers
from game.bots.workers import start_pool, stop_pool
from game.bots.playtest import PERSON, GameRecord, LevelReport, cap_for, play_seeds, report
from game.core import Level
from game.io.playtest_file import write_results

from .difficulty import TARGET, bot_label, keep_run, run_key

PACK_GAMES = 100     # a level: the pass rate within about +-10%, a 30-level pack in a few minutes


class PackRun:
    """Plays PACK_GAMES person-like games of every level on worker processes (every core, at a
    lower priority); poll() collects what finished. The editor goes on meanwhile."""

    def __init__(self, games: int = PACK_GAMES, workers: int | None = None) -> None:
        self.games = games
        self.workers = workers if workers is not None else default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self._levels: list[Level] = []
        self._pending: list[list[Future[list[GameRecord]]]] = []
        self.reports: dict[str, LevelReport] = {}   # by level id, as each level finishes
        self.folder: pathlib.Path | None = None
        self.pack_id = ""
        self.error: str | None = None
        self.written: pathlib.Path | None = None
        self.unwritten: OSError | None = None   # why the finished run's playtest.yaml was not written
        self.bot: BotSpec = PERSON
        self.store: pathlib.Path | None = None   # where a persona's games are kept (the panel's store)

    def start(self, folder: pathlib.Path, pack_id: str, levels: list[Level], bot: BotSpec = PERSON,
              store: pathlib.Path | None = None) -> None:
        """Play every level of the pack as `bot` (a persona's games go to `store`)."""
        self.stop()
        self.bot, self.store = bot, store
        self.folder, self.pack_id, self.error, self.written = folder, pack_id, None, None
        self.unwritten = None
        self.reports = {}
        self._levels = list(levels)
        self._pool = start_pool(self.workers, "spawn", nice=True)
        seeds = tuple(range(self.games))
        pool = self._pool
        self._pending = [[pool.submit(play_seeds, piece.level, piece.seeds, piece.bot, piece.cap)
                          for piece in chunked(Job(level, seeds, bot, cap_for(level)), 20)]
                         for level in self._levels]

    @property
    def running(self) -> bool:
        return self._pool is not None

    def progress(self) -> tuple[int, int]:
        """(levels finished, levels in the run)."""
        return len(self.reports), len(self._levels)

    def poll(self) -> bool:
        """Collect finished levels; True when the run has just ended (and its file is written)."""
        if self._pool is None:
            return False
        for level, futures in zip(self._levels, self._pending):
            if level.id in self.reports or not all(f.done() for f in futures):
                continue
            try:
                records = tuple(r for f in futures for r in f.result())
            except Exception as exc:   # a worker died: say so, keep what finished
                self.error = f"the bots could not play {level.id}: {exc}"
                self.stop()
                return True
            self.reports[level.id] = report(level, records, bot_label(self.bot), TARGET, cap_for(level))
            if self.bot != PERSON and self.store is not None:
                try:   # a persona's games: the panel's store, never the pack's playtest.yaml
                    keep_run(self.store, run_key(level.content_hash(), self.bot), records)
                    self.written = self.store
                except OSError as exc:
                    self.unwritten = exc
        if len(self.reports) < len(self._levels):
            return False
        self.stop()
        if self.folder is not None and self.bot == PERSON:
            try:
                self.written = write_results(self.folder, self.pack_id, PERSON, self.games,
                                             datetime.date.today().isoformat(),
                                             [self.reports[level.id].to_dict() for level in self._levels])
            except OSError as exc:
                self.unwritten = exc   # told by the one reporter (the overview's status line)
        return True

    def stop(self) -> None:
        """Stop the workers (the overview's run is over, or the editor is leaving)."""
        if self._pool is not None:
            for futures in self._pending:
                for f in futures:
                    f.cancel()
            stop_pool(self._pool)
            self._pool = None
