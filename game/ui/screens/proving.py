"""A pasted game code or a dropped replay being proved: its moves played off the UI thread, with progress, and Esc to cancel."""

from __future__ import annotations

import threading
from typing import Any, Callable, Generic, TypeVar

import arcade

from . import style
from .widgets import MenuView

T = TypeVar("T")
Played = Callable[[int, int], object]


class Cancelled(Exception):
    """Raised inside the proof at its next move once the player cancelled it."""


class ProofJob(Generic[T]):
    """`work(played)` on a thread of its own, so the window keeps drawing and answering keys:
    how far it got (moves played, of how many), then its result or its error; cancel() stops it
    at its next move. Threads share the interpreter, so a frame still gets its turn."""

    def __init__(self, work: Callable[[Played], T]) -> None:
        self.work = work
        self.done = threading.Event()
        self.played = (0, 0)
        self.result: T | None = None
        self.error: Exception | None = None
        self.cancelled = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gridfall-proof", daemon=True)

    def start(self) -> "ProofJob[T]":
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._stop.set()

    def _progress(self, played: int, of: int) -> None:
        if self._stop.is_set():
            raise Cancelled
        self.played = (played, of)

    def _run(self) -> None:
        try:
            self.result = self.work(self._progress)
        except Cancelled:
            self.cancelled = True
        except Exception as exc:   # said on the screen by whoever waits for the job, never lost
            self.error = exc
        finally:
            self.done.set()


class ProvingView(MenuView):
    """'Checking the game code': a bar of the moves played so far and Cancel (Esc), until the
    job ends; then `finished(job)` shows what comes next."""

    def __init__(self, window: Any, job: ProofJob[Any], finished: Callable[[ProofJob[Any]], object],
                 back: Callable[[], object], what: str = "game code") -> None:
        super().__init__(window)
        self.title = f"Checking the {what}"
        self.what = what
        self.job = job
        self.finished = finished
        self.back = back
        self._ended = False
        self._count: Any = None
        self._bar: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._bar_box = (0.0, 0.0, 0.0, 0.0)

    def build(self) -> None:
        w, h = self.window.width, self.window.height
        self.header(self.title)
        y = h - self.header_height - 80
        self.text(f"A {self.what} proves itself: its moves are played through and checked.", w / 2, y,
                  style.TEXT, style.BODY_SIZE, anchor_x="center", anchor_y="center", max_width=w - 120)
        self._count = self.text(self.progress_words(), w / 2, y - 44, style.TEXT_MUTED, style.BODY_SIZE,
                                anchor_x="center", anchor_y="center", max_width=w - 120)
        width, height = min(640.0, w - 160.0), 20.0
        self._bar_box = (w / 2 - width / 2, y - 110, width, height)
        self.panel(*self._bar_box, radius=10, focusable=False)
        self._bar.clear()
        self._place_bar()
        self.button("Cancel", w / 2 - 130, y - 210, 260, 52, self.on_back, name="cancel", primary=True)

    def progress_words(self) -> str:
        played, of = self.job.played
        return f"Move {played:,} of {of:,} played" if of else f"Reading the {self.what}"

    def _place_bar(self) -> None:
        played, of = self.job.played
        left, bottom, width, height = self._bar_box
        filled = max(1.0, width * (played / of if of else 0.0))
        self._bar.clear()
        self._bar.append(arcade.SpriteSolidColor(int(filled), int(height), left + filled / 2, bottom + height / 2,
                                                 style.PRIMARY))

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self._ended:
            return
        if self.job.done.is_set():
            self._ended = True
            if not self.job.cancelled:
                self.finished(self.job)
            return
        words = self.progress_words()
        if self._count is not None and self._count.text != words:
            self._count.text = words
            self._place_bar()

    def on_draw(self) -> None:
        super().on_draw()
        self._bar.draw()

    def in_motion(self) -> bool:
        return not self._ended or super().in_motion()

    def on_back(self) -> None:
        """Cancel (Esc): the proof stops at its next move; back to the screen the code was pasted on."""
        if self._ended:
            return
        self._ended = True
        self.job.cancel()
        self.back()
