"""A rename on disk (issue 34): one journaled step, so a crash between any two of its steps leaves
the pack whole and proven, and the next start finishes it; a journal is never followed out of its
folder; the level schema knows deal_id as the validator does."""

from __future__ import annotations

import dataclasses
import os
import pathlib
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from game.cli import main
from game.io import level_to_yaml, load_level, load_pack
from game.io import rename
from game.io.pack_proofs import Verdict, prove_pack
from game.io.paths import levels_dir, user_packs_dir
from game.io.rename import JOURNAL, RenameError, rename_level
from proven_pack import LEVELS, ROOT, gridfall, proven_pack, snapshot
from schema_check import schema_errors

STEPS = 6   # the new level, its proof, pack.yaml, playtest.yaml; then the old level and proof go


def renamed_text(folder: pathlib.Path, old: str, new: str) -> str:
    level = load_level(folder / f"{old}.yaml")
    return level_to_yaml(dataclasses.replace(level, id=new, deal_id=old))



def whole_and_proven(folder: pathlib.Path) -> list[str]:
    pack = load_pack(folder)
    assert [p.verdict for p in prove_pack(pack)] == [Verdict.PROVEN] * len(LEVELS)
    return [level.id for level in pack.levels]


@pytest.mark.parametrize("steps", range(STEPS))
def test_a_crash_after_any_step_leaves_the_pack_whole_and_the_next_start_finishes_it(
        steps: int, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    done = proven_pack(user_packs_dir() / f"done-{steps}", "done")
    rename_level(done / "ring-harvest.yaml", "harvest", renamed_text(done, "ring-harvest", "harvest"))
    folder = proven_pack(user_packs_dir() / f"crash-{steps}", "done")

    def killed(where: pathlib.Path, writes: list[tuple[str, str]], deletes: list[str]) -> None:
        for name, text in writes[:steps]:
            (where / name).write_text(text, encoding="utf-8")
        for name in deletes[:max(0, steps - len(writes))]:
            (where / name).unlink()
        raise SystemExit("killed")

    monkeypatch.setattr(rename, "_apply", killed)
    with pytest.raises(SystemExit):
        rename_level(folder / "ring-harvest.yaml", "harvest", renamed_text(folder, "ring-harvest", "harvest"))
    monkeypatch.undo()
    assert (folder / JOURNAL).exists()
    assert len(whole_and_proven(folder)) == len(LEVELS)     # whole at every step
    assert main(["pack", "list"]) == 0                        # the next start
    capsys.readouterr()
    assert not (folder / JOURNAL).exists()
    assert snapshot(folder) == snapshot(done)
    assert whole_and_proven(folder)[2] == "harvest"


def test_a_process_killed_mid_rename_is_finished_by_the_next_gridfall(tmp_path: pathlib.Path) -> None:
    folder = proven_pack(user_packs_dir() / "killed", "killed")
    script = textwrap.dedent(f"""
        import dataclasses, os, pathlib
        from game.io import level_to_yaml, load_level
        from game.io import rename
        folder = pathlib.Path({str(folder)!r})
        real = rename.atomic_write_text
        calls = []
        def write(path, text):
            calls.append(path)
            if len(calls) == 4:          # the journal, the level, its proof: then killed
                os._exit(9)
            real(path, text)
        rename.atomic_write_text = write
        level = load_level(folder / "the-diamond.yaml")
        rename.rename_level(folder / "the-diamond.yaml", "gem",
                            level_to_yaml(dataclasses.replace(level, id="gem", deal_id="the-diamond")))
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    killed = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, timeout=300)
    assert killed.returncode == 9 and (folder / JOURNAL).exists() and (folder / "gem.yaml").exists()
    listing = gridfall("pack", "list")
    assert listing.returncode == 0 and "killed" in listing.stdout, listing.stderr
    assert not (folder / JOURNAL).exists() and not (folder / "the-diamond.yaml").exists()
    assert "gem" in whole_and_proven(folder)
    checked = gridfall("validate", str(folder))
    assert checked.returncode == 0 and "6 of 6 levels proven" in checked.stderr, checked.stderr


def test_a_journal_is_never_followed_out_of_its_folder(tmp_path: pathlib.Path, capsys: Any) -> None:
    folder = proven_pack(user_packs_dir() / "hostile", "hostile")
    outside = tmp_path / "outside.yaml"
    (folder / JOURNAL).write_text('{"format": 1, "write": [["../../../%s", "x"]], "delete": ["pack.yaml"]}'
                                  % outside, encoding="utf-8")
    before = snapshot(folder)
    assert main(["pack", "list"]) == 0
    capsys.readouterr()
    assert not outside.exists() and (folder / "pack.yaml").exists()
    assert not (folder / JOURNAL).exists() and any(".corrupt-" in name for name in snapshot(folder))
    assert {k: v for k, v in snapshot(folder).items() if ".corrupt-" not in k} == \
        {k: v for k, v in before.items() if k != JOURNAL}


def test_rename_level_refuses_what_the_editor_refuses(tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "p", "p")
    before = snapshot(folder)
    for new in ("first-swap", "FIRST-SWAP", "pack", "Playtest", "../up", "two words"):
        with pytest.raises(RenameError):
            rename_level(folder / "fours-only.yaml", new, "")
        assert snapshot(folder) == before, new


def test_the_schema_agrees_with_the_validator_on_deal_id() -> None:
    mapping = load_level(next(levels_dir().glob("*/first-swap.yaml"))).to_dict()
    assert schema_errors({**mapping, "deal_id": "older-id"}, "level") == []
    assert schema_errors({**mapping, "deal_id": "../escape"}, "level") != []


def test_a_change_of_letter_case_is_its_own_rename_and_keeps_the_deal(tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "case", "case")
    done = rename_level(folder / "fours-only.yaml", "Fours-Only", renamed_text(folder, "fours-only", "Fours-Only"))
    assert done.listed and done.proof
    assert whole_and_proven(folder)[-1] == "Fours-Only"
    assert not (folder / "fours-only.yaml").exists() and (folder / "Fours-Only.yaml").exists()


@pytest.mark.parametrize("name", ["pack.yaml", "replays", "playtest.yaml"])
def test_a_link_in_the_pack_folder_is_never_written_through(name: str, tmp_path: pathlib.Path) -> None:
    folder = proven_pack(tmp_path / "linked", "linked")
    outside = tmp_path / "outside"
    outside.mkdir()
    real = folder / name
    moved = outside / name
    real.rename(moved)
    real.symlink_to(moved)
    before, theirs = snapshot(folder), snapshot(outside)
    with pytest.raises(RenameError, match="is a link"):
        rename_level(folder / "first-swap.yaml", "swap-one", renamed_text(folder, "first-swap", "swap-one"))
    assert snapshot(folder) == before and snapshot(outside) == theirs


def test_a_crash_mid_rename_still_carries_the_players_progress(tmp_path: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from game.io.progress import load_progress, save_progress

    folder = proven_pack(user_packs_dir() / "starred", "starred")
    progress = load_progress().progress
    progress.record_win("starred", "ring-harvest", 999, 2)
    save_progress(progress)

    def killed(where: pathlib.Path, writes: list[tuple[str, str]], deletes: list[str]) -> None:
        raise SystemExit("killed")   # after the journal and the progress, before any level file

    monkeypatch.setattr(rename, "_apply", killed)
    with pytest.raises(SystemExit):
        rename_level(folder / "ring-harvest.yaml", "harvest", renamed_text(folder, "ring-harvest", "harvest"))
    monkeypatch.undo()
    assert main(["pack", "list"]) == 0                        # the next start finishes it
    capsys.readouterr()
    kept = load_progress().progress
    assert kept.get("starred", "harvest").stars == 2 and kept.get("starred", "ring-harvest").is_blank()
    assert "harvest" in whole_and_proven(folder) and not (folder / JOURNAL).exists()


def test_a_folder_where_the_progress_goes_is_left_alone_and_the_rename_made(tmp_path: pathlib.Path) -> None:
    from game.io.progress import progress_path

    folder = proven_pack(user_packs_dir() / "stuck", "stuck")
    path = progress_path()
    path.unlink(missing_ok=True)
    path.mkdir()                                               # a folder where the progress file goes
    (path / "theirs.txt").write_text("kept\n")
    try:
        done = rename_level(folder / "ring-harvest.yaml", "harvest", renamed_text(folder, "ring-harvest", "harvest"))
        assert not done.progress and "harvest" in whole_and_proven(folder)
        assert (path / "theirs.txt").read_text() == "kept\n"
    finally:
        (path / "theirs.txt").unlink()
        path.rmdir()
