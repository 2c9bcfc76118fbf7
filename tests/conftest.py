"""Test session set-up: headless arcade, a throw-away user data folder, one shared window."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import pathlib
import tempfile
from typing import Any, Iterator

import pytest
from hypothesis import settings

# In CI every hypothesis search is derandomized, so a run is repeatable and a red CI is never
# a coin toss; on a developer's machine the searches stay random and keep exploring.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Both must be set before anything imports arcade or reads the user's folders.
os.environ.setdefault("ARCADE_HEADLESS", "1")
_DATA = tempfile.mkdtemp(prefix="gridfall-test-data-")
os.environ["GRIDFALL_DATA_DIR"] = _DATA

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "tests" / "screenshots"

_window: Any = None


def get_window() -> Any:
    """The one headless window of the session (GL objects die with their window)."""
    global _window
    if _window is None:
        import game.ui  # noqa: F401  (prepares arcade; ARCADE_HEADLESS is set above)
        import arcade
        _window = arcade.Window(1280, 800, "Gridfall tests", visible=False, antialiasing=False)
    return _window


@pytest.fixture(scope="session")
def window() -> Iterator[Any]:
    yield get_window()


@pytest.fixture(autouse=True)
def _free_gl_objects() -> Iterator[None]:
    """Free the GL objects a test let go of. Arcade frees them in `Window.flip()`, which tests
    never call (they draw frames themselves): without this, every texture, buffer and
    framebuffer of every view a test made stayed in memory (llvmpipe keeps them in RAM), and
    the suite grew past 1.9 GB."""
    yield
    if _window is not None:
        _window.ctx.gc()
    _give_back_freed_memory()


def _libc() -> Any:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None


_LIBC = _libc()


def _give_back_freed_memory() -> None:
    """Hand the memory a test freed back to the system. llvmpipe draws on several threads, each
    with its own malloc arena, and glibc keeps what is freed in an arena for later: a test that
    drew many big frames (a GIF, a full editor) left its peak standing for the rest of the run."""
    if _LIBC is not None and hasattr(_LIBC, "malloc_trim"):
        _LIBC.malloc_trim(0)


@pytest.fixture()
def data_dir() -> pathlib.Path:
    """The user data folder this session's code sees (GRIDFALL_DATA_DIR)."""
    return pathlib.Path(os.environ["GRIDFALL_DATA_DIR"])


@pytest.fixture(scope="session")
def screenshot_dir() -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# Each pytest process's peak memory, said at the end of the run (issue 21 holds it under 800 MB):
# an xdist worker hands its figure to the controller, which prints them all.
_PEAKS: dict[str, float] = {}


def _peak_mb(who: int) -> float:
    import resource

    return resource.getrusage(who).ru_maxrss / 1024   # kilobytes on Linux


def pytest_sessionfinish(session: pytest.Session) -> None:
    import resource

    # The processes the tests started (the game's CLI, a GIF's recorder, bots) count apart:
    # their peak is the largest one's.
    output = getattr(session.config, "workeroutput", None)
    me, children = _peak_mb(resource.RUSAGE_SELF), _peak_mb(resource.RUSAGE_CHILDREN)
    if output is not None:
        output["peak_rss_mb"], output["children_peak_rss_mb"] = me, children
    else:
        _PEAKS["main"], _PEAKS["main's children"] = me, children


@pytest.hookimpl(optionalhook=True)   # an xdist hook: a run without xdist has no workers
def pytest_testnodedown(node: Any, error: Any) -> None:
    output = getattr(node, "workeroutput", {})
    if "peak_rss_mb" in output:
        _PEAKS[node.gateway.id] = output["peak_rss_mb"]
        _PEAKS[f"{node.gateway.id}'s children"] = output["children_peak_rss_mb"]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _PEAKS:
        terminalreporter.write_line("peak memory: " + ", ".join(f"{k} {v:.0f} MB" for k, v in sorted(_PEAKS.items())))
