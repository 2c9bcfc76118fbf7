"""The packs a player has: the built-in and installed ones, listed, found and installed (all or
nothing, the replaced one kept as a backup); reading and checking a pack is pack_files.py."""

from __future__ import annotations

import os
import pathlib
import secrets
import time
from enum import StrEnum

from game.core import quoted, shorten

from .pack_files import (
    MAX_HINT_CANDIDATES as MAX_HINT_CANDIDATES, MAX_NAME_HINTS as MAX_NAME_HINTS,
    MAX_PACK_CELLS as MAX_PACK_CELLS, MAX_PACK_LEVELS as MAX_PACK_LEVELS,
    ONE_FILE_SUFFIXES as ONE_FILE_SUFFIXES, PACK_FILE as PACK_FILE, PACK_FORMAT as PACK_FORMAT,
    PACK_KEYS as PACK_KEYS, Pack as Pack, check_pack as check_pack,
    is_one_file_pack as is_one_file_pack, is_pack_path as is_pack_path,
    load_pack as load_pack, lone_level_pack as lone_level_pack,
    pack_index_text as pack_index_text, pack_index_yaml as pack_index_yaml,
    pack_to_yaml as pack_to_yaml, save_pack as save_pack,
)
from . import gate
from .pack_proofs import carrying_proofs
from .rename import finish_renames
from .paths import WORKING_FOLDER, installed_packs_dir, levels_dir, user_packs_dir
from .problems import FileProblem, LevelFileError

BACKUPS = ".backups"            # replaced installed packs, in the packs folder
KEEP_BACKUPS = 3                # per pack id
STALE_SECONDS = 600             # without file locks: an install's hidden folder this old is a crash's
LOCK = f"{BACKUPS}/install.lock"   # held by an install: a start that can take it knows none is running


class PackNotFoundError(LookupError):
    """No built-in or installed pack has the asked-for id."""


def _keep_backup(root: pathlib.Path, replaced: pathlib.Path, pack_id: str) -> None:
    """Move a replaced pack folder into packs/.backups/ID-N (the newest N kept)."""
    backups = _backups_folder(root)
    n = 1
    while gate.kind(backups / f"{pack_id}-{n}") is not None:
        n += 1
    gate.rename(replaced, backups / f"{pack_id}-{n}")
    for stale in sorted(gate.folders(backups, f"{pack_id}-*"), key=_modified)[:-KEEP_BACKUPS]:
        gate.remove_tree(stale)


def _modified(path: pathlib.Path) -> float:
    info = gate.lstat(path)
    return info.st_mtime if info is not None else 0.0


def _backups_folder(root: pathlib.Path) -> pathlib.Path:
    """packs/.backups, made; never a link (a replace moves folders into it and prunes it)."""
    return gate.make_folder(root / BACKUPS)


# -- finding and installing ----------------------------------------------------------------

def pack_paths(folder: pathlib.Path) -> list[pathlib.Path]:
    """Pack folders (holding pack.yaml) and one-file packs directly inside `folder`, by name.
    A link is never one: a link in the data folder could lead anywhere on the disk."""
    found = [p for p, kind in gate.entries(folder) if
             (kind is gate.Kind.FOLDER and gate.is_file(p / PACK_FILE) and not p.name.startswith("."))
             or (kind is gate.Kind.FILE and is_one_file_pack(p))]
    return sorted(found, key=lambda p: p.name)


# Packs already checked, by path, with the size and time of every file they were read from:
# screens ask for the list often, and a pack is only read again when one of its files changed.
_CACHE: dict[pathlib.Path, tuple[tuple[tuple[str, int, int], ...], Pack | LevelFileError]] = {}


def _signature(path: pathlib.Path) -> tuple[tuple[str, int, int], ...]:
    out = []
    try:
        files = [p for p, _ in gate.entries(path)] if gate.is_folder(path) else [path]
        for file in files:
            st = gate.lstat(file)
            if st is not None:
                out.append((file.name, st.st_mtime_ns, st.st_size))
    except OSError:
        pass
    return tuple(out)


def _load_cached(path: pathlib.Path, builtin: bool) -> Pack:
    signature = _signature(path)
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == signature:
        result = cached[1]
    else:
        try:
            result = load_pack(path, builtin=builtin)
        except LevelFileError as exc:
            result = exc
        _CACHE[path] = (signature, result)
    if isinstance(result, LevelFileError):
        raise result
    return result


def recover_interrupted_installs(root: pathlib.Path) -> None:
    """Finish what a crash during install_pack left: put a set-aside pack back, drop the rest.

    An install swaps folders in two renames; a crash between them leaves the old pack in a
    hidden `.ID.*.old` folder and no `ID` folder, so the player would lose a pack they had:
    it is put back at once. An install holds packs/.backups/install.lock while it runs, so a start
    that can take the lock knows every leftover is a crash's; where the system has no such
    locks, only leftovers untouched for STALE_SECONDS are. Only real folders (never links) of
    our own naming are recovered or removed.
    """
    if not gate.is_folder(root):
        return
    with gate.locked(root / LOCK, wait=False) as free:
        if free:
            _recover(root, 0 if gate.CAN_LOCK else STALE_SECONDS)


def _recover(root: pathlib.Path, age: float) -> None:
    now = time.time()
    for leftover in gate.folders(root, ".*.old") + gate.folders(root, ".*.new"):
        if now - _modified(leftover) < age:
            continue
        if leftover.name.endswith(".old"):
            for kept in gate.folders(leftover):
                if gate.kind(root / kept.name) is None:
                    gate.rename(kept, root / kept.name)   # killed between the renames: put back
                else:
                    _keep_backup(root, kept, kept.name)   # killed after them: the backup it was to be
        gate.remove_tree(leftover)


def list_packs(errors: list[LevelFileError] | None = None) -> list[Pack]:
    """Built-in packs from levels (package data), installed ones, then the designer's own (see user_packs_dir).

    A pack with problems is left out (the game must still start); pass a list as `errors`
    to receive what was wrong with it. A designer's own pack is work in progress: its
    problems are the editor's to show, and it never hides a built-in or installed pack of
    the same id.
    """
    packs: list[Pack] = []
    found = errors if errors is not None else []
    sources: list[tuple[pathlib.Path, bool]] = [(levels_dir(), True)]
    try:
        installed = installed_packs_dir()
        recover_interrupted_installs(installed)
        finish_renames()   # a designer's pack a crash left mid-rename is listed whole
        sources.append((installed, False))
        sources.append((user_packs_dir(), False))
    except OSError as exc:   # the data folder (or its packs folder) is a file, unwritable, ...
        found.append(LevelFileError([FileProblem(str(exc.filename or "packs"), 1, 1, "", str(exc))]))
    for folder, builtin in sources:
        working = not builtin and folder.name == WORKING_FOLDER
        for path in pack_paths(folder):
            try:
                pack = _load_cached(path, builtin)
            except LevelFileError as exc:
                if not working:
                    found.append(exc)
                continue
            except (OSError, ValueError, RecursionError) as exc:
                # One broken pack never hides the others, whatever is wrong with it.
                if not working:
                    found.append(LevelFileError([FileProblem(str(path), 1, 1, "", f"cannot be read: {shorten(str(exc), 200)}")]))
                continue
            if not (working and any(p.id == pack.id for p in packs)):
                packs.append(pack)
    return packs


class PackOrigin(StrEnum):
    """Where a listed pack comes from, as the packs screen and `gridfall pack list` say it."""

    BUILT_IN = "built-in"
    INSTALLED = "installed"
    YOURS = "yours"     # being made in the editor, in user_packs_dir
    FILE = "file"       # a level file opened on its own, shown as a pack of one
    CODE = "code"       # a level (or game) opened from a share code: on no disk at all


def pack_origin(pack: Pack, *, from_code: bool = False) -> PackOrigin:
    """Where a listed pack comes from; `from_code` for the pack of one a share code opened (the
    shelf knows; the pack, read from no file, cannot say). The one place this is decided."""
    if pack.builtin:
        return PackOrigin.BUILT_IN
    if from_code:
        return PackOrigin.CODE
    if pack.source is not None and not is_pack_path(pack.source):
        return PackOrigin.FILE
    if pack.source is not None and pack.source.resolve().is_relative_to(user_packs_dir().resolve()):
        return PackOrigin.YOURS
    return PackOrigin.INSTALLED


def find_pack(pack_id: str) -> Pack:
    """The built-in or installed pack with this id (built-in first)."""
    for pack in list_packs():
        if pack.id == pack_id:
            return pack
    raise PackNotFoundError(f"no pack with the id {quoted(pack_id)} (built-in or installed)")


class PackExistsError(ValueError):
    """An installed pack already has this id; installing again must be asked for (replace)."""


def install_pack(path: str | os.PathLike[str], *, replace: bool = False) -> Pack:
    """Validate a pack and copy it into the data folder as packs/<id>/; all or nothing.

    Raises LevelFileError (every problem) when it is not valid, ValueError when its id is
    taken by a built-in pack, and PackExistsError when an installed pack has it and `replace`
    is not given; nothing is copied in any of these cases. A replaced pack is kept as
    packs/.backups/ID-N, so a mistaken replace loses nothing.
    """
    pack = load_pack(path)
    for builtin in pack_paths(levels_dir()):
        try:
            if load_pack(builtin).id.lower() == pack.id.lower():
                raise ValueError(f"a built-in pack already has the id '{pack.id}' (letter case "
                                 "aside); change the pack's id to install it")
        except LevelFileError:
            continue
    root = installed_packs_dir()
    with gate.locked(root / LOCK):
        _recover(root, 0 if gate.CAN_LOCK else STALE_SECONDS)
        _install(pack, root, replace)
    return load_pack(root / pack.id)


def _install(pack: Pack, root: pathlib.Path, replace: bool) -> None:
    """install_pack's moves, with the packs folder locked."""
    _backups_folder(root)   # a link there is refused before anything moves
    for other, _ in gate.entries(root):
        # 'KEEPER' beside 'keeper' is one folder on macOS and Windows: one would overwrite
        # the other there, so neither system gets both.
        if other.name.lower() == pack.id.lower() and other.name != pack.id:
            raise ValueError(f"an installed pack has the id '{other.name}', which differs from "
                             f"'{pack.id}' only in case (one folder on macOS and Windows); "
                             "change the pack's id to install it")
    target = root / pack.id
    if gate.kind(target) is not None and not replace:
        raise PackExistsError(f"an installed pack already has the id '{pack.id}' ({target}); "
                              "install with --replace to replace it (the old one is kept in "
                              f"{root / BACKUPS})")
    if gate.kind(target) not in (None, gate.Kind.FOLDER):
        raise gate.PathRefused(target, "is not a pack folder; move it away to install the pack")
    staging = gate.make_folder(root / f".{pack.id}.{secrets.token_hex(4)}.new")
    old = None
    try:
        # Write everything in a hidden folder beside the target, then swap folders.
        save_pack(carrying_proofs(pack)[0], staging)   # the author's winning replays come along
        load_pack(staging)
        if gate.kind(target) is not None:
            old = gate.make_folder(root / f".{pack.id}.{secrets.token_hex(4)}.old")
            gate.rename(target, old / pack.id)
        try:
            gate.rename(staging, target)
        except OSError:
            if old is not None:
                gate.rename(old / pack.id, target)  # put the installed version back
            raise
        if old is not None:
            _keep_backup(root, old / pack.id, pack.id)
    finally:
        for leftover in (staging, old):
            if leftover is not None:
                gate.remove_tree(leftover)
