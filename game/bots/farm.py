"""Runs playtest games on local processes or a Dask cluster, and hands them back in seed order.

Work is cut into chunks of seeds (one level each); whoever plays a chunk, and in whatever order
chunks finish, the records are put back in the order they were asked for, so a report is the
same byte for byte with 1 worker, many, or a cluster.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from typing import Any

from game.core import Level

from . import BotSpec
from .playtest import GameRecord, play_seeds
from .workers import start_pool

# Seeds a worker plays per task: enough to make the task's overhead small, few enough that
# the last tasks do not leave a core idle for long.
CHUNK = 25


@dataclass(frozen=True, slots=True)
class Job:
    """Games of one level: these seeds, this bot (or persona), and the raised limit (None: the level's)."""

    level: Level
    seeds: tuple[int, ...]
    bot: BotSpec
    cap: int | None = None


def _play(job: Job) -> list[GameRecord]:
    return play_seeds(job.level, job.seeds, job.bot, job.cap)


def chunked(job: Job, size: int = CHUNK) -> list[Job]:
    seeds = job.seeds
    return [Job(job.level, seeds[i:i + size], job.bot, job.cap) for i in range(0, len(seeds), size)]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:   # not on Linux
        return max(1, os.cpu_count() or 1)


def play_jobs(jobs: Sequence[Job], workers: int = 1, scheduler: str | None = None,
              progress: Callable[[int], None] | None = None) -> list[list[GameRecord]]:
    """Each job's records in its seeds' order, played here (workers=1), on `workers` processes,
    or on the Dask cluster at `scheduler`; `progress` hears of every finished chunk's games."""
    pieces: list[Job] = []
    owner: list[int] = []
    for index, job in enumerate(jobs):
        for piece in chunked(job):
            pieces.append(piece)
            owner.append(index)
    if scheduler is not None:
        done = _on_cluster(pieces, scheduler, progress)
    elif workers <= 1 or len(pieces) <= 1:
        done = []
        for piece in pieces:
            done.append(_play(piece))
            if progress is not None:
                progress(len(piece.seeds))
    else:
        done = _on_processes(pieces, workers, progress)
    out: list[list[GameRecord]] = [[] for _ in jobs]
    for index, records in zip(owner, done):
        out[index].extend(records)
    return out


def start_method() -> str:
    """fork when this process runs one thread on a system that forks: the workers start with
    the game already imported (a spawned worker spends about 0.15 CPU-s importing it, 3-10% of
    a 1000-game run). spawn otherwise: a caller with threads (a window, a progress thread)
    must not be forked, whose copies of locks other threads hold never unlock."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return "spawn"


def _on_processes(pieces: Sequence[Job], workers: int,
                  progress: Callable[[int], None] | None) -> list[list[GameRecord]]:
    done: list[list[GameRecord] | None] = [None] * len(pieces)
    with start_pool(min(workers, len(pieces)), start_method()) as pool:
        futures = {pool.submit(_play, piece): i for i, piece in enumerate(pieces)}
        for future in as_completed(futures):
            i = futures[future]
            done[i] = future.result()
            if progress is not None:
                progress(len(pieces[i].seeds))
    return [records or [] for records in done]


def _on_cluster(pieces: Sequence[Job], scheduler: str,
                progress: Callable[[int], None] | None) -> list[list[GameRecord]]:
    try:
        from distributed import Client, as_completed as cluster_completed
    except ImportError:
        raise ClusterUnavailable("--scheduler needs Dask distributed: pip install 'gridfall[cluster]'") from None
    _probe(scheduler)
    client: Any
    try:
        client = Client(scheduler, timeout=REACH_SECONDS)  # type: ignore[no-untyped-call]  # distributed is unannotated
    except (OSError, TimeoutError) as exc:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        # pure=False: two equal chunks (the same level and seeds) are still two tasks asked for.
        futures = client.map(_play, list(pieces), pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        done: list[list[GameRecord] | None] = [None] * len(pieces)
        for future in cluster_completed(futures):  # type: ignore[no-untyped-call]  # distributed is unannotated
            i = index[future.key]
            done[i] = future.result()
            if progress is not None:
                progress(len(pieces[i].seeds))
        return [records or [] for records in done]
    finally:
        client.close()


class ClusterUnavailable(RuntimeError):
    """The Dask cluster asked for cannot be used (not installed, or not reachable)."""


REACH_SECONDS = 4   # a scheduler that does not answer in this long is said to be unreachable


def _probe(scheduler: str) -> None:
    """Fail within seconds when nothing listens at a tcp:// address (Dask itself retries for
    half a minute first); other address kinds are left to Dask."""
    import socket
    from urllib.parse import urlsplit

    shown = scheduler if len(scheduler) <= 120 else scheduler[:117] + "..."
    if "://" not in scheduler:
        scheduler = "tcp://" + scheduler
    try:
        parts = urlsplit(scheduler)
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise ClusterUnavailable(f"--scheduler {shown}: not an address like tcp://host:8786 ({exc})") from None
    if parts.scheme != "tcp":
        return
    if not host or port is None:
        raise ClusterUnavailable(f"--scheduler {shown}: not an address like tcp://host:8786")
    try:
        socket.create_connection((host, port), timeout=REACH_SECONDS).close()
    except OSError as exc:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {shown}: "
                                 f"{exc.strerror or exc or 'no answer'}") from None
