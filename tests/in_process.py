"""`gridfall ARGS` run by its main() in the test's own process, for input checked before any window."""

from __future__ import annotations

from typing import Any

import pytest


def gridfall_here(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                  *args: str) -> tuple[int, str]:
    """`gridfall ARGS` by its main() here (no new interpreter to start), where making any window
    fails the test: bad input is named before one. Returns (exit code, stderr)."""
    import arcade

    from game.cli import main

    def no_window(*_: Any, **__: Any) -> None:
        raise AssertionError("a window was made before the input was checked")

    with monkeypatch.context() as m:
        m.setattr(arcade.Window, "__init__", no_window)
        code = main(list(args))
    return code, capsys.readouterr().err
