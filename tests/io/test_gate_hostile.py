"""Hostile data folders (issue 34): for every store the game and the editor keep, a link as its
folder, as a parent, as the file, a dangling link, a file for a folder and a folder for a file,
and a named pipe. Nothing outside the data folder changes by a byte, nothing hangs, the thing
in the way stays as it was, and the refusal names the real file (never a hidden temporary)."""

from __future__ import annotations

import dataclasses
import os
import pathlib
import shutil
from collections.abc import Callable

import pytest

from game.core import Level
from game.io import find_pack
from game.io.gate import PathRefused
from game.io.replay import load_replay
from game.io.pack_proofs import shipped_proof

ROOT = pathlib.Path(__file__).resolve().parents[2]
WON = load_replay(shipped_proof("first-swap"))
PLAIN = Level(id="plain", name="Plain", mode="slide", width=3, height=3)


@dataclasses.dataclass(frozen=True)
class Store:
    """One thing the game keeps: its folder (parts under the data folder), its file, and a write."""

    name: str
    parts: tuple[str, ...]
    file: str
    write: Callable[[pathlib.Path], None]
    raises: bool = True   # False: the store swallows the refusal by design (a cache, a schema line)


def _progress(data: pathlib.Path) -> None:
    from game.io.progress import Progress, save_progress
    save_progress(Progress())


def _settings(data: pathlib.Path) -> None:
    from game.io.settings import Settings, save_settings
    save_settings(Settings())


def _daily(data: pathlib.Path) -> None:
    from game.io.daily_records import DailyRecords, save_daily_records
    save_daily_records(DailyRecords())


def _daily_replay(data: pathlib.Path) -> None:
    from game.io.daily_records import save_daily_replay
    save_daily_replay(find_pack("first-steps").level("first-swap"), WON.seed, WON.commands)


def _kept(data: pathlib.Path) -> None:
    from game.io.kept_replays import keep_finished
    keep_finished(find_pack("first-steps").level("first-swap"), "first-steps", WON.seed, WON.commands)


def _kept_name() -> str:
    from game.io.kept_replays import game_key
    return f"0001-{game_key(WON.seed, WON.commands)}.yaml"


def _my_pack(data: pathlib.Path) -> None:
    from editor.files import PackFolder
    PackFolder(data / "my-packs" / "mine", {"id": "mine", "name": "Mine", "levels": ["plain.yaml"]}).save()


def _playtest(data: pathlib.Path) -> None:
    from game.io.playtest_file import write_results
    write_results(data / "my-packs" / "mine", "mine", "person", 10, "2026-01-01", [])


def _difficulty(data: pathlib.Path) -> None:
    from editor.difficulty import DifficultyRun
    run = DifficultyRun(workers=1)
    run._keep("0123456789abcdef", ())
    if run.unkept is not None:
        raise run.unkept


def _schema(data: pathlib.Path) -> None:
    from game.io.schema import schema_ref
    schema_ref(data / "levels" / "plain.yaml", "level")


def _level(data: pathlib.Path) -> None:
    from game.io import save_level
    save_level(PLAIN, data / "levels" / "plain.yaml")


def _backup(data: pathlib.Path) -> None:
    from editor import backups
    level = data / "levels" / "plain.yaml"
    if not level.is_file():
        level.parent.mkdir(parents=True, exist_ok=True)
        level.write_text("format: 1\n")
    backups.keep(level)


def _recovery(data: pathlib.Path) -> None:
    from editor import recovery
    from editor.model import from_level
    slot = recovery.Slot()
    slot.path = data / "recovery" / "editor-aaaaaaaaaaaa.yaml"
    slot.write(from_level(PLAIN), None)


STORES = [
    Store("progress", (), "progress.yaml", _progress),
    Store("settings", (), "settings.yaml", _settings),
    Store("daily", (), "daily.yaml", _daily),
    Store("daily replay", ("daily",), "first-swap.replay.yaml", _daily_replay),
    Store("kept replays", ("replays", "first-steps", "first-swap"), _kept_name(), _kept),
    Store("my pack", ("my-packs", "mine"), "pack.yaml", _my_pack),
    Store("playtest.yaml", ("my-packs", "mine"), "playtest.yaml", _playtest),
    Store("difficulty figures", ("difficulty",), "0123456789abcdef.json", _difficulty),
    Store("schema", ("schema",), "level.schema.json", _schema, raises=False),
    Store("own level", ("levels",), "plain.yaml", _level),
    Store("autosave", ("recovery",), "editor-aaaaaaaaaaaa.yaml", _recovery),
]
FORMS = ["link as folder", "link as parent", "link as file", "dangling link", "file for folder",
         "folder for file", "named pipe"]


def _snapshot(folder: pathlib.Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        out[rel] = f"-> {os.readlink(path)}" if path.is_symlink() else (
            path.read_bytes() if path.is_file() else "folder")
    return out


def _outside(tmp_path: pathlib.Path, store: Store) -> pathlib.Path:
    """The person's own folder: a file of the store's name, files like the store's own, and a
    folder named like the store's for a link at a parent to land in."""
    outside = tmp_path / "outside"
    inner = outside.joinpath(*store.parts[1:]) if store.parts else outside
    for folder in {outside, inner}:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / store.file).write_text("the person's own file\n")
        for n in range(12):
            (folder / f"{n:016x}.json").write_text(f"[{n}]\n")
            (folder / f"{n:04d}-{n:010x}.yaml").write_text(f"notes {n}\n")
    return outside


def _make_hostile(data: pathlib.Path, outside: pathlib.Path, store: Store, form: str) -> pathlib.Path | None:
    """Put the hostile thing in place; the path of what must stay as it is (None: skipped)."""
    folder = data.joinpath(*store.parts)
    if form == "link as folder":
        if not store.parts:
            return None   # the data folder itself may be a link the person chose
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.symlink_to(outside.joinpath(*store.parts[1:]), target_is_directory=True)
        return folder
    if form == "link as parent":
        if len(store.parts) < 2:
            return None
        top = data / store.parts[0]
        top.symlink_to(outside, target_is_directory=True)
        return top
    if form == "file for folder":
        if not store.parts:
            return None
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.write_text("a file where a folder goes\n")
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / store.file
    if form == "link as file":
        target.symlink_to(outside / store.file)
    elif form == "dangling link":
        target.symlink_to(outside / "not-yet-there.txt")
    elif form == "folder for file":
        target.mkdir()
        (target / "inside.txt").write_text("kept\n")
    elif form == "named pipe":
        os.mkfifo(target)
    return target


def _state(path: pathlib.Path) -> str | bytes:
    if path.is_symlink():
        return f"link -> {os.readlink(path)}"
    if path.is_fifo():
        return "fifo"
    if path.is_dir():
        return repr(sorted(p.name for p in path.iterdir()))
    return path.read_bytes()


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("store", STORES, ids=[s.name for s in STORES])
def test_a_hostile_store_is_refused_and_nothing_outside_changes(data: pathlib.Path, tmp_path: pathlib.Path,
                                                                store: Store, form: str) -> None:
    outside = _outside(tmp_path, store)
    before = _snapshot(outside)
    hostile = _make_hostile(data, outside, store, form)
    if hostile is None:
        pytest.skip("no such place for this store")
    kept = _state(hostile)
    try:
        store.write(data)
    except OSError as exc:
        assert isinstance(exc, PathRefused) or form == "named pipe", f"{type(exc).__name__}: {exc}"
        assert ".tmp" not in str(exc) and str(data) in str(exc), str(exc)
    else:
        assert not store.raises, f"the {store.name} was written through a {form}"
    assert _snapshot(outside) == before
    assert not (outside / "not-yet-there.txt").exists()
    assert _state(hostile) == kept
    leftovers = [p for p in data.rglob("*.tmp")]
    assert leftovers == []


def test_f5_with_a_linked_difficulty_folder_deletes_nothing_there(data: pathlib.Path, tmp_path: pathlib.Path) -> None:
    """Reported: one F5 deleted the 7 oldest of 307 *.json files in the folder the link led to."""
    from editor.difficulty import KEPT_RUNS, DifficultyRun

    mine = tmp_path / "mine"
    mine.mkdir()
    for n in range(KEPT_RUNS + 7):
        (mine / f"{n:016x}.json").write_text(f"[{n}]\n")
    before = _snapshot(mine)
    (data / "difficulty").symlink_to(mine, target_is_directory=True)
    run = DifficultyRun(workers=1)
    run._keep("fedcba9876543210", ())
    assert isinstance(run.unkept, PathRefused) and "difficulty is a link" in str(run.unkept)
    assert _snapshot(mine) == before


def test_the_difficulty_store_prunes_only_its_own_files(data: pathlib.Path) -> None:
    from editor.difficulty import KEPT_RUNS, DifficultyRun

    store = data / "difficulty"
    store.mkdir()
    (store / "notes.json").write_text("mine\n")
    for n in range(KEPT_RUNS + 3):
        path = store / f"{n:016x}.json"
        path.write_text("[]")
        os.utime(path, (n, n))
    DifficultyRun(workers=1)._keep("f" * 16, ())
    names = {p.name for p in store.iterdir()}
    assert "notes.json" in names and f"{'f' * 16}.json" in names
    assert len(names) == KEPT_RUNS + 1 and f"{0:016x}.json" not in names


def test_saving_a_level_with_a_linked_schema_folder_leaves_the_outside_schema(data: pathlib.Path,
                                                                             tmp_path: pathlib.Path) -> None:
    """Reported: with data/schema a link, saving a level overwrote an outside level.schema.json."""
    from game.io import load_level, save_level

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "level.schema.json").write_text("{\"mine\": true}\n")
    (data / "schema").symlink_to(mine, target_is_directory=True)
    target = data / "levels" / "plain.yaml"
    save_level(PLAIN, target)
    assert (mine / "level.schema.json").read_text() == "{\"mine\": true}\n"
    assert load_level(target) == PLAIN and "$schema" not in target.read_text()


def test_a_linked_pack_in_my_packs_is_never_rewritten_or_pruned(data: pathlib.Path, tmp_path: pathlib.Path) -> None:
    """Reported: with data/my-packs/NAME a link out, the editor rewrote the outside pack.yaml and
    deleted a level file there. The editor lists no such pack and refuses each write."""
    from editor import files
    from game.io import Pack, save_pack

    elsewhere = tmp_path / "elsewhere" / "far"
    save_pack(Pack(id="far", name="Far", levels=(PLAIN, dataclasses.replace(PLAIN, id="other"))), elsewhere)
    (elsewhere / "spare.yaml").write_text((elsewhere / "plain.yaml").read_text())
    before = _snapshot(elsewhere)
    (data / "my-packs").mkdir()
    (data / "my-packs" / "far").symlink_to(elsewhere, target_is_directory=True)
    assert [p.folder.name for p in files.user_packs()] == []
    assert files.pack_of(data / "my-packs" / "far" / "plain.yaml") is None
    assert not any(e.group.startswith("my pack") for e in files.browse())
    pack = files.PackFolder(data / "my-packs" / "far", {"id": "far", "name": "Far", "levels": ["plain.yaml"]})
    with pytest.raises(PathRefused, match="far is a link"):
        pack.save()
    with pytest.raises(PathRefused, match="far is a link"):
        pack.delete_file("spare.yaml")
    with pytest.raises(PathRefused, match="far is a link"):
        files.save_draft(files.load_draft(elsewhere / "plain.yaml"), data / "my-packs" / "far" / "plain.yaml")
    assert _snapshot(elsewhere) == before


@pytest.mark.parametrize("form", ["link as folder", "link as pack"])
def test_an_install_never_replaces_through_a_link(data: pathlib.Path, tmp_path: pathlib.Path, form: str) -> None:
    from game.io import Pack, install_pack, save_pack

    source = tmp_path / "far.pack.yaml"
    save_pack(Pack(id="far", name="Far", levels=(PLAIN,)), source)
    mine = tmp_path / "mine"
    (mine / "far").mkdir(parents=True)
    (mine / "far" / "pack.yaml").write_text("mine\n")
    before = _snapshot(mine)
    if form == "link as folder":
        (data / "packs").symlink_to(mine, target_is_directory=True)
    else:
        (data / "packs").mkdir()
        (data / "packs" / "far").symlink_to(mine / "far", target_is_directory=True)
    with pytest.raises(PathRefused, match="is a link"):
        install_pack(source, replace=True)
    assert _snapshot(mine) == before
    if form == "link as pack":
        assert sorted(p.name for p in (data / "packs").iterdir() if p.name != ".backups") == ["far"]
        assert [p.name for p in (data / "packs" / ".backups").iterdir()] == ["install.lock"]
    shutil.rmtree(mine)
