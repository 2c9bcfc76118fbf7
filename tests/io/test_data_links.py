"""Links in the data folder (issue 22): the game never reads, writes or deletes through a link
that leads out of it, and never deletes a file it did not write."""

from __future__ import annotations

import pathlib

import pytest

from game.io import find_pack
from game.io.daily_records import (
    DailyRecords, daily_replay_path, load_daily_records, save_daily_records, save_daily_replay,
)
from game.io.kept_replays import KEEP, best_win, finished_games, keep_finished
from game.io.pack_proofs import shipped_proof
from game.io.paths import LinkInDataError, data_folder, installed_packs_dir, user_levels_dir, user_packs_dir
from game.io.progress import Progress, load_progress, save_progress
from game.io.replay import load_replay
from game.io.settings import Settings, load_settings, save_settings

WON = load_replay(shipped_proof("first-swap"))


@pytest.fixture()
def outside(tmp_path: pathlib.Path) -> pathlib.Path:
    """The player's own folder outside the data folder, with files named like kept replays."""
    folder = tmp_path / "mine"
    folder.mkdir()
    for n in range(1, KEEP + 3):
        (folder / f"{n:04d}-{n:010x}.yaml").write_text(f"my notes {n}\n")
    (folder / "best.yaml").write_text("my best recipe\n")
    return folder


def _snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _level() -> object:
    return find_pack("first-steps").level("first-swap")


@pytest.mark.parametrize("linked", [("replays",), ("replays", "first-steps"),
                                    ("replays", "first-steps", "first-swap")])
def test_a_linked_replay_folder_is_never_written_or_pruned(data: pathlib.Path, outside: pathlib.Path,
                                                           linked: tuple[str, ...]) -> None:
    before = _snapshot(outside)
    link = data.joinpath(*linked)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside, target_is_directory=True)
    level = _level()
    with pytest.raises(LinkInDataError, match="is a link"):
        keep_finished(level, "first-steps", WON.seed, WON.commands)  # type: ignore[arg-type]
    assert best_win("first-steps", level) is None  # type: ignore[arg-type]
    assert finished_games("first-steps", level) == []  # type: ignore[arg-type]
    assert _snapshot(outside) == before


def test_files_named_like_kept_replays_but_not_the_games_are_never_deleted(data: pathlib.Path,
                                                                           outside: pathlib.Path) -> None:
    folder = data_folder("replays", "first-steps", "first-swap")
    for n in range(1, KEEP + 3):
        (folder / f"{n:04d}-{n:010x}.yaml").write_text(f"my notes {n}\n")
    (folder / "0000-00000000ff.yaml").symlink_to(outside / "0001-0000000001.yaml")
    before = _snapshot(outside)
    kept = keep_finished(_level(), "first-steps", WON.seed, WON.commands)  # type: ignore[arg-type]
    assert kept is not None and kept.path.parent == folder
    names = {p.name for p in folder.iterdir()}
    assert all(f"{n:04d}-{n:010x}.yaml" in names for n in range(1, KEEP + 3))
    assert "0000-00000000ff.yaml" in names and _snapshot(outside) == before


def test_the_games_own_old_replays_still_make_way(data: pathlib.Path) -> None:
    level = _level()
    folder = data_folder("replays", "first-steps", "first-swap")
    kept = keep_finished(level, "first-steps", WON.seed, WON.commands)  # type: ignore[arg-type]
    assert kept is not None
    text = kept.path.read_text()
    for n in range(2, KEEP + 3):   # copies of a real kept game under older numbers
        (folder / f"{n:04d}-{n:010x}.yaml").write_text(text)
    kept.path.rename(folder / "0001-0000000001.yaml")
    assert keep_finished(level, "first-steps", WON.seed, WON.commands) is not None  # type: ignore[arg-type]
    assert len([p for p in folder.iterdir() if p.name != "best.yaml"]) <= KEEP


def test_a_linked_daily_folder_is_never_written(data: pathlib.Path, outside: pathlib.Path) -> None:
    before = _snapshot(outside)
    (data / "daily").symlink_to(outside, target_is_directory=True)
    level = _level()
    with pytest.raises(OSError, match="is a link"):
        save_daily_replay(level, WON.seed, WON.commands)  # type: ignore[arg-type]
    with pytest.raises(OSError, match="is a link"):
        daily_replay_path("first-swap")
    assert _snapshot(outside) == before


@pytest.mark.parametrize("name, load, save, empty", [
    ("progress.yaml", lambda: load_progress().notice, lambda: save_progress(Progress()), None),
    ("daily.yaml", lambda: load_daily_records().notice, lambda: save_daily_records(DailyRecords()), None),
    ("settings.yaml", lambda: (lambda n: (load_settings(None, n), n[0])[1])([]),
     lambda: save_settings(Settings()), None),
])
def test_a_linked_save_file_is_neither_read_nor_replaced(data: pathlib.Path, tmp_path: pathlib.Path,
                                                         name: str, load: object, save: object,
                                                         empty: object) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("packs: {}\n")
    (data / name).symlink_to(mine)
    notice = load()  # type: ignore[operator]
    assert "is a link" in notice
    with pytest.raises(OSError, match="is a link"):
        save()  # type: ignore[operator]
    assert mine.read_text() == "packs: {}\n" and (data / name).is_symlink()


@pytest.mark.parametrize("folder, get", [("packs", installed_packs_dir), ("my-packs", user_packs_dir),
                                         ("levels", user_levels_dir)])
def test_a_linked_pack_or_level_folder_is_refused(data: pathlib.Path, outside: pathlib.Path,
                                                  folder: str, get: object) -> None:
    (data / folder).symlink_to(outside, target_is_directory=True)
    with pytest.raises(OSError, match="is a link"):
        get()  # type: ignore[operator]


def test_a_linked_installed_pack_is_never_listed_or_read(data: pathlib.Path, tmp_path: pathlib.Path) -> None:
    from game.io import Pack, list_packs, save_pack
    from game.core import Level

    level = Level(id="one", name="One", mode="slide", width=3, height=3)
    elsewhere = tmp_path / "elsewhere"
    save_pack(Pack(id="far", name="Far", levels=(level,)), elsewhere / "far")
    save_pack(Pack(id="farfile", name="Far", levels=(level,)), elsewhere / "farfile.pack.yaml")
    packs = installed_packs_dir()
    (packs / "far").symlink_to(elsewhere / "far", target_is_directory=True)
    (packs / "farfile.pack.yaml").symlink_to(elsewhere / "farfile.pack.yaml")
    (packs / "near").mkdir()
    (packs / "near" / "pack.yaml").symlink_to(elsewhere / "far" / "pack.yaml")
    ids = {p.id for p in list_packs()}
    assert not {"far", "farfile"} & ids
    from game.io import check_pack

    pack, problems = check_pack(packs / "near")
    assert pack is None and "is a link" in problems[0].message


def test_a_linked_recovery_folder_is_never_read_written_or_swept(data: pathlib.Path, outside: pathlib.Path) -> None:
    from editor import recovery
    from editor.model import from_level
    from game.core import Level

    (outside / ".editor-aaaaaaaaaaaa.yaml.x.tmp").write_text("mine\n")
    (outside / "editor-bbbbbbbbbbbb.yaml").write_text("mine too\n")
    before = _snapshot(outside)
    (data / "recovery").symlink_to(outside, target_is_directory=True)
    recovery.sweep_temporaries()
    assert recovery.pending() == []
    slot = recovery.Slot()
    with pytest.raises(OSError, match="is a link"):
        slot.write(from_level(Level(id="a", name="A", mode="slide", width=3, height=3)), None)
    assert _snapshot(outside) == before
