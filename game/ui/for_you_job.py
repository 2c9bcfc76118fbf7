"""The game's "Estimates for you": the player's estimates read from their data folder, made again in the background when their games are newer."""

from __future__ import annotations

import os
import subprocess

from game.bots.for_you import ForYou, for_you_line, for_you_path, read_for_you
from game.core import Level
from game.io import gate
from game.io.kept_replays import replays_root
from game.io.program import subcommand


def _newest_game() -> float:
    """When a game was last kept (the newest level folder of kept replays; 0: none)."""
    newest = 0.0
    try:
        for pack in gate.folders(replays_root()):
            for level in gate.folders(pack):
                info = gate.lstat(level)
                newest = max(newest, info.st_mtime if info is not None else 0.0)
    except OSError:
        return newest
    return newest


class ForYouEstimates:
    """The player's estimates and the process that makes them (`gridfall calibrate --mine`,
    at low priority, so the game never waits for the minute it may take). Used only while the
    setting is on: off, nothing is read, run or shown."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.made: ForYou | None = None
        self._read = False

    def refresh(self, force: bool = False) -> None:
        """Make the estimates again when the player's kept games are newer than them (`force`:
        at once, as when the setting is switched on); never two runs at a time."""
        self.reap()
        if self.process is not None:
            return
        try:
            info = gate.lstat(for_you_path())
        except OSError:
            info = None
        made_at = info.st_mtime if info is not None else 0.0
        if not force and made_at >= _newest_game():
            return
        self.process = subprocess.Popen(subcommand("calibrate", "--mine"), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=_lower_priority if os.name == "posix" else None)

    def reap(self) -> bool:
        """Whether a run just ended (its estimates are read anew)."""
        if self.process is None or self.process.poll() is None:
            return False
        self.process = None
        self._read = False
        return True

    def line(self, pack_id: str, level: Level) -> str | None:
        """The goal card's line for this level, when an estimate was made for it as it is now."""
        self.reap()
        if not self._read:
            self.made, self._read = read_for_you(), True
        rate = None if self.made is None else self.made.rate(pack_id, level)
        return None if rate is None else for_you_line(rate)

    def stop(self) -> None:
        """End a run still going (quitting): it starts again next time."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)
        self.process = None


def _lower_priority() -> None:
    try:
        os.nice(10)
    except OSError:
        pass
