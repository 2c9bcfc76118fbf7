"""The README's map names every module of the game and the editor, so a newcomer finds each one's home."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def map_text() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Where things are")
    end = readme.index("\n## ", start + 1)
    return readme[start:end]


def test_every_module_is_named_in_the_readmes_map() -> None:
    text = map_text()
    named = re.findall(r"([a-z_0-9]+\.py)", text)
    modules = [p for folder in ("game", "editor") for p in sorted((ROOT / folder).rglob("*.py"))
               if p.name != "__init__.py" and "data" not in p.relative_to(ROOT).parts]
    assert len(modules) > 150
    # A name several folders share (lessons.py) is named once for each of them.
    missing = [str(p.relative_to(ROOT)) for p in modules
               if named.count(p.name) < sum(q.name == p.name for q in modules)]
    assert not missing, f"modules the README's 'Where things are' does not name: {', '.join(missing)}"
