"""Renaming a level in its folder: one step that moves everything naming it (its file, the pack's
list, its proof, its stored figures, the player's progress on it), journaled so that a crash leaves
it done or undone on disk."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core import valid_id

from . import gate
from .atomic import atomic_write_text, set_aside
from .levels import LEVEL_SUFFIXES
from .pack_files import PACK_FILE, pack_index_text
from .pack_proofs import proof_file
from .paths import user_levels_dir, user_packs_dir
from .playtest_file import FILE_NAME as PLAYTEST_FILE, renamed_results_text
from .progress import load_progress, progress_path, save_progress
from .replay import REPLAYS, ReplayFileError, load_replay, replay_to_yaml
from .schema import schema_ref
from .yamldoc import DocError, read_document

JOURNAL = ".rename.json"   # the steps of a rename under way, in the level's folder
# Names a pack folder keeps for its own files: a level with such an id would overwrite one.
RESERVED = frozenset(name.rsplit(".", 1)[0].lower() for name in (PACK_FILE, PLAYTEST_FILE))
_STEP = re.compile(r"(?:replays/)?[A-Za-z0-9][A-Za-z0-9_.-]{0,80}\.ya?ml")


class RenameError(ValueError):
    """A rename that cannot be made as asked (the id is taken, or is no id); nothing changed."""


@dataclass(frozen=True, slots=True)
class Renamed:
    """What a rename moved: the new file, and which of the things naming the level came along."""

    path: pathlib.Path
    listed: bool = False     # the pack's list names the new file where it named the old
    proof: bool = False      # replays/NEW.yaml, its `level:` the new id
    figures: bool = False    # playtest.yaml keeps the figures under the new id
    progress: bool = False   # the player's stars and best score on it are kept under the new id

    def said(self) -> str:
        """The moved things, as the status line says them ('the pack's list, its proof')."""
        parts = [word for moved, word in ((self.listed, "its place in the pack"), (self.proof, "its proof"),
                                          (self.figures, "its figures"), (self.progress, "the player's stars"))
                 if moved]
        return ", ".join(parts)


def naming(old: pathlib.Path) -> Renamed:
    """What names the level file `old` beside it, which a rename would carry (nothing written)."""
    folder, old_id = old.parent, old.name.rsplit(".", 1)[0]
    proof = proof_file(folder, old_id)
    return Renamed(old, listed=old.name in (listed_levels(folder) or []),
                   proof=gate.is_file(proof),
                   figures=renamed_results_text(folder, old_id, old_id) is not None)


def listed_levels(folder: pathlib.Path) -> list[str] | None:
    """The level files pack.yaml in `folder` lists (None: no pack, or a list that cannot be read)."""
    index = folder / PACK_FILE
    if not gate.is_file(index):
        return None
    try:
        levels = read_document(index).value.get("levels")
    except (DocError, OSError, AttributeError):
        return None
    return [str(name) for name in levels] if isinstance(levels, list) else None


def id_taken(folder: pathlib.Path, new_id: str, old_id: str | None = None) -> str | None:
    """What in `folder` already has the id `new_id` (letter case aside: macOS and Windows keep
    'A.yaml' and 'a.yaml' as one file), said in words; None when it is free. The level's own
    file (`old_id`) never takes it: a rename that only changes letter case is its own."""
    wanted = new_id.lower()
    if wanted in RESERVED:
        return f"'{new_id}.yaml' would be the pack's own {new_id.lower()}.yaml"
    own = (old_id or "").lower()
    names = list(listed_levels(folder) or [])
    try:
        names += [name for name in gate.names(folder) if name.endswith(LEVEL_SUFFIXES)]
    except OSError:
        pass
    for name in names:
        stem = name.rsplit(".", 1)[0]
        if stem.lower() == wanted and stem.lower() != own:
            same = "" if stem == new_id else " (the same id but for letter case)"
            return f"'{name}' already exists in {folder.name}{same}"
    return None


def free_id(folder: pathlib.Path, wanted: str, old_id: str | None = None) -> str:
    """The first free id like `wanted`: wanted-2, wanted-3, ... (kept to 64 characters)."""
    base = re.sub(r"-\d+$", "", wanted) or "level"
    n = 2
    while True:
        suffix = f"-{n}"
        candidate = base[:64 - len(suffix)] + suffix
        if valid_id(candidate) and id_taken(folder, candidate, old_id) is None:
            return candidate
        n += 1


def rename_level(old: pathlib.Path, new_id: str, text: str,
                 keep: Callable[[pathlib.Path], object] = lambda _path: None) -> Renamed:
    """Rename the level file `old` to NEW_ID.yaml in its folder, its new text `text` (the level
    with its new id, and its deal kept: see deal_id_after_rename), in one journaled step: the
    new file, the proof (replays/NEW_ID.yaml, naming the new id), pack.yaml's list (the new
    file in the old one's place), playtest.yaml's figures, then the old files go. `keep` is
    called with each file before it is replaced or removed (the editor's backups).

    Raises RenameError, changing nothing, when `new_id` is no id or already names a level
    there: a rename never lands on another level."""
    folder, old_id = old.parent, old.name.rsplit(".", 1)[0]
    if not valid_id(new_id):
        raise RenameError(f"'{new_id}' cannot be a level id: use 1 to 64 letters, digits, '-' or '_'")
    taken = id_taken(folder, new_id, old_id)
    if taken is not None:
        raise RenameError(f"not renamed: {taken}; a rename never replaces another level "
                          f"('{free_id(folder, new_id, old_id)}' is free)")
    for name in (PACK_FILE, PLAYTEST_FILE, REPLAYS):
        if gate.is_link(folder / name):
            raise RenameError(f"not renamed: {folder / name} is a link; a rename writes only into the "
                              "level's own folder, never through a link (move the link away)")
    new = folder / f"{new_id}.yaml"
    writes: list[tuple[str, str]] = [(new.name, text)]
    deletes = [old.name]
    done = Renamed(new)
    proof = proof_file(folder, old_id)
    if gate.is_file(proof):
        try:
            replay = load_replay(proof)
        except ReplayFileError:
            replay = None   # a proof that cannot be read stays as it is: validate says why
        if replay is not None:
            moved = dataclasses.replace(replay, level=new_id)
            writes.append((f"{REPLAYS}/{new_id}.yaml", replay_to_yaml(moved)))
            deletes.append(f"{REPLAYS}/{proof.name}")
            done = dataclasses.replace(done, proof=True)
    listed = listed_levels(folder)
    if listed is not None and old.name in listed:
        writes.append((PACK_FILE, pack_text(folder, [new.name if n == old.name else n for n in listed])))
        done = dataclasses.replace(done, listed=True)
    figures = renamed_results_text(folder, old_id, new_id)
    if figures is not None:
        writes.append((PLAYTEST_FILE, figures))
        done = dataclasses.replace(done, figures=True)
    # The game keeps the player's progress by the pack's id and the level's id.
    pack_id = _pack_id(folder) if listed is not None and old.name in listed else None
    progress = [pack_id, old_id, new_id] if pack_id is not None else None
    for name, _text in writes:
        keep(folder / name)
    for name in deletes:
        keep(folder / name)
    if _same_file(old, new):
        deletes.remove(old.name)   # a change of letter case on a system that keeps one file
    journal = folder / JOURNAL
    atomic_write_text(journal, json.dumps({"format": 1, "write": writes, "delete": deletes,
                                           **({"progress": progress} if progress else {})}))
    try:
        carried = _move_progress(progress)
    except OSError:
        gate.remove(journal)   # the progress cannot be written: nothing is renamed (the caller says why)
        raise
    _apply(folder, writes, deletes)
    gate.remove(journal)
    return dataclasses.replace(done, progress=carried)


def _pack_id(folder: pathlib.Path) -> str | None:
    """The id pack.yaml in `folder` gives its pack (None: none that reads as one)."""
    try:
        value = read_document(folder / PACK_FILE).value
    except (OSError, DocError):
        return None
    pack_id = value.get("id") if isinstance(value, dict) else None
    return pack_id if isinstance(pack_id, str) and valid_id(pack_id) else None


def _move_progress(step: list[str] | None) -> bool:
    """The player's progress on the level, moved to its new id (first, so that an unwritable
    progress file stops the rename before any level file changes; again harmless: nothing is
    kept under the old id any more)."""
    if step is None:
        return False
    pack_id, old_id, new_id = step
    if not gate.is_file(progress_path()):
        return False   # none kept yet, or something else in its place: the game's start deals with it
    progress = load_progress().progress
    if not progress.rename_level(pack_id, old_id, new_id):
        return False
    save_progress(progress)
    return True


def _same_file(a: pathlib.Path, b: pathlib.Path) -> bool:
    return gate.same_file(a, b)


def pack_text(folder: pathlib.Path, levels: list[str]) -> str:
    """pack.yaml with another level list, its details as written, through the one pack writer."""
    index = folder / PACK_FILE
    doc = read_document(index)
    value: Any = doc.value

    def text(key: str) -> str:
        written = doc.written((key,))
        return written if written is not None and value.get(key) is not None else ""

    return pack_index_text(text("id"), text("name"), levels, author=text("author"),
                           version=text("version"), description=text("description"),
                           schema=schema_ref(index, "pack"))


def _apply(folder: pathlib.Path, writes: list[tuple[str, str]], deletes: list[str]) -> None:
    """The steps, in an order that keeps the pack whole at each: the new files, then the list
    that names them, then the old ones go. Each step can run again (finish_rename does)."""
    for name, text in writes:
        atomic_write_text(folder / name, text)
    for name in deletes:
        gate.remove(folder / name)


def finish_rename(folder: pathlib.Path) -> bool:
    """Finish a rename a crash interrupted in `folder` (its journal is there); True when one was.
    A journal that does not read as one is set aside, never followed."""
    journal = folder / JOURNAL
    if not gate.is_file(journal):
        return False
    try:
        data = json.loads(gate.read_text(journal))
        writes = [(str(name), str(text)) for name, text in data["write"]]
        deletes = [str(name) for name in data["delete"]]
        progress = [str(word) for word in data["progress"]] if "progress" in data else None
        if data.get("format") != 1 or not all(_STEP.fullmatch(n) for n in [w for w, _ in writes] + deletes) \
                or progress is not None and (len(progress) != 3 or not all(map(valid_id, progress))):
            raise ValueError("not a rename journal")
    except (OSError, ValueError, KeyError, TypeError):
        set_aside(journal)
        return False
    _move_progress(progress)
    _apply(folder, writes, deletes)
    gate.remove(journal)
    return True


def finish_renames(*also: pathlib.Path) -> int:
    """Finish every interrupted rename in the designer's folders (their levels, each of their
    packs) and in `also`; how many were. The editor and the game's pack list call this first."""
    folders = list(also)
    try:
        folders.append(user_levels_dir())
        packs = user_packs_dir()
        folders += gate.folders(packs)
    except OSError:
        pass
    done = 0
    for folder in folders:
        try:
            done += finish_rename(folder)
        except OSError:
            continue   # a folder that cannot be written now: its journal waits for the next start
    return done
