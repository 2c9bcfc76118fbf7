"""Level files: load_level checks everything and names file:line:col; save_level writes stably."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Mapping
from typing import Any

from game.core import MAX_SIZE, Level, Problem, parse_level, playability_problems, quoted, valid_id

from .atomic import atomic_write_text
from .locate import Locator
from .problems import MAX_PROBLEMS, FileProblem, LevelFileError
from .schema import DEFAULT_LEVEL_REF, schema_ref
from .yamldoc import DocError, Path, parse, read_text
from .yamlout import mapping_lines

LEVEL_SUFFIXES = (".yaml", ".yml")


def load_level(path: str | os.PathLike[str]) -> Level:
    """The level in a file; LevelFileError listing every problem (with line and column) if not."""
    file = str(path)
    level, problems = check_level_file(path)
    if problems or level is None:
        raise LevelFileError(problems or [FileProblem(file, 1, 1, "", "not a level")])
    return level


def check_level_file(path: str | os.PathLike[str]) -> tuple[Level | None, list[FileProblem]]:
    """The level (None when it has problems) and every problem found in the file."""
    file = str(path)
    try:
        text = read_text(path)
    except DocError as exc:
        return None, [FileProblem(file, exc.line, exc.column, "", exc.message)]
    return check_level_text(text, file, _stem(pathlib.Path(file).name))


def check_level_text(text: str, file: str, stem: str | None) -> tuple[Level | None, list[FileProblem]]:
    """check_level_file on a level file's text (a share code's, say), problems named `file`;
    `stem` is the file name the id must equal (None: no file yet, any valid id)."""
    try:
        doc = parse(text)
    except DocError as exc:
        return None, [FileProblem(file, exc.line, exc.column, "", exc.message)]
    where = Locator(doc, file)
    problems = [where.at(node, p, m) for node, p, m in doc.problems]
    if isinstance(doc.value, Mapping) and "levels" in doc.value and "mode" not in doc.value:
        problems.append(where.place(Problem((), "this looks like a pack (it has 'levels'); check "
                                            "it with 'gridfall validate' or load it as a pack")))
        return None, problems
    level, found = check_level_value(where, doc.value, (), expect_id=stem)
    # A value the reader already refused (a forbidden tag) needs no second message.
    taken = {(p.line, p.column) for p in problems}
    problems += [p for p in found if (p.line, p.column) not in taken]
    problems += where.unused_strict_notes()
    return (level if not problems else None), problems


def _stem(name: str) -> str:
    for suffix in LEVEL_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return pathlib.Path(name).stem


def check_level_value(where: Locator, value: Any, base: Path, expect_id: str | None = None,
                      playable: bool = True) -> tuple[Level | None, list[FileProblem]]:
    """Check one level mapping sitting at `base` in a parsed file (the root, or a pack entry)."""
    problems = _oversized_layout(where, value, base)
    if problems:
        # Checking every cell of a giant layout would take long: check the rest without it.
        value = {k: v for k, v in value.items() if k != "layout"}
    level, core_problems = parse_level(value)
    problems += [where.place(p, base) for p in core_problems[:MAX_PROBLEMS]]
    if len(core_problems) > MAX_PROBLEMS:
        problems.append(where.place(Problem((), f"... and {len(core_problems) - MAX_PROBLEMS:,} "
                                            "more problems in this level (fix the ones above "
                                            "first)"), base))
    if (expect_id is not None and isinstance(value, Mapping) and isinstance(value.get("id"), str)
            and value["id"] != expect_id):
        given, wanted = quoted(value["id"]), quoted(expect_id)
        fix = (f"rename the file to {value['id']}.yaml or " if valid_id(value["id"]) else "")
        problems.append(where.place(Problem(("id",), f"the id {given} must equal the file name "
                                            f"{wanted}: {fix}write 'id: {wanted[1:-1]}'"), base))
    if level is not None and not problems and playable:
        problems += _playability(where, level, base)
    return (level if not problems else None), problems


def _oversized_layout(where: Locator, value: Any, base: Path) -> list[FileProblem]:
    """A layout far past the largest board (32x32) is reported at once, cell by cell never."""
    if not isinstance(value, Mapping) or not isinstance(value.get("layout"), list):
        return []
    rows = value["layout"]
    out = []
    if len(rows) > MAX_SIZE:
        out.append(where.place(Problem(("layout",), f"has {len(rows):,} rows; a board has at "
                                       f"most {MAX_SIZE}"), base))
    for r, row in enumerate(rows[: MAX_SIZE + 1]):
        if isinstance(row, str) and len(row) > 4 * MAX_SIZE and len(row.split()) > MAX_SIZE:
            out.append(where.place(Problem(("layout", r), f"row {r} has {len(row.split()):,} "
                                           f"cells; a board has at most {MAX_SIZE} columns"), base))
    return out


def _playability(where: Locator, level: Level, base: Path) -> list[FileProblem]:
    """The core's playability check (a level that cannot start), placed in the file."""
    return [where.place(p, base) for p in playability_problems(level)]


def level_body_lines(level: Level) -> list[str]:
    """The level's keys as YAML lines, in the documented order (no header)."""
    return mapping_body_lines(level.to_dict())


def mapping_body_lines(mapping: Mapping[str, Any]) -> list[str]:
    """A level-file mapping (core level_mapping: keys in order) as YAML lines, no header."""
    return mapping_lines(dict(mapping), block_keys=frozenset({"goals", "made"}), flow_keys=frozenset({"specials"}))


def mapping_to_yaml(mapping: Mapping[str, Any], schema: str | None) -> str:
    """Level-file text from a level-file mapping, written as every level is: the editor's drafts,
    which may still have problems (so no Level exists), go through this too."""
    head = [f"# yaml-language-server: $schema={schema}"] if schema else []
    return "\n".join(head + mapping_body_lines(mapping)) + "\n"


def level_to_yaml(level: Level, schema: str | None = DEFAULT_LEVEL_REF) -> str:
    """The level as file text: a schema line for editors, then the keys in the documented order.

    `schema` is the path of level.schema.json relative to where the file will live; the
    default suits a file in a pack folder under levels/. None leaves the line out.
    """
    return mapping_to_yaml(level.to_dict(), schema)


def save_level(level: Level, path: str | os.PathLike[str]) -> None:
    """Write the level atomically: a crash leaves the old file or the new one, never half."""
    atomic_write_text(path, level_to_yaml(level, schema_ref(path, "level")))
