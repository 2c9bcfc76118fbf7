"""What the command line prints of names and messages from files: one line, nothing a terminal obeys."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

# C0 and C1 control characters (ESC starts a terminal escape sequence), but not tab or newline.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# A run without spaces this long is a hostile path or value: shown cut, its ends kept.
_LONG = re.compile(r"\S{241,}")


def safe(text: object) -> str:
    """`text` with control characters shown as \\xNN and undecodable file-name bytes as \\udcNN.

    A pack's name, id or a file name comes from someone else's file: printed raw, an escape
    sequence in it would rewrite the user's terminal.
    """
    shown = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))
    shown = _LONG.sub(lambda m: f"{m.group()[:100]}...{m.group()[-100:]}", shown)
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def guard_streams() -> None:
    """Never crash printing a file name that is not valid UTF-8 (os.fsdecode's surrogates)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if callable(reconfigure):
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def progress_bar(total: int | None, unit: str = "game") -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress bar on a terminal (on stderr); none when piped, so logs stay clean. With no
    `total` (how many is not known ahead) it counts, with a rate."""
    if not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm

    bar = tqdm(total=total, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)

    def tick(games: int) -> None:
        bar.update(games)

    return tick, bar.close


def quiet_broken_pipe() -> int:
    """End a command whose reader closed the pipe, quietly (the Python docs' recipe): stdout
    goes to /dev/null, so the flush when Python exits finds no pipe to complain about; 1 as for
    any output not delivered."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # stdout is not a file (a test's capture)
        pass
    return 1
