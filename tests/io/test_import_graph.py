"""No import circle (issue 21): in the core and io not even a late import inside a function
(packs.py used to import pack_proofs late, and pack_proofs imported packs); in all of game/ and
editor/ none among the imports a module makes at its top, those made only for the type checker
(`if TYPE_CHECKING:`) counted too (issue 33: the board and its choreographer named each other so)."""

from __future__ import annotations

import ast
import pathlib
from typing import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _module(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _typing_only(node: ast.If) -> bool:
    """`if TYPE_CHECKING:` (or `if typing.TYPE_CHECKING:`): only the type checker reads its body."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _at_load(body: list[ast.stmt], typing: bool = False) -> Iterator[ast.stmt]:
    """The statements at a module's top: inside if/try too, never in a function; those under
    `if TYPE_CHECKING:` only with `typing` (the type checker's imports)."""
    for node in body:
        if isinstance(node, ast.If):
            if typing or not _typing_only(node):
                yield from _at_load(node.body, typing)
                yield from _at_load(node.orelse, typing)
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _at_load(part, typing)
        else:
            yield node


def _imports(path: pathlib.Path, name: str, late: bool = True, typing: bool = False) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in (ast.walk(tree) if late else _at_load(tree.body, typing)):
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


def _graph(*packages: str, late: bool = True, typing: bool = False) -> dict[str, set[str]]:
    files = {_module(p): p for package in packages for p in (ROOT / package.replace(".", "/")).rglob("*.py")}
    graph = {name: {t for t in _imports(path, name, late, typing) if t in files and t != name}
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
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_game_and_editor_have_no_import_circle_counting_the_type_checkers_imports() -> None:
    graph = _graph("game", "editor", late=False, typing=True)
    # The board plays its batches through the choreographer, which asks the board through its
    # own Stage protocol and names no board module, not even for the type checker.
    assert "game.ui.board_choreography" in graph["game.ui.board"]
    assert not {t for t in graph["game.ui.board_choreography"] if t.startswith("game.ui.board") and
                t not in ("game.ui.board_effects", "game.ui.board_sprites", "game.ui.board_stage",
                                "game.ui.board_timing")}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_type_checkers_imports_are_read() -> None:
    """The test above sees an import made only for the type checker (else it could not fail)."""
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui.board import BoardRenderer\n"
    tree = ast.parse(source)
    seen = [n for n in _at_load(tree.body, typing=True) if isinstance(n, ast.ImportFrom)]
    unseen = [n for n in _at_load(tree.body) if isinstance(n, ast.ImportFrom)]
    assert [n.module for n in seen] == ["typing", "game.ui.board"] and [n.module for n in unseen] == ["typing"]
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
