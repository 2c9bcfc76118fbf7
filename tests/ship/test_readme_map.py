"""The README opens for a player (the two make commands, then install, play, keys and sharing) and
links the guides in docs/; the architecture guide's map names every module of the game and the
editor, so a newcomer finds each one's home, and its checklist names only files that exist."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
GUIDES = ("playing.md", "command-line.md", "designing.md", "rules.md", "architecture.md")


def section(path: pathlib.Path, title: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def map_text() -> str:
    return section(ARCHITECTURE, "Where things are")


def test_the_readme_starts_with_make_play_and_make_test() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Gridfall" and lines[2] == "```sh" and lines[5] == "```", lines[:6]
    assert [line.split("#")[0].strip() for line in lines[3:5]] == ["make play", "make test"]


def test_the_readme_speaks_to_a_player_first_and_stays_short() -> None:
    text = README.read_text(encoding="utf-8")
    headings = re.findall(r"(?m)^## (.+)$", text)
    assert headings[:3] == ["Install", "Play", "Share"], headings
    for words in ("pipx install", "Ctrl+Z", "Esc", "Ctrl+V", "Drop a file"):
        assert words in text, words
    assert len(text.splitlines()) <= 90, "the README is the short version: the guides are in docs/"


def test_the_readme_links_every_guide_and_every_link_leads_somewhere() -> None:
    readme = README.read_text(encoding="utf-8")
    for guide in GUIDES:
        assert f"](docs/{guide}" in readme, guide
    for page in [README, *(ROOT / "docs" / guide for guide in GUIDES)]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links {target}, which is not there"


def test_every_module_is_named_in_the_architecture_map() -> None:
    text = map_text()
    named = re.findall(r"([a-z_0-9]+\.py)", text)
    modules = [p for folder in ("game", "editor") for p in sorted((ROOT / folder).rglob("*.py"))
               if p.name != "__init__.py"]
    assert len(modules) > 150
    # A name several folders share (lessons.py) is named once for each of them.
    missing = [str(p.relative_to(ROOT)) for p in modules
               if named.count(p.name) < sum(q.name == p.name for q in modules)]
    assert not missing, f"modules docs/architecture.md's 'Where things are' does not name: {', '.join(missing)}"


def test_the_how_to_add_checklist_names_only_files_that_exist() -> None:
    text = section(ARCHITECTURE, "How to add a blocker, a special, a goal or an editor panel")
    for sort in ("**A blocker**", "**A special**", "**A goal**", "**An editor panel**"):
        assert sort in text, sort
    named = set(re.findall(r"`((?:game|editor|levels|assets|tests)/[\w./-]+\.\w+)`", text))
    assert len(named) > 40   # a blocker is a unit now: its list is short, the others still long
    gone = sorted(name for name in named if not (ROOT / name).is_file())
    assert not gone, f"the checklist names files that are not there: {', '.join(gone)}"
