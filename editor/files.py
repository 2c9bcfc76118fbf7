"""The editor's files: level and draft saves, what Open lists, and the designer's own packs."""

from __future__ import annotations

import copy
import hashlib
import pathlib
import stat
from dataclasses import dataclass, field
from typing import Any, Callable

import game.io as gio
from game.io import gate
from game.core import FIELDS, Form, valid_id
from game.io.atomic import atomic_write_text
from game.io.pack_proofs import Proof, carrying_proofs
from game.io.packs import PACK_FILE, Pack
from game.io.paths import installed_packs_dir, levels_dir, user_levels_dir, user_packs_dir
from game.io.schema import schema_ref
from game.io.yamldoc import Doc, DocError, read_document
from game.io.levels import mapping_to_yaml as write_mapping
from game.io.packs import pack_index_text
from game.io.playtest_file import FILE_NAME as PLAYTEST_FILE

from . import backups
from .model import Draft, check, from_level, read_draft

class EditorFileError(ValueError):
    """A file the editor cannot open or write, with every reason."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = problems or []
        super().__init__(message if not self.problems else message + "\n" + "\n".join(self.problems))


def mapping_to_yaml(mapping: dict[str, Any], path: pathlib.Path | None = None) -> str:
    """A draft's mapping as level-file text, through game.io's level writer (with the schema
    line when the file's place is known)."""
    return write_mapping(mapping, schema_ref(path, "level") if path else None)


def file_for(folder: pathlib.Path, level_id: str) -> pathlib.Path:
    """The file of the level `level_id` in `folder`: an id that is not a plain name never
    becomes a path (EditorFileError says how to fix it)."""
    if not valid_id(level_id):
        raise EditorFileError(f"the id {level_id!r} cannot name a file: use 1 to 64 letters, digits, "
                              "'-' or '_' (change it in the id field)")
    return folder / f"{level_id}.yaml"


def save_draft(draft: Draft, path: pathlib.Path) -> bool:
    """Save atomically, keeping the file's previous version in its backups; True when the
    level is valid (written by game.io), False for a draft."""
    backups.keep(path)
    text, valid = draft_text(draft, path)
    atomic_write_text(path, text)
    return valid


def draft_text(draft: Draft, path: pathlib.Path) -> tuple[str, bool]:
    """The file text of a draft saved at `path`, and whether it is a valid level (written by
    game.io's level writer) rather than a draft."""
    level, _problems = check(draft)
    if level is not None:
        return gio.level_to_yaml(level, schema_ref(path, "level")), True
    return mapping_to_yaml(draft.to_mapping(), path), False


@dataclass(frozen=True, slots=True)
class Version:
    """A file's version as the editor last read or wrote it: another program's change since
    is noticed before a save overwrites it."""

    mtime_ns: int
    size: int
    digest: str


def version_of(path: pathlib.Path) -> Version | None:
    """The file's version now; None when there is no regular file there (a link is never
    read through: one put in the file's place is a change)."""
    try:
        info = gate.lstat(path)
        if info is None or not stat.S_ISREG(info.st_mode):
            return None
        data = gate.read_bytes(path)
    except OSError:
        return None
    return Version(info.st_mtime_ns, info.st_size, hashlib.sha256(data).hexdigest())


def changed_on_disk(path: pathlib.Path, known: Version) -> bool:
    """Whether the file is no longer the version known: its time and size the same is the same
    file; else its bytes decide (a save that rewrote the same bytes is no change)."""
    try:
        info = gate.lstat(path)
    except OSError:
        return True   # a link on the way since
    if info is None or not stat.S_ISREG(info.st_mode):
        return True   # deleted or moved away since, or a link or a folder in its place
    if (info.st_mtime_ns, info.st_size) == (known.mtime_ns, known.size):
        return False
    now = version_of(path)
    return now is None or now.digest != known.digest


def load_draft(path: pathlib.Path) -> Draft:
    """Open a level file; a file with problems still opens as a draft (the panel lists them)."""
    return open_level(path).draft


@dataclass(frozen=True, slots=True)
class Opened:
    """A level file as the editor opened it: the draft, the loader's problems with the file
    (each naming line and field, as `gridfall validate` does), and what the draft could not
    keep of the file as written (said before anything is saved)."""

    draft: Draft
    problems: tuple[gio.FileProblem, ...] = ()
    changed: tuple[str, ...] = ()


# Keys only a level file has at its top (its mode, size and layout): a YAML mapping with none of them is some other file.
_LEVEL_KEYS = tuple(f.key for f in FIELDS if f.form in (Form.WORD, Form.SIZE, Form.ROWS))


def open_any(path: pathlib.Path) -> Opened:
    """Open a level file from anywhere on disk (Open's path field and folder browser, `gridfall
    edit FILE`). Refused with a one-line EditorFileError naming the file: a missing file, a
    folder, a link (never read through), a device or pipe, a file not named .yaml, a huge or
    binary one, and YAML that is not a level (a pack, a settings file)."""
    if gate.is_link(path):
        raise EditorFileError(f"{path}: is a link; open the file it points to instead")
    try:
        info = gate.lstat(path)
    except gate.PathRefused as error:   # a link above it, in the data folder
        raise EditorFileError(str(error)) from None
    except OSError as error:
        raise EditorFileError(f"{path}: cannot read it ({error.strerror or error})") from None
    if info is None:
        raise EditorFileError(f"{path}: no such file")
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise EditorFileError(f"{path}: is a folder, not a level file")
    if not stat.S_ISREG(mode):
        raise EditorFileError(f"{path}: is not a regular file (a pipe or a device)")
    if path.suffix not in (".yaml", ".yml"):
        raise EditorFileError(f"{path}: is not a level file (a level is a .yaml file)")
    try:
        data = read_document(path).value
    except DocError as error:
        raise EditorFileError(f"{path}:{error.line}:{error.column}: cannot open: {error.message}") from None
    if isinstance(data, dict) and "levels" in data and "mode" not in data:
        raise EditorFileError(f"{path}: is a pack, not a level (open it with Pack, or one of its levels)")
    if not isinstance(data, dict) or not any(key in data for key in _LEVEL_KEYS):
        raise EditorFileError(f"{path}: is not a level file (it has no mode, size or layout)")
    return open_level(path)


# Where a designer types text or a number, what YAML 1.1 made of a bare word or number is shown
# as written (Doc.written, the game's own reader): `name: no` is "no", never "False"; `kinds: no`
# is "no"; a layout row `1234` is that row, `0123` never the octal 83. The loader's problem (with
# its YAML note) names the field; a save writes the text quoted, as the game then reads it.
# Which fields are which comes from the core's table of a level's fields (their forms).
_TEXT = tuple(f.path for f in FIELDS if f.form in (Form.TEXT, Form.WORD))
_TYPED = tuple(f.path for f in FIELDS if f.form is Form.NUMBER)
_ROWS = tuple(f.key for f in FIELDS if f.form in (Form.ROWS, Form.MAP))   # the layout and the map units' rows
_GROUPS = tuple(dict.fromkeys(f.group for f in FIELDS if f.group is not None))


def open_level(path: pathlib.Path) -> Opened:
    """Open a level file for editing; a file with problems opens as a draft, with every one."""
    try:
        return Opened(from_level(gio.load_level(path)))
    except gio.LevelFileError as error:
        problems = tuple(error.problems)
    try:
        doc = read_document(path)
    except DocError as error:
        raise EditorFileError(f"{path}:{error.line}:{error.column}: cannot open: {error.message}") from None
    data = doc.value
    if not isinstance(data, dict):
        raise EditorFileError(f"{path}: not a level file (expected a mapping of keys)")
    data = as_written(doc, data)
    draft = read_draft(data)
    return Opened(draft, problems, tuple(_not_kept(data, draft)))


def as_written(doc: Doc, data: dict[str, Any]) -> dict[str, Any]:
    """A level's mapping with each text or number field YAML 1.1 misread put back as written."""
    data = dict(data)

    def put(at: tuple[Any, ...], wrong: tuple[type, ...]) -> None:
        holder: Any = data
        for part in at[:-1]:
            holder = holder.get(part) if isinstance(holder, dict) else None
        if isinstance(holder, (dict, list)) and _has(holder, at[-1]) and isinstance(holder[at[-1]], wrong):
            written = doc.written(at)
            if written is not None:
                holder[at[-1]] = written

    for group in _GROUPS:   # copies, so the parsed document is left as read
        if isinstance(data.get(group), dict):
            data[group] = dict(data[group])
    for key in _ROWS:
        if isinstance(data.get(key), list):
            data[key] = list(data[key])
            for i in range(len(data[key])):
                put((key, i), (bool, int, float))
    for at in _TEXT:
        put(at, (bool, int, float))
    for at in _TYPED:
        put(at, (bool, float))   # a whole number is a number; `no` or `1.5` is shown as typed
    return data


def _has(holder: dict[str, Any] | list[Any], key: Any) -> bool:
    return key in holder if isinstance(holder, dict) else isinstance(key, int) and 0 <= key < len(holder)


def _not_kept(data: dict[str, Any], draft: Draft) -> list[str]:
    """What of the file the draft leaves out or changes, in words."""
    out: list[str] = []
    for key in ("width", "height"):
        if data.get(key) != getattr(draft, key):
            out.append(f"{key}: the file says {str(data.get(key))[:40]!r}; the board is {getattr(draft, key)}")
    for key in _ROWS:
        rows = data.get(key)
        if not isinstance(rows, list):
            continue
        if len(rows) > draft.height:
            out.append(f"{key}: {len(rows)} rows for a height of {draft.height}: the rest are hidden "
                       "(a save drops them)")
        for r, text in enumerate(rows[:draft.height]):
            n = len(text.split()) if isinstance(text, str) else 0
            if n > draft.width:
                out.append(f"{key} row {r + 1}: {n} cells for a width of {draft.width}: the rest are hidden "
                           "(a save drops them)")
            elif not isinstance(text, str):
                out.append(f"{key} row {r + 1} is not a line of cells: shown as random cells")
    if data.get("mode") != draft.mode:
        out.append(f"mode: {str(data.get('mode'))[:40]!r} is no mode: shown as {draft.mode}")
    # An unknown key is among the loader's problems already ("unknown key ..."): not repeated.
    return out


# -- what Open lists ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Entry:
    """One level the Open browser lists: where it comes from and how to open it."""

    group: str          # "my levels", "my pack: <pack>", "built-in: <pack>", "installed: <pack>"
    label: str
    path: pathlib.Path | None
    mapping: dict[str, Any] | None = None   # a level inside a one-file pack
    writable: bool = False


def browse() -> list[Entry]:
    """The user's levels and packs (editable), then built-in and installed packs' (read-only:
    Save makes a copy, so an install never takes the designer's edits with it)."""
    out: list[Entry] = []
    for path in gate.files(user_levels_dir(), "*.yaml"):
        out.append(Entry("my levels", path.stem, path, writable=True))
    for root, group in ((user_packs_dir(), "my pack"), (levels_dir(), "built-in"),
                        (installed_packs_dir(), "installed")):
        for folder in (p for p in gate.folders(root) if gate.is_file(p / PACK_FILE)):
            meta = _read_yaml(folder / PACK_FILE)
            for name in meta.get("levels", []) if isinstance(meta.get("levels"), list) else []:
                if not isinstance(name, str) or pathlib.PurePath(name).name != name:
                    continue   # a listed name that leaves the folder is no level of this pack
                path = folder / name
                out.append(Entry(f"{group}: {meta.get('name', folder.name)}", path.stem, path,
                                 writable=group == "my pack"))
        for file in gate.files(root, "*.pack.yaml"):
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
        folder = pack.source if gate.chosen_folder(pack.source) else (
            pack.source.parent if pack.source.name == PACK_FILE else None)
    out: list[Entry] = []
    for level in pack.levels:
        # A pack folder holds <level-id>.yaml per level (the loader checks the id is the name).
        path = folder / f"{level.id}.yaml" if folder is not None else None
        if path is not None and gate.is_file(path):
            shipped = pack.builtin or path.resolve().is_relative_to(levels_dir().resolve())
            out.append(Entry(f"pack: {pack.name}", level.id, path, writable=not shipped))
        else:
            out.append(Entry(f"pack: {pack.name}", level.id, None, mapping=level.to_dict()))
    return out


# A pack's words, kept as written as the game's pack reader keeps its version (1.10 stays "1.10").
_PACK_TEXT = ("id", "name", "author", "version", "description")


def _read_yaml(path: pathlib.Path) -> dict[str, Any]:
    """A pack's pack.yaml (or one-file pack) as a mapping; {} when it cannot be read."""
    try:
        doc = read_document(path)
    except DocError:
        return {}
    if not isinstance(doc.value, dict):
        return {}
    data = dict(doc.value)
    for key in _PACK_TEXT:
        written = doc.written((key,))
        if isinstance(data.get(key), (bool, int, float)) and written is not None:
            data[key] = written   # `name: no` is the pack "no", never "False" written back on a save
    return data


# -- the designer's packs: folders in the data folder's my-packs (never the installed packs) ---------

@dataclass
class PackFolder:
    """A pack the designer is building: pack.yaml plus one file per level, in user data.

    Its edits (details, order, adding and removing levels) are undoable: `past` keeps the
    pack.yaml contents before each one. Removing a level only unlists it; its file stays
    in the folder until the designer deletes it (a separate, confirmed action).
    """

    folder: pathlib.Path
    meta: dict[str, Any]
    past: list[dict[str, Any]] = field(default_factory=list)

    @property
    def levels(self) -> list[str]:
        return list(self.meta.get("levels") or [])

    def save(self) -> None:
        """pack.yaml through game.io's one pack writer (levels listed, not read)."""
        index = self.folder / PACK_FILE

        def text(key: str) -> str:
            value = self.meta.get(key)
            return "" if value is None else str(value)

        backups.keep(index)
        atomic_write_text(index, pack_index_text(
            text("id"), text("name"), self.levels, author=text("author"),
            version=text("version") or "1.0", description=text("description"),
            schema=schema_ref(index, "pack")))

    def edit(self, change: Callable[[], object]) -> None:
        """Make one change to the pack and save it: one undo step when anything changed."""
        before = copy.deepcopy(self.meta)
        change()
        if self.meta != before:
            self.past.append(before)
            self.save()

    def undo(self) -> bool:
        if not self.past:
            return False
        self.meta = self.past.pop()
        self.save()
        return True

    def file_of(self, level_id: str) -> pathlib.Path:
        return file_for(self.folder, level_id)

    def add(self, draft: Draft) -> pathlib.Path:
        """Write the level into the pack (replacing one with the same id) and list it."""
        path = self.file_of(draft.id)
        save_draft(draft, path)
        if path.name not in self.levels:
            self.edit(lambda: self.meta.__setitem__("levels", self.levels + [path.name]))
        return path

    def move(self, index: int, delta: int) -> None:
        levels = self.levels
        j = index + delta
        if 0 <= index < len(levels) and 0 <= j < len(levels):
            levels[index], levels[j] = levels[j], levels[index]
            self.edit(lambda: self.meta.__setitem__("levels", levels))

    def remove(self, index: int) -> str | None:
        """Take a level out of the pack's list (its file stays); the name removed."""
        levels = self.levels
        if not 0 <= index < len(levels):
            return None
        name = levels.pop(index)
        self.edit(lambda: self.meta.__setitem__("levels", levels))
        return name

    def rename(self, old: str, new: str) -> None:
        """A listed level file was renamed: list it under its new name, in the same place."""
        self.edit(lambda: self.meta.__setitem__("levels", [new if n == old else n for n in self.levels]))

    def unlisted(self) -> list[str]:
        """Level files in the folder the pack does not list (removed ones, until deleted).
        The pack's own files (pack.yaml, the bots' playtest.yaml) are never levels."""
        listed = set(self.levels)
        return [p.name for p in gate.files(self.folder, "*.yaml")
                if p.name not in (PACK_FILE, PLAYTEST_FILE) and p.name not in listed and valid_id(p.stem)]

    def delete_file(self, name: str) -> None:
        """Delete an unlisted level file; its last version stays in the backups."""
        if name in self.levels or name in (PACK_FILE, PLAYTEST_FILE) or pathlib.Path(name).name != name:
            raise EditorFileError(f"{name}: only a file the pack no longer lists can be deleted")
        path = self.folder / name
        backups.keep(path)
        gate.remove(path)

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

    def export(self, target: pathlib.Path) -> list[Proof]:
        """Write the pack as one shareable file, carrying every proof of its levels (what each
        level's replay showed is returned, to say it); refuse, listing them, when any level has
        problems."""
        problems = self.problems()
        if problems:
            raise EditorFileError(f"cannot export pack '{self.meta.get('id')}': fix these first", problems)
        try:
            pack, proofs = carrying_proofs(gio.load_pack(self.folder))
        except gio.LevelFileError as error:
            raise EditorFileError(f"cannot export pack '{self.meta.get('id')}'",
                                  [str(p) for p in error.problems]) from error
        backups.keep(target)
        gio.save_pack(pack, target)
        return proofs


def loose_level(path: pathlib.Path) -> bool:
    """Whether a level file is one of the designer's own levels outside any pack."""
    try:
        return path.resolve().parent == user_levels_dir().resolve()
    except OSError:
        return False


def move_into_pack(old: pathlib.Path) -> None:
    """A loose level was added to a pack: its file there is the level now, the loose copy
    goes (its last version kept in the backups), so no two files hold one id."""
    backups.keep(old)
    gate.remove(old)


def user_packs() -> list[PackFolder]:
    # A link among them is no pack of the designer's: it could lead anywhere on the disk.
    return [PackFolder(p, _read_yaml(p / PACK_FILE))
            for p in gate.folders(user_packs_dir()) if gate.is_file(p / PACK_FILE)]


def pack_of(path: pathlib.Path | None) -> PackFolder | None:
    """The designer's pack a level file belongs to, if it is in one."""
    if path is None or not gate.is_file(path.parent / PACK_FILE):
        return None
    try:
        gate.guard(path)   # a pack folder that is a link out of my-packs is no pack of the designer's
        path.resolve().parent.relative_to(user_packs_dir().resolve())
    except (ValueError, OSError):
        return None
    return PackFolder(path.parent, _read_yaml(path.parent / PACK_FILE))


def new_pack(pack_id: str, name: str, author: str = "") -> PackFolder:
    """Create an empty pack folder in the user's packs (refuses an id already there)."""
    if not valid_id(pack_id):
        raise EditorFileError(f"pack id {pack_id!r}: use 1 to 64 letters, digits, '-' or '_'")
    folder = user_packs_dir() / pack_id
    if gate.kind(folder) is not None:
        raise EditorFileError(f"a pack '{pack_id}' already exists in {folder.parent}")
    gate.make_folder(folder)
    pack = PackFolder(folder, {"format": 1, "id": pack_id, "name": name or pack_id,
                               "author": author, "version": "1.0", "description": "", "levels": []})
    pack.save()
    return pack
