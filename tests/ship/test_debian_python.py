"""This machine's own Debian Python (3.11.2, which Debian's pipx uses) runs the installed game's bot
games (issue 34, item 11): the wheel, installed into a venv of /usr/bin/python3 and started from
another folder, plays `gridfall playtest first-steps -n 50` and the editor's F5 to the end."""

from __future__ import annotations

import pathlib
import re
import subprocess
import textwrap

import pytest

from test_installed_wheel import _run, installed, wheel  # noqa: F401  (the wheel, built as `make dist` builds it)

SYSTEM_PYTHON = pathlib.Path("/usr/bin/python3")


def _version() -> str:
    if not SYSTEM_PYTHON.exists():
        return ""
    return subprocess.run([str(SYSTEM_PYTHON), "-c", "import platform; print(platform.python_version())"],
                          capture_output=True, text=True).stdout.strip()


VERSION = _version()
# The editor's F5 as the designer gives it: a level opened, the key pressed, frames until the run ends.
F5 = textwrap.dedent("""
    import os, pathlib, sys, time
    os.environ["ARCADE_HEADLESS"] = "1"
    import game.ui  # noqa: F401  (prepares arcade)
    import arcade
    from editor import open_editor

    def main() -> None:
        window = arcade.Window(1280, 800, "F5", visible=False, antialiasing=False)
        view = open_editor(window, on_leave=lambda *a, **k: None)
        view.open_path(pathlib.Path(sys.argv[1]))

        def frame() -> None:
            window.dispatch_events()
            window.current_view.on_update(1 / 60)
            window.current_view.on_draw()

        frame()
        window.dispatch_event("on_key_press", arcade.key.F5, 0)
        window.dispatch_event("on_key_release", arcade.key.F5, 0)
        frame()
        while view.difficulty.run.running:   # the test's own timeout bounds this
            frame()
            time.sleep(0.01)
        figures = view.difficulty.run.for_level(view.difficulty.current_hash())
        print(view.status.text, "|", 0 if figures is None else len(figures.records))
        view.difficulty.run.close()

    if __name__ == "__main__":   # the workers are spawned: they import this file again
        main()
""")


@pytest.mark.skipif(re.fullmatch(r"3\.11\.[0-3]", VERSION) is None,
                    reason=f"/usr/bin/python3 is {VERSION or 'missing'}, not one of 3.11.0-3.11.3")
def test_debians_python_plays_bot_games_and_f5_from_the_installed_wheel(
        wheel: pathlib.Path, tmp_path: pathlib.Path) -> None:  # noqa: F811
    venv, python, site, env = installed(wheel, tmp_path, str(SYSTEM_PYTHON))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert _run([str(python), "-c", "import sys; print(sys.version)"], elsewhere, env).stdout.startswith(VERSION)

    played = _run([str(venv / "bin" / "gridfall"), "playtest", "first-steps", "-n", "50"], elsewhere, env,
                  timeout=900)
    said = played.stdout + played.stderr
    assert "Traceback" not in said and "pickle" not in said, said[-2000:]
    assert "50 games a level" in said and "first-swap" in said, said[-2000:]

    script = tmp_path / "f5.py"
    script.write_text(F5, encoding="utf-8")
    level = site / "game" / "data" / "levels" / "first-steps" / "first-swap.yaml"
    done = _run([str(python), str(script), str(level)], elsewhere, env, timeout=900)
    status, games = done.stdout.strip().rsplit("|", 1)
    assert status.startswith("difficulty: ") and "bots win" in status, done.stdout + done.stderr[-2000:]
    assert int(games) > 0 and "could not play" not in done.stdout
