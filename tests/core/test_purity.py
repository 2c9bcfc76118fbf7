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


def test_the_public_names_other_packages_rely_on() -> None:
    import game.core as core

    names = ("Level Session new_game decide evolve fold legal_commands Swap Chain Slide "
             "parse_command format_command Swapped SwapRejected Cleared Fell Spawned PlayerMoved "
             "Slid Reshuffled Won Lost EMPTY HOLE PLAYER progress goals_met stars LevelError "
             "Problem parse_level IllegalMove State").split()
    assert [n for n in names if not hasattr(core, n)] == []
    assert set(names) <= set(core.__all__)
    assert core.EMPTY == 0 and core.HOLE < 0 and core.PLAYER < 0 and core.HOLE != core.PLAYER
    assert issubclass(core.IllegalMove, ValueError) and issubclass(core.LevelError, ValueError)


def test_nothing_a_replay_depends_on_comes_from_random_or_hash() -> None:
    """Python's `random` may change its algorithms between versions and hash() is salted per
    process: the core uses neither (its RNG is its own SplitMix64), so a replay plays the same
    on any Python."""
    offenders = []
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hash":
                offenders.append(f"{path.name}:{node.lineno}: hash()")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                offenders += [f"{path.name}:{node.lineno}: import {n}" for n in names
                              if n.split(".")[0] == "random"]
            if isinstance(node, ast.Name) and node.id == "PYTHONHASHSEED":
                offenders.append(f"{path.name}:{node.lineno}: hash seed")
    assert offenders == []
    # And the digest a replay records is the same in another process (another hash salt).
    import subprocess
    import sys

    code = ("from game.core import new_game, state_digest, Level; "
            "print(state_digest(new_game(Level(id='d', name='D', mode='match3', width=8, height=8), 5)))")
    root = CORE.parents[1]
    outs = {subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                           env={"PYTHONHASHSEED": salt, "PATH": ""}).stdout for salt in ("1", "2")}
    assert len(outs) == 1 and len(outs.pop().strip()) == 8


def test_the_core_keeps_no_module_level_cache() -> None:
    """Facts the rules derive are kept on the values they come from (Level.kept, a State's
    cache, a Geometry's tables), never in a module-level dict, set or list that fills up as
    games are played, nor behind functools' caches."""
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty_display = isinstance(value, (ast.Dict, ast.Set, ast.List)) and not (
                getattr(value, "keys", None) or getattr(value, "elts", None))
            empty_call = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                          and value.func.id in ("dict", "set", "list", "OrderedDict", "defaultdict")
                          and not value.args)
            if empty_display or empty_call:
                offenders.append(f"{path.name}:{node.lineno}")
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                for deco in node.decorator_list:
                    text = ast.unparse(deco)
                    if "lru_cache" in text or text.endswith("cache"):
                        offenders.append(f"{path.name}:{node.lineno}: @{text}")
    assert offenders == []


def test_a_state_is_made_one_way() -> None:
    """new_game deals the first State and State.after makes every later one: no rule module,
    the fold included, builds a State itself (a field added to State is added in one place)."""
    import re

    core = pathlib.Path(__file__).resolve().parents[2] / "game" / "core"
    builders = sorted(str(p.relative_to(core)) for p in core.rglob("*.py")
                      if re.search(r"(?<![A-Za-z_.])State\(|object\.__new__", p.read_text(encoding="utf-8")))
    assert builders == ["game.py", "state.py"]   # State.after fills a blank one, slot by slot
