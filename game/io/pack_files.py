"""Pack files: the Pack value, reading and checking a pack (a folder with pack.yaml and its level
files, or one NAME.pack.yaml holding them all), and writing one."""

from __future__ import annotations

import difflib
import os
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import Fault, Level, Problem, describe, quoted, shorten, unknown_keys, valid_id

from . import gate
from .atomic import atomic_write_text
from .levels import LEVEL_SUFFIXES, check_level_file, check_level_value, level_body_lines, level_to_yaml
from .locate import Locator
from .problems import MAX_PROBLEMS, FileProblem, LevelFileError
from .replay import REPLAYS, Replay, ReplayFileError, replay_from_dict, replay_to_yaml
from .schema import DEFAULT_PACK_REF, schema_ref
from .yamldoc import Doc, DocError, Path, parse, read_text
from .yamlout import scalar

PACK_FORMAT = 1
PACK_FILE = "pack.yaml"
MAX_PACK_LEVELS = 1000         # levels in one pack
MAX_PACK_CELLS = 150_000        # board cells of all its levels (1,000 levels of 12x12)
MAX_NAME_HINTS = 20             # "did you mean" for the first missing level files only
MAX_HINT_CANDIDATES = 2000      # and against at most this many names in the folder
ONE_FILE_SUFFIXES = (".pack.yaml", ".pack.yml")
PACK_KEYS = ("format", "id", "name", "author", "version", "description", "levels")
# A one-file pack also carries its author's proofs inline: the replays a pack folder keeps in
# replays/ (written after the levels, only when there are some, so older files read the same).
ONE_FILE_KEYS = PACK_KEYS + ("proofs",)


@dataclass(frozen=True, slots=True)
class Pack:
    """A named, ordered set of levels; `source` is where it was read from."""

    id: str
    name: str
    author: str = ""
    version: str = ""
    description: str = ""
    levels: tuple[Level, ...] = ()
    source: pathlib.Path | None = None
    builtin: bool = False
    # The author's proofs carried with the pack (a one-file pack's `proofs:`; a pack folder's
    # are its replays/ files, which pack_proofs reads): save_pack writes them in either form.
    proofs: tuple[Replay, ...] = field(default=(), compare=False, repr=False)

    def level(self, level_id: str) -> Level:
        """The level with this id; KeyError when the pack has none."""
        for level in self.levels:
            if level.id == level_id:
                return level
        raise KeyError(level_id)


def lone_level_pack(level: Level, path: pathlib.Path) -> Pack:
    """A level opened from its own file, shown and saved as a pack of one (`file-ID`)."""
    return Pack(id=f"file-{level.id}", name=level.name, levels=(level,), source=path, description=str(path))


def is_one_file_pack(path: str | os.PathLike[str]) -> bool:
    """A NAME.pack.yaml (or .pack.yml) file name."""
    return str(path).endswith(ONE_FILE_SUFFIXES)


def is_pack_path(path: str | os.PathLike[str]) -> bool:
    """Whether a path given on the command line means a pack rather than one level.

    A folder (a pack folder: load_pack says so when it lacks pack.yaml), a pack.yaml, or a
    NAME.pack.yaml; anything else is a level file. The one place this is decided.
    """
    target = pathlib.Path(path)
    return gate.chosen_folder(target) or target.name == PACK_FILE or is_one_file_pack(target)


# -- reading -------------------------------------------------------------------------------

def load_pack(path: str | os.PathLike[str], *, builtin: bool = False) -> Pack:
    """A pack from a folder (with pack.yaml), its pack.yaml, or a NAME.pack.yaml file."""
    pack, problems = check_pack(path, builtin=builtin)
    if problems or pack is None:
        raise LevelFileError(problems or [FileProblem(str(path), 1, 1, "", "not a pack")])
    return pack


def check_pack(path: str | os.PathLike[str], *, builtin: bool = False) -> tuple[Pack | None, list[FileProblem]]:
    """The pack (None when anything is wrong) and every problem in every one of its files."""
    target = pathlib.Path(path)
    if not gate.exists(target):
        return None, [FileProblem(str(path), 1, 1, "", "no such file or folder")]
    if gate.chosen_folder(target):
        return _check_folder(target, target / PACK_FILE, builtin)
    if target.name == PACK_FILE:
        return _check_folder(target.parent, target, builtin)
    if is_one_file_pack(target):
        return _check_one_file(target, builtin)
    return None, [FileProblem(str(path), 1, 1, "", "is not a pack: give a folder holding "
                              "pack.yaml, or a one-file pack named NAME.pack.yaml")]


def _read(file: pathlib.Path) -> tuple[Doc | None, list[FileProblem]]:
    try:
        return parse(read_text(file)), []
    except DocError as exc:
        return None, [FileProblem(str(file), exc.line, exc.column, "", exc.message)]


def _check_meta(where: Locator, value: Any, keys: tuple[str, ...] = PACK_KEYS) -> tuple[dict[str, str], list[FileProblem]]:
    """The pack's id, name, author, version and description, and what is wrong with them."""
    problems: list[FileProblem] = []
    meta: dict[str, str] = {}
    if not isinstance(value, Mapping):
        problems.append(where.place(Problem((), "a pack file is a mapping (format, id, name, ..., "
                                            "levels)", fault=Fault.TYPE)))
        return meta, problems
    problems += [where.place(p) for p in unknown_keys(value, keys)]
    fmt = value.get("format")
    if "format" not in value:
        problems.append(where.place(Problem(("format",), "is required (write 'format: "
                                            f"{PACK_FORMAT}')", fault=Fault.TYPE)))
    elif isinstance(fmt, bool) or fmt != PACK_FORMAT:
        wrong_type = isinstance(fmt, bool) or not isinstance(fmt, int)
        problems.append(where.place(Problem(("format",), "this game reads pack format "
                                            f"{PACK_FORMAT}, found {describe(fmt)}",
                                            fault=Fault.TYPE if wrong_type else Fault.VALUE)))
    for key in ("id", "name", "author", "description"):
        raw = value.get(key)
        if raw is None:
            if key in ("id", "name"):
                problems.append(where.place(Problem((key,), "is required (text)", fault=Fault.TYPE)))
            continue
        if not isinstance(raw, str):
            problems.append(where.place(Problem((key,), f"expected text, found {describe(raw)}",
                                                fault=Fault.NOT_TEXT)))
            continue
        meta[key] = raw
    if "id" in meta and not valid_id(meta["id"]):
        problems.append(where.place(Problem(("id",), "use 1-64 letters, digits, '-' or '_', "
                                            "starting with a letter or digit, found "
                                            f"{describe(meta['id'])}")))
    if "name" in meta and not meta["name"].strip():
        problems.append(where.place(Problem(("name",), "must not be blank")))
    version = value.get("version")
    if version is not None:
        written = where.doc.written(("version",))
        if isinstance(version, bool) or not isinstance(version, (str, int, float)) or written is None:
            problems.append(where.place(Problem(("version",), "expected a version like 1.0 or "
                                                f"\"2.1.3\", found {describe(version)}",
                                                fault=Fault.TYPE)))
        else:
            # The text as written, so 1.10 stays "1.10" and never becomes the float 1.1.
            meta["version"] = version if isinstance(version, str) else written
    return meta, problems


def _level_list(where: Locator, value: Any) -> tuple[list[Any], list[FileProblem]]:
    if not isinstance(value, Mapping) or "levels" not in value:
        return [], [where.place(Problem(("levels",), "is required: the ordered list of levels",
                                        fault=Fault.TYPE))]
    raw = value["levels"]
    if not isinstance(raw, list) or not raw:
        return [], [where.place(Problem(("levels",), "expected a list with at least one level",
                                        fault=Fault.VALUE if isinstance(raw, list) else Fault.TYPE))]
    if len(raw) > MAX_PACK_LEVELS:
        # Every level is checked and dealt on load: past this a pack would take minutes to
        # open and slow every later listing. Say which limit, before reading any level.
        return [], [where.place(Problem(("levels",), f"a pack holds at most {MAX_PACK_LEVELS:,} "
                                        f"levels; this one lists {len(raw):,}: split it into "
                                        "several packs"))]
    return raw, []


def _over_budget(where: Locator, at: Path, levels: list[Level], left: int) -> FileProblem | None:
    """A problem once the pack's levels add up to more than MAX_PACK_CELLS board cells."""
    cells = sum(level.width * level.height for level in levels)
    if cells <= MAX_PACK_CELLS:
        return None
    return where.place(Problem(at, f"the pack's boards add up to more than {MAX_PACK_CELLS:,} "
                                   f"cells (checking stopped here, {left:,} level(s) unread): "
                                   "split it into several packs"))


def _unique_ids(where: Locator, ids: list[tuple[str, FileProblem | None, Any]]) -> list[FileProblem]:
    """Level ids must differ within a pack (progress and replays are kept by id), and by more
    than case: macOS and Windows file systems take 'lvl.yaml' and 'LVL.yaml' for one file."""
    seen: dict[str, tuple[int, str]] = {}
    out = []
    for n, (level_id, _, path) in enumerate(ids):
        key = level_id.lower()
        if key in seen:
            first, other = seen[key]
            what = (f"level id {quoted(level_id)} is used twice in this pack (also entry {first + 1})"
                    if other == level_id else
                    f"level id {quoted(level_id)} differs from {quoted(other)} (entry {first + 1}) "
                    "only in case, and macOS and Windows keep them as one file")
            out.append(where.place(Problem(path, f"{what}; ids must differ")))
        else:
            seen[key] = (n, level_id)
    return out


def _open_pack_file(
    file: pathlib.Path, keys: tuple[str, ...] = PACK_KEYS,
) -> tuple[Locator, dict[str, str], list[Any], list[FileProblem]] | list[FileProblem]:
    """Read a pack file's YAML, metadata and level list (both pack forms start so); or its problems."""
    doc, problems = _read(file)
    if doc is None:
        return problems
    where = Locator(doc, str(file))
    problems += [where.at(node, p, m) for node, p, m in doc.problems]
    meta, found = _check_meta(where, doc.value, keys)
    problems += found
    entries, found = _level_list(where, doc.value)
    problems += found
    return where, meta, entries, problems


def _check_folder(folder: pathlib.Path, pack_file: pathlib.Path, builtin: bool) -> tuple[Pack | None, list[FileProblem]]:
    if gate.is_link(pack_file):
        # Its level files are refused as links too: a pack is read from its own folder only.
        return None, [FileProblem(str(pack_file), 1, 1, "", "is a link; a pack's files are read "
                                  "from its own folder, never through a link")]
    if not gate.exists(pack_file):   # anything else there is read, and refused, below
        return None, [FileProblem(str(pack_file), 1, 1, "", "no pack.yaml here: a pack folder "
                                  "holds pack.yaml and its level files")]
    opened = _open_pack_file(pack_file)
    if isinstance(opened, list):
        return None, opened
    where, meta, entries, problems = opened
    levels: list[Level] = []
    ids: list[tuple[str, FileProblem | None, Any]] = []
    seen_files: set[str] = set()
    nearby: list[str] | None = None   # the folder's level files, listed once for every hint
    hints = 0
    for i, entry in enumerate(entries):
        at = ("levels", i)
        if len(problems) >= MAX_PROBLEMS:
            problems.append(_stopped(where, at, len(entries) - i))
            break
        if not isinstance(entry, str):
            problems.append(where.place(Problem(at, "in pack.yaml each level is a file name like "
                                                "\"meadow-01.yaml\" (inline levels belong in a "
                                                "one-file NAME.pack.yaml)")))
            continue
        if "/" in entry or "\\" in entry or entry.startswith(".") or not entry.endswith(LEVEL_SUFFIXES):
            problems.append(where.place(Problem(at, f"'{entry}' is not a level file name: write "
                                                "NAME.yaml, a file beside pack.yaml")))
            continue
        if entry in seen_files:
            problems.append(where.place(Problem(at, f"'{entry}' is listed twice")))
            continue
        seen_files.add(entry)
        level_file = folder / entry
        if gate.is_link(level_file):
            # A link could point anywhere: a pack is the files in its folder, nothing else.
            problems.append(where.place(Problem(at, f"'{entry}' is a link; a pack's level files "
                                                "must be real files in its folder")))
            continue
        if not gate.exists(level_file):
            hint = ""
            if hints < MAX_NAME_HINTS:   # difflib per missing name is slow: hint the first few
                hints += 1
                if nearby is None:
                    nearby = [p.name for p in gate.files(folder, "*.y*ml")][:MAX_HINT_CANDIDATES]
                near = difflib.get_close_matches(entry, nearby, n=1)
                hint = f"; did you mean '{near[0]}'?" if near else ""
            problems.append(where.place(Problem(at, f"'{shorten(entry, 80)}' is not in {folder}{hint}")))
            continue
        level, level_problems = check_level_file(level_file)
        problems += level_problems
        if level is not None:
            levels.append(level)
            ids.append((level.id, None, at))
            over = _over_budget(where, at, levels, len(entries) - i - 1)
            if over is not None:
                problems.append(over)
                break
    problems += _unique_ids(where, ids)
    problems += where.unused_strict_notes()
    if problems:
        return None, problems
    return _make(meta, levels, folder, builtin), []


def _check_one_file(file: pathlib.Path, builtin: bool) -> tuple[Pack | None, list[FileProblem]]:
    opened = _open_pack_file(file, ONE_FILE_KEYS)
    if isinstance(opened, list):
        return None, opened
    where, meta, entries, problems = opened
    levels: list[Level] = []
    ids: list[tuple[str, FileProblem | None, Any]] = []
    for i, entry in enumerate(entries):
        at = ("levels", i)
        if len(problems) >= MAX_PROBLEMS:
            problems.append(_stopped(where, at, len(entries) - i))
            break
        if isinstance(entry, str):
            problems.append(where.place(Problem(at, "a one-file pack holds its levels inline; "
                                                f"found the file name {quoted(entry)} (use 'gridfall "
                                                "pack build FOLDER' to make one)")))
            continue
        level, found = check_level_value(where, entry, at)
        problems += found
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
            ids.append((entry["id"], None, at + ("id",)))
        if level is not None:
            levels.append(level)
            over = _over_budget(where, at, levels, len(entries) - i - 1)
            if over is not None:
                problems.append(over)
                break
    problems += _unique_ids(where, ids)
    proofs, found = _inline_proofs(where, where.doc.value, {level.id for level in levels})
    problems += found
    problems += where.unused_strict_notes()
    if problems:
        return None, problems
    return _make(meta, levels, file, builtin, proofs), []


def _inline_proofs(where: Locator, value: Any, level_ids: set[str]) -> tuple[tuple[Replay, ...], list[FileProblem]]:
    """A one-file pack's `proofs:`: each a replay of one of its levels, at most one a level.
    Whether each proves its level is pack_proofs' to say (as for a folder's replays/)."""
    raw = value.get("proofs") if isinstance(value, Mapping) else None
    if raw is None:
        return (), []
    if not isinstance(raw, list):
        return (), [where.place(Problem(("proofs",), "expected a list of replays (format, level, seed, "
                                        f"commands, ...), found {describe(raw)}", fault=Fault.TYPE))]
    out: list[Replay] = []
    problems: list[FileProblem] = []
    for i, entry in enumerate(raw):
        try:
            replay = replay_from_dict(entry, where.file)
        except ReplayFileError as exc:
            field_ = f"{exc.problem.field}: " if exc.problem.field else ""
            problems.append(where.place(Problem(("proofs", i), f"{field_}{exc.problem.message}")))
            continue
        if replay.level not in level_ids:
            problems.append(where.place(Problem(("proofs", i, "level"), f"{quoted(replay.level)} is no "
                                                "level of this pack")))
        elif any(r.level == replay.level for r in out):
            problems.append(where.place(Problem(("proofs", i, "level"), f"a second proof of "
                                                f"{quoted(replay.level)}: keep one")))
        else:
            out.append(replay)
    return tuple(out), problems


def _stopped(where: Locator, at: Path, left: int) -> FileProblem:
    return where.place(Problem(at, f"stopped after {MAX_PROBLEMS} problems; {left:,} more level"
                               f"{'s' * (left != 1)} not checked (fix the ones above first)"))


def _make(meta: dict[str, str], levels: list[Level], source: pathlib.Path, builtin: bool,
          proofs: tuple[Replay, ...] = ()) -> Pack:
    return Pack(id=meta["id"], name=meta["name"], author=meta.get("author", ""),
                version=meta.get("version", ""), description=meta.get("description", ""),
                levels=tuple(levels), source=source, builtin=builtin, proofs=proofs)


# -- writing -------------------------------------------------------------------------------

def _meta_lines(pack: Pack) -> list[str]:
    return _metadata_lines(pack.id, pack.name, pack.author, pack.version, pack.description)


def _metadata_lines(pack_id: str, name: str, author: str, version: str, description: str) -> list[str]:
    lines = [f"format: {PACK_FORMAT}", f"id: {scalar(pack_id)}", f"name: {scalar(name)}"]
    for key, value in (("author", author), ("version", version), ("description", description)):
        if value:
            lines.append(f"{key}: {scalar(value)}")
    return lines


def pack_index_text(pack_id: str, name: str, level_files: Sequence[str], *, author: str = "",
                    version: str = "", description: str = "", schema: str | None = DEFAULT_PACK_REF) -> str:
    """pack.yaml of a folder pack from its metadata and level file names, levels unread.

    The editor writes a pack whose levels may still have problems through this, so the one
    writer of pack.yaml decides its keys, their order and their quoting.
    """
    lines = [f"# yaml-language-server: $schema={schema}"] if schema else []
    lines += _metadata_lines(pack_id, name, author, version, description)
    lines.append("levels:")
    lines.extend(f"  - {scalar(file)}" for file in level_files)
    return "\n".join(lines) + "\n"


def pack_to_yaml(pack: Pack, schema: str | None = None) -> str:
    """The one-file form: the pack's metadata, then every level inline, in order. It is the
    form that is shared, so by default it names no schema (see schema_ref)."""
    lines = [f"# yaml-language-server: $schema={schema}"] if schema else []
    lines += _meta_lines(pack)
    lines.append("levels:")
    for level in pack.levels:
        body = level_body_lines(level)
        lines.append(f"  - {body[0]}")
        lines.extend(f"    {line}" for line in body[1:])
    if pack.proofs:
        lines.append("proofs:")
        for replay in pack.proofs:
            body = replay_to_yaml(replay).splitlines()
            lines.append(f"  - {body[0]}")
            lines.extend(f"    {line}" for line in body[1:])
    return "\n".join(lines) + "\n"


def pack_index_yaml(pack: Pack, schema: str | None = DEFAULT_PACK_REF) -> str:
    """pack.yaml of the folder form: the metadata and the ordered list of level files."""
    return pack_index_text(pack.id, pack.name, [f"{level.id}.yaml" for level in pack.levels],
                           author=pack.author, version=pack.version, description=pack.description,
                           schema=schema)


def save_pack(pack: Pack, path: str | os.PathLike[str]) -> None:
    """NAME.pack.yaml gets the one-file form (naming no schema: it is the form that is shared);
    any other path is a folder with pack.yaml (schema lines as schema_ref decides).

    Each file is written atomically; level files are written before pack.yaml, so a pack
    folder never lists a level that is not there.
    """
    _check_ids(pack)
    target = pathlib.Path(path)
    if is_one_file_pack(target):
        # The one-file form is the one that travels: no schema path is right wherever it lands.
        atomic_write_text(target, pack_to_yaml(pack, None))
        return
    gate.make_folder(target)
    for level in pack.levels:
        file = target / f"{level.id}.yaml"
        atomic_write_text(file, level_to_yaml(level, schema_ref(file, "level")))
    for replay in pack.proofs:
        atomic_write_text(target / REPLAYS / f"{replay.level}.yaml", replay_to_yaml(replay))
    index = target / PACK_FILE
    atomic_write_text(index, pack_index_yaml(pack, schema_ref(index, "pack")))


def _check_ids(pack: Pack) -> None:
    ids = [level.id for level in pack.levels]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"pack {pack.id} uses level ids more than once: {', '.join(twice)}")
