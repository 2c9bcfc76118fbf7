"""A screen for the benchmarks that need a real window: $DISPLAY, or an Xvfb started for the run."""

from __future__ import annotations

import contextlib
import os
import pathlib
import subprocess
import time
from typing import Iterator


@contextlib.contextmanager
def a_screen(number: int) -> Iterator[None]:
    """Inside: $DISPLAY is a screen. When none is set, an Xvfb :number is started (1600x1000)
    and stopped after; it is used once its socket is there (a window made sooner fails)."""
    if os.environ.get("DISPLAY"):
        yield
        return
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = pathlib.Path(f"/tmp/.X11-unix/X{number}")
    try:
        for _ in range(200):
            if socket.exists() or xvfb.poll() is not None:
                break
            time.sleep(0.05)
        if xvfb.poll() is not None:
            raise SystemExit(f"Xvfb :{number} did not start (is it installed, or that display taken?)")
        os.environ["DISPLAY"] = f":{number}"
        yield
    finally:
        if os.environ.get("DISPLAY") == f":{number}":
            del os.environ["DISPLAY"]
        xvfb.terminate()
        xvfb.wait()
