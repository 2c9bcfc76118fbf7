"""No protocol in game/ or editor/ lists another class's private methods or fields (issue 33):
a host interface names public capabilities, so a view's insides stay its own."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _protocols() -> dict[str, list[str]]:
    """Each Protocol class (file:name) with the members it lists."""
    found: dict[str, list[str]] = {}
    for folder in ("game", "editor"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and any(
                        (isinstance(b, ast.Name) and b.id == "Protocol") or
                        (isinstance(b, ast.Attribute) and b.attr == "Protocol") for b in node.bases):
                    members = [n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
                    members += [n.target.id for n in node.body
                                if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
                    found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = members
    return found


def test_no_protocol_lists_a_private_member() -> None:
    protocols = _protocols()
    assert "game/ui/play_menus.py:MenuHost" in protocols and "game/ui/play_actions.py:ActionHost" in protocols
    assert "game/ui/board_stage.py:Stage" in protocols
    private = {name: [m for m in members if m.startswith("_") and not m.endswith("__")]
               for name, members in protocols.items()}
    assert not {name: m for name, m in private.items() if m}, private
