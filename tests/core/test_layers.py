"""Imports run one way (core < io < bots < ui < editor < cli), and the core is used by its exports."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Lower layers never import higher ones; the command line wires the editor into the game.
LAYERS = ("game.core", "game.io", "game.bots", "game.ui", "editor", "game.cli")


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> int | None:
    if module == "game.__main__":
        return LAYERS.index("game.cli")
    for index, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return index
    return None


def _imports(path: pathlib.Path) -> list[tuple[int, str, list[str]]]:
    """(line, absolute module, imported names) for every import in the file, relative ones resolved."""
    return _imports_in(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


def _imports_in(source: str, module: str, is_package: bool) -> list[tuple[int, str, list[str]]]:
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base, [alias.name for alias in node.names]))
    return found


def _sources() -> list[pathlib.Path]:
    return sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "editor").rglob("*.py")])


def test_no_module_imports_a_layer_above_its_own() -> None:
    upward = []
    for path in _sources():
        here = _layer(_module_name(path))
        if here is None:
            continue
        for line, target, _ in _imports(path):
            there = _layer(target)
            if there is not None and there > here:
                upward.append(f"{path.relative_to(ROOT)}:{line}: imports {target}")
    assert upward == []


def test_outside_the_core_only_its_exported_names_are_imported() -> None:
    import game.core

    exported = set(game.core.__all__)
    reaching_in = []
    for path in _sources():
        if _layer(_module_name(path)) == 0:
            continue
        for line, target, names in _imports(path):
            internal = target.startswith("game.core.")
            hidden = target == "game.core" and [n for n in names if n not in exported]
            if internal or hidden:
                reaching_in.append(f"{path.relative_to(ROOT)}:{line}: {target} {names}")
    assert reaching_in == []


def test_the_checker_resolves_relative_imports_to_their_layers() -> None:
    # The rules above must be able to fail: a bots module reaching up into ui (relatively) and
    # into a core module would be seen as layer 3 and as a core internal.
    source = "from ..ui import app\nfrom game.core.rules import match3\nfrom . import base\n"
    imports = _imports_in(source, "game.bots.probe", is_package=False)
    assert [(t, _layer(t)) for _, t, _ in imports] == [
        ("game.ui", 3), ("game.core.rules", 0), ("game.bots", 2)]
    assert _layer("game.__main__") == _layer("game.cli.play") == 5
