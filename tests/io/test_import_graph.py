"""No import circle (issue 21): in the core and io not even a late import inside a function
(packs.py used to import pack_proofs late, and pack_proofs imported packs); in all of game/ and
editor/ none among the imports run when a module loads."""

from __future__ import annotations

import ast
import pathlib
from typing import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _module(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _at_load(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module body run when it loads: inside if/try too, never under
    `if TYPE_CHECKING:` (only the type checker reads those) nor in a function."""
    for node in body:
        if isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                yield from _at_load(node.body)
                yield from _at_load(node.orelse)
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _at_load(part)
        else:
            yield node


def _imports(path: pathlib.Path, name: str, late: bool = True) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in (ast.walk(tree) if late else _at_load(tree.body)):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            out.add(target)
            out.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def _graph(*packages: str, late: bool = True) -> dict[str, set[str]]:
    files = {_module(p): p for package in packages for p in (ROOT / package.replace(".", "/")).rglob("*.py")}
    graph = {name: {t for t in _imports(path, name, late) if t in files and t != name}
             for name, path in files.items()}
    for name in graph:   # a package's __init__ is imported with any of its modules: not a circle
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_io_has_no_import_circle() -> None:
    graph = _graph("game.io")
    assert "game.io.pack_files" in graph["game.io.pack_proofs"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_core_has_no_import_circle() -> None:
    graph = _graph("game.core")
    assert "game.core.level_check" in graph["game.core.level"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_game_and_editor_have_no_import_circle_when_modules_load() -> None:
    graph = _graph("game", "editor", late=False)
    assert "game.ui.board_choreography" in graph["game.ui.board"] and "game.core" in graph["editor.model"]
    # The board's choreographer names the board for the type checker only: not a circle at load.
    assert "game.ui.board" not in graph["game.ui.board_choreography"]
    assert "game.ui.board" in _graph("game.ui", late=True)["game.ui.board_choreography"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
