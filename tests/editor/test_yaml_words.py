"""The editor reads a file's YAML 1.1 words (no, on, 1.10, 0123) as the game's reader does: shown as written, never as False or 1.1."""

from __future__ import annotations

import dataclasses
import pathlib

from editor import files
from game import io as gio

LEVEL = """format: 1
id: yes-words
name: no
description: on
mode: chain
width: 4
height: 3
kinds: no
moves: 10
layout:
  - 1 2 3 4
  - 1
  - . . . .
goals:
  score: 100
"""


def test_a_level_s_bare_words_are_shown_as_written_and_saved_as_the_game_then_reads_them(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "yes-words.yaml"
    path.write_text(LEVEL, encoding="utf-8")
    try:
        gio.load_level(path)
        raise AssertionError("the game reads `name: no` as false and refuses it")
    except gio.LevelFileError as error:
        said = [str(p) for p in error.problems]
    opened = files.open_level(path)
    # The same reader: the editor lists the game's own problems, with their YAML 1.1 notes...
    assert [str(p) for p in opened.problems] == said
    assert any("reads the bare word no as false" in s for s in said)
    # ...and its fields show what the designer typed, not what YAML 1.1 made of it.
    draft = opened.draft
    assert (draft.name, draft.description, draft.kinds) == ("no", "on", "no")
    assert draft.cells[1] == ("1", ".", ".", ".")   # the row `1`, read as a number, is the row "1"
    assert not any("layout row" in c for c in opened.changed)
    # Saved, the words are quoted: the game reads the name and description as the text typed.
    fixed = dataclasses.replace(draft, kinds=4)   # the one field the game cannot take as text
    out = tmp_path / "out" / "yes-words.yaml"
    out.parent.mkdir()
    files.save_draft(fixed, out)
    level = gio.load_level(out)
    assert (level.name, level.description) == ("no", "on")


def test_a_pack_s_name_and_version_stay_as_written_through_an_edit(data_dir: pathlib.Path) -> None:
    pack = files.new_pack("words", "Words")
    (pack.folder / "pack.yaml").write_text(
        "format: 1\nid: words\nname: no\nversion: 1.10\nlevels: []\n", encoding="utf-8")
    again = files.pack_of(pack.folder / "any.yaml")
    assert again is not None
    assert (again.meta["name"], again.meta["version"]) == ("no", "1.10")   # the game keeps 1.10 too
    again.edit(lambda: again.meta.__setitem__("description", "a change"))
    written = (pack.folder / "pack.yaml").read_text(encoding="utf-8")
    assert 'name: "no"' in written and 'version: "1.10"' in written
    reread = files.pack_of(pack.folder / "any.yaml")
    assert reread is not None and (reread.meta["name"], reread.meta["version"]) == ("no", "1.10")
