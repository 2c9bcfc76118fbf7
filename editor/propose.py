"""Proposals for a slot of the pack overview (issue 35 item 2): the request its neighbours ask for, the generator on a worker thread with its progress and cancel."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.bots.farm import default_workers
from game.bots.gen_layout import BLOCKERS
from game.bots.generate import Outcome, Progress, Request, generate, lesson_sorts, still_to_come
from game.core import Level, Mode, lesson_modes

PROPOSALS = 3        # levels proposed for one slot
LEAST_BAND = 0.2     # the band is widened to this at least (two neighbours often differ by less)
MOVES_ROOM = 5       # the move limits tried reach this far past the neighbours'


def band_between(rates: Sequence[float]) -> tuple[float, float]:
    """The band for a level between neighbours measured at `rates`: from the lower to the
    higher, widened about its centre to LEAST_BAND at least, kept inside 0.02..0.98."""
    lo, hi = (min(rates), max(rates)) if rates else (0.5, 0.5)
    if hi - lo < LEAST_BAND:
        centre = (lo + hi) / 2
        lo, hi = centre - LEAST_BAND / 2, centre + LEAST_BAND / 2
    shift = max(0.0, 0.02 - lo) - max(0.0, hi - 0.98)   # kept whole inside the edges
    return round(lo + shift, 2), round(hi + shift, 2)


def request_for(course: Sequence[Level | None], rates: Sequence[float | None], place: int,
                ids: tuple[str, ...], **tuning: Any) -> Request | str:
    """What the levels around `place` (a new level goes before course[place]) ask for: the
    band between their pass rates, mode, size and kinds from the nearest board, the lesson the
    level at `place` brings first (a new mechanic comes there), none still to come used; or why
    no level can be proposed there. `tuning` lowers the game counts (tests)."""
    near = [course[i] for i in (place, place - 1, place + 1, place - 2) if 0 <= i < len(course)]
    model = next((lv for lv in near if lv is not None and lv.mode != Mode.SLIDE), None)
    if model is None:
        return "no match3 or chain level next to this place to take the board from"
    around = [rates[i] for i in (place - 1, place) if 0 <= i < len(rates)]
    band = band_between([r for r in around if r is not None])
    moves = [lv.moves for lv in near if lv is not None and lv.moves is not None]
    moves_range = (max(1, min(moves) - MOVES_ROOM), max(moves) + MOVES_ROOM) if moves else (10, 30)
    levels = [lv for lv in course if lv is not None]
    before = [lv for lv in course[:place] if lv is not None]
    to_come = still_to_come(levels, len(before))
    after = course[place] if place < len(course) else None
    teaches = after.teaches if after is not None and after.teaches in to_come else None
    if teaches is not None and model.mode not in lesson_modes(teaches):
        teaches = None
    blockers = (teaches,) if teaches is not None and teaches in BLOCKERS else ()
    specials = lesson_sorts(teaches) if teaches is not None else ()
    if model.mode == Mode.CHAIN:
        specials = ()
    request = Request(mode=model.mode, width=model.width, height=model.height, kinds=model.kinds,
                      blockers=blockers, specials=specials, band=band, teaches=teaches, moves=moves_range,
                      count=PROPOSALS, seed=place, ids=ids, against=tuple(levels),
                      untaught=tuple(lesson for lesson in to_come if lesson != teaches),
                      workers=tuning.pop("workers", default_workers()), **tuning)
    return request.problem() or request


class Proposer:
    """The generator on one worker thread (its games on the house's worker processes): the
    latest progress, a cancel flag it reads between games, poll() for the outcome."""

    def __init__(self, **tuning: Any) -> None:
        self.tuning = tuning   # game counts and workers for tests (Request's fields)
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Outcome] | None = None
        self._cancel = threading.Event()
        self.progress: Progress | None = None   # written by the worker thread, read by the view
        self.request: Request | None = None
        self.place = 0

    @property
    def running(self) -> bool:
        return self._future is not None

    def start(self, request: Request, place: int) -> None:
        self.cancel()
        self.request, self.place, self.progress = request, place, None
        self._cancel = threading.Event()
        cancelled = self._cancel
        self._pool = self._pool or ThreadPoolExecutor(max_workers=1, thread_name_prefix="propose")
        self._future = self._pool.submit(generate, request, self._heard, cancelled.is_set)

    def _heard(self, progress: Progress) -> None:
        self.progress = progress

    def done(self) -> Future[Outcome] | None:
        """The run's future (tests wait on it)."""
        return self._future

    def poll(self) -> Outcome | str | None:
        """The outcome (or why the run failed) once, when the run has just ended; else None."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        try:
            return future.result()
        except Exception as exc:   # a worker died or the request was refused: said, not raised
            return f"no proposals: {exc}"

    def cancel(self) -> None:
        """Stop the run: the generator stops at its next game (what was kept comes back)."""
        self._cancel.set()

    def fraction(self) -> float:
        """How far the run is: levels searched, the one being searched counted half."""
        p = self.progress
        return 0.0 if p is None or p.count == 0 else min(1.0, (p.index + 0.5) / p.count)
