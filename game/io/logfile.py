"""The log file (the data folder's logs/, rotated): what the game said on the console, and the error it stopped on."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from .paths import log_file
from .reporter import Reporter

LOG_BYTES = 1_000_000   # a file this long starts the next: a log to attach, not a disk to fill
KEPT = 3                # older files kept beside it: gridfall.log.1 .. .3
LOGGER = "gridfall"


class _Tee:
    """A console stream that also sends each whole line it is given to the log."""

    def __init__(self, stream: TextIO, logger: logging.Logger, level: int) -> None:
        self.stream, self._logger, self._level, self._partial = stream, logger, level, ""

    def write(self, text: str) -> int:
        written = self.stream.write(text)
        *lines, self._partial = (self._partial + text).split("\n")
        for line in lines:
            if line.strip():
                self._logger.log(self._level, line)
        return written

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> object:   # encoding, isatty, fileno: the console's own
        return getattr(self.stream, name)


@contextmanager
def kept(reporter: Reporter) -> Iterator[logging.Logger]:
    """While inside: every line printed on the console (stdout, stderr) is also written, with its
    time, to logs/gridfall.log, and an error that stops the game is logged with its traceback, and
    the console names the file to send. A log that cannot be opened (a read-only data folder)
    is told through `reporter` once, and the game goes on without one."""
    logger = logging.getLogger(LOGGER)
    try:
        path = log_file()
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=KEPT, encoding="utf-8")
    except OSError as exc:   # the gate's PathRefused too
        reporter.failed("the log", exc)
        yield logger
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Tee(out, logger, logging.INFO), _Tee(err, logger, logging.WARNING)
    logger.info("started")
    try:
        yield logger
    except BaseException as exc:   # an error out of the game's loop: logged before it goes on up
        if not isinstance(exc, (SystemExit, KeyboardInterrupt)):
            logger.error("the game stopped on an error", exc_info=exc)
            print(f"gridfall: the error below is in {path}: send that file with a bug report", file=err)
        raise
    finally:
        logger.info("stopped")
        sys.stdout, sys.stderr = out, err
        logger.removeHandler(handler)
        handler.close()
