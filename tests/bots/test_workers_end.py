"""Bot workers end with the process that started them, however it ends (kill -9 included):
the editor's Difficulty run (F5) and `gridfall playtest` alike."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from game.io.paths import levels_dir

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOUND = 60   # seconds to wait for something that takes well under one; never a timed assert

# The editor's own run, as F5 starts it: far more games than a test would wait for.
EDITOR_RUN = textwrap.dedent("""
    import os, pathlib, sys
    os.environ["ARCADE_HEADLESS"] = "1"
    from editor.difficulty import DifficultyRun
    from game.io import load_level
    run = DifficultyRun(games=100_000, workers=2, store=pathlib.Path(sys.argv[2]))
    run.start(load_level(pathlib.Path(sys.argv[1])))
    print("started", flush=True)
    sys.stdin.read()            # held here until the test kills the process
""")


def _children(pid: int) -> set[int]:
    """The live processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"     # a zombie has ended; only its parent's wait is missing


def _until(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists() or not hasattr(signal, "SIGKILL"),
                    reason="reads the process table in /proc; needs SIGKILL")
@pytest.mark.parametrize("who", ["editor-difficulty", "playtest"])
def test_workers_end_when_their_parent_is_killed(who: str, tmp_path: pathlib.Path) -> None:
    level = sorted(levels_dir().glob("first-steps/*.yaml"))[0]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GRIDFALL_DATA_DIR": str(tmp_path / "data")}
    if who == "playtest":
        command = [sys.executable, "-m", "game", "playtest", str(level), "-n", "100000", "-j", "2"]
    else:
        command = [sys.executable, "-c", EDITOR_RUN, str(level), str(tmp_path / "runs")]
    parent = subprocess.Popen(command, cwd=tmp_path, env=env, stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        _until(lambda: len(_children(parent.pid)) >= 2, f"{who} never started its two workers")
        workers = _children(parent.pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=BOUND)
        _until(lambda: not any(_alive(pid) for pid in workers),
               f"{who}'s workers {sorted(p for p in workers if _alive(p))} outlived it")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for pid in workers | _children(parent.pid):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_stopped_pool_ends_its_workers_and_its_manager_at_once() -> None:
    """Closing the editor or cancelling a run: the workers in the middle of a game are ended
    now (not when their chunk is done), and the pool's manager thread with them, so leaving
    Python neither waits for a game nor wakes a thread through its closed pipe."""
    import threading

    from game.bots.workers import start_pool, stop_pool

    pool = start_pool(2, "fork")
    games = [pool.submit(time.sleep, 60) for _ in range(4)]
    while not games[0].running():
        time.sleep(0.01)
    workers = list((pool._processes or {}).values())
    assert workers and all(w.is_alive() for w in workers)
    stop_pool(pool)
    assert not any(w.is_alive() for w in workers)
    assert not [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]
