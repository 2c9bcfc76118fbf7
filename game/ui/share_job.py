"""Share from the game: write the files, put the card on the clipboard, make the GIF in the background."""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import Any, Protocol, Sequence, runtime_checkable

from game.core import Command, Level
from game.io.program import subcommand
from game.io.reporter import describe
from game.io.share import Shared, share_game

GIF_SCALE = 0.5   # of the 1280x800 play view: a clip small enough to post


class ShareJobs:
    """The GIFs being recorded: `gridfall record` in its own process (offscreen), so the game
    never stalls for the seconds a clip takes; finished processes are reaped on each call."""

    def __init__(self) -> None:
        self.running: list[tuple[subprocess.Popen[bytes], Shared]] = []

    def start_gif(self, shared: Shared) -> None:
        env = dict(os.environ, ARCADE_HEADLESS="1")
        command = subcommand("record", str(shared.replay), "--level", str(shared.level),
                             "--out", str(shared.gif), "--scale", str(GIF_SCALE))
        self.running.append((subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), shared))
        self.reap()

    def reap(self) -> list[tuple[Shared, bool]]:
        """The jobs that ended since the last call: each with whether its GIF was written."""
        done = [(shared, proc.returncode == 0) for proc, shared in self.running if proc.poll() is not None]
        self.running = [(p, s) for p, s in self.running if p.returncode is None]
        return done

    def wait(self, timeout: float | None = None) -> None:
        """Let every GIF finish (quitting, tests)."""
        for proc, _ in self.running:
            proc.wait(timeout)


@runtime_checkable
class Says(Protocol):
    """A screen that can tell the player one thing (the play view, the menus, the theatre, the editor)."""

    def say(self, message: str, error: bool = False, /) -> None: ...


def announce(view: object, message: str, error: bool = False) -> None:
    """Say `message` on whatever screen is up (a GIF finishes while the player is elsewhere); on the
    console when that screen cannot say things."""
    if isinstance(view, Says):
        view.say(message, error)
    else:
        print(f"gridfall: {message}")


def share(window: Any, jobs: ShareJobs, level: Level, pack_id: str | None, pack_name: str | None, seed: int,
          commands: Sequence[Command], *, gif: bool = True) -> str:
    """Share a game; returns what to tell the player: where the files went, what is on the
    clipboard. A folder that cannot be written is said too, never raised."""
    try:
        shared = share_game(level, pack_id, pack_name, seed, commands)
    except OSError as exc:
        return describe("the shared game", exc)
    try:
        window.set_clipboard_text(shared.card)
        copied = "the card is on the clipboard"
    except Exception:   # no clipboard here (a headless window, a bare X server): the file has it
        copied = f"the card is in {shared.card_file.name}"
    if gif:
        jobs.start_gif(shared)
    return f"Saved in {_homely(shared.replay.parent)}: {copied}" + ("; the GIF follows in a moment." if gif else ".")


def _homely(path: pathlib.Path) -> str:
    """A folder as a player reads it: ~/Documents/Gridfall rather than the whole home path."""
    try:
        return "~/" + path.relative_to(pathlib.Path.home()).as_posix()
    except ValueError:
        return str(path)
