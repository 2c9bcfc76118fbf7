"""The player's saved games and records: pack progress and the daily records, written at each change."""

from __future__ import annotations

from game.io.daily_records import DailyRecords, load_daily_records, save_daily_records
from game.io.kept_replays import Kept
from game.io.progress import Progress, load_progress, save_progress
from game.io.reporter import Reporter


class Saves:
    """Both stores, read once at start (a damaged file is set aside and said in `notices`), and
    each level's best win once read; a store that cannot be written is told through `reporter`
    (a toast on the screen) and the game goes on."""

    def __init__(self, notices: list[str], reporter: Reporter | None = None) -> None:
        self.reporter = reporter or Reporter()
        loaded = load_progress()
        self.progress: Progress = loaded.progress
        if loaded.notice:
            notices.append(loaded.notice)
        daily = load_daily_records()
        self.daily_records: DailyRecords = daily.records
        if daily.notice:
            notices.append(daily.notice)
        self.best: dict[tuple[str, str], Kept | None] = {}   # each level's best win, read once

    def reload_progress(self) -> None:
        """Read the progress again: the editor, just left, may have renamed a level (its
        stars move with it, on disk); the copy held here would write the old id back."""
        self.progress = load_progress().progress

    def save_progress(self) -> None:
        try:
            save_progress(self.progress)
        except OSError as exc:
            # A full disk, a read-only folder, a folder where the file goes: keep playing, say so.
            self.reporter.failed("your progress", exc)

    def save_daily(self) -> None:
        try:
            save_daily_records(self.daily_records)
        except OSError as exc:
            self.reporter.failed("the daily records", exc)
