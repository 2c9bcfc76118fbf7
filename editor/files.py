"""The editor's files: level and draft saves, the recovery file, and the designer's own packs."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any

import yaml

import game.io as gio
from game.core import valid_id
from game.io.atomic import atomic_write_text
from game.io.packs import PACK_FILE, Pack
from game.io.paths import data_dir, installed_packs_dir, levels_dir, user_levels_dir
from game.io.schema import schema_ref
from game.io.yamldoc import DocError, read_document
from game.io.levels import mapping_to_yaml as write_mapping
from game.io.packs import pack_index_text

from .model import Draft, check, from_level, from_mapping

RECOVERY_NAME = "editor-recovery.yaml"


class EditorFileError(ValueError):
    """A file the editor cannot open or write, with every reason."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = problems or []
        super().__init__(message if not self.problems else message + "\n" + "\n".join(self.problems))


def mapping_to_yaml(mapping: dict[str, Any], path: pathlib.Path | None = None) -> str:
    """A draft's mapping as level-file text, through game.io's level writer (with the schema
    line when the file's place is known)."""
    return write_mapping(mapping, schema_ref(path, "level") if path else None)


def save_draft(draft: Draft, path: pathlib.Path) -> bool:
    """Save atomically; True when the level is valid (written by game.io), False for a draft."""
    level, _problems = check(draft)
    if level is not None:
        gio.save_level(level, path)
        return True
    atomic_write_text(path, mapping_to_yaml(draft.to_mapping(), path))
    return False


def load_draft(path: pathlib.Path) -> Draft:
    """Open a level file; a file with problems still opens as a draft (the panel lists them)."""
    try:
        return from_level(gio.load_level(path))
    except gio.LevelFileError:
        pass  # a draft with problems: read what is there below
    try:
        data = read_document(path).value
    except DocError as error:
        raise EditorFileError(f"{path}:{error.line}:{error.column}: cannot open: {error.message}") from None
    if not isinstance(data, dict):
        raise EditorFileError(f"{path}: not a level file (expected a mapping of keys)")
    return from_mapping(data)


# -- the recovery file: autosaved while there are unsaved changes ----------------------------------

def recovery_path() -> pathlib.Path:
    return data_dir() / RECOVERY_NAME


def write_recovery(draft: Draft, source: pathlib.Path | None) -> None:
    """Write the recovery file atomically: a crash mid-write leaves the previous one whole."""
    body = {"format": 1, "source": str(source) if source else None, "level": draft.to_mapping()}
    atomic_write_text(recovery_path(), "# Gridfall editor recovery\n"
                      + yaml.safe_dump(body, sort_keys=False, allow_unicode=True))


@dataclass(frozen=True, slots=True)
class Recovery:
    draft: Draft
    source: pathlib.Path | None


def read_recovery() -> Recovery | None:
    """The recovered draft, or None when there is none (or it is unreadable)."""
    path = recovery_path()
    try:
        data = read_document(path).value
    except DocError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("level"), dict):
        return None
    source = data.get("source")
    return Recovery(from_mapping(data["level"]), pathlib.Path(source) if isinstance(source, str) else None)


def sweep_temporaries() -> None:
    """Remove temporaries a killed autosave left beside the recovery file (never the file itself)."""
    for stale in data_dir().glob(f".{RECOVERY_NAME}.*.tmp"):
        stale.unlink(missing_ok=True)


def clear_recovery() -> None:
    recovery_path().unlink(missing_ok=True)


# -- what Open lists ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Entry:
    """One level the Open browser lists: where it comes from and how to open it."""

    group: str          # "my levels", "built-in: <pack>", "installed: <pack>"
    label: str
    path: pathlib.Path | None
    mapping: dict[str, Any] | None = None   # a level inside a one-file pack
    writable: bool = False


def browse() -> list[Entry]:
    """The user's levels, then the levels of built-in and installed packs."""
    out: list[Entry] = []
    for path in sorted(user_levels_dir().glob("*.yaml")):
        out.append(Entry("my levels", path.stem, path, writable=True))
    for root, group in ((levels_dir(), "built-in"), (installed_packs_dir(), "installed")):
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.iterdir() if (p / "pack.yaml").is_file()):
            meta = _read_yaml(folder / "pack.yaml")
            for name in meta.get("levels", []) if isinstance(meta.get("levels"), list) else []:
                path = folder / str(name)
                out.append(Entry(f"{group}: {meta.get('name', folder.name)}", path.stem, path,
                                 writable=group == "installed"))
        for file in sorted(root.glob("*.pack.yaml")):
            meta = _read_yaml(file)
            for level in meta.get("levels", []) if isinstance(meta.get("levels"), list) else []:
                if isinstance(level, dict):
                    out.append(Entry(f"{group}: {meta.get('name', file.name)}",
                                     str(level.get("id", "?")), None, mapping=level))
    return out


def pack_entries(pack: Pack) -> list[Entry]:
    """The levels of a pack read by game.io.load_pack, in its order, as Open lists them."""
    folder = None
    if pack.source is not None:
        folder = pack.source if pack.source.is_dir() else (
            pack.source.parent if pack.source.name == PACK_FILE else None)
    out: list[Entry] = []
    for level in pack.levels:
        # A pack folder holds <level-id>.yaml per level (the loader checks the id is the name).
        path = folder / f"{level.id}.yaml" if folder is not None else None
        if path is not None and path.is_file():
            shipped = pack.builtin or path.resolve().is_relative_to(levels_dir().resolve())
            out.append(Entry(f"pack: {pack.name}", level.id, path, writable=not shipped))
        else:
            out.append(Entry(f"pack: {pack.name}", level.id, None, mapping=level.to_dict()))
    return out


def _read_yaml(path: pathlib.Path) -> dict[str, Any]:
    try:
        data = read_document(path).value
    except DocError:
        return {}
    return data if isinstance(data, dict) else {}


# -- the designer's packs: folders in the installed packs folder -------------------------------------

@dataclass
class PackFolder:
    """A pack the designer is building: pack.yaml plus one file per level, in user data."""

    folder: pathlib.Path
    meta: dict[str, Any]

    @property
    def levels(self) -> list[str]:
        return list(self.meta.get("levels") or [])

    def save(self) -> None:
        """pack.yaml through game.io's one pack writer (levels listed, not read)."""
        index = self.folder / PACK_FILE

        def text(key: str) -> str:
            value = self.meta.get(key)
            return "" if value is None else str(value)

        atomic_write_text(index, pack_index_text(
            text("id"), text("name"), self.levels, author=text("author"),
            version=text("version") or "1.0", description=text("description"),
            schema=schema_ref(index, "pack")))

    def add(self, draft: Draft) -> pathlib.Path:
        """Write the level into the pack (replacing one with the same id) and list it."""
        name = f"{draft.id}.yaml"
        path = self.folder / name
        save_draft(draft, path)
        if name not in self.levels:
            self.meta["levels"] = self.levels + [name]
        self.save()
        return path

    def move(self, index: int, delta: int) -> None:
        levels = self.levels
        j = index + delta
        if 0 <= index < len(levels) and 0 <= j < len(levels):
            levels[index], levels[j] = levels[j], levels[index]
            self.meta["levels"] = levels
            self.save()

    def remove(self, index: int) -> None:
        levels = self.levels
        if 0 <= index < len(levels):
            name = levels.pop(index)
            self.meta["levels"] = levels
            self.save()
            (self.folder / name).unlink(missing_ok=True)

    def problems(self) -> list[str]:
        """Every problem of every level in the pack, as `level-file: field: message`."""
        out: list[str] = []
        if not self.levels:
            out.append(f"{self.folder.name}: the pack has no levels")
        for name in self.levels:
            try:
                draft = load_draft(self.folder / name)
            except EditorFileError as error:
                out.append(str(error))
                continue
            out.extend(f"{name}: {p}" for p in check(draft)[1])
        return out

    def export(self, target: pathlib.Path) -> pathlib.Path:
        """Write the pack as one shareable file; refuse, listing them, when any level has problems."""
        problems = self.problems()
        if problems:
            raise EditorFileError(f"cannot export pack '{self.meta.get('id')}': fix these first", problems)
        try:
            pack = gio.load_pack(self.folder)
        except gio.LevelFileError as error:
            raise EditorFileError(f"cannot export pack '{self.meta.get('id')}'",
                                  [str(p) for p in error.problems]) from error
        gio.save_pack(pack, target)
        return target


def user_packs() -> list[PackFolder]:
    root = installed_packs_dir()
    return [PackFolder(p, _read_yaml(p / "pack.yaml"))
            for p in sorted(root.iterdir()) if (p / "pack.yaml").is_file()]


def new_pack(pack_id: str, name: str, author: str = "") -> PackFolder:
    """Create an empty pack folder in the user's packs (refuses an id already there)."""
    if not valid_id(pack_id):
        raise EditorFileError(f"pack id {pack_id!r}: use letters, digits, '-' or '_'")
    folder = installed_packs_dir() / pack_id
    if folder.exists():
        raise EditorFileError(f"a pack '{pack_id}' already exists in {folder.parent}")
    folder.mkdir(parents=True)
    pack = PackFolder(folder, {"format": 1, "id": pack_id, "name": name or pack_id,
                               "author": author, "version": "1.0", "description": "", "levels": []})
    pack.save()
    return pack


def exports_dir() -> pathlib.Path:
    path = data_dir() / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path
