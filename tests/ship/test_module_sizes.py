"""The house rule (issue 21): no module over 600 lines in game/ or editor/, so each stays one job
a newcomer can read through."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIMIT = 600


def test_no_module_in_game_or_editor_is_over_600_lines() -> None:
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for folder in ("game", "editor") for path in (ROOT / folder).rglob("*.py")}
    assert len(sizes) > 100 and "game/ui/board.py" in sizes   # the walk found the code
    over = {name: n for name, n in sizes.items() if n > LIMIT}
    assert not over, f"over {LIMIT} lines: {over}"
