"""The lesson lab's verdicts as problems at each level file's `teaches:` line (validate and
playtest report them the same way)."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

from game.bots.lessons import LESSON_GAMES, check_accidents, check_lesson
from game.core import Level
from game.io import list_packs
from game.io.pack_files import PACK_FILE, Pack
from game.io.problems import FileProblem
from game.io.yamldoc import DocError, read_document
from game.io import gate


def teaches_place(path: pathlib.Path, level: Level, key: str = "teaches") -> tuple[pathlib.Path, int, int]:
    """The file holding `level` under `path` (a level file, a pack folder or one-file pack)
    and the 1-based line and column of its `teaches:` key, or another top-level `key`
    (1, 1 when it cannot be found)."""
    if gate.chosen_folder(path) or path.name == PACK_FILE:
        folder = path if gate.chosen_folder(path) else path.parent
        for suffix in (".yaml", ".yml"):
            if gate.is_file(folder / f"{level.id}{suffix}"):
                path = folder / f"{level.id}{suffix}"
                break
    try:
        doc = read_document(path)
    except (DocError, OSError):
        return path, 1, 1
    keys: list[tuple[str | int, ...]] = [(key,)]
    if isinstance(doc.value, dict) and isinstance(doc.value.get("levels"), list):
        keys = [("levels", i, key) for i, entry in enumerate(doc.value["levels"])
                if isinstance(entry, dict) and entry.get("id") == level.id]
    for where in keys:
        entry = doc.entry(where)
        if entry is not None and entry.key is not None:
            mark = entry.key.start_mark
            return path, mark.line + 1, mark.column + 1
    return path, 1, 1


def course_around(pack: Pack) -> tuple[Level, ...]:
    """The levels a player meets, in order, around `pack`: when it is one of the shipped packs,
    every shipped pack's one pack after another (each opens with stars won in the one before,
    so a lesson in a later pack is still to come in an earlier one); else the pack's own."""
    here = _folder(pack.source)
    shipped = [p for p in list_packs() if p.builtin]
    if here is None or not any(p.id == pack.id and _folder(p.source) == here for p in shipped):
        return pack.levels
    return tuple(level for p in shipped for level in (pack.levels if p.id == pack.id else p.levels))


def _folder(source: pathlib.Path | None) -> pathlib.Path | None:
    """A pack's folder (the one holding its pack.yaml), resolved, to tell two packs apart."""
    if source is None:
        return None
    return (source.parent if source.name == PACK_FILE else source).resolve()


def lesson_problems(levels: Sequence[Level], path: pathlib.Path, games: int = LESSON_GAMES,
                    course: Sequence[Level] | None = None) -> list[FileProblem]:
    """One problem for each of `levels` that does not teach what it says (a level that says
    nothing is not checked), located at its `teaches:` line; and, the levels being a pack in
    order, one for each level before a lesson that uses its mechanic by accident, at its name.
    A lesson's place is looked up in `course` (course_around: the packs a player meets in
    order) when given, else in `levels` themselves."""
    seeds = tuple(range(1, games + 1))
    out: list[FileProblem] = []
    for level in levels:
        report = check_lesson(level, seeds)
        if report is None or report.passed:
            continue
        file, line, column = teaches_place(path, level)
        out.append(FileProblem(str(file), line, column, "teaches", report.failure()))
    by_id = {level.id: level for level in levels}
    around = tuple(course) if course is not None else tuple(levels)
    ids = {level.id for level in levels}
    for accident in check_accidents(around, seeds, ids) if len(around) > 1 else ():
        if not accident.passed:
            file, line, column = teaches_place(path, by_id[accident.level_id], "name")
            out.append(FileProblem(str(file), line, column, "name", accident.failure()))
    return out
