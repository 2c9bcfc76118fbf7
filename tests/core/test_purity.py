"""The core stays pure: no arcade, pyglet or yaml, no files, no clock."""

from __future__ import annotations

import ast
import pathlib

CORE = pathlib.Path(__file__).resolve().parents[2] / "game" / "core"
FORBIDDEN = {"arcade", "pyglet", "yaml", "time", "datetime", "random", "os", "io", "pathlib", "socket"}


def test_core_imports_only_itself_and_pure_stdlib() -> None:
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_every_core_module_has_a_docstring() -> None:
    missing = [p.name for p in CORE.rglob("*.py") if ast.get_docstring(ast.parse(p.read_text())) is None]
    assert missing == []
