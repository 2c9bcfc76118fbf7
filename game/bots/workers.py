"""Worker processes for bot games: one way to start a pool whose workers end with their parent, and to stop it."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

# How often a worker looks whether the process that started it is still there: a worker of a
# killed editor or command line ends within about this long.
WATCH_SECONDS = 0.5
MANAGER_JOIN_SECONDS = 10   # a manager thread whose workers are gone ends at once; never hang a quit on it
NICE = 10   # a background run's workers yield the cores to the editor's drawing and input


def start_pool(workers: int, method: str, *, nice: bool = False) -> ProcessPoolExecutor:
    """A pool of `workers` processes started by `method` (fork or spawn); each ends when this
    process does, however it ends (a kill -9 runs no clean-up here, so the worker watches)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method),
                               initializer=_worker_starts, initargs=(os.getpid(), nice))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the work not started and end the workers now: nothing waits for a game in play
    (the pool's own shutdown lets each worker finish its chunk, and leaving Python waits for it)."""
    # Kept before shutdown, which lets go of both (up to Python 3.13 it sets them to None even
    # when it does not wait, so they cannot be read after it).
    processes = list((pool._processes or {}).values())
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)   # Python 3.14 says it in words
    if callable(terminate):
        terminate()
    else:
        for process in processes:
            if process.is_alive():
                process.terminate()
    # Then let the pool's manager thread see its workers gone and close its wake-up pipe itself:
    # left running, leaving Python wakes it through that pipe while it closes it ("Bad file
    # descriptor" at exit, a race in Python before 3.12).
    if manager is not None:
        manager.join(MANAGER_JOIN_SECONDS)


def _worker_starts(parent: int, nice: bool) -> None:
    if nice and hasattr(os, "nice"):
        os.nice(NICE)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    # An orphan is adopted by another process (init, or a subreaper): its parent id changes.
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)
