"""A shared pack names no path of the machine it was built on; installed, its files point at a
schema that is there."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from game.cli import main
from game.io import load_pack
from game.io.paths import data_dir, installed_packs_dir, levels_dir
from game.io.schema import schema_path


def _schema_line(file: pathlib.Path) -> str | None:
    first = file.read_text(encoding="utf-8").splitlines()[0]
    return first.split("$schema=", 1)[1] if "$schema=" in first else None


def test_a_built_pack_names_no_folder_of_the_builders_machine(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "home" / "alice" / "work" / "packs"
    deep.mkdir(parents=True)
    built = deep / "first-steps.pack.yaml"
    assert main(["pack", "build", str(levels_dir() / "first-steps"), "-o", str(built)]) == 0
    text = built.read_text(encoding="utf-8")
    assert "$schema" not in text and "alice" not in text and str(levels_dir().parent) not in text
    assert not text.startswith("#")

    # On another machine: the file lands in a download folder and is installed from there.
    landed = tmp_path / "downloads" / "first-steps-copy.pack.yaml"
    landed.parent.mkdir()
    landed.write_text(text.replace("id: first-steps", "id: first-steps-copy", 1), encoding="utf-8")
    assert main(["pack", "install", str(landed)]) == 0
    capsys.readouterr()
    installed = installed_packs_dir() / "first-steps-copy"
    try:
        files = sorted(installed.glob("*.yaml"))
        assert len(files) > 10
        for file in files:
            ref = _schema_line(file)
            assert ref is not None and not ref.startswith("/") and ":" not in ref, file
            schema = (file.parent / ref).resolve()
            assert schema.is_relative_to(data_dir().resolve())
            kind = "pack" if file.name == "pack.yaml" else "level"
            assert schema.read_bytes() == schema_path(kind).read_bytes()
    finally:
        shutil.rmtree(installed)


def test_a_pack_built_by_an_older_version_loses_its_machine_path_when_rebuilt(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    built = tmp_path / "old.pack.yaml"
    assert main(["pack", "build", str(levels_dir() / "sweet-mechanics"), "-o", str(built)]) == 0
    old = ("# yaml-language-server: $schema=../../../home/bob/src/gridfall/levels/schema/pack.schema.json\n"
           + built.read_text(encoding="utf-8"))
    built.write_text(old, encoding="utf-8")
    assert load_pack(built).levels == load_pack(levels_dir() / "sweet-mechanics").levels
    folder = tmp_path / "unpacked"
    assert main(["pack", "unpack", str(built), "-o", str(folder)]) == 0
    again = tmp_path / "again.pack.yaml"
    assert main(["pack", "build", str(folder), "-o", str(again)]) == 0
    capsys.readouterr()
    assert "bob" not in again.read_text(encoding="utf-8")
    assert all(_schema_line(f) is None for f in folder.glob("*.yaml"))
