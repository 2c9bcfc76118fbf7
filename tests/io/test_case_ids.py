"""Ids that differ only in case (issue 22): macOS and Windows file systems keep 'keeper' and
'KEEPER' as one folder, so one would overwrite the other there: they are refused everywhere."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from game.cli import main
from game.core import Level
from game.io import LevelFileError, Pack, install_pack, load_pack, save_pack
from game.io.paths import installed_packs_dir

SLIDE = "format: 1\nid: {id}\nname: S\nmode: slide\nwidth: 3\nheight: 3\n"


def _pack(tmp_path: pathlib.Path, pack_id: str, *level_ids: str) -> pathlib.Path:
    levels = tuple(Level(id=i, name=i, mode="slide", width=3, height=3) for i in level_ids or ("one",))
    path = tmp_path / f"{pack_id}-src.pack.yaml"
    save_pack(Pack(id=pack_id, name=pack_id, levels=levels), path)
    return path


@pytest.mark.parametrize("first, second", [("keeper", "KEEPER"), ("Keeper", "keeper"),
                                           ("my-pack_1", "MY-PACK_1")])
def test_an_installed_pack_differing_only_in_case_is_refused(data: pathlib.Path, tmp_path: pathlib.Path,
                                                            capsys: Any, first: str, second: str) -> None:
    install_pack(_pack(tmp_path, first))
    before = sorted(p.name for p in installed_packs_dir().iterdir())
    for replace in ([], ["--replace"]):
        assert main(["pack", "install", *replace, str(_pack(tmp_path, second))]) == 1
        out = capsys.readouterr()
        said = out.out + out.err
        assert "only in case" in said and "Traceback" not in said
    assert sorted(p.name for p in installed_packs_dir().iterdir()) == before
    assert load_pack(installed_packs_dir() / first).id == first


def test_a_builtin_pack_id_in_other_case_is_refused(data: pathlib.Path, tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="built-in pack already has the id"):
        install_pack(_pack(tmp_path, "FIRST-STEPS"))


def test_the_same_id_still_replaces(data: pathlib.Path, tmp_path: pathlib.Path) -> None:
    install_pack(_pack(tmp_path, "keeper"))
    assert install_pack(_pack(tmp_path, "keeper", "two"), replace=True).levels[0].id == "two"


@pytest.mark.parametrize("ids", [("lvl", "LVL"), ("a", "b", "A"), ("Level-1", "level-1")])
def test_one_file_pack_levels_differing_only_in_case_are_refused(tmp_path: pathlib.Path,
                                                                 ids: tuple[str, ...]) -> None:
    path = _pack(tmp_path, "cases", *ids)
    with pytest.raises(LevelFileError) as caught:
        load_pack(path)
    (problem,) = caught.value.problems
    assert "only in case" in problem.message and problem.field.endswith(".id")
    assert problem.line > 1


def test_folder_pack_levels_differing_only_in_case_are_refused(tmp_path: pathlib.Path, capsys: Any) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "pack.yaml").write_text("format: 1\nid: cases\nname: Cases\nlevels:\n- lvl.yaml\n- LVL.yaml\n")
    for level_id in ("lvl", "LVL"):
        (folder / f"{level_id}.yaml").write_text(SLIDE.format(id=level_id))
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr()
    assert "pack.yaml:6:3: levels[1]: level id 'LVL' differs from 'lvl'" in out.out
    assert "Traceback" not in out.out + out.err
