"""Packs: build, unpack and install round trips, unique ids, and listing built-in and installed packs."""

from __future__ import annotations

import os
import pathlib
import shutil
import time

import pytest

from game.cli import main
from game.io import (
    LevelFileError, Pack, PackNotFoundError, find_pack, list_packs, load_level, load_pack, save_level, save_pack,
)
from levelgen import generated_level
from game.io.packs import pack_paths
from game.io.paths import installed_packs_dir, levels_dir
from game.io.schema import schema_path
from game.io.yamldoc import parse, read_text
from schema_check import schema_errors

SHIPPED_PACKS = pack_paths(levels_dir())
LEVELS = tuple(generated_level(n, seed=5) for n in range(9))


def _pack(pack_id: str = "sampler") -> Pack:
    return Pack(id=pack_id, name="Sampler", author="Tests", version="1.10",
                description="Nine generated levels", levels=LEVELS)


def _files(folder: pathlib.Path) -> dict[str, bytes]:
    """The pack's own files (its stored playtest results and its proofs in replays/ are not part
    of what is shared in one file)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.name != "playtest.yaml"}


def test_folder_to_file_to_folder_keeps_every_file_byte_identical(tmp_path: pathlib.Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "a" / "sampler"
    save_pack(_pack(), folder)
    one_file = tmp_path / "sampler.pack.yaml"
    assert main(["pack", "build", str(folder), "-o", str(one_file)]) == 0
    assert "built" in capsys.readouterr().out
    again = tmp_path / "b" / "sampler"
    assert main(["pack", "unpack", str(one_file), "-o", str(again)]) == 0
    assert _files(again) == _files(folder)
    rebuilt = tmp_path / "again.pack.yaml"
    assert main(["pack", "build", str(again), "-o", str(rebuilt)]) == 0
    assert rebuilt.read_bytes() == one_file.read_bytes()
    assert load_pack(one_file).levels == LEVELS == load_pack(folder).levels
    assert load_pack(one_file).version == "1.10"


@pytest.mark.parametrize("folder", SHIPPED_PACKS, ids=[p.name for p in SHIPPED_PACKS])
def test_shipped_pack_builds_and_unpacks_to_the_same_levels(folder: pathlib.Path, tmp_path: pathlib.Path) -> None:
    one_file = tmp_path / f"{folder.name}.pack.yaml"
    assert main(["pack", "build", str(folder), "-o", str(one_file)]) == 0
    out = tmp_path / "x" / folder.name
    assert main(["pack", "unpack", str(one_file), "-o", str(out)]) == 0
    original = load_pack(folder)
    assert load_pack(one_file).levels == original.levels == load_pack(out).levels
    # The shared file names no schema; unpacked outside the game's folders, neither do the
    # files, which are otherwise the shipped bytes without their schema line.
    assert b"$schema" not in one_file.read_bytes()
    for name, data in _files(folder).items():
        assert data.startswith(b"# yaml-language-server: $schema=../schema/"), name
        assert (out / name).read_bytes() == data.split(b"\n", 1)[1], name
    # Unpacked where it came from, every byte is the same.
    assert {n: d for n, d in _files(folder).items()} == {
        n: (levels_dir() / folder.name / n).read_bytes() for n in _files(folder)}


def test_a_one_file_pack_reports_problems_at_their_lines(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.pack.yaml"
    save_pack(Pack(id="broken", name="Broken", levels=LEVELS[:3]), path)
    lines = path.read_text(encoding="utf-8").splitlines()
    second = [i for i, line in enumerate(lines) if line.startswith("  - format: 1")][1]
    id_line = [i for i, line in enumerate(lines) if line.startswith("    id: ")][2]
    lines[second + 2] = "    name: yes"
    lines[id_line] = f"    id: {LEVELS[0].id}"
    lines.insert(3, "autor: Me")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_pack(path)
    found = {(p.line, p.field): p.message for p in caught.value.problems}
    assert found[(4, "autor")] == "unknown key 'autor'; did you mean 'author'?"
    assert "YAML reads the bare word yes as true" in found[(second + 4, "levels[1].name")]
    assert "used twice in this pack" in found[(id_line + 2, "levels[2].id")]


def test_a_pack_folder_lists_each_bad_level_file_and_missing_files(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "sampler"
    save_pack(_pack(), folder)
    bad = folder / f"{LEVELS[1].id}.yaml"
    bad.write_text(bad.read_text(encoding="utf-8").replace("width:", "widht:"), encoding="utf-8")
    index = folder / "pack.yaml"
    index.write_text(index.read_text(encoding="utf-8").replace(LEVELS[2].id, LEVELS[2].id + "x"),
                     encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_pack(folder)
    text = str(caught.value)
    assert f"{bad}:" in text and "unknown key 'widht'; did you mean 'width'?" in text
    assert f"is not in {folder}; did you mean '{LEVELS[2].id}.yaml'?" in text


def test_install_copies_a_valid_pack_and_lists_it(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "sampler.pack.yaml"
    save_pack(_pack(), source)
    assert main(["pack", "install", str(source)]) == 0
    assert "installed 'Sampler'" in capsys.readouterr().out
    target = installed_packs_dir() / "sampler"
    assert (target / "pack.yaml").is_file()
    installed = find_pack("sampler")
    assert installed.levels == LEVELS and not installed.builtin and installed.source == target
    ids = [p.id for p in list_packs()]
    builtin = [p.id for p in list_packs() if p.builtin]
    assert ids[: len(builtin)] == builtin and "sampler" in ids[len(builtin):]
    # Installing again is refused unless asked for; then it replaces the old copy, kept as a backup.
    save_pack(Pack(id="sampler", name="Sampler 2", levels=LEVELS[:2]), source)
    capsys.readouterr()
    assert main(["pack", "install", str(source)]) == 1
    assert "--replace" in capsys.readouterr().err and len(find_pack("sampler").levels) == len(LEVELS)
    assert main(["pack", "install", "--replace", str(source)]) == 0
    assert len(find_pack("sampler").levels) == 2
    assert [p.name for p in installed_packs_dir().iterdir() if p.name.startswith(".")] == [".backups"]
    kept = installed_packs_dir() / ".backups" / "sampler-1"
    assert load_pack(kept).name == "Sampler"
    shutil.rmtree(target)
    shutil.rmtree(installed_packs_dir() / ".backups")


def test_install_refuses_an_invalid_pack_listing_every_error_and_copies_nothing(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.pack.yaml"
    save_pack(Pack(id="bad", name="Bad", levels=LEVELS[:3]), source)
    text = source.read_text(encoding="utf-8").replace("kinds: ", "kinds: 1", 1)
    text = text.replace("mode: chain", "mode: chian")
    source.write_text(text, encoding="utf-8")
    before = sorted(p.name for p in installed_packs_dir().iterdir())
    assert main(["pack", "install", str(source)]) == 1
    err = capsys.readouterr().err
    assert "kinds: must be 3..9" in err
    assert "did you mean 'chain'?" in err
    assert "refused, 2 problems" in err
    assert sorted(p.name for p in installed_packs_dir().iterdir()) == before


def test_install_refuses_the_id_of_a_built_in_pack(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert SHIPPED_PACKS, "the game ships at least one built-in pack"
    builtin = load_pack(SHIPPED_PACKS[0])
    source = tmp_path / "same.pack.yaml"
    save_pack(Pack(id=builtin.id, name="Impostor", levels=LEVELS[:1]), source)
    assert main(["pack", "install", str(source)]) == 1
    assert "a built-in pack already has the id" in capsys.readouterr().err
    assert find_pack(builtin.id).builtin


def test_a_broken_installed_pack_is_skipped_and_reported(tmp_path: pathlib.Path) -> None:
    broken = installed_packs_dir() / "broken"
    save_pack(Pack(id="broken", name="Broken", levels=LEVELS[:1]), broken)
    (broken / f"{LEVELS[0].id}.yaml").write_text("format: 1\nid: [\n", encoding="utf-8")
    errors: list[LevelFileError] = []
    assert "broken" not in [p.id for p in list_packs(errors)]
    assert any("YAML syntax error" in str(e) for e in errors)
    with pytest.raises(PackNotFoundError):
        find_pack("broken")
    shutil.rmtree(broken)


def test_build_refuses_a_wrong_output_name_and_a_non_pack(tmp_path: pathlib.Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sampler"
    save_pack(_pack(), folder)
    assert main(["pack", "build", str(folder), "-o", str(tmp_path / "sampler.yaml")]) == 1
    assert "NAME.pack.yaml" in capsys.readouterr().err
    assert main(["pack", "build", str(tmp_path / "nothing")]) == 1
    assert "nothing:1:1: no such file or folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["pack", "build", str(tmp_path / "empty")]) == 1
    assert "no pack.yaml here" in capsys.readouterr().err


def test_level_files_of_a_pack_folder_load_on_their_own(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "sampler"
    save_pack(_pack(), folder)
    assert [load_level(folder / f"{lv.id}.yaml") for lv in LEVELS] == list(LEVELS)


def test_save_pack_refuses_repeated_level_ids(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="more than once"):
        save_pack(Pack(id="twice", name="Twice", levels=(LEVELS[0], LEVELS[0])), tmp_path / "t.pack.yaml")


@pytest.mark.parametrize("folder", SHIPPED_PACKS, ids=[p.name for p in SHIPPED_PACKS])
def test_shipped_pack_files_pass_the_pack_schema(folder: pathlib.Path, tmp_path: pathlib.Path) -> None:
    assert schema_errors(parse(read_text(folder / "pack.yaml")).value, "pack") == []
    one_file = tmp_path / f"{folder.name}.pack.yaml"
    save_pack(load_pack(folder), one_file)
    assert schema_errors(parse(read_text(one_file)).value, "pack") == []


def test_the_pack_schema_refuses_what_the_loader_refuses(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "odd.pack.yaml"
    save_pack(_pack("odd"), path)
    for old, new in (("format: 1\nid: odd", "format: 2\nid: odd"), ("name: Sampler", "nmae: Sampler"),
                     ("    width: ", "    width: -")):
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
        with pytest.raises(LevelFileError):
            load_pack(path)
        assert schema_errors(parse(read_text(path)).value, "pack")
        save_pack(_pack("odd"), path)


def test_a_pack_folder_refuses_the_same_level_id_twice(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "twins"
    save_pack(Pack(id="twins", name="Twins", levels=LEVELS[:2]), folder)
    twin = LEVELS[0].id
    shutil.copy(folder / f"{twin}.yaml", folder / f"{twin}.yml")
    index = folder / "pack.yaml"
    index.write_text(index.read_text(encoding="utf-8") + f"  - {twin}.yml\n", encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_pack(folder)
    (problem,) = caught.value.problems
    line = index.read_text(encoding="utf-8").splitlines().index(f"  - {twin}.yml") + 1
    assert (problem.file, problem.line, problem.field) == (str(index), line, "levels[2]")
    assert f"level id '{twin}' is used twice in this pack" in problem.message


def test_a_crash_between_the_install_renames_loses_no_pack(tmp_path: pathlib.Path) -> None:
    """The old copy set aside by an interrupted install comes back; half-made folders go."""
    from game.io.packs import install_pack, recover_interrupted_installs

    source = tmp_path / "crashy.pack.yaml"
    save_pack(Pack(id="crashy", name="Crashy", levels=LEVELS[:1]), source)
    installed = install_pack(source)
    root = installed_packs_dir()
    # What a crash after the first rename of a re-install leaves behind:
    aside = root / ".crashy.abc.old"
    aside.mkdir()
    os.replace(root / "crashy", aside / "crashy")
    (root / ".crashy.def.new").mkdir()
    assert not (root / "crashy").exists()
    # Left by a crash before this start: older than any install still running.
    past = time.time() - 3600
    for leftover in (aside, root / ".crashy.def.new"):
        os.utime(leftover, (past, past))
    recover_interrupted_installs(root)
    assert load_pack(root / "crashy").levels == installed.levels
    assert not list(root.glob(".crashy.*"))


def test_recovery_leaves_a_live_install_and_links_alone(tmp_path: pathlib.Path) -> None:
    """A start during another install (which holds the install lock) keeps its fresh .new folder;
    a planted .old link is no pack of ours: nothing outside the data folder is moved in."""
    from game.io import gate
    from game.io.packs import LOCK, recover_interrupted_installs

    root = installed_packs_dir()
    live = root / ".busy.123.new"
    live.mkdir()
    outside = tmp_path / "outside"
    (outside / "victim").mkdir(parents=True)
    planted = root / ".evil.1.old"
    planted.symlink_to(outside, target_is_directory=True)
    past = time.time() - 3600
    os.utime(planted, (past, past), follow_symlinks=False)
    with gate.locked(root / LOCK):   # the other install, running
        recover_interrupted_installs(root)
    assert live.is_dir()
    recover_interrupted_installs(root)   # once it is gone, its leftovers are a crash's
    assert not live.exists()
    live.mkdir()
    assert live.is_dir() and (outside / "victim").is_dir() and not (root / "victim").exists()
    live.rmdir()
    planted.unlink()


def test_files_in_the_data_folder_name_a_schema_that_travels_with_them(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.io.paths import data_dir, user_levels_dir

    source = tmp_path / "travel.pack.yaml"
    save_pack(Pack(id="travel", name="Travel", levels=LEVELS[:2]), source)
    assert main(["pack", "install", str(source)]) == 0
    capsys.readouterr()
    target = installed_packs_dir() / "travel"
    level_file = user_levels_dir() / f"{LEVELS[0].id}.yaml"
    save_level(LEVELS[0], level_file)
    for file in [target / "pack.yaml", *(target / f"{lv.id}.yaml" for lv in LEVELS[:2]), level_file]:
        first = file.read_text(encoding="utf-8").splitlines()[0]
        ref = first.split("$schema=", 1)[1]
        # Relative, inside the data folder: the same on every machine the file is installed on.
        assert not ref.startswith("/") and str(levels_dir()) not in str((file.parent / ref).resolve())
        schema = (file.parent / ref).resolve()
        assert schema.is_relative_to(data_dir().resolve()) and schema.read_bytes() == \
            schema_path("pack" if file.name == "pack.yaml" else "level").read_bytes()
    shutil.rmtree(target)
    level_file.unlink()
